import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Archetype, ExperienceLevel } from "../../core/enums";

/**
 * The directory's narrow copy of each practitioner: the columns it filters and sorts on, keyed
 * by an integer that is also the rowid of the FTS5 tables `practitioner_search` (word prefixes)
 * and `practitioner_substring` (trigrams). Triggers on `practitioners` keep all three in step
 * (migrations 0002 and 0003); nothing writes here directly. Sorting and counting 100k of these rows is several times cheaper than scanning the
 * wide practitioners table, and the integer key survives VACUUM (a table's implicit rowid does not).
 * See docs/decisions/003-practitioner-search.md.
 */
export const practitionerDirectory = sqliteTable(
  "practitioner_directory",
  {
    /** rowid alias; the FTS5 row of this practitioner has the same rowid. */
    docId: integer().primaryKey(),
    practitionerId: text().notNull(),
    archetype: text().$type<Archetype>().notNull(),
    experienceLevel: text().$type<ExperienceLevel>().notNull(),
    /** wise 3, evolving 2, rising 1: the Hive's experience sort. */
    experienceRank: integer().notNull(),
    hourlyRateCents: integer(),
    averageRating: real(),
    totalSessions: integer().notNull(),
    isFeatured: integer({ mode: "boolean" }).notNull(),
    createdAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    // the triggers find a practitioner's row; pages map ids back
    uniqueIndex("practitioner_directory_practitioner_unique").on(t.practitionerId),
    // counts and filters by archetype, level and price; price sorts within an archetype and level
    index("practitioner_directory_filters_idx").on(t.archetype, t.experienceLevel, t.hourlyRateCents),
    // price follows experience level (rising charge less): price sorts and counts within a level
    index("practitioner_directory_level_rate_idx").on(t.experienceLevel, t.hourlyRateCents),
    // sort featured: featured first, then the earliest (the home page's order)
    index("practitioner_directory_featured_idx").on(sql`${t.isFeatured} DESC`, t.createdAt, t.practitionerId),
    // sort rating (nulls last when descending), price-low/price-high, experience, newest, sessions;
    // each index ends with the rowid, the tie-breaker of every sort
    index("practitioner_directory_rating_idx").on(t.averageRating),
    index("practitioner_directory_rate_idx").on(t.hourlyRateCents),
    index("practitioner_directory_experience_idx").on(t.experienceRank),
    index("practitioner_directory_created_idx").on(t.createdAt),
    index("practitioner_directory_sessions_idx").on(t.totalSessions),
  ],
);

/**
 * One row counting the changes to `practitioner_directory` (triggers of migration 0009 add one on
 * every insert, update and delete, and text changes always update the directory row too): the
 * in-memory keyword index (src/features/practitioners/search-index.sqlite.ts) answers only while
 * the number it was built at is still the number here.
 */
export const practitionerDirectoryVersion = sqliteTable("practitioner_directory_version", {
  id: integer().primaryKey(),
  version: integer().notNull(),
});
