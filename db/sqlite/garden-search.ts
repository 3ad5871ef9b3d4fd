/**
 * Garden keyword search over the FTS5 table `garden_search` (migrations 0008_garden and
 * 0010_garden_list_speed): SQLite only. Every word of the search must match a word prefix of the
 * title, description, tags or text ('medit' finds 'meditation'). The FTS rowid is
 * garden_content.search_doc_id, so a match maps back through an index without reading any text.
 * PostgreSQL would use a tsvector column with a GIN index instead.
 */
import { and, desc, sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../client";
import { gardenContent } from "../schema/tables";
// the same words-to-FTS5 rules as the directory's search
import { ftsMatchExpression } from "./practitioner-search-text";

/**
 * Above this many word matches, a page is found by walking the newest pieces and checking them
 * against the matches instead of sorting every match (docs/performance.md).
 */
export const BROAD_MATCHES = 2000;

/**
 * A broad search's page looks at the newest pieces first, at least this many, then at least four
 * times as many each round while too few of them match; past NEWEST_MAX it reads every match.
 */
const NEWEST_FIRST = 200;
const NEWEST_MAX = 50_000;

export interface GardenKeyword {
  /** Those of `pieces` that match, in their order (one look at the index over the span of their doc ids). */
  matching<T extends { docId: number | null }>(pieces: T[]): Promise<T[]>;
  /**
   * How many pieces meeting `where` match, counting at most `limit`: the search's matches lead
   * (through the covering doc-id index), so the cost grows with `limit`, not with the matches.
   */
  countUpTo(where: SQL, limit: number): Promise<number>;
  /** The ids of the matching pieces meeting `where`, newest first, from `offset`. */
  pageIds(where: SQL, limit: number, offset: number): Promise<string[]>;
}

const newestFirst = [desc(gardenContent.createdAt), desc(gardenContent.id)] as const;

/** The keyword as SQL on garden_content, or null when the text has no words. (`newestMax` is for tests.) */
export async function gardenKeyword(db: Db, q: string | undefined, { newestMax = NEWEST_MAX } = {}): Promise<GardenKeyword | null> {
  const match = q ? ftsMatchExpression(q) : null;
  if (!match) return null;
  const matches = sql`(SELECT rowid FROM garden_search WHERE garden_search MATCH ${match})`;
  // whether there are more than BROAD_MATCHES is all the choice of plan needs: stop counting there
  const [{ n: wordMatches }] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM garden_search WHERE garden_search MATCH ${match} LIMIT ${BROAD_MATCHES + 1})`,
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
    // FTS5 seeks to the rowid range: only matches inside the span are read
    const rows = await queryRows<{ docId: number }>(db, sql`SELECT rowid AS docId FROM garden_search WHERE garden_search MATCH ${match} AND rowid BETWEEN ${low} AND ${high}`);
    const found = new Set(rows.map((r) => r.docId));
    return pieces.filter((p) => p.docId !== null && found.has(p.docId));
  };

  return {
    matching,
    countUpTo: async (where, limit) =>
      (
        await queryRows<{ n: number }>(
          db,
          // CROSS JOIN keeps this order: from the matches to the pieces, never the other way round
          sql`SELECT count(*) AS n FROM (SELECT 1 FROM garden_search CROSS JOIN ${gardenContent} ON ${gardenContent.searchDocId} = garden_search.rowid WHERE garden_search MATCH ${match} AND ${where} LIMIT ${limit})`,
        )
      )[0].n,
    async pageIds(where, limit, offset) {
      // few matches: from the matches through the doc-id index, then sorted
      if (wordMatches <= BROAD_MATCHES) return ids(and(where, sql`${gardenContent.searchDocId} IN ${matches}`)!, limit, offset);
      // unary + keeps SQLite from using the doc-id index, so the newest-first index leads
      return (await newestMatching(db, matching, where, limit, offset, newestMax)) ?? ids(and(where, sql`+${gardenContent.searchDocId} IN ${matches}`)!, limit, offset);
    },
  };
}

/**
 * A page of a broad search: the newest `n` pieces meeting `where` (from the covering list index),
 * then which of them match. Exact: a match outside the newest `n` is older than all of them, so
 * once `offset + limit` of them match, the page is those. Each further round reads as many as the
 * rounds so far suggest it needs. Null when even `newestMax` pieces hold too few matches.
 */
async function newestMatching(db: Db, matching: GardenKeyword["matching"], where: SQL, limit: number, offset: number, newestMax: number): Promise<string[] | null> {
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
    // at the share of matches seen so far, with room to spare; at least four times as many
    n = Math.max(4 * n, Math.ceil((2 * needed * n) / Math.max(1, hits.length)));
  }
  return null;
}
