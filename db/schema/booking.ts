import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { id, sqlInList, timestamp, timestamps } from "./columns";
import { bookings, practitioners } from "./marketplace";
import type { DateOverride, Weekday, TimeInterval } from "../../core/availability";
import { BOOKING_EVENT_TYPES, type BookingEventType } from "../../core/bookings";

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
