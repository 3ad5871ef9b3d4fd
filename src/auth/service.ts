/** Account rules: sign-up, sign-in, verification, password reset, trial, Google linking, admins. */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions, userRoles, users } from "../../db/schema";
import type { Role } from "../../core/enums";
import { TRIAL_USED_MESSAGE } from "../../core/access-texts";
import { AUTH_ERROR_TEXTS, withNextPath, type AuthErrorCode } from "../../core/auth";
import { ACCESS_LEVEL_LABELS, TRIAL_DAYS } from "../../core/constants";
import type { Mailer } from "../email/mailer";
import { conflict, isUniqueViolation } from "../http/errors";
import { hashPassword, verifyPassword } from "./password";
import { effectiveAccessLevel } from "./permissions";
import type { UserRow } from "./session";
import { generateToken, hashToken } from "./tokens";

const HOUR_MS = 60 * 60 * 1000;
export const RESET_TOKEN_LIFETIME_MS = HOUR_MS;

/** The roles a person may choose at sign-up; admin only comes from `npm run create-admin`. */
export type SignUpRole = Extract<Role, "client" | "practitioner">;

export interface AccountDeps {
  db: Db;
  mailer: Mailer;
  config: { APP_URL: string };
  now: () => Date;
}

export const ACCOUNT_EXISTS_MESSAGE = AUTH_ERROR_TEXTS.account_exists;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Looks a user up by address, case-insensitively (served by the lower(email) unique index). */
export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.select().from(users).where(sql`lower(${users.email}) = ${normalizeEmail(email)}`).get();
}

export function findUserById(db: Db, id: string): UserRow | undefined {
  return db.select().from(users).where(eq(users.id, id)).get();
}

function addRole(db: Db, userId: string, role: Role): void {
  db.insert(userRoles).values({ userId, role }).onConflictDoNothing().run();
}

/** Stores the hash of a fresh verification token and returns the token for the e-mail link. */
export function issueVerificationToken(db: Db, userId: string): string {
  const token = generateToken();
  db.update(users).set({ emailVerificationToken: hashToken(token) }).where(eq(users.id, userId)).run();
  return token;
}

/**
 * Sends a (new) verification link; a failing mail server is logged, never fatal to sign-up.
 * `next` (a page the person was on their way to, checked by safeNextPath) rides along in the link.
 */
export async function sendVerificationEmail(deps: AccountDeps, user: UserRow, next?: string | null): Promise<boolean> {
  const token = issueVerificationToken(deps.db, user.id);
  const link = `${deps.config.APP_URL}${withNextPath(`/auth/verify-email?token=${token}`, next)}`;
  try {
    await deps.mailer.sendTemplate("verification", user.email, { name: user.firstName ?? undefined, link });
    return true;
  } catch (error) {
    console.error(`[mail] verification e-mail to ${user.email} failed:`, error);
    return false;
  }
}

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: SignUpRole;
}

/** Creates the account with its role, or throws 409 when the address is taken. */
export async function signUp(db: Db, input: SignUpInput): Promise<UserRow> {
  if (findUserByEmail(db, input.email)) throw conflict(ACCOUNT_EXISTS_MESSAGE);
  const passwordHash = await hashPassword(input.password);
  try {
    return db.transaction((tx) => {
      const user = tx
        .insert(users)
        .values({ email: normalizeEmail(input.email), firstName: input.firstName.trim(), lastName: input.lastName.trim(), passwordHash })
        .returning()
        .get();
      tx.insert(userRoles).values({ userId: user.id, role: input.role }).run();
      return user;
    });
  } catch (error) {
    // two sign-ups for one address at once: the unique index decides
    if (isUniqueViolation(error)) throw conflict(ACCOUNT_EXISTS_MESSAGE);
    throw error;
  }
}

/**
 * The user for these credentials, or null. Unknown addresses and password-less (Google) accounts
 * cost one argon2 verification too, so the answer's timing does not reveal which addresses exist.
 */
export async function signIn(db: Db, email: string, password: string): Promise<UserRow | null> {
  const user = findUserByEmail(db, email);
  const ok = await verifyPassword(password, user?.passwordHash);
  return ok && user ? user : null;
}

/** The user a verification token belongs to, without using the token up (GET shows a button). */
export function findUserByVerificationToken(db: Db, token: string): UserRow | undefined {
  if (!token) return undefined;
  return db.select().from(users).where(eq(users.emailVerificationToken, hashToken(token))).get();
}

/** Marks the address verified for a valid (single-use) token; null for an unknown token. */
export function verifyEmail(db: Db, token: string): UserRow | null {
  return (
    db
      .update(users)
      .set({ isEmailVerified: true, emailVerificationToken: null })
      .where(eq(users.emailVerificationToken, hashToken(token)))
      .returning()
      .get() ?? null
  );
}

/**
 * Sends a one-hour reset link when the address has an account. The caller answers the same either
 * way and does not wait for the mail server, so neither text nor timing reveals the account.
 */
export function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  const user = findUserByEmail(deps.db, email);
  if (!user) return Promise.resolve();
  const token = generateToken();
  deps.db
    .update(users)
    .set({ resetPasswordToken: hashToken(token), resetPasswordExpires: new Date(deps.now().getTime() + RESET_TOKEN_LIFETIME_MS) })
    .where(eq(users.id, user.id))
    .run();
  const link = `${deps.config.APP_URL}/auth/reset-password?token=${token}`;
  return deps.mailer
    .sendTemplate("password-reset", user.email, { name: user.firstName ?? undefined, link })
    .then(() => undefined)
    .catch((error) => console.error(`[mail] reset e-mail to ${user.email} failed:`, error));
}

/** The user a reset token belongs to, if it is still valid (the reset page checks before showing its form). */
export function findUserByResetToken(db: Db, token: string, now: Date): UserRow | undefined {
  return db
    .select()
    .from(users)
    .where(and(eq(users.resetPasswordToken, hashToken(token)), gt(users.resetPasswordExpires, now)))
    .get();
}

/**
 * Sets a new password for a valid token, uses the token up, and signs the user out everywhere.
 * Following the e-mailed link also proves the address, so it counts as verified.
 */
export async function resetPassword(db: Db, token: string, password: string, now: Date): Promise<UserRow | null> {
  if (!findUserByResetToken(db, token, now)) return null;
  const passwordHash = await hashPassword(password);
  return db.transaction(
    (tx) => {
      const user = tx
        .update(users)
        .set({ passwordHash, resetPasswordToken: null, resetPasswordExpires: null, isEmailVerified: true })
        .where(and(eq(users.resetPasswordToken, hashToken(token)), gt(users.resetPasswordExpires, now)))
        .returning()
        .get();
      if (!user) return null;
      tx.delete(sessions).where(eq(sessions.userId, user.id)).run();
      return user;
    },
    { behavior: "immediate" },
  );
}

/**
 * Starts the one TRIAL_DAYS-day Premium trial of an account. Refused when a trial was used before or the
 * account already has Premium or Unlimited access.
 */
export function startTrial(db: Db, userId: string, now: Date): Date {
  const user = findUserById(db, userId);
  if (!user) throw conflict("Account not found");
  if (user.trialEndDate) throw conflict(TRIAL_USED_MESSAGE);
  const level = effectiveAccessLevel(user, now);
  if (level === "premium" || level === "unlimited") throw conflict(`You already have ${ACCESS_LEVEL_LABELS[level].name} access.`);
  const trialEndDate = new Date(now.getTime() + TRIAL_DAYS * 24 * HOUR_MS);
  const started = db
    .update(users)
    .set({ subscriptionStatus: "trial", accessLevel: "premium", trialEndDate, subscriptionStartDate: now })
    .where(and(eq(users.id, userId), isNull(users.trialEndDate)))
    .returning({ id: users.id })
    .all();
  // a second request that passed the check above at the same moment changes nothing
  if (started.length === 0) throw conflict(TRIAL_USED_MESSAGE);
  return trialEndDate;
}

export interface GoogleProfile {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  picture: string | null;
}

/** A Google account that cannot be signed in; `code` names the text the sign-in page shows. */
export class GoogleLinkError extends Error {
  constructor(readonly code: AuthErrorCode) {
    super(AUTH_ERROR_TEXTS[code]);
  }
}

/**
 * The account for a Google sign-in: the one already linked to this Google id, else the one with
 * the same address when Google has verified it (linked now), else a new account with `role`.
 */
export function findOrCreateGoogleUser(db: Db, profile: GoogleProfile, role: SignUpRole): { user: UserRow; created: boolean } {
  const linked = db.select().from(users).where(eq(users.googleId, profile.sub)).get();
  if (linked) return { user: linked, created: false };
  if (!profile.email) throw new GoogleLinkError("google_no_email");

  const existing = findUserByEmail(db, profile.email);
  if (existing) {
    if (!profile.emailVerified) throw new GoogleLinkError("google_unverified");
    if (existing.googleId) throw new GoogleLinkError("google_other_account");
    const user = db
      .update(users)
      .set({ googleId: profile.sub, isEmailVerified: true, emailVerificationToken: null, profileImageUrl: existing.profileImageUrl ?? profile.picture })
      .where(eq(users.id, existing.id))
      .returning()
      .get();
    return { user, created: false };
  }

  const user = db.transaction((tx) => {
    const created = tx
      .insert(users)
      .values({
        email: normalizeEmail(profile.email!),
        googleId: profile.sub,
        firstName: profile.givenName,
        lastName: profile.familyName,
        profileImageUrl: profile.picture,
        isEmailVerified: profile.emailVerified,
      })
      .returning()
      .get();
    tx.insert(userRoles).values({ userId: created.id, role }).run();
    return created;
  });
  return { user, created: true };
}

/** `npm run create-admin`: creates a verified admin account, or promotes an existing one (new password). */
export async function createAdminAccount(
  db: Db,
  input: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<{ user: UserRow; created: boolean }> {
  const passwordHash = await hashPassword(input.password);
  const existing = findUserByEmail(db, input.email);
  if (existing) {
    const user = db.update(users).set({ passwordHash, isEmailVerified: true }).where(eq(users.id, existing.id)).returning().get();
    addRole(db, user.id, "admin");
    return { user, created: false };
  }
  const user = db
    .insert(users)
    .values({ email: normalizeEmail(input.email), passwordHash, firstName: input.firstName ?? "Admin", lastName: input.lastName ?? null, isEmailVerified: true })
    .returning()
    .get();
  addRole(db, user.id, "admin");
  return { user, created: true };
}
