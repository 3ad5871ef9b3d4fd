import { describe, expect, test } from "bun:test";
import { sessionStatusNote, sessionTypeText } from "./bookings";

describe("session card actions (SPEC.md section 2, client dashboard)", () => {
  test("a scheduled or pending session waits for the practitioner; others have no note", () => {
    expect(sessionStatusNote({ status: "scheduled" })).toBe("Waiting for the practitioner to confirm.");
    expect(sessionStatusNote({ status: "pending" })).toBe("Waiting for the practitioner to confirm.");
    expect(sessionStatusNote({ status: "confirmed" })).toBeNull();
  });

  test("session type: virtual, or in person with the place (the spec's fallback without one)", () => {
    expect(sessionTypeText({ isVirtual: true, location: "Portland, OR" })).toBe("Virtual session");
    expect(sessionTypeText({ isVirtual: false, location: "Portland, OR" })).toBe("In person · Portland, OR");
    expect(sessionTypeText({ isVirtual: false, location: null })).toBe("In person · Practitioner's location");
  });
});
