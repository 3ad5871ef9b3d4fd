import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * `column` contains `text`, ignoring the case of the letters A–Z (the admin searches). SQLite's
 * lower() and LIKE fold ASCII letters only, so the text is folded in SQL too and never in
 * JavaScript, which would turn 'Ö' into an 'ö' SQLite never makes of a stored 'Ö'. % and _ in the
 * text match themselves; a NULL column reads as ''. (A PostgreSQL port would use ILIKE.)
 */
export function containsText(column: SQLWrapper, text: string): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return sql`lower(coalesce(${column}, '')) LIKE lower(${pattern}) ESCAPE '\\'`;
}
