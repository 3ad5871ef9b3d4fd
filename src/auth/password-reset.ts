/** Password reset: e-mail a one-hour link, check it, set the new password and sign out everywhere. */
import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import { atomic, first, type Db } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { enqueueAccountEmail, normalizeEmail, type AccountDeps } from "./accounts";
import { hashPassword } from "./password";
import type { UserRow } from "./session";
import { generateToken, hashToken } from "./tokens";

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Stores a one-hour reset token and puts its link in the outbox when the address has an account,
 * and does nothing otherwise. Both take one transaction around one update (that matches a row or
 * none), so neither the route's answer (the same text either way) nor its time tells whether the
 * address has an account; the e-mail leaves after the answer, from the outbox.
 */
export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  const token = generateToken();
  await atomic(deps.db, async (tx) => {
    const user = await first(
      tx
        .update(users)
        .set({ resetPasswordToken: hashToken(token), resetPasswordExpires: new Date(deps.now().getTime() + RESET_TOKEN_LIFETIME_MS) })
        .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
        .returning(),
    );
    if (!user) return;
    const link = `${deps.config.APP_URL}/auth/reset-password?token=${token}`;
    await enqueueAccountEmail(tx, deps, "password-reset", user.email, { name: user.firstName ?? undefined, link });
  });
}

const liveToken = (token: string, now: Date) => and(eq(users.resetPasswordToken, hashToken(token)), gt(users.resetPasswordExpires, now));

/** The user a reset token belongs to, if it is still valid (the reset page checks before showing its form). */
export async function findUserByResetToken(db: Db, token: string, now: Date): Promise<UserRow | undefined> {
  if (!token) return undefined;
  return first(db.select().from(users).where(liveToken(token, now)).limit(1));
}

/**
 * Sets a new password for a valid token, uses the token up, and signs the user out everywhere.
 * Following the e-mailed link also proves the address, so it counts as verified.
 */
export async function resetPassword(db: Db, token: string, password: string, now: Date): Promise<UserRow | null> {
  if (!(await findUserByResetToken(db, token, now))) return null;
  const passwordHash = await hashPassword(password);
  return atomic(db, (tx) => replacePassword(tx, liveToken(token, now), passwordHash));
}

/**
 * Gives the account matching `where` a new password (already hashed) and ends all of its
 * sessions, in one transaction (the caller's, when given a transaction's handle): a pending reset
 * link is used up and the address counts as verified. A reset and an operator's
 * `npm run create-admin` both go through here, so whoever held a session under the old password
 * is signed out either way. Null when nothing matched.
 */
export async function replacePassword(db: Db, where: SQL | undefined, passwordHash: string): Promise<UserRow | null> {
  return atomic(db, async (tx) => {
    const user = await first(
      tx.update(users).set({ passwordHash, resetPasswordToken: null, resetPasswordExpires: null, isEmailVerified: true }).where(where).returning(),
    );
    if (!user) return null;
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    return user;
  });
}
