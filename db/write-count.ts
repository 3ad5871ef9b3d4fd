/**
 * How many rows this process has written to the database, for checks that a request wrote nothing
 * (scripts/probe-routes.ts). SQLite: the write connection's total_changes() (db/sqlite/write-count.ts).
 */
import { atomic, sqliteConnectionOf, type Db } from "./client";
import { totalChanges } from "./sqlite/write-count";

/** Rows inserted, updated or deleted through this handle's write connection since it opened. */
export async function rowsWrittenSoFar(db: Db): Promise<number> {
  return atomic(db, async (tx) => totalChanges(sqliteConnectionOf(tx)));
}
