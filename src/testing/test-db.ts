import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Db } from "../../db/client";

export type TestDatabase = {
  db: Db;
  /** The SQLite file (tests that copy it or open a second connection to it). */
  path: string;
  /** Closes the connections and deletes the temporary folder. */
  cleanup: () => void;
};

/** Opens a fresh, migrated SQLite file in its own temporary folder. */
export function createTestDatabase(): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), "pollinate-test-"));
  const path = join(dir, "test.db");
  const { db, close } = openDatabase(path);
  return {
    db,
    path,
    cleanup() {
      close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
