/**
 * Garden keyword search over the FTS5 table `garden_search` (migration 0004_garden): SQLite only.
 * Every word of the search must match a word prefix of the title, description, tags or text
 * ('medit' finds 'meditation'). The FTS rowid is garden_content.search_doc_id, so a match maps
 * back through an index without reading any text. PostgreSQL would use a tsvector column with a
 * GIN index instead.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { gardenContent } from "../../../db/schema";
import { ftsMatchExpression } from "../practitioners/search-text.sqlite";

/**
 * Above this many word matches, a page is found faster by walking the newest-first index and
 * checking each piece against the matches than by sorting every match (docs/performance.md).
 */
export const BROAD_MATCHES = 2000;

export interface GardenKeyword {
  /** For counting: drive from the matches through the covering doc-id index. */
  count: SQL;
  /** For a page: the same condition, or for broad searches one that lets the date index lead. */
  page: SQL;
}

/** The keyword as SQL conditions on garden_content, or null when the text has no words. */
export function gardenKeyword(db: Db, q: string | undefined): GardenKeyword | null {
  const match = q ? ftsMatchExpression(q) : null;
  if (!match) return null;
  const matches = sql`(SELECT rowid FROM garden_search WHERE garden_search MATCH ${match})`;
  const count = sql`${gardenContent.searchDocId} IN ${matches}`;
  const [{ n: total }] = db.all<{ n: number }>(sql`SELECT count(*) AS n FROM garden_search WHERE garden_search MATCH ${match}`);
  // unary + keeps SQLite from using the doc-id index, so the newest-first index leads
  return { count, page: total > BROAD_MATCHES ? sql`+${gardenContent.searchDocId} IN ${matches}` : count };
}
