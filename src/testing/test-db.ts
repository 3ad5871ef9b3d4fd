import { openFreshDatabase } from "../../db/test-databases";
import type { Db } from "../../db/client";

export type TestDatabase = {
  db: Db;
  /** The SQLite file (tests that copy it or open a second connection to it); on PostgreSQL the database's URL. */
  path: string;
  /** Closes the connections and removes the database (await it, or the next createTestDatabase waits for it). */
  cleanup: () => Promise<void>;
};

/**
 * A fresh, migrated database of the run's engine (db/engine.ts): on SQLite a file in its own
 * temporary folder; on PostgreSQL (DATABASE_URL=postgres://…) the test file's database, emptied.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { db, path, cleanup } = await openFreshDatabase();
  return { db, path, cleanup };
}
