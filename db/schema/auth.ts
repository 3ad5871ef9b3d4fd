import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamp, timestamps, sqlInList } from "./columns";
import { ACCESS_LEVELS, ROLES, SUBSCRIPTION_STATUSES, type AccessLevel, type Role, type SubscriptionStatus } from "../../core/enums";

export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text().notNull(),
    passwordHash: text(),
    firstName: text(),
    lastName: text(),
    profileImageUrl: text(),
    isEmailVerified: integer({ mode: "boolean" }).notNull().default(false),
    /** SHA-256 of the verification token; the token itself only travels in the e-mail. */
    emailVerificationToken: text(),
    /** When the verification link stops working (a resend issues a new one). */
    emailVerificationExpires: integer({ mode: "timestamp_ms" }),
    /** SHA-256 of the reset token. */
    resetPasswordToken: text(),
    resetPasswordExpires: integer({ mode: "timestamp_ms" }),
    googleId: text(),
    subscriptionStatus: text().$type<SubscriptionStatus>().notNull().default("free"),
    accessLevel: text().$type<AccessLevel>().notNull().default("preview"),
    subscriptionStartDate: integer({ mode: "timestamp_ms" }),
    subscriptionEndDate: integer({ mode: "timestamp_ms" }),
    trialEndDate: integer({ mode: "timestamp_ms" }),
    stripeCustomerId: text(),
    stripeSubscriptionId: text(),
    /** Set by an admin: the account's sessions stop working until it is reinstated. */
    suspendedAt: integer({ mode: "timestamp_ms" }),
    /** When the latest session began (createSession); null: never signed in. */
    lastSignInAt: integer({ mode: "timestamp_ms" }),
    /** The sign-in before the latest: null until the member signs in a second time ('Welcome', then 'Welcome back'). */
    previousSignInAt: integer({ mode: "timestamp_ms" }),
    /** The person deleted the account: its personal data is gone, the row stays for what others rely on (decision 029). */
    deletedAt: integer({ mode: "timestamp_ms" }),
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

export const userRoles = sqliteTable(
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
export const sessions = sqliteTable(
  "sessions",
  {
    sid: text().primaryKey(),
    sess: text({ mode: "json" }).$type<{ userId: string; createdAt: string }>().notNull(),
    expire: integer({ mode: "timestamp_ms" }).notNull(),
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
export const sessionDataVersion = sqliteTable("session_data_version", {
  id: integer().primaryKey(),
  version: integer().notNull(),
});

/**
 * A change of e-mail address waiting for its confirmation link (issue 26): the account keeps its
 * old address until the link sent to the new one is used. One per account (a new request replaces
 * it); the token's SHA-256 only, like the verification and reset tokens.
 */
export const emailChanges = sqliteTable(
  "email_changes",
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    createdAt: timestamp(),
  },
  (t) => [
    // the confirmation page finds the request by its link's token hash
    uniqueIndex("email_changes_token_hash_unique").on(t.tokenHash),
  ],
);
