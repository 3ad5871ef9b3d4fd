/**
 * The admin dashboard and the simple admin panel (SPEC.md sections 2, 3, 4, 7 and 8): the row
 * shapes, the request schemas and the texts both the server and the screens use.
 */
import { z } from "zod";
import { COMMON_TEXTS } from "./common-texts";
import type { AccessLevel, Archetype, ExperienceLevel, PollinatorTier, Role, SubscriptionStatus } from "./enums";
import type { PaidLevel, PaymentEventOutcome } from "./payments";

export const ADMIN_TABS = ["users", "practitioners", "credentials", "sessions", "garden", "seeds", "reports", "payments", "email"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const ADMIN_TAB_LABELS: Record<AdminTab, string> = {
  users: "Users",
  practitioners: "Practitioners",
  credentials: "Credentials",
  sessions: "Sessions",
  garden: "Garden",
  seeds: "Seeds",
  reports: "Reports",
  payments: "Payments",
  email: "Email",
};

/** The dashboard's gate session lives this long (short: it grants every admin action). */
export const ADMIN_GATE_SESSION_MINUTES = 30;
/** The simple admin panel's session. */
export const SIMPLE_ADMIN_SESSION_HOURS = 8;
export const SIMPLE_ADMIN_FLAG_KEY = "simpleAdminAuth";
export const ADMIN_UNLOCKED_KEY = "adminDashboardUnlocked";

export const ADMIN_TEXTS = {
  invalidCode: "Invalid access code",
  loginFailed: "Login failed",
  overviewFailed: "Failed to fetch overview",
  testEmailFailed: "Failed to send test email",
  testEmailSent: (type: string, to: string) => `Test ${type} e-mail sent to ${to}.`,
  /** The answer to a test e-mail: it waits in the outbox, which the Email tab shows (sent, waiting, failed with the reason). */
  testEmailQueued: (type: string, to: string) => `Test ${type} e-mail to ${to} is queued; the outbox below shows when it is sent or why it failed.`,
  outboxFailed: "Failed to load the outbox",
  codeNotConfigured: "The admin access code is not configured on this server (ADMIN_ACCESS_CODE).",
  gateRequired: "Enter the admin access code first.",
  codeCannotSuspendAdmin: "An admin account can only be suspended by an admin signed in to their own account, not with the access code.",
  simpleNotConfigured: "The simple admin panel is not configured on this server (SIMPLE_ADMIN_PASSWORD).",
  simpleInvalidPassword: "Invalid password",
  simpleConnectionError: COMMON_TEXTS.connectionError,
  simpleSuccessTitle: "Success",
  simpleSuccessBody: "Access granted to admin panel",
  simpleLoggedOut: "Logged out",
  simpleLoginRequired: "Please log in to the admin panel.",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
  gateClosed: "Too many wrong attempts. This login is closed for a few minutes; please try again later.",
} as const;

/** GET /api/admin/outbox: what waits in the e-mail outbox and what failed, with the reason (src/email/outbox.ts). */
export interface AdminOutboxSummary {
  /** Messages waiting to be sent (including those waiting for a retry). */
  pending: number;
  sent: number;
  /** Messages given up on after every attempt. */
  failed: number;
  /** When the oldest waiting message was queued (ISO), or null when nothing waits. */
  oldestPendingAt: string | null;
  /** Failed messages and waiting ones that failed at least once, oldest first. */
  problems: AdminOutboxProblem[];
}

export interface AdminOutboxProblem {
  id: string;
  to: string;
  subject: string;
  attempts: number;
  /** "failed" (given up) or "retrying" (waiting for its next attempt). */
  state: "failed" | "retrying";
  lastError: string | null;
  /** When it was queued (ISO). */
  createdAt: string;
}

export interface AdminOverview {
  totalUsers: number;
  totalPractitioners: number;
  totalSessions: number;
  totalGardenContent: number;
  /** Garden pieces waiting for a decision: the Garden tab's count (issue 26). */
  pendingGardenContent?: number;
}

/** A page of rows: the first ADMIN_LIST_ROWS by default, with search and paging. */
export interface AdminPage<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminUserRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  roles: Role[];
  isEmailVerified: boolean;
  accessLevel: AccessLevel;
  subscriptionStatus: SubscriptionStatus;
  /** The renewal (or end) date of a paid plan, the end of a trial; null for neither. */
  renewsOrEndsOn: string | null;
  suspended: boolean;
  createdAt: string;
}

/** The admin's view of plans and payments, from the stored subscription state (issue 24). */
export interface AdminPaymentsOverview {
  activeByPlan: Record<PaidLevel, number>;
  /** Monthly recurring revenue of the subscriptions that grant access now, in dollars ("59.97"). */
  monthlyRecurringRevenue: string;
  newThisMonth: number;
  cancelledThisMonth: number;
  /** The latest webhook events, newest first. */
  events: Array<{
    id: string;
    type: string;
    receivedAt: string;
    outcome: PaymentEventOutcome;
    detail: string | null;
    userEmail: string | null;
    attempts: number;
  }>;
}

export interface AdminPractitionerRow {
  id: string;
  userId: string;
  userName: string;
  userEmail: string;
  archetype: Archetype;
  experienceLevel: ExperienceLevel;
  isVerified: boolean;
  isFeatured: boolean;
  totalSessions: number;
  averageRating: string | null;
}

export interface AdminSessionRow {
  id: string;
  scheduledDatetime: string;
  clientEmail: string;
  practitionerEmail: string;
  status: string;
  /** Who cancelled it (a cancellation by 'system' is an expired request). */
  cancelledBy: string | null;
  totalAmount: string;
  duration: number;
  isVirtual: boolean;
}

export interface AdminGardenRow {
  id: string;
  title: string;
  description: string | null;
  authorName: string;
  authorEmail: string;
  contentType: string;
  status: string;
  viewCount: number;
  likeCount: number;
  seedsReward: number;
}

export interface AdminWalletRow {
  userId: string;
  userName: string;
  userEmail: string;
  currentTier: PollinatorTier;
  seedsBalance: number;
  totalEarned: number;
}

export interface AdminSeedsOverview extends AdminPage<AdminWalletRow> {
  totals: { totalBalance: number; totalEarned: number; totalSpent: number };
  wallets: AdminWalletRow[];
}

export interface AdminAuditEntry {
  id: string;
  actor: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  /** The target's e-mail address for a user or a practitioner still on record (the id alone told an admin nothing). */
  targetLabel: string | null;
  detail: string | null;
  createdAt: string;
}

export const ADMIN_ACTIONS = ["verify", "unverify", "feature", "unfeature", "suspend", "reinstate"] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** Every action the audit log records (the stored values: the dashboard's actions, the two sign-ins and the test e-mail). */
export const AUDIT_ACTIONS = [...ADMIN_ACTIONS, "login", "simple-admin-login", "send-test-email", "dismiss-report", "garden-approve", "garden-reject", "remove-review", "verify-credential", "unverify-credential"] as const;

/** Moderation (issue 26): what an admin must give, and what the dashboard says back. */
export const MODERATION_TEXTS = {
  reasonRequired: "Give a reason: the person is told it by e-mail.",
  reasonMax: 500,
  suspendedNotice: (cancelled: number) => `Suspended. ${cancelled} upcoming session${cancelled === 1 ? " was" : "s were"} cancelled and the other people told by e-mail.`,
  reinstatedNotice: "Reinstated. The person can sign in again; sessions cancelled during the suspension stay cancelled and are not rebooked, and removed reviews or rejected pieces stay as they are.",
  sessionCancelledReason: "Pollinate paused this account, so the session cannot go ahead. Nothing was charged by Pollinate.",
  reviewRemoved: "Review removed; its author is told why by e-mail.",
} as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Roles as the admin tables show them ("Client, Practitioner"); the data keeps the spec's lower-case names. */
export const ROLE_LABELS: Record<Role, string> = { client: "Client", practitioner: "Practitioner", admin: "Admin" };

/** What the dashboard's audit log shows for each action (the stored values stay the API's). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  verify: "Verified",
  unverify: "Removed verification",
  feature: "Featured",
  unfeature: "Unfeatured",
  suspend: "Suspended",
  reinstate: "Reinstated",
  login: "Unlocked with the access code",
  "simple-admin-login": "Signed in to the simple admin panel",
  "send-test-email": "Sent a test e-mail",
  "dismiss-report": "Dismissed a message report",
  "garden-approve": "Approved a Garden piece",
  "garden-reject": "Rejected a Garden piece",
  "remove-review": "Removed a review",
  "verify-credential": "Verified a credential",
  "unverify-credential": "Withdrew a credential's verification",
};
/** An audit row's action in words; a value this build does not know (an older row) shows as stored. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action as AuditAction] : action;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const text = (max: number) => z.string().max(max, `must be at most ${max} characters`).refine((v) => !LONE_SURROGATE.test(v), "contains characters that are not valid text");

export const adminLoginSchema = z.object({ accessCode: text(200).min(1, "Enter the access code") });
export const simpleAdminLoginSchema = z.object({ password: text(200).min(1, "Enter the password") });

export const adminListQuerySchema = z.object({
  search: text(100).optional().transform((v) => v?.trim() || undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

export const TEST_EMAIL_TYPES = ["welcome", "survey-thank-you", "alpha-invitation", "session-confirmation", "session-reminder"] as const;
export type TestEmailKind = (typeof TEST_EMAIL_TYPES)[number];
/** What the Email tab's select shows for each type (the values stay the API's). */
export const TEST_EMAIL_TYPE_LABELS: Record<TestEmailKind, string> = {
  welcome: "Welcome",
  "survey-thank-you": "Survey thank-you",
  "alpha-invitation": "Alpha invitation",
  "session-confirmation": "Session confirmation",
  "session-reminder": "Session reminder",
};

export const testEmailSchema = z.object({
  email: z.email("Enter a valid e-mail address").max(254),
  type: z.enum(TEST_EMAIL_TYPES, { error: `type must be one of ${TEST_EMAIL_TYPES.join(", ")}` }),
  data: z
    .object({
      name: text(100).optional(),
      code: text(100).optional(),
      inviteCode: text(100).optional(),
      date: text(100).optional(),
      time: text(100).optional(),
      practitionerName: text(100).optional(),
      clientName: text(100).optional(),
      isVirtual: z.boolean().optional(),
      // becomes the e-mail's 'Join meeting' button: a web address only (z.url() alone takes javascript: and data:)
      meetingLink: z.url({ protocol: /^https?$/, error: "meetingLink must be an http(s) address" }).max(500).optional().or(z.literal("").transform(() => undefined)),
    })
    .default({}),
});
export type TestEmailRequest = z.input<typeof testEmailSchema>;

/** Which data fields each test e-mail uses (the Email tab shows only these). */
export const TEST_EMAIL_FIELDS: Record<TestEmailKind, Array<keyof NonNullable<TestEmailRequest["data"]>>> = {
  welcome: ["name"],
  "survey-thank-you": ["name"],
  "alpha-invitation": ["name", "code", "inviteCode"],
  "session-confirmation": ["name", "date", "time", "practitionerName", "clientName", "isVirtual", "meetingLink"],
  "session-reminder": ["name", "date", "time", "practitionerName", "clientName", "isVirtual", "meetingLink"],
};
