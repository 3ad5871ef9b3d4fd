/**
 * The admin dashboard's reads (overview and six lists with search and paging) and its actions,
 * each action written to the audit log in the same transaction.
 */
import { aliasedTable, and, count, desc, eq, inArray, or, sql, sum, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { containsText } from "../../../db/text";
import { adminAuditLog, bookings, gardenContent, practitioners, seedsWallets, sessions, userRoles, users } from "../../../db/schema";
import { ADMIN_LIST_ROWS, PRACTITIONER_NOT_FOUND } from "../../../core/constants";
import { ROLES, type Role } from "../../../core/enums";
import { centsToDecimal } from "../../../core/money";
import type {
  AdminAction,
  AdminAuditEntry,
  AdminGardenRow,
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
  const n = (table: typeof users | typeof practitioners | typeof bookings | typeof gardenContent) => db.select({ n: count() }).from(table).get()?.n ?? 0;
  return { totalUsers: n(users), totalPractitioners: n(practitioners), totalSessions: n(bookings), totalGardenContent: n(gardenContent) };
}

export async function listAdminUsers(db: Db, q: ListQuery): Promise<AdminPage<AdminUserRow>> {
  const where = matches(q.search, users.email, fullName(users));
  const rows = db.select().from(users).where(where).orderBy(desc(users.createdAt), users.id).limit(pageSize).offset(offsetOf(q)).all();
  const total = db.select({ n: count() }).from(users).where(where).get()?.n ?? 0;
  const roleRows = rows.length
    ? db.select({ userId: userRoles.userId, role: userRoles.role }).from(userRoles).where(sql`${userRoles.userId} IN ${rows.map((r) => r.id)}`).all()
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
  const rows = base.orderBy(desc(practitioners.createdAt), practitioners.id).limit(pageSize).offset(offsetOf(q)).all();
  const total = db.select({ n: count() }).from(practitioners).innerJoin(users, eq(users.id, practitioners.userId)).where(where).get()?.n ?? 0;
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
        totalAmountCents: bookings.totalAmountCents,
        duration: bookings.duration,
        isVirtual: bookings.isVirtual,
      })
      .from(bookings)
      .innerJoin(clientUser, eq(clientUser.id, bookings.clientId))
      .innerJoin(practitioners, eq(practitioners.id, bookings.practitionerId))
      .innerJoin(practitionerUser, eq(practitionerUser.id, practitioners.userId))
      .where(where);
  const rows = from().orderBy(desc(bookings.scheduledDatetime), bookings.id).limit(pageSize).offset(offsetOf(q)).all();
  const total = db
    .select({ n: count() })
    .from(bookings)
    .innerJoin(clientUser, eq(clientUser.id, bookings.clientId))
    .innerJoin(practitioners, eq(practitioners.id, bookings.practitionerId))
    .innerJoin(practitionerUser, eq(practitionerUser.id, practitioners.userId))
    .where(where)
    .get()?.n ?? 0;
  return {
    total,
    page: q.page,
    pageSize,
    rows: rows.map(({ totalAmountCents, scheduledDatetime, ...r }) => ({ ...r, scheduledDatetime: scheduledDatetime.toISOString(), totalAmount: centsToDecimal(totalAmountCents) })),
  };
}

export async function listAdminGarden(db: Db, q: ListQuery): Promise<AdminPage<AdminGardenRow>> {
  const where = matches(q.search, sql`${gardenContent.title}`, users.email, fullName(users));
  const rows = db
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
    .offset(offsetOf(q))
    .all();
  const total = db.select({ n: count() }).from(gardenContent).innerJoin(users, eq(users.id, gardenContent.authorId)).where(where).get()?.n ?? 0;
  return { total, page: q.page, pageSize, rows };
}

export async function adminSeedsOverview(db: Db, q: ListQuery): Promise<AdminSeedsOverview> {
  const where = matches(q.search, users.email, fullName(users));
  const totals = db.select({ totalBalance: sum(seedsWallets.seedsBalance), totalEarned: sum(seedsWallets.totalEarned), totalSpent: sum(seedsWallets.totalSpent) }).from(seedsWallets).get();
  const rows = db
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
    .offset(offsetOf(q))
    .all();
  const total = db.select({ n: count() }).from(seedsWallets).innerJoin(users, eq(users.id, seedsWallets.userId)).where(where).get()?.n ?? 0;
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
  const rows = db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id)).limit(pageSize).offset(offsetOf(q)).all();
  const total = db.select({ n: count() }).from(adminAuditLog).get()?.n ?? 0;
  const labels = targetLabels(db, rows);
  return {
    total,
    page: q.page,
    pageSize,
    rows: rows.map((r) => ({ id: r.id, actor: r.actor, action: r.action, targetType: r.targetType, targetId: r.targetId, targetLabel: labels.get(`${r.targetType}:${r.targetId}`) ?? null, detail: r.detail, createdAt: r.createdAt.toISOString() })),
  };
}

/** The e-mail address behind each user and practitioner target of a page of the audit log ("user:ID" → address). */
function targetLabels(db: Db, rows: { targetType: string | null; targetId: string | null }[]): Map<string, string> {
  const idsOf = (type: string) => [...new Set(rows.filter((r) => r.targetType === type && r.targetId).map((r) => r.targetId!))];
  const labels = new Map<string, string>();
  const userIds = idsOf("user");
  if (userIds.length > 0) {
    for (const u of db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds)).all()) labels.set(`user:${u.id}`, u.email);
  }
  const practitionerIds = idsOf("practitioner");
  if (practitionerIds.length > 0) {
    const found = db.select({ id: practitioners.id, email: users.email }).from(practitioners).innerJoin(users, eq(users.id, practitioners.userId)).where(inArray(practitioners.id, practitionerIds)).all();
    for (const p of found) labels.set(`practitioner:${p.id}`, p.email);
  }
  return labels;
}

/** Writes one audit row (for actions that are not database changes, such as a test e-mail). */
export async function recordAdminAction(db: Db, actor: AdminActor, action: AuditAction, target: { type?: string; id?: string; detail?: string }, now: Date): Promise<void> {
  db.insert(adminAuditLog).values({ actor: actor.label, actorUserId: actor.userId, action, targetType: target.type ?? null, targetId: target.id ?? null, detail: target.detail ?? null, createdAt: now }).run();
}

/** Verify/unverify or feature/unfeature a practitioner, audited. */
export async function actOnPractitioner(db: Db, actor: AdminActor, practitionerId: string, action: Extract<AdminAction, "verify" | "unverify" | "feature" | "unfeature">, now: Date): Promise<AdminPractitionerRow> {
  db.transaction(
    (tx) => {
      const found = tx.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.id, practitionerId)).get();
      if (!found) throw notFound(PRACTITIONER_NOT_FOUND);
      const change = action === "verify" || action === "unverify" ? { isVerified: action === "verify" } : { isFeatured: action === "feature" };
      tx.update(practitioners).set(change).where(eq(practitioners.id, practitionerId)).run();
      tx.insert(adminAuditLog).values({ actor: actor.label, actorUserId: actor.userId, action, targetType: "practitioner", targetId: practitionerId, createdAt: now }).run();
    },
    { behavior: "immediate" },
  );
  return practitionerRow(db, practitionerId);
}

async function practitionerRow(db: Db, id: string): Promise<AdminPractitionerRow> {
  const r = db
    .select(practitionerRowColumns())
    .from(practitioners)
    .innerJoin(users, eq(users.id, practitioners.userId))
    .where(eq(practitioners.id, id))
    .get()!;
  return { ...r, averageRating: r.averageRating === null ? null : r.averageRating.toFixed(2) };
}

/**
 * Suspends an account (its sessions are deleted and no new one works until reinstated) or
 * reinstates it, audited. An admin cannot suspend their own account, and the shared access code
 * cannot suspend an admin's (whoever holds it could otherwise lock every admin out).
 */
export async function setAccountSuspended(db: Db, actor: AdminActor, userId: string, suspend: boolean, now: Date): Promise<{ id: string; suspended: boolean }> {
  if (suspend && actor.userId === userId) throw badRequest("You cannot suspend your own account");
  return db.transaction(
    (tx) => {
      const found = tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).get();
      if (!found) throw notFound("User not found");
      // The shared access code must not lock the site's admins out of their own dashboard.
      if (suspend && actor.userId === null) {
        const isAdmin = tx.select({ userId: userRoles.userId }).from(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin"))).get();
        if (isAdmin) throw forbidden(ADMIN_TEXTS.codeCannotSuspendAdmin);
      }
      tx.update(users).set({ suspendedAt: suspend ? now : null }).where(eq(users.id, userId)).run();
      if (suspend) tx.delete(sessions).where(eq(sessions.userId, userId)).run();
      tx.insert(adminAuditLog).values({ actor: actor.label, actorUserId: actor.userId, action: suspend ? "suspend" : "reinstate", targetType: "user", targetId: userId, createdAt: now }).run();
      return { id: userId, suspended: suspend };
    },
    { behavior: "immediate" },
  );
}

