import { expect, test } from "bun:test";
import { centsToDecimal, decimalToCents, formatDollars, sessionPriceText } from "./money";

test("cents and decimal text convert both ways", () => {
  expect(centsToDecimal(8500)).toBe("85.00");
  expect(centsToDecimal(8550)).toBe("85.50");
  expect(centsToDecimal(5)).toBe("0.05");
  expect(decimalToCents("85.5")).toBe(8550);
  expect(decimalToCents(19.99)).toBe(1999);
});

test("dollars are shown without needless decimals", () => {
  expect(formatDollars("85.00")).toBe("$85");
  expect(formatDollars("85.50")).toBe("$85.50");
  expect(formatDollars(null)).toBe("$—");
});

test("the session price follows the spec: '$' + hourlyRate + '/session'", () => {
  expect(sessionPriceText("85.00")).toBe("$85.00/session");
  expect(sessionPriceText("92.50")).toBe("$92.50/session");
});
