/**
 * The Community Garden: listing (approved public content for everyone, plus an author's own
 * pending items), sharing with its Seeds reward, likes, views and the admin review queue.
 */
import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { atomic, first, type Db } from "../../../db/client";
import { gardenKeyword } from "../../../db/garden-search";
import { atomicOnKey } from "../../../db/locks";
import { gardenContent, gardenInteractions, gardenVisibleCounts, practitioners, userRoles, users } from "../../../db/schema";
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
  gardenMediaPath,
} from "../../../core/garden";
import { MEDIA_CONTENT_TYPES, MEDIA_TEXTS, cleanFileName, mediaKindOf } from "../../../core/media";
import { readMedia, storeMedia, type CheckedMedia, type StoredMedia } from "../media/store";
import { uploadReward } from "../../../core/seeds";
import { UPGRADE_REQUIRED_MESSAGE } from "../../../core/access-texts";
import type { Archetype } from "../../../core/enums";
import { badRequest, conflict, forbidden, httpError, notFound, unauthorized } from "../../http/errors";
import { awardUploadReward, reverseUploadReward, seedsBalanceOf, uploadRewardForRequest } from "../seeds/service";

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
async function toApiContent(db: Db, rows: ContentRow[], viewer: GardenViewer | null): Promise<ApiGardenContent[]> {
  if (rows.length === 0) return [];
  const authorIds = [...new Set(rows.map((r) => r.authorId))];
  const authors = new Map(
    (await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, authorIds))).map((a) => [a.id, a]),
  );
  const archetypes = new Map<string, Archetype>(
    (await db.select({ userId: practitioners.userId, archetype: practitioners.archetype }).from(practitioners).where(inArray(practitioners.userId, authorIds))).map((p) => [p.userId, p.archetype]),
  );
  const liked = new Set(
    viewer
      ? (
          await db
            .select({ contentId: gardenInteractions.contentId })
            .from(gardenInteractions)
            .where(and(eq(gardenInteractions.userId, viewer.id), eq(gardenInteractions.interactionType, "like"), inArray(gardenInteractions.contentId, rows.map((r) => r.id))))
        ).map((l) => l.contentId)
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
      hasMedia: row.fileUrl !== null,
      media:
        row.mediaId && !locked && row.fileName && row.fileSize
          ? { url: gardenMediaPath(row.id), fileName: row.fileName, fileSize: row.fileSize }
          : null,
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
async function countVisible(db: Db, query: Pick<GardenListQuery, "contentType" | "category">): Promise<number> {
  const conditions: SQL[] = [];
  if (query.contentType) conditions.push(eq(gardenVisibleCounts.contentType, query.contentType));
  if (query.category) conditions.push(eq(gardenVisibleCounts.category, query.category));
  // sum() of no rows is null in every engine (and a bigint or numeric in PostgreSQL): coalesced, then a number
  const [{ n }] = await db.select({ n: sql<number>`coalesce(sum(${gardenVisibleCounts.n}), 0)`.mapWith(Number) }).from(gardenVisibleCounts).where(and(...conditions));
  return Number(n);
}

/**
 * A page of the Garden: the viewer's own pending items first (marked pending), then approved
 * public content, newest first. Paging runs over that concatenation, so each part keeps its index.
 * Totals are exact, except that a keyword search stops counting at keywordCountWindow (totalExact).
 */
export async function listGardenContent(db: Db, viewer: GardenViewer | null, query: GardenListQuery): Promise<GardenListResponse> {
  // Reads on the read connection, outside a transaction: atomic() would hold the write lock (every
  // write in the process waits) for a read of up to tens of ms. So a write committed between the
  // count and the page can make the total differ by that write from the page (the next request
  // agrees again); the synchronous read transaction this replaces gave both from one snapshot.
  const filters = filterConditions(query);
  const keyword = await gardenKeyword(db, query.q);
  // text with no letters or digits ('***', '"', a lone emoji) matches nothing, as in the directory
  if (query.q && !keyword) return { content: [], total: 0, totalExact: true, limit: query.limit, offset: query.offset };
  // ids first, from the covering index, then the rows: a deep offset never reads the skipped rows
  const ids = async (where: SQL, order: typeof newestFirst | typeof oldestFirst, limit: number, offset: number): Promise<string[]> =>
    (await db.select({ id: gardenContent.id }).from(gardenContent).where(where).orderBy(...order).limit(limit).offset(offset)).map((r) => r.id);

  // the viewer's own pending pieces: few, all read through the author index
  const own = viewer
    ? await db.select({ id: gardenContent.id, docId: gardenContent.searchDocId }).from(gardenContent).where(and(ownPending(viewer.id), ...filters)).orderBy(...newestFirst)
    : [];
  const pending = (keyword ? await keyword.matching(own) : own).map((p) => p.id);

  const visibleWhere = and(visible(), ...filters)!;
  let visibleTotal: number;
  let totalExact = true;
  if (keyword) {
    const window = keywordCountWindow(query.offset, query.limit);
    const counted = await keyword.countUpTo(visibleWhere, window + 1);
    totalExact = counted <= window;
    visibleTotal = Math.min(counted, window);
  } else {
    visibleTotal = await countVisible(db, query);
  }

  const pageIds = pending.slice(query.offset, query.offset + query.limit);
  const take = query.limit - pageIds.length;
  const skip = Math.max(0, query.offset - pending.length);
  if (take > 0 && (!totalExact || skip < visibleTotal)) {
    if (keyword) pageIds.push(...(await keyword.pageIds(visibleWhere, take, skip)));
    else if (skip <= visibleTotal / 2) pageIds.push(...(await ids(visibleWhere, newestFirst, take, skip)));
    // past the middle, the exact total lets the walk start from the oldest end: fewer entries skipped
    else pageIds.push(...(await ids(visibleWhere, oldestFirst, Math.min(take, visibleTotal - skip), Math.max(0, visibleTotal - skip - take))).reverse());
  }
  const byId = new Map(pageIds.length ? (await db.select().from(gardenContent).where(inArray(gardenContent.id, pageIds))).map((r) => [r.id, r]) : []);
  const rows = pageIds.map((id) => byId.get(id)!).filter(Boolean);
  return { content: await toApiContent(db, rows, viewer), total: pending.length + visibleTotal, totalExact, limit: query.limit, offset: query.offset };
}

/** One piece as the viewer may see it (approved and public, or their own pending item); null otherwise. */
export async function getGardenItem(db: Db, viewer: GardenViewer | null, id: string): Promise<ApiGardenContent | null> {
  const row = await first(db.select().from(gardenContent).where(eq(gardenContent.id, id)).limit(1));
  if (!row || !isVisibleTo(row, viewer?.id ?? null)) return null;
  return (await toApiContent(db, [row], viewer))[0];
}

/** Whether the viewer may read the whole piece and play its file: its author, or anyone with Garden access. */
function mayReadFully(row: ContentRow, viewer: GardenViewer | null): boolean {
  return viewer !== null && (viewer.id === row.authorId || viewer.canRead);
}

/**
 * A piece's file for the viewer: as visible as the piece (admins also hear pending pieces, to
 * review them), 401 for a visitor and 403 without Garden access, as the piece's full text is.
 */
export async function gardenMediaFor(db: Db, viewer: GardenViewer | null, isAdmin: boolean, contentId: string): Promise<{ media: StoredMedia; fileName: string; approved: boolean }> {
  const row = await first(db.select().from(gardenContent).where(eq(gardenContent.id, contentId)).limit(1));
  if (!row || !(isAdmin || isVisibleTo(row, viewer?.id ?? null))) throw notFound(GARDEN_TEXTS.notFound);
  if (!row.mediaId) throw notFound(MEDIA_TEXTS.notFound);
  if (!isAdmin && !mayReadFully(row, viewer)) throw viewer ? forbidden(UPGRADE_REQUIRED_MESSAGE) : unauthorized(GARDEN_TEXTS.signInRequired);
  const media = await readMedia(db, row.mediaId);
  if (!media) throw notFound(MEDIA_TEXTS.notFound);
  return { media, fileName: row.fileName ?? cleanFileName("", media.contentType), approved: row.status === "approved" };
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
 * Shares a piece (pending until an admin approves it) and pays its Seeds (src/features/seeds) in
 * the same transaction. With a request key (the Idempotency-Key header), a retry answers the first
 * share instead of sharing twice. At most GARDEN_LIMITS.uploadsPerHour shares per rolling hour.
 */
export async function shareGardenContent(
  db: Db,
  user: Sharer,
  input: GardenContentInput,
  requestKey: string | null,
  now: Date,
  file: { media: CheckedMedia; fileName: string } | null = null,
): Promise<GardenShareResponse> {
  const reward = uploadReward(user.isPractitioner);
  checkFileFits(input, file);
  const requestHash = requestKey ? shareRequestHash(input, file?.media.sha256 ?? null) : null;
  const { row, seedsEarned, seedsBalance } = await atomic(db, async (tx) => {
    if (requestKey) {
      const earlier = await uploadRewardForRequest(tx, user.id, requestKey);
      // rows paid before the hash was kept have none: those keys still replay
      if (earlier?.requestHash != null && earlier.requestHash !== requestHash) throw httpError(422, GARDEN_TEXTS.idempotencyKeyReused);
      if (earlier?.contentId) {
        const shared = await first(tx.select().from(gardenContent).where(eq(gardenContent.id, earlier.contentId)).limit(1));
        const wallet = await seedsBalanceOf(tx, user.id);
        if (shared) return { row: shared, seedsEarned: earlier.amount, seedsBalance: wallet };
      }
    }
    const [{ n: recent }] = await tx
      .select({ n: count() })
      .from(gardenContent)
      .where(and(eq(gardenContent.authorId, user.id), gte(gardenContent.createdAt, new Date(now.getTime() - HOUR_MS))));
    if (recent >= GARDEN_LIMITS.uploadsPerHour) throw httpError(429, GARDEN_TEXTS.rateLimited);
    // the piece and its file in one transaction: no piece without its file, no file without its piece
    const contentId = crypto.randomUUID();
    const attached = file
      ? {
          mediaId: await storeMedia(tx, user.id, file.media, now),
          fileUrl: gardenMediaPath(contentId),
          fileName: cleanFileName(file.fileName, file.media.contentType),
          fileSize: file.media.bytes.byteLength,
        }
      : {};
    const [created] = await tx
      .insert(gardenContent)
      .values({ ...input, ...attached, id: contentId, authorId: user.id, status: "pending", isPublic: true, seedsReward: reward, createdAt: now, updatedAt: now })
      .returning();
    const paid = await awardUploadReward(tx, { userId: user.id, isPractitioner: user.isPractitioner, content: created, requestKey, requestHash, now });
    return { row: created, seedsEarned: reward, seedsBalance: paid.seedsBalance };
  });
  return {
    content: (await toApiContent(db, [row], { id: user.id, canRead: true }))[0],
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
function shareRequestHash(input: GardenContentInput, fileSha256: string | null): string {
  const fields: unknown[] = [input.title, input.description, input.content, input.contentType, input.tags];
  // keys kept before files existed hash the five fields alone, so their retries still match
  if (fileSha256) fields.push(fileSha256);
  return createHash("sha256").update(JSON.stringify(fields)).digest("hex");
}

/** A file only on an Audio or Video piece, and of its kind (400 otherwise, before anything is written). */
function checkFileFits(input: GardenContentInput, file: { media: CheckedMedia } | null): void {
  if (!file) return;
  const kind = MEDIA_CONTENT_TYPES[input.contentType];
  if (!kind) throw badRequest(MEDIA_TEXTS.noFileForType);
  if (mediaKindOf(file.media.contentType) !== kind) throw badRequest(MEDIA_TEXTS.wrongKind(kind));
}

// ---------------------------------------------------------------------------------------------
// Likes and views
// ---------------------------------------------------------------------------------------------

async function likeableOrThrow(tx: Db, contentId: string, userId: string): Promise<ContentRow> {
  const row = await first(tx.select().from(gardenContent).where(eq(gardenContent.id, contentId)).limit(1));
  if (!row || !isVisibleTo(row, userId)) throw notFound(GARDEN_TEXTS.notFound);
  return row;
}

/**
 * Likes the piece, or removes the like when the user already liked it; with `wanted`, sets that
 * state instead (a repeated request changes nothing). The counter is recounted
 * from the like rows in the same transaction, so it always equals them.
 */
export async function toggleLike(db: Db, userId: string, contentId: string, now: Date, wanted?: boolean): Promise<GardenLikeResponse> {
  // one piece's likes in turn (many people, or one person's double clicks, press at once)
  return atomicOnKey(db, `garden-likes:${contentId}`, async (tx) => {
    await likeableOrThrow(tx, contentId, userId);
    const mine = and(eq(gardenInteractions.contentId, contentId), eq(gardenInteractions.userId, userId), eq(gardenInteractions.interactionType, "like"));
    const had = Boolean(await first(tx.select({ id: gardenInteractions.id }).from(gardenInteractions).where(mine).limit(1)));
    const liked = wanted ?? !had;
    if (had && !liked) await tx.delete(gardenInteractions).where(mine);
    if (!had && liked) {
      await tx
        .insert(gardenInteractions)
        .values({ userId, contentId, interactionType: "like", createdAt: now });
    }
    const [{ n: likeCount }] = await tx
      .select({ n: count() })
      .from(gardenInteractions)
      .where(and(eq(gardenInteractions.contentId, contentId), eq(gardenInteractions.interactionType, "like")));
    await tx.update(gardenContent).set({ likeCount }).where(eq(gardenContent.id, contentId));
    return { contentId, liked, likeCount, message: liked ? GARDEN_TEXTS.liked : GARDEN_TEXTS.unliked };
  });
}

/** Counts a view at most once per user per item per UTC day. */
export async function recordInteraction(db: Db, viewer: GardenViewer, contentId: string, kind: "view" | "download", now: Date): Promise<GardenViewResponse> {
  const userId = viewer.id;
  return atomic(db, async (tx) => {
    const row = await likeableOrThrow(tx, contentId, userId);
    // a download of a piece without a file, or by a reader who may not open it, counts nothing
    if (kind === "download" && (!row.mediaId || !mayReadFully(row, viewer))) throw notFound(MEDIA_TEXTS.notFound);
    const counts = { contentId, viewCount: row.viewCount, downloadCount: row.downloadCount };
    const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
    const seen = await first(
      tx
        .select({ id: gardenInteractions.id })
        .from(gardenInteractions)
        .where(and(eq(gardenInteractions.contentId, contentId), eq(gardenInteractions.userId, userId), eq(gardenInteractions.interactionType, kind), gte(gardenInteractions.createdAt, dayStart), lt(gardenInteractions.createdAt, new Date(dayStart.getTime() + DAY_MS))))
        .limit(1),
    );
    if (seen) return { ...counts, counted: false };
    await tx.insert(gardenInteractions).values({ userId, contentId, interactionType: kind, createdAt: now });
    const counter = kind === "view" ? { viewCount: sql`${gardenContent.viewCount} + 1` } : { downloadCount: sql`${gardenContent.downloadCount} + 1` };
    const [updated] = await tx
      .update(gardenContent)
      .set(counter)
      .where(eq(gardenContent.id, contentId))
      .returning({ viewCount: gardenContent.viewCount, downloadCount: gardenContent.downloadCount });
    return { contentId, counted: true, viewCount: updated!.viewCount, downloadCount: updated!.downloadCount };
  });
}

// ---------------------------------------------------------------------------------------------
// Review queue (admins)
// ---------------------------------------------------------------------------------------------

/** Pending items, the oldest first (first come, first reviewed). */
export async function listReviewQueue(db: Db): Promise<ApiGardenReviewItem[]> {
  const pending = await db
    .select({ item: gardenContent, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(gardenContent)
    .innerJoin(users, eq(users.id, gardenContent.authorId))
    .where(eq(gardenContent.status, "pending"))
    .orderBy(asc(gardenContent.createdAt), asc(gardenContent.id))
    .limit(200);
  return pending.map(({ item, firstName, lastName, email }) => ({
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
export async function reviewGardenContent(db: Db, contentId: string, decision: "approve" | "reject", now: Date): Promise<GardenReviewResponse & { authorId: string; title: string }> {
  return atomic(db, async (tx) => {
    const row = await first(tx.select().from(gardenContent).where(eq(gardenContent.id, contentId)).limit(1));
    if (!row) throw notFound(GARDEN_TEXTS.notFound);
    if (row.status !== "pending") throw conflict(GARDEN_TEXTS.onlyPendingReviewable);
    const status = decision === "approve" ? "approved" : "rejected";
    await tx.update(gardenContent).set({ status, updatedAt: now }).where(eq(gardenContent.id, contentId));
    const seedsReversed = decision === "reject" ? await reverseUploadReward(tx, row.authorId, row, now) : 0;
    return { id: contentId, status, message: decision === "approve" ? GARDEN_TEXTS.approved : GARDEN_TEXTS.rejected, seedsReversed, authorId: row.authorId, title: row.title };
  });
}
