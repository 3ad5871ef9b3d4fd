// PostgreSQL twin of db/schema/booking.ts (docs/decisions/025-postgresql-driver.md): the same tables, columns,
// indexes and CHECKs in pg-core; db/postgres/schema-drift.test.ts fails when the two differ.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { id, jsonb, sqlInList, timestamp, timestamps, timestamptz } from "./columns";
import { bookings, practitioners } from "./marketplace";
import type { DateOverride, Weekday, TimeInterval } from "../../../core/availability";
import { BOOKING_EVENT_TYPES, type BookingEventType } from "../../../core/bookings";

/**
 * A practitioner's availability settings (one row each; a practitioner without a row has the
 * defaults of core/availability.ts). Weekly hours and overrides are small JSON documents read
 * whole by the slot computation.
 */
export const practitionerAvailability = pgTable(
  "practitioner_availability",
  {
    practitionerId: text()
      .primaryKey()
      .references(() => practitioners.id, { onDelete: "cascade" }),
    timeZone: text().notNull(),
    weeklyHours: jsonb().$type<Record<Weekday, TimeInterval[]>>().notNull(),
    overrides: jsonb().$type<DateOverride[]>().notNull().default(sql`'[]'::jsonb`),
    bufferMinutes: integer().notNull().default(0),
    minimumNoticeMinutes: integer().notNull().default(0),
    durations: jsonb().$type<number[]>().notNull(),
    videoLink: text(),
    /** False while the row holds the defaults given at sign-up or by the demo seed. */
    saved: boolean().notNull().default(false),
    /** False for a new practitioner until they save their hours once (decision 028); demo and older rows stay bookable. */
    takingBookings: boolean().notNull().default(true),
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
export const bookingEvents = pgTable(
  "booking_events",
  {
    id: id(),
    bookingId: text()
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    type: text().$type<BookingEventType>().notNull(),
    actor: text().$type<"client" | "practitioner" | "system">().notNull(),
    fromDatetime: timestamptz(),
    toDatetime: timestamptz(),
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
export const bookingReminders = pgTable(
  "booking_reminders",
  {
    bookingId: text()
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    scheduledDatetime: timestamptz().notNull(),
    sentAt: timestamp(),
  },
  (t) => [primaryKey({ name: "booking_reminders_pk", columns: [t.bookingId, t.scheduledDatetime] })],
);

/** Private calendar feed tokens: one per user, stored as SHA-256 only; revoking deletes the row. */
export const calendarFeedTokens = pgTable("calendar_feed_tokens", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text().notNull().unique("calendar_feed_tokens_hash_unique"),
  createdAt: timestamp(),
});
