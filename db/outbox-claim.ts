/**
 * The outbox worker's claim (src/email/outbox.ts), per engine (db/engine.ts): up to `batch` due
 * rows, oldest first, leased to the caller for `leaseMs`. SQLite: a select and an update in one
 * BEGIN IMMEDIATE transaction (db/sqlite/outbox-claim.ts). PostgreSQL, where several processes
 * drain one outbox: one UPDATE over a `FOR UPDATE SKIP LOCKED` select (db/postgres/outbox-claim.ts).
 */
import type { Db } from "./client";
import { ENGINE } from "./engine";
import type { PostgresDb } from "./postgres/client";
import { claimOutboxRowsPostgres } from "./postgres/outbox-claim";
import { claimOutboxRowsSqlite } from "./sqlite/outbox-claim";

export interface ClaimedOutboxRow {
  id: string;
  /** 'email' sends the payload; other kinds are jobs registered with the outbox (src/email/outbox.ts). */
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export async function claimOutboxRows(db: Db, now: Date, options: { batch: number; leaseMs: number }): Promise<ClaimedOutboxRow[]> {
  if (ENGINE === "postgres") return claimOutboxRowsPostgres(db as unknown as PostgresDb, now, options.batch, options.leaseMs);
  return claimOutboxRowsSqlite(db, now, options.batch, options.leaseMs);
}
