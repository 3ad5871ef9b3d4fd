import type { Database } from "bun:sqlite";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

const UNICODE_LOWER = "unicode_lower";

/**
 * Registers `unicode_lower()`, lower() for every alphabet, on a connection (openDatabase does, for
 * each): SQLite's own lower() and LIKE fold the letters A–Z only, so 'österreich' would not find
 * 'Österreich'. For queries only: a schema, trigger or index using it would not open in other tools.
 */
export function registerTextFunctions(sqlite: Database): void {
  sqlite.function(UNICODE_LOWER, { deterministic: true }, (text: unknown) => (typeof text === "string" ? text.toLowerCase() : (text as null)));
}

/** Text with letters beyond ASCII needs the JavaScript fold; plain ASCII keeps SQLite's faster one. */
const ASCII = /^[\x00-\x7f]*$/;

function folded(column: SQLWrapper, text: string): SQL {
  return ASCII.test(text) ? sql`lower(coalesce(${column}, ''))` : sql`${sql.raw(UNICODE_LOWER)}(coalesce(${column}, ''))`;
}

/**
 * `column` contains `text`, in any case (the admin searches). % and _ in the text match
 * themselves; a NULL column reads as ''. (A PostgreSQL port would use ILIKE.)
 */
export function containsText(column: SQLWrapper, text: string): SQL {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return sql`${folded(column, text)} LIKE ${pattern} ESCAPE '\\'`;
}

/** `column` equals `text` in any case (a filter chosen from a list of stored values). */
export function sameText(column: SQLWrapper, text: string): SQL {
  return sql`${folded(column, text)} = ${text.toLowerCase()}`;
}
