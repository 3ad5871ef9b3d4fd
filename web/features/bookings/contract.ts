/**
 * The booking API as the screens use it (issue 9). GET /api/bookings/{practitionerId}/availability
 * answers the spec's [{time, available}] slots plus each slot's UTC start and the zone the times are in.
 */
import { centsToDecimal, decimalToCents } from "../../../core/money";

export interface AvailabilitySlot {
  /** "HH:mm" in `timeZone`. */
  time: string;
  available: boolean;
  /** ISO 8601 UTC instant of the slot's start. */
  start: string;
}

export interface AvailabilityAnswer {
  timeZone: string;
  date: string;
  duration: number;
  slots: AvailabilitySlot[];
}

/** POST /api/bookings: SPEC.md section 3's payload plus an idempotency key. */
export interface CreateBookingBody {
  practitionerId: string;
  scheduledDatetime: string;
  duration: number;
  isVirtual: boolean;
  totalAmount: string;
  notes: string | null;
  idempotencyKey: string;
}

/** SPEC.md section 9: fee = hourlyRate × duration/60, to the cent, as decimal text. */
export function sessionFee(hourlyRate: string | null, duration: number): string {
  return centsToDecimal(Math.round((decimalToCents(hourlyRate ?? "0") * duration) / 60));
}

export function availabilityUrl(practitionerId: string, date: string, duration: number, timeZone: string): string {
  const q = new URLSearchParams({ date, duration: String(duration), tz: timeZone });
  return `/api/bookings/${encodeURIComponent(practitionerId)}/availability?${q}`;
}
