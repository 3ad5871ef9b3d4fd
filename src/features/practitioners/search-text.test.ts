import { describe, expect, test } from "bun:test";
import { ftsMatchExpression, searchWords, withFacetTerms } from "./search-text";

describe("searchWords", () => {
  test("keeps letters and digits, lower-cased, without repeats", () => {
    expect(searchWords('  Sound "HEALING" sound, 2024!  ')).toEqual(["sound", "healing", "2024"]);
    expect(searchWords("Zürich café")).toEqual(["zürich", "café"]);
    expect(searchWords("o'connell")).toEqual(["o", "connell"]);
  });

  test("FTS syntax and emoji are not words; pollinator emoji stand for their archetype", () => {
    expect(searchWords('*^:()-+"{}')).toEqual([]);
    expect(searchWords("🦄✨")).toEqual([]);
    expect(searchWords("🐝 reiki")).toEqual(["bee", "reiki"]);
    expect(searchWords("🦋🪲")).toEqual(["butterfly", "beetle"]);
  });

  test("at most 8 words from at most 200 characters", () => {
    expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
    expect(searchWords(`${"x".repeat(199)} tail`)).toEqual(["x".repeat(199)]);
  });
});

describe("ftsMatchExpression", () => {
  test("quotes every word, as a prefix from two characters on", () => {
    expect(ftsMatchExpression("sound heal")).toBe('"sound"* "heal"*');
    expect(ftsMatchExpression("a reiki")).toBe('"a" "reiki"*');
    expect(ftsMatchExpression('NEAR(reiki OR "x")')).toBe('"near"* "reiki"* "or"* "x"');
  });

  test("null when nothing searchable remains", () => {
    expect(ftsMatchExpression("")).toBeNull();
    expect(ftsMatchExpression('"" ** ()')).toBeNull();
  });
});

describe("withFacetTerms", () => {
  test("adds exact archetype and level terms on the archetype column", () => {
    expect(withFacetTerms('"grief"*', {})).toBe('"grief"*');
    expect(withFacetTerms('"grief"*', { archetype: "butterfly", level: "wise" })).toBe('("grief"*) AND (archetype : "butterfly") AND (archetype : "wise")');
  });
});
