/**
 * Backups of the SQLite file (db/backup.ts is the neutral entry point): `VACUUM INTO` on a live
 * connection is one read transaction, so the copy is consistent while the server keeps writing
 * (WAL lets it); `PRAGMA integrity_check` tells whether a file may be restored.
 */
import { Database } from "bun:sqlite";
import { existsSync, readFileSync, statSync } from "node:fs";

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

/**
 * The other processes that hold the database open, from the kernel's table of POSIX locks
 * (/proc/locks): every SQLite connection in WAL mode holds a shared lock on the file and on a byte
 * of its -shm file for as long as it is open. null when this system has no such table (not Linux):
 * the caller cannot tell.
 */
export function processesUsing(databasePath: string): number[] | null {
  let table: string;
  try {
    table = readFileSync("/proc/locks", "utf8");
  } catch {
    return null;
  }
  const inodes = new Set<string>();
  for (const file of [databasePath, `${databasePath}-shm`, `${databasePath}-wal`]) {
    if (existsSync(file)) inodes.add(String(statSync(file).ino));
  }
  const pids = new Set<number>();
  for (const line of table.split("\n")) {
    // "1: POSIX  ADVISORY  READ 11935 fe:00:2155235 128 128" (a blocked waiter's line starts with "->")
    const fields = line.trim().split(/\s+/);
    const at = fields.findIndex((f) => /^[0-9a-f]+:[0-9a-f]+:\d+$/.test(f));
    if (at < 1) continue;
    const inode = fields[at].split(":")[2];
    const pid = Number(fields[at - 1]);
    if (inodes.has(inode) && Number.isInteger(pid) && pid > 0 && pid !== process.pid) pids.add(pid);
  }
  return [...pids];
}
