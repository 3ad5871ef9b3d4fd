import type { AccessLevel, SubscriptionStatus } from "../../core/enums";
import { PRACTITIONER_VIEW_LIMIT } from "../../core/constants";
import type { AccessInfo, Permissions } from "../../core/types";

const PREMIUM_PERMISSIONS: Permissions = {
  viewPractitioners: "unlimited",
  viewSessions: true,
  bookSessions: "unlimited",
  messagePractitioners: true,
  accessGarden: true,
  createContent: true,
  viewFullProfiles: true,
  accessSeeds: true,
};

/** Permissions of each access level (SPEC.md section 6); the browser only displays them. */
export const LEVEL_PERMISSIONS: Record<AccessLevel, Permissions> = {
  preview: {
    viewPractitioners: PRACTITIONER_VIEW_LIMIT.preview!,
    viewSessions: false,
    bookSessions: false,
    messagePractitioners: false,
    accessGarden: false,
    createContent: false,
    viewFullProfiles: false,
    accessSeeds: false,
  },
  basic: {
    viewPractitioners: PRACTITIONER_VIEW_LIMIT.basic!,
    viewSessions: true,
    bookSessions: 1,
    messagePractitioners: true,
    accessGarden: "read",
    createContent: false,
    viewFullProfiles: true,
    accessSeeds: true,
  },
  premium: PREMIUM_PERMISSIONS,
  // Unlimited adds benefits (early access, 1-on-1 support…) that are not permissions of the app.
  unlimited: PREMIUM_PERMISSIONS,
};

export interface AccessSubject {
  accessLevel: AccessLevel;
  subscriptionStatus: SubscriptionStatus;
  trialEndDate: Date | null;
  /** For a plan Stripe manages (a subscription id), the end of paid access, grace included (docs/decisions/026-payments.md). */
  subscriptionEndDate?: Date | null;
  stripeSubscriptionId?: string | null;
}

/** True when a paid plan managed by Stripe has run past its end (a renewal never paid, past the grace period). */
export function paidAccessEnded(subject: AccessSubject, now: Date): boolean {
  return subject.subscriptionStatus === "premium" && Boolean(subject.stripeSubscriptionId) && subject.subscriptionEndDate != null && subject.subscriptionEndDate <= now;
}

/**
 * The level in force now: a trial whose end date has passed falls back to preview
 * (reads compute it; trial.ts stores it at the next sign-in).
 */
export function effectiveAccessLevel(subject: AccessSubject | null, now: Date): AccessLevel {
  if (!subject) return "preview";
  if (subject.subscriptionStatus === "trial" && (!subject.trialEndDate || subject.trialEndDate <= now)) return "preview";
  if (subject.subscriptionStatus === "expired" || subject.subscriptionStatus === "cancelled") return "preview";
  if (paidAccessEnded(subject, now)) return "preview";
  return subject.accessLevel;
}

/** Access info of a user (or a visitor when null), computed on the server. */
export function accessInfoFor(subject: AccessSubject | null, now: Date): AccessInfo {
  const level = effectiveAccessLevel(subject, now);
  const trialActive = subject?.subscriptionStatus === "trial" && level !== "preview";
  return {
    accessLevel: level,
    subscriptionStatus: !subject
      ? "free"
      : (subject.subscriptionStatus === "trial" && !trialActive) || paidAccessEnded(subject, now)
        ? "expired"
        : subject.subscriptionStatus,
    trialEndDate: trialActive && subject?.trialEndDate ? subject.trialEndDate.toISOString() : null,
    permissions: LEVEL_PERMISSIONS[level],
  };
}

/** How many practitioners this level may see; null means all. */
export function practitionerViewLimit(level: AccessLevel): number | null {
  return PRACTITIONER_VIEW_LIMIT[level];
}

/** The gate rule of SPEC.md section 5: usable when true or 'unlimited' (numbers are limits checked by the feature). */
export function isPermitted(value: Permissions[keyof Permissions]): boolean {
  return value === true || value === "unlimited" || value === "read" || (typeof value === "number" && value > 0);
}
