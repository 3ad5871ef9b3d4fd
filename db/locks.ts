/**
 * A lock on one key for the rest of the caller's transaction, so that a check-then-write on that
 * key (a counter's "count, then add one if under the limit") is one step between processes.
 * SQLite: nothing to do, `atomic` is BEGIN IMMEDIATE on the file's single writer. PostgreSQL:
 * READ COMMITTED lets two transactions count the same rows and both add one, so the key takes a
 * transaction-scoped advisory lock (released at COMMIT or ROLLBACK); other keys do not wait.
 */
import type { Db } from "./client";
import { ENGINE } from "./engine";
import type { PostgresDb } from "./postgres/client";
import { lockKeyPostgres } from "./postgres/locks";

export async function lockKeyForTransaction(tx: Db, key: string): Promise<void> {
  if (ENGINE !== "postgres") return;
  await lockKeyPostgres(tx as unknown as PostgresDb, key);
}
