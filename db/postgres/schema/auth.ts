// PostgreSQL twin of db/schema/auth.ts (docs/decisions/025-postgresql-driver.md): the same tables, columns,
// indexes and CHECKs in pg-core; db/postgres/schema-drift.test.ts fails when the two differ.
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, jsonb, sqlInList, timestamp, timestamps, timestamptz } from "./columns";
import { ACCESS_LEVELS, ROLES, SUBSCRIPTION_STATUSES, type AccessLevel, type Role, type SubscriptionStatus } from "../../../core/enums";

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text().notNull(),
    passwordHash: text(),
    firstName: text(),
    lastName: text(),
    profileImageUrl: text(),
    isEmailVerified: boolean().notNull().default(false),
    /** SHA-256 of the verification token; the token itself only travels in the e-mail. */
    emailVerificationToken: text(),
    /** When the verification link stops working (a resend issues a new one). */
    emailVerificationExpires: timestamptz(),
    /** SHA-256 of the reset token. */
    resetPasswordToken: text(),
    resetPasswordExpires: timestamptz(),
    googleId: text(),
    subscriptionStatus: text().$type<SubscriptionStatus>().notNull().default("free"),
    accessLevel: text().$type<AccessLevel>().notNull().default("preview"),
    subscriptionStartDate: timestamptz(),
    subscriptionEndDate: timestamptz(),
    trialEndDate: timestamptz(),
    stripeCustomerId: text(),
    stripeSubscriptionId: text(),
    /** Set by an admin: the account's sessions stop working until it is reinstated. */
    suspendedAt: timestamptz(),
    /** When the latest session began (createSession); null: never signed in. */
    lastSignInAt: timestamptz(),
    /** The sign-in before the latest: null until the member signs in a second time ('Welcome', then 'Welcome back'). */
    previousSignInAt: timestamptz(),
    /** The person deleted the account: its personal data is gone, the row stays for what others rely on (decision 029). */
    deletedAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    // sign-in and sign-up look users up by address, case-insensitively
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    // Google sign-in finds the linked account
    uniqueIndex("users_google_id_unique").on(t.googleId),
    // verification and reset links look the user up by token hash
    index("users_email_verification_token_idx").on(t.emailVerificationToken),
    index("users_reset_password_token_idx").on(t.resetPasswordToken),
    check("users_subscription_status_check", sql.raw(`subscription_status IN (${sqlInList(SUBSCRIPTION_STATUSES)})`)),
    check("users_access_level_check", sql.raw(`access_level IN (${sqlInList(ACCESS_LEVELS)})`)),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text().$type<Role>().notNull(),
  },
  (t) => [
    // roles are read for every signed-in request, and a role is held once
    uniqueIndex("user_roles_user_role_unique").on(t.userId, t.role),
    check("user_roles_role_check", sql.raw(`role IN (${sqlInList(ROLES)})`)),
  ],
);

/** Login sessions: `sid` is the SHA-256 of the cookie token, never the token itself. */
export const sessions = pgTable(
  "sessions",
  {
    sid: text().primaryKey(),
    sess: jsonb().$type<{ userId: string; createdAt: string }>().notNull(),
    expire: timestamptz().notNull(),
    /** Denormalised from `sess` so that sign-out-everywhere and clean-up are indexed. */
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [
    // password reset deletes every session of a user
    index("sessions_user_id_idx").on(t.userId),
    // expired-session sweeps
    index("sessions_expire_idx").on(t.expire),
  ],
);

/**
 * One row counting the changes to sessions, users and user_roles (triggers of migration 0011 add
 * one on every insert, update and delete, whichever connection or process writes): the sessions
 * kept in memory (src/auth/session.ts) are used only while this number is the one they were read at.
 */
export const sessionDataVersion = pgTable("session_data_version", {
  /** SQLite's integer primary key is given on insert when omitted; so is this. */
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  /** bigint: SQLite's integers are 64-bit, and this counts every change for the life of the database. */
  version: bigint({ mode: "number" }).notNull(),
});

/**
 * A change of e-mail address waiting for its confirmation link (issue 26): the account keeps its
 * old address until the link sent to the new one is used. One per account (a new request replaces
 * it); the token's SHA-256 only, like the verification and reset tokens.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    createdAt: timestamp(),
  },
  (t) => [
    // the confirmation page finds the request by its link's token hash
    uniqueIndex("email_changes_token_hash_unique").on(t.tokenHash),
  ],
);
