import { describe, expect, test } from "bun:test";
import { GARDEN_LIMITS, gardenPageText, gardenTotalText, keywordCountWindow } from "./garden";

describe("Garden totals", () => {
  test("exact totals name the count; a stopped count says there are more", () => {
    expect(gardenTotalText(0, true)).toBe("0 pieces");
    expect(gardenTotalText(1, true)).toBe("1 piece");
    expect(gardenTotalText(94_951, true)).toBe("94,951 pieces");
    expect(gardenTotalText(1_000, false)).toBe("1,000+ pieces");
    expect(gardenPageText(2, 21, true)).toBe("Page 2 of 2");
    expect(gardenPageText(3, 1_000, false)).toBe("Page 3 of 50+");
  });

  test("a keyword search counts up to the next step past the page it shows", () => {
    const step = GARDEN_LIMITS.keywordCountStep;
    expect(keywordCountWindow(0, 20)).toBe(step);
    expect(keywordCountWindow(step - 20, 20)).toBe(step);
    expect(keywordCountWindow(step - 10, 20)).toBe(2 * step);
    expect(keywordCountWindow(step, 20)).toBe(2 * step);
  });
});
