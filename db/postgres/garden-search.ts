/**
 * Garden keyword search on PostgreSQL: the twin of db/sqlite/garden-search.ts, over the generated
 * `garden_content.search_vector` (title A, description and tags B, body D; GIN) of migration 0001
 * (docs/decisions/025-postgresql-driver.md, "Search on PostgreSQL"). Every word of the search must
 * match a word prefix ('medit' finds 'meditation'; a single character a whole word), as on SQLite.
 * The same exports: gardenKeyword, BROAD_MATCHES, GardenKeyword.
 */
import { and, desc, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
// the same words as the directory's search and SQLite's Garden search
import { searchWords } from "../sqlite/practitioner-search-text";
import type { PostgresDb } from "./client";
import { gardenContent } from "./schema";

/**
 * Above this many word matches, a page walks the newest pieces and checks them against the search
 * instead of sorting every match (as on SQLite: the same number, the same pages).
 */
export const BROAD_MATCHES = 2000;

/**
 * A broad search's page looks at the newest pieces first, at least this many, then at least four
 * times as many each round while too few of them match; past NEWEST_MAX it reads every match.
 */
const NEWEST_FIRST = 200;
const NEWEST_MAX = 50_000;

export interface GardenKeyword {
  /** Those of `pieces` that match, in their order. */
  matching<T extends { docId: number | null }>(pieces: T[]): Promise<T[]>;
  /** How many pieces meeting `where` match, counting at most `limit`. */
  countUpTo(where: SQL, limit: number): Promise<number>;
  /** The ids of the matching pieces meeting `where`, newest first, from `offset`. */
  pageIds(where: SQL, limit: number, offset: number): Promise<string[]>;
}

const newestFirst = [desc(gardenContent.createdAt), desc(gardenContent.id)] as const;

/** The tsquery text of a search: every word a prefix from two characters, a single character a whole word; null without words. */
export function gardenTsquery(q: string): string | null {
  const words = searchWords(q);
  return words.length === 0 ? null : words.map((w) => (w.length >= 2 ? `${w}:*` : w)).join(" & ");
}

async function rows<T>(db: PostgresDb, query: SQL): Promise<T[]> {
  return [...((await db.execute(query)) as unknown as T[])];
}

/** The keyword as SQL on garden_content, or null when the text has no words. (`newestMax` is for tests.) */
export async function gardenKeyword(handle: Db, q: string | undefined, { newestMax = NEWEST_MAX } = {}): Promise<GardenKeyword | null> {
  const db = handle as unknown as PostgresDb;
  const text = q ? gardenTsquery(q) : null;
  if (!text) return null;
  // search_vector is a generated column of migration 0001, outside the drizzle schema (as FTS5 is on SQLite)
  const match = sql`${gardenContent}.search_vector @@ to_tsquery('pollinate_words', ${text})`;
  // whether there are more than BROAD_MATCHES is all the choice of plan needs: stop counting there
  const [{ n: wordMatches }] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${gardenContent} WHERE ${match} LIMIT ${BROAD_MATCHES + 1}) m`,
  );
  const ids = async (where: SQL, limit: number, offset: number): Promise<string[]> =>
    (await db.select({ id: gardenContent.id }).from(gardenContent).where(where).orderBy(...newestFirst).limit(limit).offset(offset)).map((r) => r.id);

  const matching = async <T extends { docId: number | null }>(pieces: T[]): Promise<T[]> => {
    let low = Infinity;
    let high = -Infinity;
    for (const { docId } of pieces) {
      if (docId === null) continue;
      low = Math.min(low, docId);
      high = Math.max(high, docId);
    }
    if (low > high) return [];
    // the matches inside the span of the pieces' doc ids (the doc-id index, or the GIN index when fewer)
    const found = new Set(
      (await rows<{ docId: number }>(db, sql`SELECT ${gardenContent.searchDocId} AS "docId" FROM ${gardenContent} WHERE ${match} AND ${gardenContent.searchDocId} BETWEEN ${low} AND ${high}`)).map((r) =>
        Number(r.docId),
      ),
    );
    return pieces.filter((p) => p.docId !== null && found.has(p.docId));
  };

  return {
    matching,
    countUpTo: async (where, limit) =>
      (await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${gardenContent} WHERE ${match} AND ${where} LIMIT ${limit}) m`))[0].n,
    async pageIds(where, limit, offset) {
      // few matches: from the GIN index's matches, then sorted
      if (wordMatches <= BROAD_MATCHES) return ids(and(where, match)!, limit, offset);
      // many: the newest pieces from the list index, checked against the search
      return (await newestMatching(db, matching, where, limit, offset, newestMax)) ?? ids(and(where, match)!, limit, offset);
    },
  };
}

/**
 * A page of a broad search (as on SQLite): the newest `n` pieces meeting `where`, then which of
 * them match. Exact: a match outside the newest `n` is older than all of them. Null when even
 * `newestMax` pieces hold too few matches.
 */
async function newestMatching(db: PostgresDb, matching: GardenKeyword["matching"], where: SQL, limit: number, offset: number, newestMax: number): Promise<string[] | null> {
  const needed = offset + limit;
  let n = Math.max(NEWEST_FIRST, 4 * needed);
  while (n <= newestMax) {
    const newest = await db
      .select({ id: gardenContent.id, docId: gardenContent.searchDocId })
      .from(gardenContent)
      .where(where)
      .orderBy(...newestFirst)
      .limit(n);
    const hits = await matching(newest);
    if (hits.length >= needed || newest.length < n) return hits.slice(offset, needed).map((p) => p.id);
    n = Math.max(4 * n, Math.ceil((2 * needed * n) / Math.max(1, hits.length)));
  }
  return null;
}
