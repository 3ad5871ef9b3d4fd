/**
 * Serialising a check-then-write on one key between processes.
 * SQLite: nothing to do, `atomic` is BEGIN IMMEDIATE on the file's single writer.
 * PostgreSQL: `atomic` is SERIALIZABLE, which keeps such a check correct but answers a lost race
 * with a serialization failure (40001) and a run again; a key many requests hit at the same moment
 * (one Garden piece's likes) can exhaust the retries. A transaction-scoped advisory lock on the key
 * (released at COMMIT or ROLLBACK) makes the others wait instead; other keys do not wait.
 */
import { atomic, isPostgres, type Db } from "./client";
import { ENGINE } from "./engine";
import { atomicPostgres, type PostgresDb } from "./postgres/client";
import { lockKeyPostgres } from "./postgres/locks";

/** Takes `key`'s lock for the rest of the caller's transaction `tx` (PostgreSQL; nothing on SQLite). */
export async function lockKeyForTransaction(tx: Db, key: string): Promise<void> {
  if (ENGINE !== "postgres") return;
  await lockKeyPostgres(tx as unknown as PostgresDb, key);
}

/**
 * `atomic(db, work)` for work whose reads and writes all belong to `key` (every writer of those
 * rows goes through this with the same key). PostgreSQL: a READ COMMITTED transaction whose first
 * statement waits for the key's advisory lock, so each later statement reads what the previous
 * holder committed, and concurrent callers queue instead of failing each other. Called with a
 * transaction's handle, it nests (a savepoint) and the lock holds until that transaction ends.
 */
export function atomicOnKey<T>(db: Db, key: string, work: (tx: Db) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return atomic(db, work);
  return atomicPostgres(
    db as unknown as PostgresDb,
    async (tx) => {
      await lockKeyPostgres(tx, key);
      return work(tx as unknown as Db);
    },
    { isolationLevel: "read committed" },
  );
}
