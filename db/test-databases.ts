/**
 * Fresh databases for tests (src/testing/test-db.ts), on the engine of this run (db/engine.ts):
 * SQLite, a migrated file in its own temporary folder; PostgreSQL, a database per test file made
 * from a template migrated once per run (db/postgres/test-databases.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Db } from "./client";
import { ENGINE } from "./engine";
import { dropTestPostgresOf, openTestPostgres } from "./postgres/test-databases";

export interface FreshDatabase {
  db: Db;
  /** The SQLite file; on PostgreSQL the database's URL. */
  path: string;
  /** Closes the connections and removes the database (SQLite: the folder; PostgreSQL: hands it back to the file's pool). */
  cleanup(): Promise<void>;
}

export async function openFreshDatabase(): Promise<FreshDatabase> {
  if (ENGINE === "postgres") {
    const { opened, release } = await openTestPostgres(process.env.DATABASE_URL ?? "");
    return { db: opened.db as unknown as Db, path: opened.url, cleanup: release };
  }
  const dir = mkdtempSync(join(tmpdir(), "pollinate-test-"));
  const path = join(dir, "test.db");
  const { db, close } = await openDatabase(path);
  return {
    db,
    path,
    async cleanup() {
      await close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The test databases a test process `pid` left on the server of `databaseUrl` (postgres://…),
 * dropped: the suite's script calls it after `bun test` exited (scripts/test-pg-suite.ts).
 * SQLite's test files live in temporary folders and are not looked for.
 */
export async function dropLeftoverTestDatabases(databaseUrl: string, pid: number): Promise<{ dropped: string[]; left: string[] }> {
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) return { dropped: [], left: [] };
  return dropTestPostgresOf(databaseUrl, pid);
}
