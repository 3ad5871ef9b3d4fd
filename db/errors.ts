/** Constraint errors of the database, whichever engine raised them (drizzle wraps them in DrizzleQueryError.cause). */
import { isSqliteUniqueViolation } from "./sqlite/errors";

/** True for a UNIQUE or PRIMARY KEY violation: map it to 409, never a 500. */
export function isUniqueViolation(error: unknown): boolean {
  return isSqliteUniqueViolation(error);
}
