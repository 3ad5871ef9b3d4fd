import { expect, test } from "bun:test";
import { centsToDecimal, decimalToCents, formatDollarBound, formatDollars, monthlyPriceText, sessionPriceText } from "./money";

test("cents and decimal text convert both ways", () => {
  expect(centsToDecimal(8500)).toBe("85.00");
  expect(centsToDecimal(8550)).toBe("85.50");
  expect(centsToDecimal(5)).toBe("0.05");
  expect(decimalToCents("85.5")).toBe(8550);
  expect(decimalToCents(19.99)).toBe(1999);
});

test("an amount of money always shows 2 decimals, as the spec's price text does", () => {
  expect(formatDollars("220.00")).toBe("$220.00");
  expect(formatDollars("85.5")).toBe("$85.50");
  expect(formatDollars(127.5)).toBe("$127.50");
  expect(formatDollars(0.1 + 0.2)).toBe("$0.30");
  expect(formatDollars(null)).toBe("$—");
});

test("the session price follows the spec: '$' + hourlyRate + '/session'", () => {
  expect(sessionPriceText("85.00")).toBe("$85.00/session");
  expect(sessionPriceText("92.50")).toBe("$92.50/session");
});

test("one price reads the same wherever it is shown: the card's price text and the fee of an hour", () => {
  const rate = "220.00";
  expect(sessionPriceText(rate)).toBe(`${formatDollars(rate)}/session`);
  expect(formatDollars(rate)).toBe("$220.00");
});

test("plan prices as SPEC.md section 9 writes them", () => {
  expect(monthlyPriceText(999)).toBe("$9.99/month");
  expect(monthlyPriceText(1999)).toBe("$19.99/month");
});

test("a price filter's bound stays as the person gave it", () => {
  expect(formatDollarBound(80)).toBe("$80");
  expect(formatDollarBound(80.5)).toBe("$80.50");
});
