import { describe, expect, test } from "bun:test";
import { formatDate } from "./dates";

describe("dates are formatted in UTC, whatever the machine's zone", () => {
  test("formatDate keeps the UTC day", () => {
    expect(formatDate("2026-06-02T23:30:00.000Z")).toBe("Jun 2, 2026");
  });
});
