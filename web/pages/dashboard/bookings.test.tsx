import { describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import type { BookingStatus } from "../../../core/enums";
import type { DashboardBooking } from "../../../core/bookings";
import { BookingStatusBadge, sessionStatusNote, sessionTypeText } from "./bookings";
import { SESSION_FILTER_LABELS } from "./sessions";

describe("session card actions (SPEC.md section 2, client dashboard)", () => {
  test("a scheduled or pending session is a request waiting for the practitioner (with its deadline); a confirmed one says so (decision 028)", () => {
    expect(sessionStatusNote({ status: "scheduled" })).toBe("The practitioner has not confirmed it yet.");
    expect(sessionStatusNote({ status: "pending" })).toBe("The practitioner has not confirmed it yet.");
    expect(sessionStatusNote({ status: "pending", expiresAt: "2026-06-03T14:00:00.000Z" }, "America/New_York")).toBe(
      "The practitioner has until Wed, Jun 3, 2026 · 10:00 AM EDT to confirm, or the request expires.",
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

describe("one state, one wording (decision 028)", () => {
  test("badges: a request's two statuses are one state; an expired request is not a cancellation", () => {
    const badge = (status: BookingStatus, cancelledBy: DashboardBooking["cancelledBy"] = null) => renderToStaticMarkup(<BookingStatusBadge status={status} cancelledBy={cancelledBy} />).replace(/<[^>]+>/g, "");
    expect(badge("scheduled")).toBe("Awaiting confirmation");
    expect(badge("pending")).toBe("Awaiting confirmation");
    expect(badge("confirmed")).toBe("Confirmed");
    expect(badge("completed")).toBe("Completed");
    expect(badge("no-show")).toBe("No-show");
    expect(badge("cancelled", "client")).toBe("Cancelled");
    expect(badge("cancelled", "system")).toBe("Expired");
    // the 'See all sessions' filter says the same words
    expect(badge("pending")).toBe(SESSION_FILTER_LABELS.requested);
    expect(badge("cancelled", "system")).toBe(SESSION_FILTER_LABELS.expired);
  });
});
