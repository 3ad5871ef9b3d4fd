/** Password reset: e-mail a one-hour link, check it, set the new password and sign out everywhere. */
import { and, eq, gt, type SQL } from "drizzle-orm";
import type { Db, DbExecutor } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { findUserByEmail, sendAccountEmail, type AccountDeps } from "./accounts";
import { hashPassword } from "./password";
import type { UserRow } from "./session";
import { generateToken, hashToken } from "./tokens";

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Sends a one-hour reset link when the address has an account, and does nothing otherwise. The
 * route answers before calling this (the same text either way), so neither text nor timing tells
 * whether the address has an account.
 */
export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = generateToken();
  deps.db
    .update(users)
    .set({ resetPasswordToken: hashToken(token), resetPasswordExpires: new Date(deps.now().getTime() + RESET_TOKEN_LIFETIME_MS) })
    .where(eq(users.id, user.id))
    .run();
  const link = `${deps.config.APP_URL}/auth/reset-password?token=${token}`;
  await sendAccountEmail(deps, "password-reset", user.email, { name: user.firstName ?? undefined, link });
}

const liveToken = (token: string, now: Date) => and(eq(users.resetPasswordToken, hashToken(token)), gt(users.resetPasswordExpires, now));

/** The user a reset token belongs to, if it is still valid (the reset page checks before showing its form). */
export async function findUserByResetToken(db: Db, token: string, now: Date): Promise<UserRow | undefined> {
  if (!token) return undefined;
  return db.select().from(users).where(liveToken(token, now)).get();
}

/**
 * Sets a new password for a valid token, uses the token up, and signs the user out everywhere.
 * Following the e-mailed link also proves the address, so it counts as verified.
 */
export async function resetPassword(db: Db, token: string, password: string, now: Date): Promise<UserRow | null> {
  if (!(await findUserByResetToken(db, token, now))) return null;
  const passwordHash = await hashPassword(password);
  return db.transaction((tx) => replacePassword(tx, liveToken(token, now), passwordHash), { behavior: "immediate" });
}

/**
 * Gives the account matching `where` a new password (already hashed) and ends all of its
 * sessions, inside the caller's transaction: a pending reset link is used up and the address
 * counts as verified. A reset and an operator's `npm run create-admin` both go through here, so
 * whoever held a session under the old password is signed out either way. Null when nothing matched.
 */
export function replacePassword(tx: DbExecutor, where: SQL | undefined, passwordHash: string): UserRow | null {
  const user = tx
    .update(users)
    .set({ passwordHash, resetPasswordToken: null, resetPasswordExpires: null, isEmailVerified: true })
    .where(where)
    .returning()
    .get();
  if (!user) return null;
  tx.delete(sessions).where(eq(sessions.userId, user.id)).run();
  return user;
}
