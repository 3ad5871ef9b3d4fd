/**
 * The admin dashboard's reads (overview and six lists with search and paging) and its actions,
 * each action written to the audit log in the same transaction.
 */
import { aliasedTable, and, count, desc, eq, inArray, or, sql, sum, type SQL } from "drizzle-orm";
import { atomic, first, type Db } from "../../../db/client";
import { containsText } from "../../../db/text";
import { adminAuditLog, bookings, gardenContent, outbox, practitioners, seedsWallets, sessions, userRoles, users } from "../../../db/schema";
import { outboxSummary } from "../../email/outbox";
import { ADMIN_LIST_ROWS, PRACTITIONER_NOT_FOUND } from "../../../core/constants";
import { ROLES, type Role } from "../../../core/enums";
import { centsToDecimal } from "../../../core/money";
import type {
  AdminAction,
  AdminAuditEntry,
  AdminGardenRow,
  AdminOutboxSummary,
  AdminOverview,
  AdminPage,
  AdminPractitionerRow,
  AdminSeedsOverview,
  AdminSessionRow,
  AdminUserRow,
  AuditAction,
} from "../../../core/admin";
import { ADMIN_TEXTS } from "../../../core/admin";
import { badRequest, forbidden, notFound } from "../../http/errors";

export interface ListQuery {
  search?: string;
  page: number;
}

/** Who acted: a signed-in admin, or someone holding the shared access code. */
export interface AdminActor {
  label: string;
  userId: string | null;
}

const pageSize = ADMIN_LIST_ROWS;
const offsetOf = (q: ListQuery) => (q.page - 1) * pageSize;

function matches(search: string | undefined, ...columns: Array<SQL | typeof users.email>): SQL | undefined {
  if (!search) return undefined;
  return or(...columns.map((column) => containsText(column, search)));
}
const fullName = (t: typeof users) => sql<string>`trim(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, ''))`;

export async function adminOverview(db: Db): Promise<AdminOverview> {
  const n = async (table: typeof users | typeof practitioners | typeof bookings | typeof gardenContent) => (await first(db.select({ n: count() }).from(table)))?.n ?? 0;
  const pending = (await first(db.select({ n: count() }).from(gardenContent).where(eq(gardenContent.status, "pending"))))?.n ?? 0;
  return { totalUsers: await n(users), totalPractitioners: await n(practitioners), totalSessions: await n(bookings), totalGardenContent: await n(gardenContent), pendingGardenContent: pending };
}

export async function listAdminUsers(db: Db, q: ListQuery): Promise<AdminPage<AdminUserRow>> {
  const where = matches(q.search, users.email, fullName(users));
  const rows = await db.select().from(users).where(where).orderBy(desc(users.createdAt), users.id).limit(pageSize).offset(offsetOf(q));
  const total = (await first(db.select({ n: count() }).from(users).where(where)))?.n ?? 0;
  const roleRows = rows.length
    ? await db.select({ userId: userRoles.userId, role: userRoles.role }).from(userRoles).where(inArray(userRoles.userId, rows.map((r) => r.id)))
    : [];
  return {
    total,
    page: q.page,
    pageSize,
    rows: rows.map((u) => {
      const held = new Set(roleRows.filter((r) => r.userId === u.id).map((r) => r.role));
      return {
        id: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        roles: [...ROLES].reverse().filter((role) => held.has(role)) as Role[],
        isEmailVerified: u.isEmailVerified,
        accessLevel: u.accessLevel,
        subscriptionStatus: u.subscriptionStatus,
        renewsOrEndsOn: (u.subscriptionStatus === "trial" ? u.trialEndDate : u.subscriptionStatus === "premium" ? u.subscriptionEndDate : null)?.toISOString() ?? null,
        suspended: u.suspendedAt !== null,
        createdAt: u.createdAt.toISOString(),
      };
    }),
  };
}

/** The columns of an admin practitioner row (the list and the answer to an action). */
function practitionerRowColumns() {
  return {
    id: practitioners.id,
    userId: practitioners.userId,
    userName: fullName(users),
    userEmail: users.email,
    archetype: practitioners.archetype,
    experienceLevel: practitioners.experienceLevel,
    isVerified: practitioners.isVerified,
    isFeatured: practitioners.isFeatured,
    totalSessions: practitioners.totalSessions,
    averageRating: practitioners.averageRating,
  };
}

export async function listAdminPractitioners(db: Db, q: ListQuery): Promise<AdminPage<AdminPractitionerRow>> {
  const where = matches(q.search, users.email, fullName(users), sql`${practitioners.archetype}`);
  const base = db
    .select(practitionerRowColumns())
    .from(practitioners)
    .innerJoin(users, eq(users.id, practitioners.userId))
    .where(where);
  const rows = await base.orderBy(desc(practitioners.createdAt), practitioners.id).limit(pageSize).offset(offsetOf(q));
  const total = (await first(db.select({ n: count() }).from(practitioners).innerJoin(users, eq(users.id, practitioners.userId)).where(where)))?.n ?? 0;
  return { total, page: q.page, pageSize, rows: rows.map((r) => ({ ...r, averageRating: r.averageRating === null ? null : r.averageRating.toFixed(2) })) };
}

export async function listAdminSessions(db: Db, q: ListQuery): Promise<AdminPage<AdminSessionRow>> {
  const clientUser = aliasedTable(users, "client_user");
  const practitionerUser = aliasedTable(users, "practitioner_user");
  const where = matches(q.search, clientUser.email, practitionerUser.email, sql`${bookings.status}`);
  const from = () =>
    db
      .select({
        id: bookings.id,
        scheduledDatetime: bookings.scheduledDatetime,
        clientEmail: clientUser.email,
        practitionerEmail: practitionerUser.email,
        status: bookings.status,
        cancelledBy: bookings.cancelledBy,
        totalAmountCents: bookings.totalAmountCents,
        duration: bookings.duration,
        isVirtual: bookings.isVirtual,
      })
      .from(bookings)
      .innerJoin(clientUser, eq(clientUser.id, bookings.clientId))
      .innerJoin(practitioners, eq(practitioners.id, bookings.practitionerId))
      .innerJoin(practitionerUser, eq(practitionerUser.id, practitioners.userId))
      .where(where);
  const rows = await from().orderBy(desc(bookings.scheduledDatetime), bookings.id).limit(pageSize).offset(offsetOf(q));
  const totalRow = await first(
    db
    .select({ n: count() })
    .from(bookings)
    .innerJoin(clientUser, eq(clientUser.id, bookings.clientId))
    .innerJoin(practitioners, eq(practitioners.id, bookings.practitionerId))
    .innerJoin(practitionerUser, eq(practitionerUser.id, practitioners.userId))
    .where(where),
  );
  const total = totalRow?.n ?? 0;
  return {
    total,
    page: q.page,
    pageSize,
    rows: rows.map(({ totalAmountCents, scheduledDatetime, ...r }) => ({ ...r, scheduledDatetime: scheduledDatetime.toISOString(), totalAmount: centsToDecimal(totalAmountCents) })),
  };
}

export async function listAdminGarden(db: Db, q: ListQuery): Promise<AdminPage<AdminGardenRow>> {
  const where = matches(q.search, sql`${gardenContent.title}`, users.email, fullName(users));
  const rows = await db
    .select({
      id: gardenContent.id,
      title: gardenContent.title,
      description: gardenContent.description,
      authorName: fullName(users),
      authorEmail: users.email,
      contentType: gardenContent.contentType,
      status: gardenContent.status,
      viewCount: gardenContent.viewCount,
      likeCount: gardenContent.likeCount,
      seedsReward: gardenContent.seedsReward,
    })
    .from(gardenContent)
    .innerJoin(users, eq(users.id, gardenContent.authorId))
    .where(where)
    .orderBy(desc(gardenContent.createdAt), gardenContent.id)
    .limit(pageSize)
    .offset(offsetOf(q));
  const total = (await first(db.select({ n: count() }).from(gardenContent).innerJoin(users, eq(users.id, gardenContent.authorId)).where(where)))?.n ?? 0;
  return { total, page: q.page, pageSize, rows };
}

export async function adminSeedsOverview(db: Db, q: ListQuery): Promise<AdminSeedsOverview> {
  const where = matches(q.search, users.email, fullName(users));
  const totals = await first(db.select({ totalBalance: sum(seedsWallets.seedsBalance), totalEarned: sum(seedsWallets.totalEarned), totalSpent: sum(seedsWallets.totalSpent) }).from(seedsWallets));
  const rows = await db
    .select({
      userId: seedsWallets.userId,
      userName: fullName(users),
      userEmail: users.email,
      currentTier: seedsWallets.currentTier,
      seedsBalance: seedsWallets.seedsBalance,
      totalEarned: seedsWallets.totalEarned,
    })
    .from(seedsWallets)
    .innerJoin(users, eq(users.id, seedsWallets.userId))
    .where(where)
    .orderBy(desc(seedsWallets.seedsBalance), seedsWallets.userId)
    .limit(pageSize)
    .offset(offsetOf(q));
  const total = (await first(db.select({ n: count() }).from(seedsWallets).innerJoin(users, eq(users.id, seedsWallets.userId)).where(where)))?.n ?? 0;
  return {
    totals: { totalBalance: Number(totals?.totalBalance ?? 0), totalEarned: Number(totals?.totalEarned ?? 0), totalSpent: Number(totals?.totalSpent ?? 0) },
    wallets: rows,
    rows,
    total,
    page: q.page,
    pageSize,
  };
}

export async function listAuditLog(db: Db, q: ListQuery): Promise<AdminPage<AdminAuditEntry>> {
  const rows = await db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id)).limit(pageSize).offset(offsetOf(q));
  const total = (await first(db.select({ n: count() }).from(adminAuditLog)))?.n ?? 0;
  const labels = await targetLabels(db, rows);
  return {
    total,
    page: q.page,
    pageSize,
    rows: rows.map((r) => ({ id: r.id, actor: r.actor, action: r.action, targetType: r.targetType, targetId: r.targetId, targetLabel: labels.get(`${r.targetType}:${r.targetId}`) ?? null, detail: r.detail, createdAt: r.createdAt.toISOString() })),
  };
}

/** The e-mail address behind each user and practitioner target of a page of the audit log ("user:ID" → address). */
async function targetLabels(db: Db, rows: { targetType: string | null; targetId: string | null }[]): Promise<Map<string, string>> {
  const idsOf = (type: string) => [...new Set(rows.filter((r) => r.targetType === type && r.targetId).map((r) => r.targetId!))];
  const labels = new Map<string, string>();
  const userIds = idsOf("user");
  if (userIds.length > 0) {
    for (const u of await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds))) labels.set(`user:${u.id}`, u.email);
  }
  const practitionerIds = idsOf("practitioner");
  if (practitionerIds.length > 0) {
    const found = await db.select({ id: practitioners.id, email: users.email }).from(practitioners).innerJoin(users, eq(users.id, practitioners.userId)).where(inArray(practitioners.id, practitionerIds));
    for (const p of found) labels.set(`practitioner:${p.id}`, p.email);
  }
  return labels;
}

/**
 * The Email tab's outbox panel: how many wait (and since when), how many were sent, and each failed
 * or retrying message with its reason (outboxSummary), in the API's JSON shape.
 */
export async function adminOutbox(db: Db): Promise<AdminOutboxSummary> {
  const summary = await outboxSummary(db);
  const ids = summary.problems.map((p) => p.id);
  const statuses = ids.length ? await db.select({ id: outbox.id, status: outbox.status }).from(outbox).where(inArray(outbox.id, ids)) : [];
  const failed = new Set(statuses.filter((r) => r.status === "failed").map((r) => r.id));
  return {
    pending: Number(summary.pending),
    sent: Number(summary.sent),
    failed: Number(summary.failed),
    oldestPendingAt: summary.oldestPendingAt?.toISOString() ?? null,
    problems: summary.problems.map((p) => ({
      id: p.id,
      to: p.to,
      subject: p.subject,
      attempts: p.attempts,
      state: failed.has(p.id) ? "failed" : "retrying",
      lastError: p.lastError,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}

/**
 * Writes one audit row (for actions that are not database changes, such as a test e-mail); call
 * it with the transaction of the change it records (`atomic(db, async (tx) => …)`).
 */
export async function recordAdminAction(tx: Db, actor: AdminActor, action: AuditAction, target: { type?: string; id?: string; detail?: string }, now: Date): Promise<void> {
  await tx.insert(adminAuditLog)
    .values({ actor: actor.label, actorUserId: actor.userId, action, targetType: target.type ?? null, targetId: target.id ?? null, detail: target.detail ?? null, createdAt: now });
}

/** Verify/unverify or feature/unfeature a practitioner, audited. */
export async function actOnPractitioner(db: Db, actor: AdminActor, practitionerId: string, action: Extract<AdminAction, "verify" | "unverify" | "feature" | "unfeature">, now: Date): Promise<AdminPractitionerRow> {
  await atomic(db, async (tx) => {
    const found = await first(tx.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.id, practitionerId)).limit(1));
    if (!found) throw notFound(PRACTITIONER_NOT_FOUND);
    const change = action === "verify" || action === "unverify" ? { isVerified: action === "verify" } : { isFeatured: action === "feature" };
    await tx.update(practitioners).set(change).where(eq(practitioners.id, practitionerId));
    await tx.insert(adminAuditLog)
      .values({ actor: actor.label, actorUserId: actor.userId, action, targetType: "practitioner", targetId: practitionerId, createdAt: now });
  });
  return practitionerRow(db, practitionerId);
}

async function practitionerRow(db: Db, id: string): Promise<AdminPractitionerRow> {
  const r = (await first(
    db
      .select(practitionerRowColumns())
      .from(practitioners)
      .innerJoin(users, eq(users.id, practitioners.userId))
      .where(eq(practitioners.id, id))
      .limit(1),
  ))!;
  return { ...r, averageRating: r.averageRating === null ? null : r.averageRating.toFixed(2) };
}

/**
 * Suspends an account (its sessions are deleted and no new one works until reinstated) or
 * reinstates it, audited. An admin cannot suspend their own account, and the shared access code
 * cannot suspend an admin's (whoever holds it could otherwise lock every admin out).
 */
export async function setAccountSuspended(db: Db, actor: AdminActor, userId: string, suspend: boolean, now: Date, reason?: string): Promise<{ id: string; suspended: boolean }> {
  if (suspend && actor.userId === userId) throw badRequest("You cannot suspend your own account");
  return atomic(db, async (tx) => {
    const found = await first(tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1));
    if (!found) throw notFound("User not found");
    // The shared access code must not lock the site's admins out of their own dashboard.
    if (suspend && actor.userId === null) {
      const isAdmin = await first(tx.select({ userId: userRoles.userId }).from(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin"))).limit(1));
      if (isAdmin) throw forbidden(ADMIN_TEXTS.codeCannotSuspendAdmin);
    }
    await tx.update(users).set({ suspendedAt: suspend ? now : null }).where(eq(users.id, userId));
    if (suspend) await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.insert(adminAuditLog)
      .values({ actor: actor.label, actorUserId: actor.userId, action: suspend ? "suspend" : "reinstate", targetType: "user", targetId: userId, detail: reason ?? null, createdAt: now });
    return { id: userId, suspended: suspend };
  });
}
