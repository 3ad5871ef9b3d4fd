/**
 * The Community Garden: listing (approved public content for everyone, plus an author's own
 * pending items), sharing with its Seeds reward, likes, views and the admin review queue.
 */
import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import type { Db, DbExecutor } from "../../../db/client";
import { gardenContent, gardenInteractions, gardenVisibleCounts, practitioners, seedsTransactions, seedsWallets, userRoles, users } from "../../../db/schema";
import {
  GARDEN_LIMITS,
  GARDEN_TEXTS,
  categoryOf,
  keywordCountWindow,
  sharedRewardText,
  type ApiGardenContent,
  type ApiGardenReviewItem,
  type GardenCategory,
  type GardenContentInput,
  type GardenLikeResponse,
  type GardenListQuery,
  type GardenListResponse,
  type GardenReviewResponse,
  type GardenShareResponse,
  type GardenViewResponse,
} from "../../../core/garden";
import { uploadReward, uploadRequestKey, uploadReversalFields, uploadRewardFields, uploadRewardKey } from "../../../core/seeds";
import type { Archetype } from "../../../core/enums";
import { conflict, httpError, notFound } from "../../http/errors";
import { recordLedgerEntry, type Tx } from "../seeds/ledger";
import { gardenKeyword } from "./search.sqlite";

/** Who is looking: null for a visitor. `canRead` is the accessGarden permission (basic and up). */
export interface GardenViewer {
  id: string;
  canRead: boolean;
}

type ContentRow = typeof gardenContent.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

function filterConditions(query: Pick<GardenListQuery, "contentType" | "category">): SQL[] {
  const conditions: SQL[] = [];
  if (query.contentType) conditions.push(eq(gardenContent.contentType, query.contentType));
  // the category column is kept by triggers (migration 0004_garden) by the rules of core/garden.ts
  if (query.category) conditions.push(eq(gardenContent.category, query.category));
  return conditions;
}

const visible = () => and(eq(gardenContent.status, "approved"), eq(gardenContent.isPublic, true))!;
const ownPending = (authorId: string) => and(eq(gardenContent.authorId, authorId), eq(gardenContent.status, "pending"))!;

/** First name and last initial. */
function publicAuthor(firstName: string | null, lastName: string | null) {
  return { firstName, lastName: lastName ? `${lastName.trim().charAt(0)}.` : null };
}

function excerpt(text: string | null): string | null {
  if (!text || text.length <= GARDEN_LIMITS.excerptLength) return text;
  const cut = text.slice(0, GARDEN_LIMITS.excerptLength);
  const space = cut.lastIndexOf(" ");
  return `${(space > GARDEN_LIMITS.excerptLength / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Cards for rows: author names, archetypes and the viewer's likes in three small queries. */
function toApiContent(db: DbExecutor, rows: ContentRow[], viewer: GardenViewer | null): ApiGardenContent[] {
  if (rows.length === 0) return [];
  const authorIds = [...new Set(rows.map((r) => r.authorId))];
  const authors = new Map(
    db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, authorIds)).all().map((a) => [a.id, a]),
  );
  const archetypes = new Map<string, Archetype>(
    db.select({ userId: practitioners.userId, archetype: practitioners.archetype }).from(practitioners).where(inArray(practitioners.userId, authorIds)).all().map((p) => [p.userId, p.archetype]),
  );
  const liked = new Set(
    viewer
      ? db
          .select({ contentId: gardenInteractions.contentId })
          .from(gardenInteractions)
          .where(and(eq(gardenInteractions.userId, viewer.id), eq(gardenInteractions.interactionType, "like"), inArray(gardenInteractions.contentId, rows.map((r) => r.id))))
          .all()
          .map((l) => l.contentId)
      : [],
  );
  return rows.map((row) => {
    const author = authors.get(row.authorId);
    const archetype = archetypes.get(row.authorId) ?? null;
    const isMine = viewer?.id === row.authorId;
    const locked = !isMine && !viewer?.canRead;
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      content: locked ? excerpt(row.content) : row.content,
      contentLocked: locked && (row.content ?? "").length > GARDEN_LIMITS.excerptLength,
      contentType: row.contentType,
      category: (row.category as GardenCategory | null) ?? categoryOf(row),
      tags: row.tags,
      seedsReward: row.seedsReward,
      likeCount: row.likeCount,
      viewCount: row.viewCount,
      downloadCount: row.downloadCount,
      isFeatured: row.isFeatured,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      author: publicAuthor(author?.firstName ?? null, author?.lastName ?? null),
      practitioner: archetype ? { archetype } : null,
      authorArchetype: archetype,
      likedByMe: liked.has(row.id),
      isMine,
    };
  });
}

const newestFirst = [desc(gardenContent.createdAt), desc(gardenContent.id)] as const;
const oldestFirst = [asc(gardenContent.createdAt), asc(gardenContent.id)] as const;

/** Approved public pieces of the type and category asked for: exact, from the counts the triggers keep (migration 0010). */
function countVisible(db: DbExecutor, query: Pick<GardenListQuery, "contentType" | "category">): number {
  const conditions: SQL[] = [];
  if (query.contentType) conditions.push(eq(gardenVisibleCounts.contentType, query.contentType));
  if (query.category) conditions.push(eq(gardenVisibleCounts.category, query.category));
  return db.select({ n: sql<number>`coalesce(sum(${gardenVisibleCounts.n}), 0)` }).from(gardenVisibleCounts).where(and(...conditions)).get()!.n;
}

/**
 * A page of the Garden: the viewer's own pending items first (marked pending), then approved
 * public content, newest first. Paging runs over that concatenation, so each part keeps its index.
 * Totals are exact, except that a keyword search stops counting at keywordCountWindow (totalExact).
 */
export async function listGardenContent(db: Db, viewer: GardenViewer | null, query: GardenListQuery): Promise<GardenListResponse> {
  // one read transaction: the totals and the page come from the same snapshot
  return db.transaction((tx) => listInSnapshot(tx, viewer, query));
}

function listInSnapshot(db: DbExecutor, viewer: GardenViewer | null, query: GardenListQuery): GardenListResponse {
  const filters = filterConditions(query);
  const keyword = gardenKeyword(db, query.q);
  // text with no letters or digits ('***', '"', a lone emoji) matches nothing, as in the directory
  if (query.q && !keyword) return { content: [], total: 0, totalExact: true, limit: query.limit, offset: query.offset };
  // ids first, from the covering index, then the rows: a deep offset never reads the skipped rows
  const ids = (where: SQL, order: typeof newestFirst | typeof oldestFirst, limit: number, offset: number) =>
    db.select({ id: gardenContent.id }).from(gardenContent).where(where).orderBy(...order).limit(limit).offset(offset).all().map((r) => r.id);

  // the viewer's own pending pieces: few, all read through the author index
  const own = viewer
    ? db.select({ id: gardenContent.id, docId: gardenContent.searchDocId }).from(gardenContent).where(and(ownPending(viewer.id), ...filters)).orderBy(...newestFirst).all()
    : [];
  const pending = (keyword ? keyword.matching(own) : own).map((p) => p.id);

  const visibleWhere = and(visible(), ...filters)!;
  let visibleTotal: number;
  let totalExact = true;
  if (keyword) {
    const window = keywordCountWindow(query.offset, query.limit);
    const counted = keyword.countUpTo(visibleWhere, window + 1);
    totalExact = counted <= window;
    visibleTotal = Math.min(counted, window);
  } else {
    visibleTotal = countVisible(db, query);
  }

  const pageIds = pending.slice(query.offset, query.offset + query.limit);
  const take = query.limit - pageIds.length;
  const skip = Math.max(0, query.offset - pending.length);
  if (take > 0 && (!totalExact || skip < visibleTotal)) {
    if (keyword) pageIds.push(...keyword.pageIds(visibleWhere, take, skip));
    else if (skip <= visibleTotal / 2) pageIds.push(...ids(visibleWhere, newestFirst, take, skip));
    // past the middle, the exact total lets the walk start from the oldest end: fewer entries skipped
    else pageIds.push(...ids(visibleWhere, oldestFirst, Math.min(take, visibleTotal - skip), Math.max(0, visibleTotal - skip - take)).reverse());
  }
  const byId = new Map(pageIds.length ? db.select().from(gardenContent).where(inArray(gardenContent.id, pageIds)).all().map((r) => [r.id, r]) : []);
  const rows = pageIds.map((id) => byId.get(id)!).filter(Boolean);
  return { content: toApiContent(db, rows, viewer), total: pending.length + visibleTotal, totalExact, limit: query.limit, offset: query.offset };
}

/** One piece as the viewer may see it (approved and public, or their own pending item); null otherwise. */
export async function getGardenItem(db: Db, viewer: GardenViewer | null, id: string): Promise<ApiGardenContent | null> {
  const row = db.select().from(gardenContent).where(eq(gardenContent.id, id)).get();
  if (!row || !isVisibleTo(row, viewer?.id ?? null)) return null;
  return toApiContent(db, [row], viewer)[0];
}

function isVisibleTo(row: ContentRow, userId: string | null): boolean {
  if (row.status === "approved" && row.isPublic) return true;
  return row.status === "pending" && userId !== null && row.authorId === userId;
}

// ---------------------------------------------------------------------------------------------
// Sharing
// ---------------------------------------------------------------------------------------------

export interface Sharer {
  id: string;
  isPractitioner: boolean;
}

/**
 * Shares a piece (pending until an admin approves it) and pays its Seeds in the same immediate
 * transaction. With a request key (the Idempotency-Key header), a retry answers the first share
 * instead of sharing twice. At most GARDEN_LIMITS.uploadsPerHour shares per rolling hour.
 */
export async function shareGardenContent(db: Db, user: Sharer, input: GardenContentInput, requestKey: string | null, now: Date): Promise<GardenShareResponse> {
  const reward = uploadReward(user.isPractitioner);
  const requestHash = requestKey ? shareRequestHash(input) : null;
  const { row, seedsEarned, seedsBalance } = db.transaction(
    (tx) => {
      if (requestKey) {
        const earlier = tx.select().from(seedsTransactions).where(eq(seedsTransactions.idempotencyKey, uploadRequestKey(user.id, requestKey))).get();
        // rows paid before the hash was kept have none: those keys still replay
        const earlierHash = earlier?.metadata?.requestHash;
        if (typeof earlierHash === "string" && earlierHash !== requestHash) throw httpError(422, GARDEN_TEXTS.idempotencyKeyReused);
        if (earlier?.referenceId) {
          const first = tx.select().from(gardenContent).where(eq(gardenContent.id, earlier.referenceId)).get();
          const wallet = walletBalance(tx, user.id);
          if (first) return { row: first, seedsEarned: earlier.amount, seedsBalance: wallet };
        }
      }
      const recent = tx
        .select({ n: count() })
        .from(gardenContent)
        .where(and(eq(gardenContent.authorId, user.id), gte(gardenContent.createdAt, new Date(now.getTime() - HOUR_MS))))
        .get()!.n;
      if (recent >= GARDEN_LIMITS.uploadsPerHour) throw httpError(429, GARDEN_TEXTS.rateLimited);
      const created = tx
        .insert(gardenContent)
        .values({ ...input, authorId: user.id, status: "pending", isPublic: true, seedsReward: reward, createdAt: now, updatedAt: now })
        .returning()
        .get();
      const paid = recordLedgerEntry(tx, {
        userId: user.id,
        // the request key when there is one (a retry then finds this row), else the content's own
        ...uploadRewardFields(created, user.isPractitioner, requestKey ? uploadRequestKey(user.id, requestKey) : uploadRewardKey(created.id)),
        // kept with the key, so that the key reused for other content is told apart from a retry
        metadata: requestHash ? { requestHash } : null,
        now,
      });
      return { row: created, seedsEarned: reward, seedsBalance: paid.wallet.seedsBalance };
    },
    { behavior: "immediate" },
  );
  return {
    content: toApiContent(db, [row], { id: user.id, canRead: true })[0],
    seedsEarned,
    seedsBalance,
    message: GARDEN_TEXTS.shared,
    description: sharedRewardText(seedsEarned),
  };
}

/**
 * The fingerprint of a share request: SHA-256 of its validated fields in a fixed order, so a retry
 * whose JSON differs only in key order or spacing (or in what validation trims) counts as the same.
 */
function shareRequestHash(input: GardenContentInput): string {
  return createHash("sha256").update(JSON.stringify([input.title, input.description, input.content, input.contentType, input.tags])).digest("hex");
}

function walletBalance(tx: Tx, userId: string): number {
  return tx.select({ balance: seedsWallets.seedsBalance }).from(seedsWallets).where(eq(seedsWallets.userId, userId)).get()?.balance ?? 0;
}

/** Whether the user holds the practitioner role (the 2x Seeds multiplier). */
export async function isPractitioner(db: Db, userId: string): Promise<boolean> {
  return Boolean(db.select({ id: userRoles.id }).from(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, "practitioner"))).get());
}

// ---------------------------------------------------------------------------------------------
// Likes and views
// ---------------------------------------------------------------------------------------------

function likeableOrThrow(tx: Tx, contentId: string, userId: string): ContentRow {
  const row = tx.select().from(gardenContent).where(eq(gardenContent.id, contentId)).get();
  if (!row || !isVisibleTo(row, userId)) throw notFound(GARDEN_TEXTS.notFound);
  return row;
}

/**
 * Likes the piece, or removes the like when the user already liked it; with `wanted`, sets that
 * state instead (a repeated request changes nothing). The counter is recounted
 * from the like rows in the same transaction, so it always equals them.
 */
export async function toggleLike(db: Db, userId: string, contentId: string, now: Date, wanted?: boolean): Promise<GardenLikeResponse> {
  return db.transaction(
    (tx) => {
      likeableOrThrow(tx, contentId, userId);
      const mine = and(eq(gardenInteractions.contentId, contentId), eq(gardenInteractions.userId, userId), eq(gardenInteractions.interactionType, "like"));
      const had = Boolean(tx.select({ id: gardenInteractions.id }).from(gardenInteractions).where(mine).get());
      const liked = wanted ?? !had;
      if (had && !liked) tx.delete(gardenInteractions).where(mine).run();
      if (!had && liked) tx.insert(gardenInteractions).values({ userId, contentId, interactionType: "like", createdAt: now }).run();
      const likeCount = tx
        .select({ n: count() })
        .from(gardenInteractions)
        .where(and(eq(gardenInteractions.contentId, contentId), eq(gardenInteractions.interactionType, "like")))
        .get()!.n;
      tx.update(gardenContent).set({ likeCount }).where(eq(gardenContent.id, contentId)).run();
      return { contentId, liked, likeCount, message: liked ? GARDEN_TEXTS.liked : GARDEN_TEXTS.unliked };
    },
    { behavior: "immediate" },
  );
}

/** Counts a view at most once per user per item per UTC day. */
export async function recordView(db: Db, userId: string, contentId: string, now: Date): Promise<GardenViewResponse> {
  return db.transaction(
    (tx) => {
      const row = likeableOrThrow(tx, contentId, userId);
      const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
      const seen = tx
        .select({ id: gardenInteractions.id })
        .from(gardenInteractions)
        .where(and(eq(gardenInteractions.contentId, contentId), eq(gardenInteractions.userId, userId), eq(gardenInteractions.interactionType, "view"), gte(gardenInteractions.createdAt, dayStart), sql`${gardenInteractions.createdAt} < ${dayStart.getTime() + DAY_MS}`))
        .get();
      if (seen) return { contentId, counted: false, viewCount: row.viewCount };
      tx.insert(gardenInteractions).values({ userId, contentId, interactionType: "view", createdAt: now }).run();
      const updated = tx.update(gardenContent).set({ viewCount: sql`${gardenContent.viewCount} + 1` }).where(eq(gardenContent.id, contentId)).returning({ viewCount: gardenContent.viewCount }).get()!;
      return { contentId, counted: true, viewCount: updated.viewCount };
    },
    { behavior: "immediate" },
  );
}

// ---------------------------------------------------------------------------------------------
// Review queue (admins)
// ---------------------------------------------------------------------------------------------

/** Pending items, the oldest first (first come, first reviewed). */
export async function listReviewQueue(db: Db): Promise<ApiGardenReviewItem[]> {
  return db
    .select({ item: gardenContent, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(gardenContent)
    .innerJoin(users, eq(users.id, gardenContent.authorId))
    .where(eq(gardenContent.status, "pending"))
    .orderBy(asc(gardenContent.createdAt), asc(gardenContent.id))
    .limit(200)
    .all()
    .map(({ item, firstName, lastName, email }) => ({
      id: item.id,
      title: item.title,
      description: item.description,
      content: item.content,
      authorName: [firstName, lastName].filter(Boolean).join(" ") || email,
      authorEmail: email,
      contentType: item.contentType,
      tags: item.tags,
      status: item.status,
      viewCount: item.viewCount,
      likeCount: item.likeCount,
      seedsReward: item.seedsReward,
      createdAt: item.createdAt.toISOString(),
    }));
}

/**
 * Approves or rejects a pending item. A rejection takes the upload's Seeds back with a new
 * ledger row (never by editing the reward), at most once per item and never below zero.
 */
export async function reviewGardenContent(db: Db, contentId: string, decision: "approve" | "reject", now: Date): Promise<GardenReviewResponse> {
  return db.transaction(
    (tx) => {
      const row = tx.select().from(gardenContent).where(eq(gardenContent.id, contentId)).get();
      if (!row) throw notFound(GARDEN_TEXTS.notFound);
      if (row.status !== "pending") throw conflict(GARDEN_TEXTS.onlyPendingReviewable);
      const status = decision === "approve" ? "approved" : "rejected";
      tx.update(gardenContent).set({ status, updatedAt: now }).where(eq(gardenContent.id, contentId)).run();
      let seedsReversed = 0;
      if (decision === "reject") {
        const reward = tx
          .select()
          .from(seedsTransactions)
          .where(and(eq(seedsTransactions.referenceId, contentId), eq(seedsTransactions.referenceType, "garden_content"), eq(seedsTransactions.reason, "garden_upload")))
          .orderBy(asc(seedsTransactions.createdAt))
          .get();
        if (reward && reward.amount > 0) {
          const balance = walletBalance(tx, row.authorId);
          seedsReversed = Math.min(reward.amount, balance);
          if (seedsReversed > 0) {
            recordLedgerEntry(tx, {
              userId: row.authorId,
              ...uploadReversalFields(row, seedsReversed),
              metadata: { reversalOf: reward.id, reason: "rejected by a moderator" },
              now,
            });
          }
        }
      }
      return { id: contentId, status, message: decision === "approve" ? GARDEN_TEXTS.approved : GARDEN_TEXTS.rejected, seedsReversed };
    },
    { behavior: "immediate" },
  );
}
