import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { atomic, first, type Db } from "../../../db/client";
import { bookings, practitioners, reviews, users } from "../../../db/schema";
import type { ApiReview, OwnReview, ReviewEligibility } from "../../../core/reviews";
import { REVIEW_EDIT_DAYS, REVIEW_REFUSAL_MESSAGES, REVIEW_TEXTS } from "../../../core/reviews";
import { PRACTITIONER_NOT_FOUND } from "../../../core/constants";
import { isUniqueViolation } from "../../../db/errors";
import { conflict, forbidden, notFound } from "../../http/errors";
import { visiblePractitionerIn } from "../practitioners/service";

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  practitionerId: reviews.practitionerId,
  editedAt: reviews.editedAt,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
  firstName: users.firstName,
  lastName: users.lastName,
  deletedAt: users.deletedAt,
};

type ReviewRow = {
  id: string;
  rating: number;
  comment: string | null;
  createdAt: Date;
  practitionerId: string;
  editedAt: Date | null;
  reply: string | null;
  repliedAt: Date | null;
  firstName: string | null;
  lastName: string | null;
  deletedAt: Date | null;
};

const EDIT_WINDOW_MS = REVIEW_EDIT_DAYS * 24 * 3_600_000;

/** 'Clara W.' and 'CW': enough to feel personal, not enough to identify a client publicly. */
export function reviewerName(firstName: string | null, lastName: string | null): { clientName: string; clientInitials: string } {
  const first = firstName?.trim() ?? "";
  const last = lastName?.trim() ?? "";
  if (!first && !last) return { clientName: "Pollinate member", clientInitials: "PM" };
  const clientName = [first, last ? `${last.charAt(0).toUpperCase()}.` : ""].filter(Boolean).join(" ");
  const clientInitials = `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
  return { clientName, clientInitials };
}

function toApiReview(row: ReviewRow): ApiReview {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    // a deleted account's reviews stay, signed by no one (decision 029)
    ...(row.deletedAt ? { clientName: REVIEW_TEXTS.formerMember, clientInitials: "FM" } : reviewerName(row.firstName, row.lastName)),
    practitionerId: row.practitionerId,
    editedAt: row.editedAt?.toISOString() ?? null,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
  };
}

async function practitionerOwner(db: Db, practitionerId: string): Promise<{ userId: string } | null> {
  return (await first(db.select({ userId: practitioners.userId }).from(practitioners).where(eq(practitioners.id, practitionerId)).limit(1))) ?? null;
}

async function selectReviews(db: Db, where: SQL, limit?: number): Promise<ApiReview[]> {
  const query = db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.clientId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .$dynamic();
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map(toApiReview);
}

/** A practitioner's reviews, newest first (all, or the latest `limit`); 404 when the practitioner does not exist. */
export async function listPractitionerReviews(db: Db, practitionerId: string, limit?: number): Promise<ApiReview[]> {
  if (!(await practitionerOwner(db, practitionerId))) throw notFound(PRACTITIONER_NOT_FOUND);
  return selectReviews(db, eq(reviews.practitionerId, practitionerId), limit);
}

/** The reviews a client wrote, newest first. */
export async function listClientReviews(db: Db, clientId: string): Promise<ApiReview[]> {
  return selectReviews(db, eq(reviews.clientId, clientId));
}

/** The client's completed sessions with the practitioner, and which of them have no review yet. */
async function completedSessions(db: Db, clientId: string, practitionerId: string): Promise<{ id: string; reviewed: boolean }[]> {
  const rows = await db
    .select({ id: bookings.id, reviewId: reviews.id })
    .from(bookings)
    .leftJoin(reviews, eq(reviews.sessionId, bookings.id))
    .where(and(eq(bookings.clientId, clientId), eq(bookings.practitionerId, practitionerId), eq(bookings.status, "completed")))
    .orderBy(desc(bookings.scheduledDatetime));
  return rows.map((row) => ({ id: row.id, reviewed: row.reviewId !== null }));
}

/**
 * Who may review: a signed-in user with a completed session with this practitioner that has no
 * review yet (one review per session), never the practitioner themselves.
 */
export async function reviewEligibility(db: Db, userId: string | null, practitionerId: string, now = new Date()): Promise<ReviewEligibility> {
  const owner = await practitionerOwner(db, practitionerId);
  if (!owner) throw notFound(PRACTITIONER_NOT_FOUND);
  if (!userId) return { canReview: false, reason: "sign-in" };
  if (owner.userId === userId) return { canReview: false, reason: "own-profile", canReply: true };
  const own = await editableOwnReview(db, userId, practitionerId, now);
  const ownReview = own ? { ownReview: own } : {};
  const sessions = await completedSessions(db, userId, practitionerId);
  if (sessions.length === 0) return { canReview: false, reason: "no-completed-session", ...ownReview };
  if (sessions.every((s) => s.reviewed)) return { canReview: false, reason: "already-reviewed", ...ownReview };
  return { canReview: true, reason: null, ...ownReview };
}

/** The viewer's newest review of this practitioner still inside the edit window. */
async function editableOwnReview(db: Db, userId: string, practitionerId: string, now: Date): Promise<OwnReview | null> {
  const row = await first(
    db
      .select({ id: reviews.id, rating: reviews.rating, comment: reviews.comment, createdAt: reviews.createdAt })
      .from(reviews)
      .where(and(eq(reviews.clientId, userId), eq(reviews.practitionerId, practitionerId)))
      .orderBy(desc(reviews.createdAt))
      .limit(1),
  );
  if (!row || now.getTime() - row.createdAt.getTime() > EDIT_WINDOW_MS) return null;
  return { id: row.id, rating: row.rating, comment: row.comment, editableUntil: new Date(row.createdAt.getTime() + EDIT_WINDOW_MS).toISOString() };
}

/** Recomputes the practitioner's stored average (null with no review left), inside the change's transaction. */
async function refreshAverage(tx: Db, practitionerId: string): Promise<void> {
  await tx
    .update(practitioners)
    .set({ averageRating: sql`(SELECT round(avg(${reviews.rating}), 2) FROM ${reviews} WHERE ${reviews.practitionerId} = ${practitionerId})` })
    .where(eq(practitioners.id, practitionerId));
}

async function reviewById(db: Db, reviewId: string): Promise<ReviewRow & { clientId: string }> {
  const row = await first(db.select({ ...reviewColumns, clientId: reviews.clientId }).from(reviews).innerJoin(users, eq(users.id, reviews.clientId)).where(eq(reviews.id, reviewId)).limit(1));
  if (!row) throw notFound(REVIEW_TEXTS.reviewNotFound);
  return row;
}

/** The author changes rating and comment within REVIEW_EDIT_DAYS of writing; 403 for anyone else, 409 after. */
export async function updateOwnReview(db: Db, userId: string, reviewId: string, change: { rating: number; comment: string | null }, now: Date): Promise<ApiReview> {
  return atomic(db, async (tx) => {
    const row = await reviewById(tx, reviewId);
    if (row.clientId !== userId) throw forbidden(REVIEW_TEXTS.notYourReview);
    if (now.getTime() - row.createdAt.getTime() > EDIT_WINDOW_MS) throw conflict(REVIEW_TEXTS.editWindowClosed);
    await tx.update(reviews).set({ rating: change.rating, comment: change.comment, editedAt: now }).where(eq(reviews.id, reviewId));
    await refreshAverage(tx, row.practitionerId);
    return toApiReview({ ...row, ...change, editedAt: now });
  });
}

/** The author deletes their review within REVIEW_EDIT_DAYS (the session may then be reviewed again). */
export async function deleteOwnReview(db: Db, userId: string, reviewId: string, now: Date): Promise<void> {
  await atomic(db, async (tx) => {
    const row = await reviewById(tx, reviewId);
    if (row.clientId !== userId) throw forbidden(REVIEW_TEXTS.notYourReview);
    if (now.getTime() - row.createdAt.getTime() > EDIT_WINDOW_MS) throw conflict(REVIEW_TEXTS.editWindowClosed);
    await tx.delete(reviews).where(eq(reviews.id, reviewId));
    await refreshAverage(tx, row.practitionerId);
  });
}

/**
 * The reviewed practitioner's one public reply: `mode` "create" refuses a second (409), "update"
 * changes the existing one. 403 for anyone but that practitioner.
 */
export async function replyToReview(db: Db, userId: string, reviewId: string, reply: string, mode: "create" | "update", now: Date): Promise<ApiReview> {
  return atomic(db, async (tx) => {
    const row = await reviewById(tx, reviewId);
    const owner = await practitionerOwner(tx, row.practitionerId);
    if (owner?.userId !== userId) throw forbidden(REVIEW_TEXTS.notYourPractice);
    if (mode === "create" && row.reply) throw conflict(REVIEW_TEXTS.alreadyReplied);
    await tx.update(reviews).set({ reply, repliedAt: now }).where(eq(reviews.id, reviewId));
    return toApiReview({ ...row, reply, repliedAt: now });
  });
}

/** Removes a review (an admin's moderation); answers what it was, for the audit log and the author's e-mail. */
export async function removeReviewIn(tx: Db, reviewId: string): Promise<ReviewRow & { clientId: string }> {
  const row = await reviewById(tx, reviewId);
  await tx.delete(reviews).where(eq(reviews.id, reviewId));
  await refreshAverage(tx, row.practitionerId);
  return row;
}

export interface ReviewInput {
  practitionerId: string;
  rating: number;
  comment: string | null;
  /** A particular completed session; else the latest one without a review. */
  sessionId?: string;
}

/**
 * Writes a review and the practitioner's new average rating in one transaction (atomic), so
 * that two submissions for the same session cannot both pass the check.
 */
export async function createReview(db: Db, userId: string, input: ReviewInput): Promise<ApiReview> {
  try {
    return await atomic(db, async (tx) => {
      // a practitioner who is not listed (suspended, address unverified) does not exist for reviewers, as its reviews answer (decision 021)
      const owner = await visiblePractitionerIn(tx, input.practitionerId, userId);
      if (!owner) throw notFound(PRACTITIONER_NOT_FOUND);
      if (owner.userId === userId) throw forbidden(REVIEW_REFUSAL_MESSAGES["own-profile"]);
      const sessions = await completedSessions(tx, userId, input.practitionerId);
      const open = sessions.filter((s) => !s.reviewed && (!input.sessionId || s.id === input.sessionId));
      if (open.length === 0) {
        const chosen = input.sessionId ? sessions.find((s) => s.id === input.sessionId) : sessions[0];
        if (chosen?.reviewed) throw conflict(REVIEW_REFUSAL_MESSAGES["already-reviewed"]);
        throw forbidden(REVIEW_REFUSAL_MESSAGES["no-completed-session"]);
      }
      const [review] = await tx
        .insert(reviews)
        .values({ sessionId: open[0].id, clientId: userId, practitionerId: input.practitionerId, rating: input.rating, comment: input.comment })
        .returning();
      await refreshAverage(tx, input.practitionerId);
      const author = await first(tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId)).limit(1));
      return toApiReview({ ...review, firstName: author?.firstName ?? null, lastName: author?.lastName ?? null, deletedAt: null });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(REVIEW_REFUSAL_MESSAGES["already-reviewed"]);
    throw error;
  }
}
