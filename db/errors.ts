/** Constraint errors of the database, whichever engine raised them (drizzle wraps them in DrizzleQueryError.cause). */
import { isPostgresExclusionViolation, isPostgresUniqueViolation } from "./postgres/errors";
import { isSqliteUniqueViolation } from "./sqlite/errors";

/** True for a UNIQUE or PRIMARY KEY violation: map it to 409, never a 500. */
export function isUniqueViolation(error: unknown): boolean {
  return isSqliteUniqueViolation(error) || isPostgresUniqueViolation(error);
}

/**
 * True when the bookings' exclusion constraint (PostgreSQL's `bookings_no_overlap`, db/postgres
 * migration 0001) refused a booking over another live one of the practitioner: the same 409 as a
 * taken slot. SQLite has no such constraint (its transaction's check is the only one): always false.
 */
export function isOverlapViolation(error: unknown): boolean {
  return isPostgresExclusionViolation(error);
}
