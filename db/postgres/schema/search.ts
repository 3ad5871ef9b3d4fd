// PostgreSQL twin of db/schema/search.ts (docs/decisions/025-postgresql-driver.md): the same tables, columns,
// indexes and CHECKs in pg-core; db/postgres/schema-drift.test.ts fails when the two differ.
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, real, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";
import type { Archetype, ExperienceLevel } from "../../../core/enums";

/**
 * PostgreSQL twin of db/schema/search.ts. The directory's narrow copy of each listed practitioner,
 * kept by the plpgsql triggers of db/postgres/migrations/0001_engine_rules.sql (the ports of
 * SQLite's practitioners_search_* and users_*listed* triggers). PostgreSQL searches the row's
 * `search_vector` (a copy of `practitioners.search_vector`, the generated tsvector, written by the
 * same triggers; GIN) and matches substrings through `practitioner_search_terms` (the vectors'
 * words, pg_trgm): migration 0012, docs/decisions/033-search-at-scale.md. SQLite searches the FTS5
 * tables keyed by `doc_id`. Those columns and that table live only in the migrations, not in this
 * schema, so that the row types stay the same on both engines (as FTS5 is not in db/schema).
 */
export const practitionerDirectory = pgTable(
  "practitioner_directory",
  {
    /** SQLite: the rowid alias, given on insert. PostgreSQL: an identity, given on insert. */
    docId: integer().primaryKey().generatedByDefaultAsIdentity(),
    practitionerId: text().notNull(),
    archetype: text().$type<Archetype>().notNull(),
    experienceLevel: text().$type<ExperienceLevel>().notNull(),
    /** wise 3, evolving 2, rising 1: the Hive's experience sort. */
    experienceRank: integer().notNull(),
    hourlyRateCents: integer(),
    averageRating: real(),
    totalSessions: integer().notNull(),
    isFeatured: boolean().notNull(),
    createdAt: timestamptz().notNull(),
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
export const practitionerDirectoryVersion = pgTable("practitioner_directory_version", {
  /** SQLite's integer primary key is given on insert when omitted; so is this. */
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  /** bigint: SQLite's integers are 64-bit, and this counts every change for the life of the database. */
  version: bigint({ mode: "number" }).notNull(),
});
