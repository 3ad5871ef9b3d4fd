import { sql } from "drizzle-orm";
import type { PostgresDb } from "./client";

/** A transaction-scoped advisory lock on `key` (db/locks.ts): released at COMMIT or ROLLBACK. */
export async function lockKeyPostgres(tx: PostgresDb, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
