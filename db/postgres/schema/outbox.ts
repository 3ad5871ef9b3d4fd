// PostgreSQL twin of db/schema/outbox.ts (docs/decisions/025-postgresql-driver.md): the same tables, columns,
// indexes and CHECKs in pg-core; db/postgres/schema-drift.test.ts fails when the two differ.
import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, jsonb, timestamp, timestamptz } from "./columns";

export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Work promised by an answer and done after it (docs/decisions/024-data-seam.md): each row is
 * written in the same transaction as the change that causes it, then claimed by one worker at a
 * time (`lockedUntil`), done, and marked `sent` once. A failure is retried with backoff
 * (`attempts`, `runAt`) and, past the last attempt, kept as `failed` with its reason.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: id(),
    /** What the worker does with the payload: 'email' sends it; another kind is a job (src/email/outbox.ts, registerOutboxJob). */
    kind: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    /** Enqueued at most once per key (a reminder per booking and start time). */
    dedupeKey: text(),
    status: text().$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    /** Not before this time (the first try, or the next retry). */
    runAt: timestamptz().notNull(),
    /** A worker holds the row until then; after it, another may take it over. */
    lockedUntil: timestamptz(),
    lastError: text(),
    doneAt: timestamptz(),
    createdAt: timestamp(),
  },
  (t) => [
    // the worker's claim: the oldest due pending rows
    index("outbox_due_idx").on(t.status, t.runAt),
    uniqueIndex("outbox_dedupe_key_idx").on(t.dedupeKey),
  ],
);
