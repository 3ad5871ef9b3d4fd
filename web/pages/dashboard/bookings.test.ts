import { describe, expect, test } from "bun:test";
import { sessionStatusNote, sessionTypeText } from "./bookings";

describe("session card actions (SPEC.md section 2, client dashboard)", () => {
  test("a scheduled or pending session is a request waiting for the practitioner (with its deadline); a confirmed one says so (decision 028)", () => {
    expect(sessionStatusNote({ status: "scheduled" })).toBe("Requested: waiting for the practitioner to confirm.");
    expect(sessionStatusNote({ status: "pending" })).toBe("Requested: waiting for the practitioner to confirm.");
    expect(sessionStatusNote({ status: "pending", expiresAt: "2026-06-03T14:00:00.000Z" }, "America/New_York")).toBe(
      "Requested: waiting for the practitioner to confirm by Wed, Jun 3, 2026 · 10:00 AM EDT, or the request expires.",
    );
    expect(sessionStatusNote({ status: "confirmed" })).toBe("Confirmed by the practitioner.");
    expect(sessionStatusNote({ status: "completed" })).toBeNull();
  });

  test("session type: virtual, or in person with the place (the spec's fallback without one)", () => {
    expect(sessionTypeText({ isVirtual: true, location: "Portland, OR" })).toBe("Virtual session");
    expect(sessionTypeText({ isVirtual: false, location: "Portland, OR" })).toBe("In person · Portland, OR");
    expect(sessionTypeText({ isVirtual: false, location: null })).toBe("In person · Practitioner's location");
  });
});
