/** SQLite's constraint errors, as drizzle hands them over (a PostgreSQL port adds its own: SQLSTATE 23505). */

/** True for a SQLite UNIQUE or PRIMARY KEY violation (drizzle wraps it in DrizzleQueryError.cause). */
export function isSqliteUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
