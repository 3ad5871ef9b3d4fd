import { describe, expect, test } from "bun:test";
import { sessionActions, sessionTypeText } from "./bookings";

describe("session card actions (SPEC.md section 2, client dashboard)", () => {
  test("Cancel Session only for a scheduled session", () => {
    expect(sessionActions({ status: "scheduled", isVirtual: true, meetingLink: "https://meet.example/a" })?.labels).toEqual(["Cancel Session"]);
  });

  test("a confirmed session offers Join Meeting only when virtual with a link, and Message", () => {
    expect(sessionActions({ status: "confirmed", isVirtual: true, meetingLink: "https://meet.example/a" })?.labels).toEqual(["Join Meeting", "Message"]);
    expect(sessionActions({ status: "confirmed", isVirtual: true, meetingLink: null })?.labels).toEqual(["Message"]);
    expect(sessionActions({ status: "confirmed", isVirtual: false, meetingLink: "https://meet.example/a" })?.labels).toEqual(["Message"]);
  });

  test("each card says why its buttons cannot act yet; a pending one waits for the practitioner", () => {
    expect(sessionActions({ status: "scheduled", isVirtual: false, meetingLink: null })?.note).toBe("Online cancellation is coming soon.");
    expect(sessionActions({ status: "pending", isVirtual: true, meetingLink: null })).toEqual({ labels: [], note: "Waiting for the practitioner to confirm." });
    expect(sessionActions({ status: "completed", isVirtual: true, meetingLink: null })).toBeNull();
  });

  test("session type: virtual, or in person with the place (the spec's fallback without one)", () => {
    expect(sessionTypeText({ isVirtual: true, location: "Portland, OR" })).toBe("Virtual session");
    expect(sessionTypeText({ isVirtual: false, location: "Portland, OR" })).toBe("In person · Portland, OR");
    expect(sessionTypeText({ isVirtual: false, location: null })).toBe("In person · Practitioner's location");
  });
});
