/**
 * The booking API as the screens use it (issue 9): the shapes and rules live in core/bookings.ts
 * (shared with the server); this adds the browser's helpers.
 */
import type { AvailabilityAnswer, BookingPayloadInput } from "../../../core/bookings";
import { sessionFee } from "../../../core/booking-texts";
import { decimalToCents } from "../../../core/money";

export type { AvailabilityAnswer };
export type AvailabilitySlot = AvailabilityAnswer["slots"][number];

/** POST /api/bookings as the wizard sends it. */
export type CreateBookingBody = BookingPayloadInput & { idempotencyKey: string; notes: string | null };

/** SPEC.md section 9: fee = hourlyRate × duration/60, to the cent, as decimal text (the server's rule). */
export function feeForRate(hourlyRate: string | null, duration: number): string {
  return sessionFee(decimalToCents(hourlyRate ?? "0"), duration);
}
