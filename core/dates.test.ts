import { describe, expect, test } from "bun:test";
import { formatDate, formatTimeUtc, formatWeekdayDate } from "./dates";

describe("dates are formatted in UTC, whatever the machine's zone", () => {
  const lateEvening = "2026-06-02T23:30:00.000Z";

  test("formatDate and formatWeekdayDate keep the UTC day", () => {
    expect(formatDate(lateEvening)).toBe("Jun 2, 2026");
    expect(formatWeekdayDate(lateEvening)).toBe("Tue, Jun 2, 2026");
  });

  test("formatTimeUtc is labelled and uses a plain space", () => {
    expect(formatTimeUtc(lateEvening)).toBe("11:30 PM UTC");
    expect(formatTimeUtc(new Date("2026-06-03T09:05:00Z"))).toBe("9:05 AM UTC");
  });
});
