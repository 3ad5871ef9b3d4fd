/**
 * PostgreSQL twin of db/schema/waitlist.ts. The waitlist (decision 028): clients waiting for a practitioner's time, the slots that freed up,
 * and the offers made from them, one person at a time with a 30-minute hold.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { id, jsonb, sqlInList, timestamp, timestamps, timestamptz } from "./columns";
import { bookings, practitioners } from "./marketplace";
import { WAITLIST_ENTRY_STATUSES, WAITLIST_OFFER_STATUSES, type TimeOfDay, type WaitlistEntryStatus, type WaitlistOfferStatus } from "../../../core/waitlist";

/** One client waiting for one practitioner: a date range, the times of day that suit them, a length. */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: id(),
    practitionerId: text()
      .notNull()
      .references(() => practitioners.id, { onDelete: "cascade" }),
    clientId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "yyyy-MM-dd" in `timeZone`, inclusive. */
    fromDate: text().notNull(),
    toDate: text().notNull(),
    timesOfDay: jsonb().$type<TimeOfDay[]>().notNull(),
    duration: integer().notNull(),
    /** The client's zone: their dates and times of day are read in it. */
    timeZone: text().notNull(),
    status: text().$type<WaitlistEntryStatus>().notNull().default("waiting"),
    ...timestamps(),
  },
  (t) => [
    // the order of the queue: who joined first, per practitioner
    index("waitlist_entries_queue_idx").on(t.practitionerId, t.status, t.createdAt),
    index("waitlist_entries_client_idx").on(t.clientId, t.status),
    check("waitlist_entries_status_check", sql.raw(`status IN (${sqlInList(WAITLIST_ENTRY_STATUSES)})`)),
    check("waitlist_entries_duration_check", sql`duration > 0`),
  ],
);

/**
 * A slot that freed up (a cancellation, an expiry, a move away), written in the transaction that
 * freed it; the waitlist job claims it once (processed_at) and offers it to the first match.
 */
export const waitlistOpenings = pgTable(
  "waitlist_openings",
  {
    id: id(),
    practitionerId: text()
      .notNull()
      .references(() => practitioners.id, { onDelete: "cascade" }),
    start: timestamptz().notNull(),
    duration: integer().notNull(),
    processedAt: timestamptz(),
    createdAt: timestamp(),
  },
  (t) => [index("waitlist_openings_pending_idx").on(t.processedAt, t.createdAt)],
);

/** An offer of one slot to one waiting client, held for them until `expires_at`. */
export const waitlistOffers = pgTable(
  "waitlist_offers",
  {
    id: id(),
    entryId: text()
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: "cascade" }),
    practitionerId: text()
      .notNull()
      .references(() => practitioners.id, { onDelete: "cascade" }),
    clientId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    start: timestamptz().notNull(),
    duration: integer().notNull(),
    status: text().$type<WaitlistOfferStatus>().notNull().default("open"),
    expiresAt: timestamptz().notNull(),
    bookingId: text().references(() => bookings.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    // the hold: one open offer per practitioner and start at a time
    uniqueIndex("waitlist_offers_hold_unique").on(t.practitionerId, t.start).where(sql`status = 'open'`),
    // one person is offered one slot once
    uniqueIndex("waitlist_offers_entry_start_unique").on(t.entryId, t.start),
    index("waitlist_offers_due_idx").on(t.status, t.expiresAt),
    index("waitlist_offers_client_idx").on(t.clientId, t.status),
    check("waitlist_offers_status_check", sql.raw(`status IN (${sqlInList(WAITLIST_OFFER_STATUSES)})`)),
  ],
);
