// PostgreSQL twin of db/schema/marketplace.ts (docs/decisions/025-postgresql-driver.md): the same tables, columns,
// indexes and CHECKs in pg-core; db/postgres/schema-drift.test.ts fails when the two differ.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, real, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { id, sqlInList, textList, timestamp, timestamps, timestamptz } from "./columns";
import { DEFAULT_BOOKING_DURATION } from "../../../core/constants";
import { ARCHETYPES, BOOKING_STATUSES, EXPERIENCE_LEVELS, type Archetype, type BookingStatus, type ExperienceLevel } from "../../../core/enums";
import type { BookingCanceller } from "../../../core/bookings";

export const practitioners = pgTable(
  "practitioners",
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    archetype: text().$type<Archetype>().notNull(),
    experienceLevel: text().$type<ExperienceLevel>().notNull(),
    /** The name clients see ('Maya R.' by default from the account); 'Practitioner #a1b2c3' stays the reference (decision 029). */
    displayName: text(),
    /** The photo's version (its bytes' hash, short) while one is set (practitioner_photos); in its URL so it can be cached for good. */
    photoVersion: text(),
    bio: text(),
    specializations: textList(),
    professionalCategories: textList(),
    /** decimal(10,2) of the spec, kept as integer cents; the API answers "85.00". */
    hourlyRateCents: integer(),
    location: text(),
    isVirtual: boolean().notNull().default(true),
    isInPerson: boolean().notNull().default(false),
    isVerified: boolean().notNull().default(false),
    isFeatured: boolean().notNull().default(false),
    totalSessions: integer().notNull().default(0),
    /** decimal(3,2) of the spec; null until the first review. */
    averageRating: real(),
    responseTimeHours: integer(),
    yearsActive: integer(),
    ...timestamps(),
  },
  (t) => [
    // one practitioner profile per account
    uniqueIndex("practitioners_user_id_unique").on(t.userId),
    // directory filters by archetype and level, ordered by creation (featured list = first 3)
    index("practitioners_archetype_level_idx").on(t.archetype, t.experienceLevel),
    index("practitioners_created_at_idx").on(t.createdAt),
    // Hive sorts: rating, price, sessions
    index("practitioners_rating_idx").on(t.averageRating),
    index("practitioners_rate_idx").on(t.hourlyRateCents),
    index("practitioners_sessions_idx").on(t.totalSessions),
    check("practitioners_archetype_check", sql.raw(`archetype IN (${sqlInList(ARCHETYPES)})`)),
    check("practitioners_experience_level_check", sql.raw(`experience_level IN (${sqlInList(EXPERIENCE_LEVELS)})`)),
    check("practitioners_rate_check", sql`hourly_rate_cents IS NULL OR hourly_rate_cents >= 0`),
    check("practitioners_rating_check", sql`average_rating IS NULL OR (average_rating >= 0 AND average_rating <= 5)`),
  ],
);

export const clients = pgTable(
  "clients",
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    preferredArchetypes: textList().$type<Archetype[]>(),
    budgetMinCents: integer(),
    budgetMaxCents: integer(),
    location: text(),
    preferenceVirtual: boolean().notNull().default(true),
    preferenceInPerson: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    // one client profile per account
    uniqueIndex("clients_user_id_unique").on(t.userId),
  ],
);

/** Booked sessions (the spec's sessions_booking). clientId and practitionerId are user ids. */
export const bookings = pgTable(
  "sessions_booking",
  {
    id: id(),
    clientId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    practitionerId: text()
      .notNull()
      .references(() => practitioners.id, { onDelete: "cascade" }),
    scheduledDatetime: timestamptz().notNull(),
    duration: integer().notNull().default(DEFAULT_BOOKING_DURATION),
    status: text().$type<BookingStatus>().notNull().default("scheduled"),
    totalAmountCents: integer().notNull(),
    isVirtual: boolean().notNull(),
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
    lateCancellation: boolean().notNull().default(false),
    /** The practitioner's cancellation window when the session was booked (0: none), in hours. */
    cancellationWindowHours: integer().notNull().default(0),
    /** When a request not yet confirmed expires (null: never, or confirmed). */
    expiresAt: timestamptz(),
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

export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    sessionId: text().references(() => bookings.id, { onDelete: "set null" }),
    clientId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    practitionerId: text()
      .notNull()
      .references(() => practitioners.id, { onDelete: "cascade" }),
    rating: integer().notNull(),
    comment: text(),
    createdAt: timestamp(),
    /** When the author last edited it (null: never). */
    editedAt: timestamptz(),
    /** The practitioner's one public reply, and when it was written. */
    reply: text(),
    repliedAt: timestamptz(),
  },
  (t) => [
    // a practitioner's reviews, newest first (profile Reviews tab)
    index("reviews_practitioner_idx").on(t.practitionerId, t.createdAt),
    // a client's reviews
    index("reviews_client_idx").on(t.clientId),
    // one review per session
    uniqueIndex("reviews_session_unique").on(t.sessionId),
    check("reviews_rating_check", sql`rating BETWEEN 1 AND 5`),
  ],
);

export const favoritePractitioners = pgTable(
  "favorite_practitioners",
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    practitionerId: text()
      .notNull()
      .references(() => practitioners.id, { onDelete: "cascade" }),
    createdAt: timestamp(),
  },
  (t) => [
    // a user's favorites; a practitioner is favourited once
    uniqueIndex("favorites_user_practitioner_unique").on(t.userId, t.practitionerId),
  ],
);

/** A practitioner's credential (issue 26), as db/schema/marketplace.ts. */
export const practitionerCredentials = pgTable(
  "practitioner_credentials",
  {
    id: id(),
    practitionerId: text()
      .notNull()
      .references(() => practitioners.id, { onDelete: "cascade" }),
    title: text().notNull(),
    issuingBody: text().notNull(),
    number: text(),
    year: integer().notNull(),
    verifiedAt: timestamptz(),
    verifiedBy: text(),
    createdAt: timestamp(),
  },
  (t) => [index("practitioner_credentials_practitioner_idx").on(t.practitionerId, t.createdAt)],
);
