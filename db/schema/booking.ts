import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { id, sqlInList, timestamp, timestamps } from "./columns";
// marketplace.ts imports `bookings` back (reviews.session_id): every cross-reference is a lazy () => …
import { practitioners } from "./marketplace";
import { DEFAULT_BOOKING_DURATION } from "../../core/constants";
import { BOOKING_STATUSES, type BookingStatus } from "../../core/enums";
import type { DateOverride, Weekday, TimeInterval } from "../../core/availability";
import { BOOKING_EVENT_TYPES, type BookingCanceller, type BookingEventType } from "../../core/bookings";

/** Booked sessions (the spec's sessions_booking). clientId and practitionerId are user ids. */
export const bookings = sqliteTable(
  "sessions_booking",
  {
    id: id(),
    clientId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    practitionerId: text()
      .notNull()
      .references(() => practitioners.id, { onDelete: "cascade" }),
    scheduledDatetime: integer({ mode: "timestamp_ms" }).notNull(),
    duration: integer().notNull().default(DEFAULT_BOOKING_DURATION),
    status: text().$type<BookingStatus>().notNull().default("scheduled"),
    totalAmountCents: integer().notNull(),
    isVirtual: integer({ mode: "boolean" }).notNull(),
    meetingLink: text(),
    notes: text(),
    /** The key of the submission that created it: the same key returns this booking again. */
    idempotencyKey: text(),
    /** The client's IANA zone at booking time, for their e-mails (null: the practitioner's zone). */
    clientTimeZone: text(),
    /** The calendar invite's SEQUENCE: +1 on every reschedule or cancellation. */
    sequence: integer().notNull().default(0),
    cancellationReason: text(),
    /** Who ended a cancelled booking: the client, the practitioner, or the system (an expired request). */
    cancelledBy: text().$type<BookingCanceller>(),
    /** A client's cancellation inside the cancellation window (decision 028): the practitioner sees it; payments may charge it. */
    lateCancellation: integer({ mode: "boolean" }).notNull().default(false),
    /** The practitioner's cancellation window when the session was booked (0: none), in hours. */
    cancellationWindowHours: integer().notNull().default(0),
    /** When a request not yet confirmed expires (null: never, or confirmed). */
    expiresAt: integer({ mode: "timestamp_ms" }),
    ...timestamps(),
  },
  (t) => [
    // requests due to expire (the expiry job)
    index("bookings_expires_idx").on(t.expiresAt),
    // a client's bookings, newest first (client dashboard)
    index("bookings_client_idx").on(t.clientId, t.scheduledDatetime),
    // a repeated submission finds the first booking
    uniqueIndex("bookings_client_idempotency_unique").on(t.clientId, t.idempotencyKey),
    // second guard against double booking (the overlap check runs in the booking transaction)
    uniqueIndex("bookings_practitioner_slot_unique").on(t.practitionerId, t.scheduledDatetime).where(sql`status != 'cancelled'`),
    // reminders due: upcoming sessions by start time
    index("bookings_status_time_idx").on(t.status, t.scheduledDatetime),
    // a practitioner's calendar: availability and the practitioner dashboard
    index("bookings_practitioner_time_idx").on(t.practitionerId, t.scheduledDatetime),
    check("bookings_status_check", sql.raw(`status IN (${sqlInList(BOOKING_STATUSES)})`)),
    check("bookings_duration_check", sql`duration > 0`),
    check("bookings_amount_check", sql`total_amount_cents >= 0`),
  ],
);

/**
 * A practitioner's availability settings (one row each; a practitioner without a row has the
 * defaults of core/availability.ts). Weekly hours and overrides are small JSON documents read
 * whole by the slot computation.
 */
export const practitionerAvailability = sqliteTable(
  "practitioner_availability",
  {
    practitionerId: text()
      .primaryKey()
      .references(() => practitioners.id, { onDelete: "cascade" }),
    timeZone: text().notNull(),
    weeklyHours: text({ mode: "json" }).$type<Record<Weekday, TimeInterval[]>>().notNull(),
    overrides: text({ mode: "json" }).$type<DateOverride[]>().notNull().default(sql`'[]'`),
    bufferMinutes: integer().notNull().default(0),
    minimumNoticeMinutes: integer().notNull().default(0),
    durations: text({ mode: "json" }).$type<number[]>().notNull(),
    videoLink: text(),
    /** False while the row holds the defaults given at sign-up or by the demo seed. */
    saved: integer({ mode: "boolean" }).notNull().default(false),
    /** False for a new practitioner until they save their hours once (decision 028); demo and older rows stay bookable. */
    takingBookings: integer({ mode: "boolean" }).notNull().default(true),
    /** Hours after the request within which the practitioner must confirm it, else it expires. */
    requestExpiryHours: integer().notNull().default(48),
    /** The street address of in-person sessions, shown to a client once booked. */
    sessionAddress: text(),
    ...timestamps(),
  },
  () => [
    check("availability_buffer_check", sql`buffer_minutes BETWEEN 0 AND 1440`),
    check("availability_notice_check", sql`minimum_notice_minutes >= 0`),
  ],
);

/** A booking's history: creation, confirmation, reschedules, cancellation, outcome. */
export const bookingEvents = sqliteTable(
  "booking_events",
  {
    id: id(),
    bookingId: text()
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    type: text().$type<BookingEventType>().notNull(),
    actor: text().$type<"client" | "practitioner" | "system">().notNull(),
    fromDatetime: integer({ mode: "timestamp_ms" }),
    toDatetime: integer({ mode: "timestamp_ms" }),
    reason: text(),
    createdAt: timestamp(),
  },
  (t) => [
    // a booking's history in order (GET /api/bookings/{id})
    index("booking_events_booking_idx").on(t.bookingId, t.createdAt),
    check("booking_events_type_check", sql.raw(`type IN (${sqlInList(BOOKING_EVENT_TYPES)})`)),
  ],
);

/**
 * Reminders already sent: one row per booking and start time, so a reminder goes out once even
 * across restarts, and again after a reschedule to a new time.
 */
export const bookingReminders = sqliteTable(
  "booking_reminders",
  {
    bookingId: text()
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    scheduledDatetime: integer({ mode: "timestamp_ms" }).notNull(),
    sentAt: timestamp(),
  },
  (t) => [primaryKey({ name: "booking_reminders_pk", columns: [t.bookingId, t.scheduledDatetime] })],
);

/** Private calendar feed tokens: one per user, stored as SHA-256 only; revoking deletes the row. */
export const calendarFeedTokens = sqliteTable("calendar_feed_tokens", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text().notNull().unique("calendar_feed_tokens_hash_unique"),
  createdAt: timestamp(),
});
