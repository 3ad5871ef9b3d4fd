/**
 * Backup and restore of the database file. A backup is a consistent copy taken on a live
 * connection (SQLite: `VACUUM INTO`, one read transaction, so the server keeps writing meanwhile:
 * db/backup.ts). A restore refuses any file that fails the integrity check or is not a Pollinate
 * database.
 */
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { copyLiveDatabase, foldWriteAheadLog, integrityOf, processesUsing } from "../../db/backup";

export { integrityOf };

/** Refusal to restore over a database that a running process (a server) has open. */
export class DatabaseInUseError extends Error {
  constructor(databasePath: string, readonly pids: number[]) {
    super(
      `${databasePath} is in use by process ${pids.join(", ")} (a running Pollinate server?). ` +
        `A server keeps writing to the file it opened, so what it saves after a restore would be lost. ` +
        `First stop the server (systemctl stop pollinate, or Ctrl+C where npm start runs; kill ${pids.join(" ")} sends the same SIGTERM), then run the restore again and start the server.`,
    );
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
  copyLiveDatabase(databasePath, target);
  const integrity = integrityOf(target);
  if (integrity !== "ok") throw new Error(`the backup failed its integrity check: ${integrity}`);
  return { path: target, bytes: Bun.file(target).size };
}

/**
 * Puts a backup in place of the database (run with the server stopped). The current file is kept
 * as `<name>.before-restore`; its -wal and -shm files are removed so SQLite does not replay them.
 */
export function restoreDatabase(backup: string, databasePath: string): { previous: string | null } {
  // a server holding the file open would keep writing to the replaced file: every write it
  // acknowledged after the restore would be gone at its next start
  const users = existsSync(databasePath) ? processesUsing(databasePath) : [];
  if (users && users.length > 0) throw new DatabaseInUseError(databasePath, users);
  const integrity = integrityOf(backup);
  if (integrity !== "ok") throw new Error(`refusing to restore ${backup}: ${integrity}`);
  mkdirSync(dirname(databasePath), { recursive: true });
  const staging = `${databasePath}.restoring`;
  copyFileSync(backup, staging);
  let previous: string | null = null;
  if (existsSync(databasePath)) {
    previous = `${databasePath}.before-restore`;
    // fold the WAL into the old file first so the kept copy is whole
    foldWriteAheadLog(databasePath);
    rmSync(previous, { force: true });
    renameSync(databasePath, previous);
  }
  rmSync(`${databasePath}-wal`, { force: true });
  rmSync(`${databasePath}-shm`, { force: true });
  renameSync(staging, databasePath);
  return { previous };
}
