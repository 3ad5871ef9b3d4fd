/**
 * Backups of the database, whichever engine holds it (SQLite: db/sqlite/backup.ts). Code outside
 * db/ (src/ops/backup.ts, the backup and restore scripts) imports this module.
 */
import * as sqlite from "./sqlite/backup";

/** "ok" when the file passes the engine's integrity check and is a Pollinate database; otherwise what is wrong. */
export function integrityOf(path: string): string {
  return sqlite.integrityOf(path);
}

/** Writes a consistent copy of the live database to `target` (which must not exist) while the server may keep writing. */
export function copyLiveDatabase(databasePath: string, target: string): void {
  sqlite.copyLiveDatabase(databasePath, target);
}

/** Makes the database file whole on its own (folds the write-ahead log into it), before it is moved aside. */
export function foldWriteAheadLog(databasePath: string): void {
  sqlite.foldWriteAheadLog(databasePath);
}

/** The other processes that have the database open (a running server), or null when the system cannot tell. */
export function processesUsing(databasePath: string): number[] | null {
  return sqlite.processesUsing(databasePath);
}
