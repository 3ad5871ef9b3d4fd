import type { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Db } from "../../db/client";

export type TestDatabase = {
  db: Db;
  sqlite: Database;
  path: string;
  /** Closes the connection and deletes the temporary folder. */
  cleanup: () => void;
};

/** Opens a fresh, migrated SQLite file in its own temporary folder. */
export function createTestDatabase(): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), "pollinate-test-"));
  const path = join(dir, "test.db");
  const { db, sqlite } = openDatabase(path);
  return {
    db,
    sqlite,
    path,
    cleanup() {
      sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
