import { describe, expect, test } from "bun:test";
import { countNoun, NOUNS, pluralForm } from "./plural";

describe("countNoun", () => {
  test.each([
    [0, "0 sessions"],
    [1, "1 session"],
    [2, "2 sessions"],
    [1204, "1,204 sessions"],
  ])("%i → %s", (count, text) => {
    expect(countNoun(count, NOUNS.session)).toBe(text);
  });

  test("follows the language's rules, not `count === 1`", () => {
    // in French 0 and 1 take the singular
    expect(pluralForm(0, { one: "séance", other: "séances" }, "fr")).toBe("séance");
    expect(pluralForm(0, NOUNS.review)).toBe("reviews");
    expect(pluralForm(1, NOUNS.review)).toBe("review");
  });

  test("a fraction is plural ('1 hour', '1.5 hours': the practitioner's week)", () => {
    expect(countNoun(1, NOUNS.hour)).toBe("1 hour");
    expect(countNoun(1.5, NOUNS.hour)).toBe("1.5 hours");
  });

  test("a balance of Seeds: '1 Seed', '1,250 Seeds' (the wallet)", () => {
    expect(countNoun(1, NOUNS.seed)).toBe("1 Seed");
    expect(countNoun(1250, NOUNS.seed)).toBe("1,250 Seeds");
  });
});
