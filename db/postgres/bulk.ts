/**
 * Bulk practitioners on PostgreSQL (db/bulk.ts is the neutral entry point): multi-row inserts of
 * 500 rows through drizzle inside the caller's transaction; the directory's triggers index each row
 * as it goes in (all but the version counter: once per load). (For loads of 100k+ rows, COPY would be the next step.)
 */
import { sql } from "drizzle-orm";
import type { PostgresDb } from "./client";
import type { BulkPractitioner } from "../bulk";
import { practitioners, userRoles, users } from "./schema";

/** The highest N of the addresses `${prefix}N${domain}` in users, or 0. */
export async function highestNumberedEmail(db: PostgresDb, prefix: string, domain: string): Promise<number> {
  const [row] = (await db.execute(
    sql`SELECT max(CAST(substr(email, ${prefix.length + 1}, strpos(email, '@') - ${prefix.length + 1}) AS integer)) AS last
        FROM users WHERE email LIKE ${`${prefix}%${domain}`}`,
  )) as unknown as { last: number | null }[];
  return row?.last ?? 0;
}

const CHUNK = 500;

/** The version counters bumped once per inserted row (migration 0001): [table, trigger, counter table]. */
const VERSION_TRIGGERS = [
  ["users", "users_session_version_insert", "session_data_version"],
  ["user_roles", "user_roles_session_version_insert", "session_data_version"],
  ["practitioner_directory", "practitioner_directory_version_insert", "practitioner_directory_version"],
] as const;

/**
 * Inserts the rows in chunks on `tx`, which must be a transaction. The version counters go up
 * once for the whole load, not once per row: 100,000 updates of a counter's one row in one
 * transaction made each update walk the row's earlier versions (quadratic: the load had not ended
 * after 15 minutes). Their triggers are off only inside this transaction (ALTER TABLE locks those
 * tables until it ends: a load-test tool, not for a live site).
 */
export async function insertBulkPractitioners(tx: PostgresDb, count: number, rowOf: (offset: number) => BulkPractitioner): Promise<void> {
  for (const [table, trigger] of VERSION_TRIGGERS) await tx.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`));
  await insertChunks(tx, count, rowOf);
  for (const [table, trigger] of VERSION_TRIGGERS) await tx.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`));
  for (const counter of new Set(VERSION_TRIGGERS.map(([, , c]) => c))) await tx.execute(sql.raw(`UPDATE ${counter} SET version = version + 1 WHERE id = 1`));
}

async function insertChunks(tx: PostgresDb, count: number, rowOf: (offset: number) => BulkPractitioner): Promise<void> {
  for (let start = 0; start < count; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, count - start) }, (_, i) => rowOf(start + i));
    await tx.insert(users).values(
      rows.map(({ user }) => ({
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        isEmailVerified: true,
        createdAt: new Date(user.createdAt),
        updatedAt: new Date(user.createdAt),
      })),
    );
    await tx.insert(userRoles).values(rows.map(({ user, roleId }) => ({ id: roleId, userId: user.id, role: "practitioner" as const })));
    await tx.insert(practitioners).values(
      rows.map(({ user, practitioner: p }) => ({
        ...(p as typeof p & Pick<typeof practitioners.$inferInsert, "archetype" | "experienceLevel">),
        userId: user.id,
        createdAt: new Date(user.createdAt),
        updatedAt: new Date(user.createdAt),
      })),
    );
  }
}
