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
