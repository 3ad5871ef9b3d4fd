import { eq, sql } from "drizzle-orm";
import { preparedPerDatabase, type Db } from "../../db/client";
import { userRoles, users } from "../../db/schema";
import { ROLES, type Role } from "../../core/enums";
import type { CurrentUserResponse } from "../../core/types";
import type { CurrentUser } from "../http/app-context";
import { accessInfoFor, effectiveAccessLevel, paidAccessEnded } from "./permissions";

type UserRow = typeof users.$inferSelect;

/** The user's roles in a fixed order (admin, practitioner, client: the home page's precedence). */
const rolesByUser = preparedPerDatabase((db) =>
  db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, sql.placeholder("userId"))).prepare(),
);

export async function rolesOf(db: Db, userId: string): Promise<Role[]> {
  const held = new Set((await rolesByUser(db).execute({ userId })).map((r) => r.role));
  return [...ROLES].reverse().filter((role) => held.has(role));
}

/**
 * The signed-in user as requests see it; reading writes nothing. A trial that has ended reads as
 * expired preview access (computed here; trial.ts stores it at the next sign-in).
 */
export async function loadCurrentUser(db: Db, row: UserRow, now: Date, knownRoles?: Role[]): Promise<CurrentUser> {
  const roles = knownRoles ?? (await rolesOf(db, row.id));
  let { accessLevel, subscriptionStatus } = row;
  if ((subscriptionStatus === "trial" || paidAccessEnded(row, now)) && effectiveAccessLevel(row, now) === "preview") {
    accessLevel = "preview";
    subscriptionStatus = "expired";
  }
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    isEmailVerified: row.isEmailVerified,
    // a copy: the session cache keeps the array it read
    roles: [...roles],
    createdAt: row.createdAt.toISOString(),
    accessLevel,
    subscriptionStatus,
    trialEndDate: row.trialEndDate,
    signedInBefore: row.previousSignInAt !== null,
  };
}

/** The JSON of GET /api/auth/user: the user, roles, access level and permissions. */
export function currentUserResponse(user: CurrentUser, now: Date): CurrentUserResponse {
  const { accessLevel: _level, subscriptionStatus: _status, trialEndDate: _trial, signedInBefore: _before, ...apiUser } = user;
  return { ...apiUser, ...accessInfoFor(user, now), trialUsed: user.trialEndDate !== null };
}
