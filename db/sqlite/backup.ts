/**
 * Backups of the SQLite file (db/backup.ts is the neutral entry point): `VACUUM INTO` on a live
 * connection is one read transaction, so the copy is consistent while the server keeps writing
 * (WAL lets it); `PRAGMA integrity_check` tells whether a file may be restored.
 */
import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";

/** `PRAGMA integrity_check` of a file: "ok", or the problems it found (or why it could not open). */
export function integrityOf(path: string): string {
  if (!existsSync(path)) return `no such file: ${path}`;
  let db: Database | null = null;
  try {
    db = new Database(path, { readonly: true });
    const rows = db.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all();
    const result = rows.map((r) => r.integrity_check).join("; ");
    if (result !== "ok") return result;
    const hasUsers = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'").get();
    const hasMigrations = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
    return hasUsers && hasMigrations ? "ok" : "not a Pollinate database (no users or migrations table)";
  } catch (error) {
    return (error as Error).message;
  } finally {
    db?.close();
  }
}

/** Writes a consistent copy of the live database file to `target` (which must not exist). */
export function copyLiveDatabase(databasePath: string, target: string): void {
  const db = new Database(databasePath, { readonly: false });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.query("VACUUM INTO ?").run(target);
  } finally {
    db.close();
  }
}

/** Folds the write-ahead log into the database file, so the file alone is the whole database. */
export function foldWriteAheadLog(databasePath: string): void {
  const old = new Database(databasePath);
  try {
    old.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    old.close();
  }
}
