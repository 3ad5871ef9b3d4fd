/**
 * Bulk loading for load tests of the directory and search, in the engine's fastest way (SQLite:
 * prepared statements in one transaction, db/sqlite/bulk.ts). Code outside db/ imports this module.
 */
import { atomic, isPostgres, sqliteConnectionOf, type Db } from "./client";
import * as postgres from "./postgres/bulk";
import type { PostgresDb } from "./postgres/client";
import { highestNumberedEmail as highestNumberedEmailSqlite, insertBulkPractitioners as insertBulkPractitionersSqlite } from "./sqlite/bulk";

/** One generated practitioner with its verified user (no password) and its practitioner role. */
export interface BulkPractitioner {
  user: { id: string; email: string; firstName: string; lastName: string; createdAt: number };
  roleId: string;
  practitioner: {
    id: string;
    archetype: string;
    experienceLevel: string;
    bio: string | null;
    specializations: string[];
    professionalCategories: string[];
    hourlyRateCents: number | null;
    location: string | null;
    isVirtual: boolean;
    isInPerson: boolean;
    isVerified: boolean;
    responseTimeHours: number | null;
    yearsActive: number | null;
  };
}

/** The highest N among the users' addresses `${prefix}N${domain}`, or 0 (so repeated bulk runs continue). */
export async function highestNumberedEmail(db: Db, prefix: string, domain: string): Promise<number> {
  if (isPostgres(db)) return postgres.highestNumberedEmail(db as unknown as PostgresDb, prefix, domain);
  return highestNumberedEmailSqlite(sqliteConnectionOf(db), prefix, domain);
}

/**
 * Inserts `count` practitioners, row `offset` being `rowOf(offset)`, in one transaction (the
 * caller's when `db` is one). The directory's triggers index them as they go in.
 */
export async function insertBulkPractitioners(db: Db, count: number, rowOf: (offset: number) => BulkPractitioner): Promise<void> {
  await atomic(db, async (tx) =>
    isPostgres(tx) ? postgres.insertBulkPractitioners(tx as unknown as PostgresDb, count, rowOf) : insertBulkPractitionersSqlite(sqliteConnectionOf(tx), count, rowOf),
  );
}
