import { z } from "zod";
import { isValidTimeZone, TIME_ZONE_MESSAGE } from "./availability";
import { canonicalTimeZone } from "./time-zones";
import { formatDollars } from "./money";
import { BOOKING_DURATIONS, BOOKING_NOTES_MAX_LENGTH, DEFAULT_BOOKING_DURATION, type BookingDuration } from "./constants";
import type { BookingStatus } from "./enums";
import { bookingStateLabel } from "./booking-texts";

/** GET /api/bookings: SPEC.md section 3, "Booking (as listed)". */
export interface ApiBooking {
  id: string;
  status: BookingStatus;
  /** ISO 8601, UTC. */
  scheduledDatetime: string;
  /** Minutes. */
  duration: number;
  isVirtual: boolean;
  /** Decimal text, e.g. "85.00". */
  totalAmount: string;
  /** 'Practitioner #' + the last 6 characters of the practitioner id. */
  practitionerName: string;
  /** The client's first and last name. */
  clientName: string;
}

/**
 * A booking as the dashboards render it (GET /api/bookings answers this since issue 9): the listed
 * shape plus what a session card needs.
 */
export interface DashboardBooking extends ApiBooking {
  practitionerId: string;
  /** The client's user id. */
  clientId: string;
  /** The practitioner's location, for in-person sessions. */
  location: string | null;
  meetingLink: string | null;
  notes: string | null;
  /** The practitioner's IANA zone (from their availability settings). */
  timeZone: string;
  /** The client's IANA zone when they booked (the wizard sends it); null for bookings made without one. */
  clientTimeZone: string | null;
  /** Reason given when cancelled, else null. */
  cancellationReason: string | null;
  /** Whether the client has reviewed this session (the dashboard then offers no review). */
  reviewed: boolean;
  /** The practitioner marked the session paid (issue 24); the amount when it differs from the total, as decimal text. */
  payment?: { paid: boolean; amount: string } | null;
  /** The practitioner's payment instructions (empty when not written), shown on the client's card. */
  paymentInstructions?: string;
  /** Who ended it (cancelled only): "system" means the request expired unconfirmed. */
  cancelledBy: BookingCanceller | null;
  /** The client cancelled inside the practitioner's cancellation window. */
  lateCancellation: boolean;
  /** The cancellation window agreed when booking, in hours (0: none). */
  cancellationWindowHours: number;
  /** The practitioner's cancellation policy text as it stands (decision 028's one policy), quoted by the late-cancellation dialog. */
  cancellationPolicy?: string | null;
  /** When an unconfirmed request expires (ISO), else null. */
  expiresAt: string | null;
  /**
   * The street address of an in-person session: only for the booking's own client and practitioner
   * (GET /api/bookings and the dashboards), null otherwise and for virtual sessions.
   */
  address: string | null;
}

/** POST /api/bookings and GET /api/bookings/{id}: one booking with its history. */
export interface BookingDetail extends DashboardBooking {
  /** Starts at 0, +1 on every reschedule or cancellation (the calendar invite's SEQUENCE). */
  sequence: number;
  createdAt: string;
  updatedAt: string;
  history: BookingEvent[];
}

/** "paid" / "unpaid": the practitioner marked the session's payment (reason: the amount, e.g. "$60.00"). */
export const BOOKING_EVENT_TYPES = ["created", "confirmed", "rescheduled", "cancelled", "completed", "no-show", "paid", "unpaid"] as const;
/** Who ended a cancelled booking; "system" is a request that expired unconfirmed (decision 028). */
export const BOOKING_CANCELLERS = ["client", "practitioner", "system"] as const;
export type BookingCanceller = (typeof BOOKING_CANCELLERS)[number];
export type BookingEventType = (typeof BOOKING_EVENT_TYPES)[number];

/** One entry of a booking's history (booking_events). */
export interface BookingEvent {
  type: BookingEventType;
  /** Who did it: "client", "practitioner" or "system". */
  actor: "client" | "practitioner" | "system";
  at: string;
  /** For reschedules: the old and new start (ISO). */
  fromDatetime: string | null;
  toDatetime: string | null;
  reason: string | null;
}

// The wizard's texts and the fee rule live in ./booking-texts (no zod), so that the browser can
// import them without the schemas below; re-exported here for the server.
export { BOOKING_TEXTS, sessionFee, sessionFeeCents } from "./booking-texts";

/** Server answers a person can act on (messages of 403/409). */
export const BOOKING_MESSAGES = {
  previewUpgrade: "Booking sessions needs a Basic plan or higher. Upgrade your access to book this session.",
  basicLimit: "Your Basic plan includes 1 session per calendar month, and you have booked it. Upgrade to Premium to book more sessions this month.",
  selfBooking: "You cannot book a session with yourself.",
  feeMismatch: (expected: string) => `The session fee has changed: it is now ${formatDollars(expected)}. Please review the new total and confirm again.`,
  virtualNotOffered: "This practitioner does not offer virtual sessions. Please choose an in-person session.",
  inPersonNotOffered: "This practitioner does not offer in-person sessions. Please choose a virtual session.",
  noRate: "This practitioner has not set a session rate yet, so sessions cannot be booked.",
  notFound: "Booking not found",
  idempotencyReused: "This booking request was already used for a different session. Please reload the page and try again.",
  /** The client already has a session (with anyone) overlapping the one asked for (decision 022). */
  clientOverlap: (when: string, practitionerName: string) => `You already have a session at that time (${when} with ${practitionerName}). Pick another time.`,
  /** The same, to a practitioner moving the session: the client's other practitioner stays private. */
  clientOverlapForPractitioner: "Your client already has another session at that time. Pick another time.",
  /** A new practitioner who has not saved their hours yet (decision 028). */
  notTakingBookingsYet: "This practitioner is not taking bookings yet. Please check back soon.",
  /** Rescheduling with a practitioner who is not listed any more (suspended, or their address unverified); cancelling still works. */
  practitionerUnavailable: "This practitioner is not taking bookings at the moment, so this session cannot be moved. You can still cancel it.",
  /** Rescheduling a session whose length the practitioner has stopped offering (their other lengths have slots, this one none). */
  lengthNoLongerOffered: "This practitioner no longer offers sessions of this length, so it cannot be moved. Please cancel and book again.",
} as const;

/** "Tue, Dec 1, 10:00 AM EST": a session's start in a zone, short enough for a sentence. */
export function shortSessionTime(start: Date, timeZone: string): string {
  return start
    .toLocaleString("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short", timeZone })
    .replace(/\u202f/g, " ");
}

// ------------------------------------------------------------------ request schemas

const durationMessage = `duration must be one of ${BOOKING_DURATIONS.join(", ")} minutes`;
/** The 400 for a JSON duration that is not a number ("60", [60], null). */
export const DURATION_TYPE_MESSAGE = `duration must be a number of minutes (${BOOKING_DURATIONS.join(", ")}), such as ${DEFAULT_BOOKING_DURATION}, not text or a list`;
const isBookingDuration = (d: number): d is BookingDuration => (BOOKING_DURATIONS as readonly number[]).includes(d);

/** A duration in a JSON body: a number only (JSON has numbers, so "60" or [60] is a client bug, not a duration). */
export const bookingDurationSchema = z
  .number({ error: (issue) => (issue.input === undefined ? `duration is required: ${BOOKING_DURATIONS.join(", ")} minutes` : DURATION_TYPE_MESSAGE) })
  .refine(isBookingDuration, durationMessage)
  .transform((d) => d as BookingDuration);

/** A duration in a query string, where every value is text: "60" is read as 60. */
export const bookingDurationQuerySchema = z.coerce
  .number({ error: durationMessage })
  .refine(isBookingDuration, durationMessage)
  .transform((d) => d as BookingDuration);

const datetimeMessage = "scheduledDatetime must be an ISO date and time such as 2026-03-14T15:00:00Z";
const amountMessage = "totalAmount must be an amount in dollars such as 85.00";

/** False for text with a lone UTF-16 surrogate (it cannot be stored or mailed as UTF-8). */
export function isWellFormedText(value: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}
const MALFORMED_TEXT_SUFFIX = "contains a character that cannot be saved; please retype it";

/** Notes are trimmed; empty notes become null (SPEC.md section 5). */
export const bookingNotesSchema = z
  .string({ error: "notes must be text" })
  .max(BOOKING_NOTES_MAX_LENGTH, `Notes can be at most ${BOOKING_NOTES_MAX_LENGTH} characters`)
  .refine(isWellFormedText, `Notes ${MALFORMED_TEXT_SUFFIX}`)
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));

export const IDEMPOTENCY_KEY_MESSAGE = "idempotencyKey must be 8 to 100 letters, digits, dashes or underscores";

/** POST /api/bookings: the spec's payload plus an idempotency key and the client's zone (both optional). */
export const bookingPayloadSchema = z.object({
  practitionerId: z.string({ error: "practitionerId is required" }).min(1, "practitionerId is required").max(100, "practitionerId is not valid"),
  scheduledDatetime: z.iso.datetime({ offset: true, error: datetimeMessage }).transform((v) => new Date(v)),
  duration: bookingDurationSchema,
  isVirtual: z.boolean({ error: "isVirtual must be true or false" }),
  totalAmount: z.union([z.string(), z.number()], { error: amountMessage }).refine((v) => /^\d{1,8}(\.\d{1,2})?$/.test(String(v)), amountMessage),
  notes: bookingNotesSchema,
  /** A random key the wizard makes once per submission; the same key returns the first booking. */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, IDEMPOTENCY_KEY_MESSAGE).optional(),
  /** The client's IANA zone, for their e-mails; the practitioner's zone when absent. */
  timeZone: z.string().refine(isValidTimeZone, TIME_ZONE_MESSAGE).transform(canonicalTimeZone).optional(),
});
export type BookingPayloadInput = z.input<typeof bookingPayloadSchema>;
export type BookingPayload = z.output<typeof bookingPayloadSchema>;

/** GET /api/bookings/{practitionerId}/availability query. `tz` defaults to the practitioner's zone. */
export const availabilityQuerySchema = z.object({
  date: z.string({ error: "date is required, as yyyy-MM-dd" }),
  duration: bookingDurationQuerySchema,
  tz: z.string().optional(),
  /** A booking being rescheduled: its own time is not busy for it (only its client or practitioner may ask). */
  exclude: z.string().optional(),
});

/** The availability answer: the spec's slots, with the zone their times are in. */
export interface AvailabilityAnswer {
  /** The zone of every `time` (the viewer's `tz`, else the practitioner's). */
  timeZone: string;
  /** The practitioner's own zone. */
  practitionerTimeZone: string;
  date: string;
  duration: BookingDuration;
  /** The durations this practitioner offers (a duration not offered gives no available slot). */
  offeredDurations: BookingDuration[];
  /** The dates that can be asked for, in `timeZone`: today up to 90 days ahead. */
  firstDate: string;
  lastDate: string;
  slots: Array<{ time: string; available: boolean; start: string; reason?: "own-session" }>;
  /** The dates from firstDate to lastDate on which the practitioner has any hours for this duration (the calendar disables the others). */
  openDates: string[];
  /** False while a new practitioner has not saved their hours: no slot is offered (decision 028). */
  takingBookings: boolean;
}

export const CANCEL_REASON_MAX_LENGTH = 500;
export const cancelBodySchema = z
  .object({
    reason: z
      .string({ error: "reason must be text" })
      .max(CANCEL_REASON_MAX_LENGTH, `The reason can be at most ${CANCEL_REASON_MAX_LENGTH} characters`)
      .refine(isWellFormedText, `The reason ${MALFORMED_TEXT_SUFFIX}`)
      .nullish()
      .transform((v) => (v?.trim() ? v.trim() : null)),
  })
  .default({ reason: null });

export const rescheduleBodySchema = z.object({
  scheduledDatetime: z.iso.datetime({ offset: true, error: datetimeMessage }).transform((v) => new Date(v)),
});

// ------------------------------------------------------------------ status flow

export const BOOKING_ACTIONS = ["confirm", "cancel", "complete", "no-show", "reschedule"] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

/**
 * Who may do what, from which status, and when (enforced on the server, 409 otherwise):
 * scheduled → confirmed (practitioner) → completed | no-show (practitioner, after the start);
 * cancel by either side before the start; reschedule by either side before the start.
 */
export const BOOKING_TRANSITIONS: Record<BookingAction, { from: readonly BookingStatus[]; by: readonly ("client" | "practitioner")[]; when: "before-start" | "after-start"; to: BookingStatus | null }> = {
  confirm: { from: ["scheduled", "pending"], by: ["practitioner"], when: "before-start", to: "confirmed" },
  cancel: { from: ["scheduled", "pending", "confirmed"], by: ["client", "practitioner"], when: "before-start", to: "cancelled" },
  /** From any status still open: a practitioner who held the session without confirming it first can still close it. */
  complete: { from: ["scheduled", "pending", "confirmed"], by: ["practitioner"], when: "after-start", to: "completed" },
  "no-show": { from: ["scheduled", "pending", "confirmed"], by: ["practitioner"], when: "after-start", to: "no-show" },
  /** Keeps the status (a confirmed session stays confirmed). */
  reschedule: { from: ["scheduled", "pending", "confirmed"], by: ["client", "practitioner"], when: "before-start", to: null },
};

/** Whether `action` is allowed for `who` on a booking with `status` starting at `start`. */
export function canTransition(action: BookingAction, status: BookingStatus, who: "client" | "practitioner", start: Date, now: Date): boolean {
  const rule = BOOKING_TRANSITIONS[action];
  if (!rule.from.includes(status) || !rule.by.includes(who)) return false;
  return rule.when === "before-start" ? now < start : now >= start;
}

/** The 409 message for a transition that is not allowed. */
export function transitionRefusal(action: BookingAction, status: BookingStatus, who: "client" | "practitioner", start: Date, now: Date): string {
  const rule = BOOKING_TRANSITIONS[action];
  const verb = { confirm: "confirmed", cancel: "cancelled", complete: "marked completed", "no-show": "marked as a no-show", reschedule: "rescheduled" }[action];
  if (!rule.by.includes(who)) return `Only the practitioner can do that: a session can be ${verb} by the practitioner only.`;
  // a request is in every rule's `from`: only confirmed, completed, cancelled and no-show are refused here
  if (!rule.from.includes(status)) return `A ${bookingStateLabel({ status }).toLowerCase()} session cannot be ${verb}.`;
  return rule.when === "before-start" ? `This session has already started, so it can no longer be ${verb}.` : `This session has not started yet, so it cannot be ${verb}.`;
}

/** POST /api/calendar/token answer: the private feed address (shown once, with a copy button). */
export interface CalendarFeedAnswer {
  url: string;
}


/** Someone who booked a practitioner, as the practitioner dashboard lists them. */
export interface PractitionerClientSummary {
  clientId: string;
  clientName: string;
  /** Bookings that were not cancelled. */
  sessions: number;
  /** ISO date of the latest booking (may be an upcoming one). */
  latestSession: string;
}

/** Whose bookings GET /api/bookings lists: the user's as a client, or their practitioner profile's. */
export const BOOKING_VIEWS = ["client", "practitioner"] as const;
export type BookingView = (typeof BOOKING_VIEWS)[number];

/** Statuses of a session that is still going to happen (SPEC.md section 4, "Dashboards"). */
export const UPCOMING_STATUSES = ["scheduled", "confirmed", "pending"] as const satisfies readonly BookingStatus[];

/**
 * Statuses of a session that is certain: confirmed, and what a session that started becomes
 * (completed, no-show: BOOKING_TRANSITIONS). A calendar shows them as CONFIRMED, not TENTATIVE.
 */
export const CONFIRMED_STATUSES = ["confirmed", "completed", "no-show"] as const satisfies readonly BookingStatus[];


