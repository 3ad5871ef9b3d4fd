import { describe, expect, test } from "bun:test";
import { isWellFormedDeep, isWellFormedText, MALFORMED_TEXT_MESSAGE, wellFormedText } from "./text";

describe("well-formed text", () => {
  test.each([
    ["plain", true],
    ["😀 a pair", true],
    ["\ud800", false],
    ["a\udc00b", false],
    ["\ude00\ud83d", false],
  ])("%j is well formed: %p", (text, expected) => {
    expect(isWellFormedText(text)).toBe(expected);
  });

  test("walks objects, arrays and keys", () => {
    expect(isWellFormedDeep({ a: ["x", { b: "y" }], n: 1, z: null })).toBe(true);
    expect(isWellFormedDeep({ a: ["x", { b: "\ud800" }] })).toBe(false);
    expect(isWellFormedDeep({ "\udc00": 1 })).toBe(false);
  });

  test("wellFormedText refuses a lone surrogate with its message and keeps the chained checks", () => {
    const schema = wellFormedText({ error: "required" }).trim().min(1, "empty");
    expect(schema.safeParse("\ud800").error?.issues[0].message).toBe(MALFORMED_TEXT_MESSAGE);
    expect(schema.safeParse("  ").error?.issues[0].message).toBe("empty");
    expect(schema.safeParse(3).error?.issues[0].message).toBe("required");
    expect(schema.parse(" ok ")).toBe("ok");
  });
});
