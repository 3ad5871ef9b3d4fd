/** Verifying an address: issue a 24-hour link, find its owner, use it up. */
import { and, eq, gt, sql } from "drizzle-orm";
import { atomic, first, type Db } from "../../db/client";
import { users } from "../../db/schema";
import { withNextPath } from "../../core/auth";
import { enqueueAccountEmail, normalizeEmail, type AccountDeps } from "./accounts";
import type { UserRow } from "./session";
import { generateToken, hashToken } from "./tokens";

/** A verification link works for a day; the verification page offers a resend after that. */
export const VERIFICATION_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

function freshToken(now: Date) {
  const token = generateToken();
  return { token, set: { emailVerificationToken: hashToken(token), emailVerificationExpires: new Date(now.getTime() + VERIFICATION_TOKEN_LIFETIME_MS) } };
}

/** Stores the hash of a fresh verification token (replacing any earlier one) and returns the token. */
export async function issueVerificationToken(db: Db, userId: string, now: Date): Promise<string> {
  const { token, set } = freshToken(now);
  await atomic(db, async (tx) => {
    await tx.update(users).set(set).where(eq(users.id, userId));
  });
  return token;
}

function verificationLink(deps: AccountDeps, token: string, next?: string | null): string {
  return `${deps.config.APP_URL}${withNextPath(`/auth/verify-email?token=${token}`, next)}`;
}

/**
 * Issues a (new) verification link and puts its e-mail in the outbox, in one transaction (pass a
 * transaction's handle to join it, e.g. sign-up's). `next` (a page the person was on their way to,
 * checked by safeNextPath) rides along in the link.
 */
export async function sendVerificationEmail(deps: AccountDeps, user: UserRow, next?: string | null, db: Db = deps.db): Promise<void> {
  await atomic(db, async (tx) => {
    const token = await issueVerificationToken(tx, user.id, deps.now());
    await enqueueAccountEmail(tx, deps, "verification", user.email, { name: user.firstName ?? undefined, link: verificationLink(deps, token, next) });
  });
}

/**
 * A new link for the account of `email` if it waits for verification, and nothing otherwise, in
 * one transaction whichever it is (an update that matches no row costs what one that matches
 * does, but the e-mail), so the time taken tells little about the address.
 */
export async function resendVerificationByEmail(deps: AccountDeps, email: string): Promise<void> {
  const { token, set } = freshToken(deps.now());
  await atomic(deps.db, async (tx) => {
    const user = await first(
      tx
        .update(users)
        .set(set)
        .where(and(sql`lower(${users.email}) = ${normalizeEmail(email)}`, eq(users.isEmailVerified, false)))
        .returning(),
    );
    if (user) await enqueueAccountEmail(tx, deps, "verification", user.email, { name: user.firstName ?? undefined, link: verificationLink(deps, token) });
  });
}

function liveToken(token: string, now: Date) {
  return and(eq(users.emailVerificationToken, hashToken(token)), gt(users.emailVerificationExpires, now));
}

/** The user a live verification token belongs to, without using the token up (GET shows a button). */
export async function findUserByVerificationToken(db: Db, token: string, now: Date): Promise<UserRow | undefined> {
  if (!token) return undefined;
  return first(db.select().from(users).where(liveToken(token, now)).limit(1));
}

/** Marks the address verified for a live (single-use) token; null for an unknown or expired one. */
export async function verifyEmail(db: Db, token: string, now: Date): Promise<UserRow | null> {
  if (!token) return null;
  const verified = await atomic(db, async (tx) =>
    first(tx.update(users).set({ isEmailVerified: true, emailVerificationToken: null, emailVerificationExpires: null }).where(liveToken(token, now)).returning()),
  );
  return verified ?? null;
}
