/**
 * Garden keyword search over the FTS5 table `garden_search` (migration 0004_garden): SQLite only.
 * Every word of the search must match a word prefix of the title, description, tags or text
 * ('medit' finds 'meditation'). The FTS rowid is garden_content.search_doc_id (unique index), so
 * a match maps back without reading any text. PostgreSQL would use a tsvector column with a GIN
 * index instead.
 */
import { sql, type SQL } from "drizzle-orm";
import { gardenContent } from "../../../db/schema";
import { ftsMatchExpression } from "../practitioners/search-text";

/** A condition on garden_content for the keyword, or null when the text has no words. */
export function gardenKeywordCondition(q: string | undefined): SQL | null {
  const match = q ? ftsMatchExpression(q) : null;
  if (!match) return null;
  return sql`${gardenContent.searchDocId} IN (SELECT rowid FROM garden_search WHERE garden_search MATCH ${match})`;
}
