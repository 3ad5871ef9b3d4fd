/**
 * The booking wizard's texts (SPEC.md section 8) and the fee rule (section 9), without zod, so the
 * browser imports them without the request schemas of ./bookings (which re-exports them).
 */
import { centsToDecimal } from "./money";
import { COMMON_TEXTS } from "./common-texts";
import type { BookingStatus } from "./enums";

// ------------------------------------------------------------------ texts (SPEC.md section 8)

export const BOOKING_TEXTS = {
  selectSlot: "Please select a time slot",
  incompleteTitle: "Incomplete selection",
  incompleteDescription: "Please select a date and time",
  signInTitle: COMMON_TEXTS.signInRequired,
  signInDescription: "Please sign in to book a session",
  failedTitle: "Booking failed",
  failedFallback: "Failed to create booking",
  successTitle: "Session booked!",
  successDescription: "Check your email for confirmation details",
  noSlots: "No available time slots for this date. Please select another date.",
  availabilityFailed: "Failed to fetch availability",
  reviewNotice: "You'll receive a confirmation email with session details and payment instructions.",
  confirm: "Confirm & Book",
  confirming: "Booking...",
  previous: "Previous",
  next: "Continue",
  backToProfile: "Back to Profile",
  virtualTitle: "Virtual Session",
  virtualDescription: "Online via video call",
  inPersonTitle: "In-Person Session",
  inPersonFallbackLocation: "Practitioner's location",
  notesLabel: "Session Notes (Optional)",
} as const;

// ------------------------------------------------------------------ fee rule (SPEC.md section 9)

/** Fee = hourlyRate × duration/60, to the cent, in cents. */
export function sessionFeeCents(hourlyRateCents: number, duration: number): number {
  return Math.round((hourlyRateCents * duration) / 60);
}

/** The same fee as the API's decimal text ("127.50"). */
export function sessionFee(hourlyRateCents: number, duration: number): string {
  return centsToDecimal(sessionFeeCents(hourlyRateCents, duration));
}

/**
 * The practitioner's cancellation window in words (decision 028), for the profile, the wizard's
 * review step and the confirmation: "Free cancellation until 24 hours before the start; later is a
 * late cancellation." or "Free cancellation until the start."
 */
export function cancellationWindowText(windowHours: number): string {
  return windowHours > 0
    ? `Free cancellation until ${windowHours} hours before the start; cancelling later is a late cancellation under the practitioner's policy.`
    : "Free cancellation until the session starts.";
}

/** How the one cancellation policy is headed wherever it is shown (profile, review step, confirmation, e-mails). */
export const CANCELLATION_POLICY_LABEL = "Cancellation policy";

/**
 * The practitioner's one cancellation policy (decision 028, which merged the payments' policy text
 * of decision 031 into it): the window in words, then their own text. The same sentence on the
 * profile, in the wizard's review step and confirmation, on the client's card and in the e-mails.
 */
export function cancellationPolicyText(windowHours: number, policy: string | null): string {
  return `${cancellationWindowText(windowHours)}${policy ? ` ${policy}` : ""}`;
}

/** The client's cancel dialog inside the window: says it is late, with the policy when there is one. */
export function lateCancellationText(windowHours: number, policy: string | null): string {
  return `This is a late cancellation: the session starts in less than ${windowHours} hours, inside the practitioner's cancellation window. It is recorded as late under their policy${policy ? `: “${policy}”` : "."}`;
}

/** The slot reason the availability answer gives for the viewer's own session (decision 028). */
export const OWN_SESSION_LABEL = "You have a session then";

/** A practitioner who has not saved their hours yet (decision 028): kept with the common texts, which the directory's cards load anyway. */
export { NOT_TAKING_BOOKINGS_YET } from "./common-texts";

// ------------------------------------------------------------------ the states of a booking (decision 028)

/**
 * The flow's states, each worded once: every badge, the 'See all sessions' filter and the e-mails'
 * "Status" row say these words. A request is `scheduled` or `pending` in the data (SPEC.md's
 * model); both mean the same state. An expired request is stored as cancelled by the system.
 */
export const BOOKING_STATE_LABELS = {
  requested: "Awaiting confirmation",
  confirmed: "Confirmed",
  completed: "Completed",
  "no-show": "No-show",
  cancelled: "Cancelled",
  expired: "Expired",
} as const;
export type BookingState = keyof typeof BOOKING_STATE_LABELS;

/** The state of a booking in the flow: its status, with a request's two values as one and the system's cancellation as "expired". */
export function bookingState(booking: { status: BookingStatus; cancelledBy?: string | null }): BookingState {
  if (booking.status === "scheduled" || booking.status === "pending") return "requested";
  if (booking.status === "cancelled") return booking.cancelledBy === "system" ? "expired" : "cancelled";
  return booking.status;
}

/** The words of a booking's state (BOOKING_STATE_LABELS): the same on every card and e-mail. */
export function bookingStateLabel(booking: { status: BookingStatus; cancelledBy?: string | null }): string {
  return BOOKING_STATE_LABELS[bookingState(booking)];
}
