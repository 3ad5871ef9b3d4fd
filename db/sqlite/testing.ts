/**
 * For tests of db/sqlite modules and tests that arrange data in SQL the builders cannot say: the
 * raw connections behind a handle, without reaching for the driver outside db/.
 */
import type { Database } from "bun:sqlite";
import { atomic, sqliteConnectionOf, sqliteWriteConnectionOf, type Db } from "../client";

/** Runs `work` with the write connection inside one transaction (`atomic`), and answers what it answered. */
export async function withWriteConnection<T>(db: Db, work: (sqlite: Database) => T): Promise<T> {
  return atomic(db, async (tx) => work(sqliteConnectionOf(tx)));
}

/** The connection reads outside a transaction go to (read-only with POLLINATE_SEPARATE_READER=1). */
export function readConnectionOf(db: Db): Database {
  return sqliteConnectionOf(db);
}

/**
 * The write connection behind a handle, for SQLite-only tests that arrange or inspect rows in raw
 * SQL (triggers, FTS5 tables). Outside a transaction: only where nothing else writes at the time.
 */
export function writeConnectionOf(db: Db): Database {
  return sqliteWriteConnectionOf(db);
}
