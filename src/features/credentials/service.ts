/**
 * Practitioners' credentials (issue 26, decision 029): a practitioner lists theirs; an admin checks
 * each with its issuing body and verifies it (audit-logged); the profile's Verified badge says what
 * was checked and when.
 */
import { and, asc, count, desc, eq, isNull } from "drizzle-orm";
import { atomic, first, type Db } from "../../../db/client";
import { practitionerCredentials, practitioners, users } from "../../../db/schema";
import { CREDENTIAL_TEXTS, CREDENTIALS_MAX, type AdminCredentialRow, type ApiCredential, type CredentialInput } from "../../../core/credentials";
import { conflict, notFound } from "../../http/errors";
import { recordAdminAction, type AdminActor } from "../admin/service";

type Row = typeof practitionerCredentials.$inferSelect;

export function toApiCredential(row: Row): ApiCredential {
  return { id: row.id, title: row.title, issuingBody: row.issuingBody, number: row.number, year: row.year, verifiedAt: row.verifiedAt?.toISOString() ?? null };
}

/** A practitioner's credentials, oldest first (the profile and the editor). */
export async function credentialsOf(db: Db, practitionerId: string): Promise<ApiCredential[]> {
  const rows = await db.select().from(practitionerCredentials).where(eq(practitionerCredentials.practitionerId, practitionerId)).orderBy(asc(practitionerCredentials.createdAt), asc(practitionerCredentials.id));
  return rows.map(toApiCredential);
}

export async function addCredential(db: Db, practitionerId: string, input: CredentialInput, now: Date): Promise<ApiCredential> {
  return atomic(db, async (tx) => {
    const existing = await first(tx.select({ n: count() }).from(practitionerCredentials).where(eq(practitionerCredentials.practitionerId, practitionerId)));
    if (Number(existing?.n ?? 0) >= CREDENTIALS_MAX) throw conflict(CREDENTIAL_TEXTS.tooMany);
    const [row] = await tx.insert(practitionerCredentials).values({ practitionerId, ...input, createdAt: now }).returning();
    return toApiCredential(row);
  });
}

/** Removes one of the practitioner's own credentials; another's (or none) is a 404. */
export async function removeCredential(db: Db, practitionerId: string, credentialId: string): Promise<void> {
  await atomic(db, async (tx) => {
    const gone = await tx.delete(practitionerCredentials).where(and(eq(practitionerCredentials.id, credentialId), eq(practitionerCredentials.practitionerId, practitionerId))).returning({ id: practitionerCredentials.id });
    if (gone.length === 0) throw notFound(CREDENTIAL_TEXTS.notFound);
  });
}

/** Every credential for the admin dashboard: the ones waiting for a check first, then the newest. */
export async function listAdminCredentials(db: Db): Promise<AdminCredentialRow[]> {
  const rows = await db
    .select({ credential: practitionerCredentials, email: users.email, displayName: practitioners.displayName })
    .from(practitionerCredentials)
    .innerJoin(practitioners, eq(practitioners.id, practitionerCredentials.practitionerId))
    .innerJoin(users, eq(users.id, practitioners.userId))
    .orderBy(desc(isNull(practitionerCredentials.verifiedAt)), desc(practitionerCredentials.createdAt), asc(practitionerCredentials.id))
    .limit(500);
  return rows.map((r) => ({ ...toApiCredential(r.credential), practitionerId: r.credential.practitionerId, practitionerEmail: r.email, practitionerName: r.displayName, verifiedBy: r.credential.verifiedBy }));
}

/**
 * An admin verifies a credential (checked with its issuing body) or withdraws the verification;
 * audit-logged. Verifying one also marks the practitioner Verified; the badge lists what was checked.
 */
export async function setCredentialVerified(db: Db, actor: AdminActor, credentialId: string, verified: boolean, now: Date): Promise<ApiCredential> {
  return atomic(db, async (tx) => {
    const [row] = await tx
      .update(practitionerCredentials)
      .set(verified ? { verifiedAt: now, verifiedBy: actor.label } : { verifiedAt: null, verifiedBy: null })
      .where(eq(practitionerCredentials.id, credentialId))
      .returning();
    if (!row) throw notFound(CREDENTIAL_TEXTS.notFound);
    if (verified) await tx.update(practitioners).set({ isVerified: true, updatedAt: now }).where(eq(practitioners.id, row.practitionerId));
    await recordAdminAction(tx, actor, verified ? "verify-credential" : "unverify-credential", { type: "credential", id: credentialId, detail: `${row.title}, ${row.issuingBody} (${row.year})` }, now);
    return toApiCredential(row);
  });
}
