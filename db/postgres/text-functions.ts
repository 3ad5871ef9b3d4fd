import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * The PostgreSQL twin of db/sqlite/text-functions.ts, for db/text.ts. PostgreSQL's lower() and
 * ILIKE fold every alphabet (under the database's UTF-8 locale), so no function to register.
 */

/** `column` contains `text`, in any case (the admin searches). % and _ in the text match themselves; a NULL column reads as ''. */
export function containsText(column: SQLWrapper, text: string): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return sql`coalesce(${column}, '') ILIKE ${pattern} ESCAPE '\\'`;
}

/** `column` equals `text` in any case (a filter chosen from a list of stored values). */
export function sameText(column: SQLWrapper, text: string): SQL {
  return sql`lower(coalesce(${column}, '')) = lower(${text})`;
}
