/**
 * Changing the account's e-mail address (issue 26): the person asks with their password, the new
 * address gets a single-use link that expires (its SHA-256 stored, like the verification and reset
 * links), the old address a notice; only the link's confirmation switches the address, and the old
 * address is told again when it did. Other sessions stay: the person proved the password and the
 * new mailbox, and the old mailbox hears of both steps.
 */
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { atomic, first, type Db } from "../../../db/client";
import { isUniqueViolation } from "../../../db/errors";
import { emailChanges, users } from "../../../db/schema";
import { enqueueEmail } from "../../email/outbox";
import { layout, parseMailbox } from "../../email/templates";
import { badRequest, conflict } from "../../http/errors";
import { normalizeEmail } from "../../auth/accounts";
import { VERIFICATION_TOKEN_LIFETIME_MS } from "../../auth/email-verification";
import { verifyPassword } from "../../auth/password";
import { generateToken, hashToken } from "../../auth/tokens";
import { EMAIL_CHANGE_PATH, EMAIL_CHANGE_TEXTS } from "../../../core/email-change";
import { ACCOUNT_TEXTS } from "./service";

export { EMAIL_CHANGE_TEXTS };

/** A change link works as long as a verification link: a day. */
export const EMAIL_CHANGE_TOKEN_LIFETIME_MS = VERIFICATION_TOKEN_LIFETIME_MS;

export interface EmailChangeDeps {
  db: Db;
  config: { APP_URL: string; MAIL_FROM: string };
  now: () => Date;
}

/** Whether another account (any but `userId`) holds `email`, case-insensitively. */
async function addressTaken(db: Db, email: string, userId: string): Promise<boolean> {
  const row = await first(db.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = ${normalizeEmail(email)}`, ne(users.id, userId))).limit(1));
  return Boolean(row);
}

async function enqueueNotice(tx: Db, deps: EmailChangeDeps, to: string, subject: string, heading: string, paragraphs: string[], button?: { label: string; href: string }) {
  const now = deps.now();
  const ctx = { appUrl: deps.config.APP_URL, from: parseMailbox(deps.config.MAIL_FROM), now };
  await enqueueEmail(tx, { to, subject, ...layout(subject, heading, { paragraphs, button }, ctx) }, { now });
}

/**
 * Checks the password and the new address, then, in one transaction, stores the pending change
 * (replacing an earlier one), puts the link to the new address and a notice to the old one in the
 * outbox. `checkMailCap` throws (429) when the account asked for too many this hour.
 */
export async function requestEmailChange(deps: EmailChangeDeps, userId: string, currentPassword: string, newEmail: string, checkMailCap: () => Promise<void>): Promise<void> {
  const user = await first(deps.db.select({ email: users.email, passwordHash: users.passwordHash, firstName: users.firstName }).from(users).where(eq(users.id, userId)).limit(1));
  if (!user) throw badRequest(ACCOUNT_TEXTS.wrongPassword);
  if (!user.passwordHash) throw badRequest(EMAIL_CHANGE_TEXTS.noPassword);
  if (!(await verifyPassword(currentPassword, user.passwordHash))) throw badRequest(ACCOUNT_TEXTS.wrongPassword);
  const address = newEmail.trim();
  if (normalizeEmail(address) === normalizeEmail(user.email)) throw badRequest(EMAIL_CHANGE_TEXTS.sameAddress);
  if (await addressTaken(deps.db, address, userId)) throw conflict(EMAIL_CHANGE_TEXTS.taken);
  await checkMailCap();
  const token = generateToken();
  const now = deps.now();
  await atomic(deps.db, async (tx) => {
    await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
    await tx.insert(emailChanges).values({ userId, newEmail: address, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TOKEN_LIFETIME_MS), createdAt: now });
    const link = `${deps.config.APP_URL}${EMAIL_CHANGE_PATH}?token=${token}`;
    const hello = user.firstName ? `Hello ${user.firstName},` : "Hello,";
    await enqueueNotice(tx, deps, address, "Confirm your new Pollinate e-mail address", "Confirm your new address", [
      hello,
      `You asked to use this address for your Pollinate account. Open the link to confirm it; until you do, your account keeps its current address. The link works for 24 hours.`,
      "If you did not ask for this, ignore this e-mail: nothing changes.",
    ], { label: EMAIL_CHANGE_TEXTS.confirmButton, href: link });
    await enqueueNotice(tx, deps, user.email, "A change of your Pollinate e-mail address was asked for", "Your e-mail address may change", [
      hello,
      `Someone signed in to your account asked to change its e-mail address to ${address}. Nothing changes until the link sent to that address is opened.`,
      "If this was not you, change your password now (Settings, Change password) and contact us.",
    ]);
  });
}

/** The new address a live change link asks for, without using it up (the GET page shows a button). */
export async function findEmailChange(db: Db, token: string, now: Date): Promise<{ newEmail: string } | undefined> {
  if (!token) return undefined;
  return first(db.select({ newEmail: emailChanges.newEmail }).from(emailChanges).where(and(eq(emailChanges.tokenHash, hashToken(token)), gt(emailChanges.expiresAt, now))).limit(1));
}

/**
 * Switches the account to the link's address (which counts as verified: the link proved the
 * mailbox), uses the link up and tells the old address, in one transaction. Null for an unknown,
 * used or expired link; 409 when another account took the address meanwhile.
 */
export async function confirmEmailChange(deps: EmailChangeDeps, token: string): Promise<{ userId: string; email: string } | null> {
  if (!token) return null;
  const now = deps.now();
  try {
    return await atomic(deps.db, async (tx) => {
      const pending = await first(tx.select().from(emailChanges).where(and(eq(emailChanges.tokenHash, hashToken(token)), gt(emailChanges.expiresAt, now))).limit(1));
      if (!pending) return null;
      const user = await first(tx.select({ email: users.email, firstName: users.firstName, deletedAt: users.deletedAt }).from(users).where(eq(users.id, pending.userId)).limit(1));
      if (!user || user.deletedAt) return null;
      if (await addressTaken(tx, pending.newEmail, pending.userId)) throw conflict(EMAIL_CHANGE_TEXTS.taken);
      await tx.update(users).set({ email: pending.newEmail, isEmailVerified: true, emailVerificationToken: null, emailVerificationExpires: null, updatedAt: now }).where(eq(users.id, pending.userId));
      await tx.delete(emailChanges).where(eq(emailChanges.userId, pending.userId));
      await enqueueNotice(tx, deps, user.email, "Your Pollinate e-mail address was changed", "Your e-mail address was changed", [
        user.firstName ? `Hello ${user.firstName},` : "Hello,",
        `Your Pollinate account now uses ${pending.newEmail}; e-mails no longer come to this address, and you sign in with the new one.`,
        "If this was not you, contact us at once.",
      ]);
      return { userId: pending.userId, email: pending.newEmail };
    });
  } catch (error) {
    // a sign-up took the address between the check and the update
    if (isUniqueViolation(error)) throw conflict(EMAIL_CHANGE_TEXTS.taken);
    throw error;
  }
}
