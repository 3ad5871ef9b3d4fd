/**
 * PLACEHOLDER of the PostgreSQL Garden keyword search (garden_content.search_vector): written on
 * branch pg-search, whose file replaces this one at merge. The same exports as
 * db/sqlite/garden-search.ts, which db/garden-search.ts chooses between by the engine.
 */
import type { SQL } from "drizzle-orm";
import type { Db } from "../client";

export const BROAD_MATCHES = 2000;

export interface GardenKeyword {
  matching<T extends { docId: number | null }>(pieces: T[]): Promise<T[]>;
  countUpTo(where: SQL, limit: number): Promise<number>;
  pageIds(where: SQL, limit: number, offset: number): Promise<string[]>;
}

export async function gardenKeyword(_db: Db, q: string | undefined, _options: { newestMax?: number } = {}): Promise<GardenKeyword | null> {
  if (!q?.trim()) return null;
  throw new Error("gardenKeyword: the Garden search is not yet on PostgreSQL (branch pg-search)");
}
