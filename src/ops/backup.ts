/**
 * Backup and restore of the SQLite file. A backup is `VACUUM INTO` on a live connection: one read
 * transaction, so the copy is consistent while the server keeps writing (WAL lets it). A restore
 * refuses any file that fails `PRAGMA integrity_check` or is not a Pollinate database.
 */
import { Database } from "bun:sqlite";
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";

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

/** The default backup file: data/backups/app-2025-03-14T10-00-00-000Z.db next to the database. */
export function defaultBackupPath(databasePath: string, now = new Date()): string {
  return join(dirname(databasePath), "backups", `app-${now.toISOString().replace(/[:.]/g, "-")}.db`);
}

/** Writes a consistent copy of the live database to `target` and checks it. */
export function backupDatabase(databasePath: string, target: string): { path: string; bytes: number } {
  if (existsSync(target)) throw new Error(`${target} already exists; choose a new file name`);
  mkdirSync(dirname(target), { recursive: true });
  const db = new Database(databasePath, { readonly: false });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.query("VACUUM INTO ?").run(target);
  } finally {
    db.close();
  }
  const integrity = integrityOf(target);
  if (integrity !== "ok") throw new Error(`the backup failed its integrity check: ${integrity}`);
  return { path: target, bytes: Bun.file(target).size };
}

/**
 * Puts a backup in place of the database (run with the server stopped). The current file is kept
 * as `<name>.before-restore`; its -wal and -shm files are removed so SQLite does not replay them.
 */
export function restoreDatabase(backup: string, databasePath: string): { previous: string | null } {
  const integrity = integrityOf(backup);
  if (integrity !== "ok") throw new Error(`refusing to restore ${backup}: ${integrity}`);
  mkdirSync(dirname(databasePath), { recursive: true });
  const staging = `${databasePath}.restoring`;
  copyFileSync(backup, staging);
  let previous: string | null = null;
  if (existsSync(databasePath)) {
    previous = `${databasePath}.before-restore`;
    // fold the WAL into the old file first so the kept copy is whole
    const old = new Database(databasePath);
    old.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    old.close();
    rmSync(previous, { force: true });
    renameSync(databasePath, previous);
  }
  rmSync(`${databasePath}-wal`, { force: true });
  rmSync(`${databasePath}-shm`, { force: true });
  renameSync(staging, databasePath);
  return { previous };
}
