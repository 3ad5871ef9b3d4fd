import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { bookings } from "./booking";
import { id, textList, timestamp, timestamps, sqlInList } from "./columns";
import { ARCHETYPES, EXPERIENCE_LEVELS, type Archetype, type ExperienceLevel } from "../../core/enums";

export const practitioners = sqliteTable(
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
    isVirtual: integer({ mode: "boolean" }).notNull().default(true),
    isInPerson: integer({ mode: "boolean" }).notNull().default(false),
    isVerified: integer({ mode: "boolean" }).notNull().default(false),
    isFeatured: integer({ mode: "boolean" }).notNull().default(false),
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

export const clients = sqliteTable(
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
    preferenceVirtual: integer({ mode: "boolean" }).notNull().default(true),
    preferenceInPerson: integer({ mode: "boolean" }).notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    // one client profile per account
    uniqueIndex("clients_user_id_unique").on(t.userId),
  ],
);

export const reviews = sqliteTable(
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
    editedAt: integer({ mode: "timestamp_ms" }),
    /** The practitioner's one public reply, and when it was written. */
    reply: text(),
    repliedAt: integer({ mode: "timestamp_ms" }),
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

export const favoritePractitioners = sqliteTable(
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

/**
 * A practitioner's credential (issue 26): what they entered in the profile editor, and whether and
 * when an admin checked it (the Verified badge explains these). Changing one is deleting it and
 * adding another, so a verification always belongs to the text that was checked.
 */
export const practitionerCredentials = sqliteTable(
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
    verifiedAt: integer({ mode: "timestamp_ms" }),
    /** Who verified it, as the audit log names them. */
    verifiedBy: text(),
    createdAt: timestamp(),
  },
  (t) => [index("practitioner_credentials_practitioner_idx").on(t.practitionerId, t.createdAt)],
);
