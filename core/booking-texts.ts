/**
 * The booking wizard's texts (SPEC.md section 8) and the fee rule (section 9), without zod, so the
 * browser imports them without the request schemas of ./bookings (which re-exports them).
 */
import { centsToDecimal } from "./money";
import { COMMON_TEXTS } from "./common-texts";

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

/** A practitioner who has not saved their hours yet (decision 028). */
export const NOT_TAKING_BOOKINGS_YET = "Not taking bookings yet";
