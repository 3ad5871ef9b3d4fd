import { describe, expect, test } from "bun:test";
import { replyDelayMs } from "./assistant";

describe("the assistants' reply delay (SPEC.md section 9: 1000 ms plus up to 1500 ms)", () => {
  test("is 1000 ms at the lowest draw and under 2500 ms at the highest", () => {
    expect(replyDelayMs(() => 0)).toBe(1000);
    expect(replyDelayMs(() => 0.5)).toBe(1750);
    expect(replyDelayMs(() => 0.999999)).toBe(2499);
  });
});
