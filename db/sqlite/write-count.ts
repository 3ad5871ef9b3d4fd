/** SQLite's count of rows written through one connection since it opened (db/write-count.ts). */
import type { Database } from "bun:sqlite";

export function totalChanges(sqlite: Database): number {
  return (sqlite.query("SELECT total_changes() AS n").get() as { n: number }).n;
}
