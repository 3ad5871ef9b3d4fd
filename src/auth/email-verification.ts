/** Verifying an address: issue a 24-hour link, find its owner, use it up. */
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { withNextPath } from "../../core/auth";
import { sendAccountEmail, type AccountDeps } from "./accounts";
import type { UserRow } from "./session";
import { generateToken, hashToken } from "./tokens";

/** A verification link works for a day; the verification page offers a resend after that. */
export const VERIFICATION_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Stores the hash of a fresh verification token (replacing any earlier one) and returns the token. */
export async function issueVerificationToken(db: Db, userId: string, now: Date): Promise<string> {
  const token = generateToken();
  db.update(users)
    .set({ emailVerificationToken: hashToken(token), emailVerificationExpires: new Date(now.getTime() + VERIFICATION_TOKEN_LIFETIME_MS) })
    .where(eq(users.id, userId))
    .run();
  return token;
}

/**
 * Sends a (new) verification link; a failing mail server is logged, never fatal to sign-up.
 * `next` (a page the person was on their way to, checked by safeNextPath) rides along in the link.
 */
export async function sendVerificationEmail(deps: AccountDeps, user: UserRow, next?: string | null): Promise<boolean> {
  const token = await issueVerificationToken(deps.db, user.id, deps.now());
  const link = `${deps.config.APP_URL}${withNextPath(`/auth/verify-email?token=${token}`, next)}`;
  return sendAccountEmail(deps, "verification", user.email, { name: user.firstName ?? undefined, link });
}

function liveToken(token: string, now: Date) {
  return and(eq(users.emailVerificationToken, hashToken(token)), gt(users.emailVerificationExpires, now));
}

/** The user a live verification token belongs to, without using the token up (GET shows a button). */
export async function findUserByVerificationToken(db: Db, token: string, now: Date): Promise<UserRow | undefined> {
  if (!token) return undefined;
  return db.select().from(users).where(liveToken(token, now)).get();
}

/** Marks the address verified for a live (single-use) token; null for an unknown or expired one. */
export async function verifyEmail(db: Db, token: string, now: Date): Promise<UserRow | null> {
  if (!token) return null;
  return (
    db
      .update(users)
      .set({ isEmailVerified: true, emailVerificationToken: null, emailVerificationExpires: null })
      .where(liveToken(token, now))
      .returning()
      .get() ?? null
  );
}
