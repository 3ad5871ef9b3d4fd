// PostgreSQL twin of db/schema/limits.ts (docs/decisions/025-postgresql-driver.md): the same tables, columns,
// indexes and CHECKs in pg-core; db/postgres/schema-drift.test.ts fails when the two differ.
import { index, pgTable, text } from "drizzle-orm/pg-core";
import { id, timestamptz } from "./columns";

/** The counters behind every limit (src/http/counter-store.ts): one row per counted event. */
export const limitEvents = pgTable(
  "limit_events",
  {
    id: id(),
    key: text().notNull(),
    at: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
  },
  (t) => [index("limit_events_key_at_idx").on(t.key, t.at), index("limit_events_expires_idx").on(t.expiresAt)],
);

/** The last time something happened per key (a network an account signed in from), kept until `expiresAt`. */
export const limitMarks = pgTable(
  "limit_marks",
  {
    key: text().primaryKey(),
    at: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
  },
  (t) => [index("limit_marks_expires_idx").on(t.expiresAt)],
);
