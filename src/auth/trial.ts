/** The free Premium trial: once per account, for a verified address; an ended trial is stored as expired at sign-in. */
import { and, eq, isNull, lte } from "drizzle-orm";
import { atomic, type Db } from "../../db/client";
import { users } from "../../db/schema";
import { TRIAL_NEEDS_VERIFIED_EMAIL_MESSAGE, TRIAL_USED_MESSAGE } from "../../core/access-texts";
import { ACCESS_LEVEL_LABELS, TRIAL_DAYS } from "../../core/constants";
import { conflict, forbidden, notFound } from "../http/errors";
import { findUserById } from "./accounts";
import { effectiveAccessLevel } from "./permissions";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Starts the one TRIAL_DAYS-day Premium trial of an account. Refused (403) until the address is
 * verified, and (409) when a trial was used before or the account already has Premium or Unlimited.
 */
export async function startTrial(db: Db, userId: string, now: Date): Promise<Date> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound("Account not found");
  if (!user.isEmailVerified) throw forbidden(TRIAL_NEEDS_VERIFIED_EMAIL_MESSAGE);
  if (user.trialEndDate) throw conflict(TRIAL_USED_MESSAGE);
  const level = effectiveAccessLevel(user, now);
  if (level === "premium" || level === "unlimited") throw conflict(`You already have ${ACCESS_LEVEL_LABELS[level].name} access.`);
  const trialEndDate = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  const started = await atomic(db, async (tx) =>
    tx
      .update(users)
      .set({ subscriptionStatus: "trial", accessLevel: "premium", trialEndDate, subscriptionStartDate: now })
      .where(and(eq(users.id, userId), isNull(users.trialEndDate), eq(users.isEmailVerified, true)))
      .returning({ id: users.id }),
  );
  // a second request that passed the checks above at the same moment changes nothing
  if (started.length === 0) throw conflict(TRIAL_USED_MESSAGE);
  return trialEndDate;
}

/**
 * Stores an ended trial as expired preview access. Reads never need this (they compute the level
 * in force: permissions.ts); it keeps the stored row honest for lists and exports, and runs in the
 * sign-in's transaction.
 */
export async function expireEndedTrial(db: Db, userId: string, now: Date): Promise<void> {
  await atomic(db, async (tx) => {
    await tx
      .update(users)
      .set({ subscriptionStatus: "expired", accessLevel: "preview" })
      .where(and(eq(users.id, userId), eq(users.subscriptionStatus, "trial"), lte(users.trialEndDate, now)));
  });
}
