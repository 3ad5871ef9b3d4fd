/**
 * PostgreSQL's error codes (SQLSTATE), the twin of db/sqlite/errors.ts for db/errors.ts
 * (docs/decisions/025-postgresql-driver.md). Bun's SQL client raises a PostgresError with the
 * SQLSTATE in `errno` (and `code: "ERR_POSTGRES_SERVER_ERROR"`); node-postgres and postgres-js
 * put it in `code`. drizzle wraps either in DrizzleQueryError, with the driver's error as `cause`.
 */

export const SQLSTATE = {
  uniqueViolation: "23505",
  exclusionViolation: "23P01",
  serializationFailure: "40001",
  deadlockDetected: "40P01",
} as const;

/** The SQLSTATE of a PostgreSQL error, wrapped or not; undefined for anything else. */
export function postgresErrorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { errno, code } = e as { errno?: unknown; code?: unknown };
    for (const candidate of [errno, code]) {
      if (typeof candidate === "string" && /^[0-9A-Z]{5}$/.test(candidate)) return candidate;
    }
  }
  return undefined;
}

/** A UNIQUE or PRIMARY KEY violation (map it to 409, never a 500). */
export function isPostgresUniqueViolation(error: unknown): boolean {
  return postgresErrorCode(error) === SQLSTATE.uniqueViolation;
}

/** An exclusion constraint refused the row (bookings_no_overlap: the slot is taken). */
export function isPostgresExclusionViolation(error: unknown): boolean {
  return postgresErrorCode(error) === SQLSTATE.exclusionViolation;
}

/** The transaction lost a race PostgreSQL detected: run it again from the start. */
export function isRetryableTransactionFailure(error: unknown): boolean {
  const code = postgresErrorCode(error);
  return code === SQLSTATE.serializationFailure || code === SQLSTATE.deadlockDetected;
}
