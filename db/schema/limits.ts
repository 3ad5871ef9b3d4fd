import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id } from "./columns";

/**
 * The counters behind every limit (src/http/counter-store.ts, docs/decisions/024-data-seam.md,
 * "Counters and limits"): one row per counted event (a request, a failed sign-in, an e-mail under
 * a cap), counted within a sliding window that ends now. `expiresAt` is when the longest window
 * that counts it has passed: rows past it are swept.
 */
export const limitEvents = sqliteTable(
  "limit_events",
  {
    id: id(),
    key: text().notNull(),
    at: integer({ mode: "timestamp_ms" }).notNull(),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("limit_events_key_at_idx").on(t.key, t.at), index("limit_events_expires_idx").on(t.expiresAt)],
);

/** The last time something happened per key (a network an account signed in from), kept until `expiresAt`. */
export const limitMarks = sqliteTable(
  "limit_marks",
  {
    key: text().primaryKey(),
    at: integer({ mode: "timestamp_ms" }).notNull(),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("limit_marks_expires_idx").on(t.expiresAt)],
);
