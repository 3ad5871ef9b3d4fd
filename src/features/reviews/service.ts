import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { atomic, first, type Db } from "../../../db/client";
import { bookings, practitioners, reviews, users } from "../../../db/schema";
import type { ApiReview, ReviewEligibility } from "../../../core/reviews";
import { REVIEW_REFUSAL_MESSAGES } from "../../../core/reviews";
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
  firstName: users.firstName,
  lastName: users.lastName,
};

type ReviewRow = { id: string; rating: number; comment: string | null; createdAt: Date; practitionerId: string; firstName: string | null; lastName: string | null };

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
    ...reviewerName(row.firstName, row.lastName),
    practitionerId: row.practitionerId,
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
export async function reviewEligibility(db: Db, userId: string | null, practitionerId: string): Promise<ReviewEligibility> {
  const owner = await practitionerOwner(db, practitionerId);
  if (!owner) throw notFound(PRACTITIONER_NOT_FOUND);
  if (!userId) return { canReview: false, reason: "sign-in" };
  if (owner.userId === userId) return { canReview: false, reason: "own-profile" };
  const sessions = await completedSessions(db, userId, practitionerId);
  if (sessions.length === 0) return { canReview: false, reason: "no-completed-session" };
  if (sessions.every((s) => s.reviewed)) return { canReview: false, reason: "already-reviewed" };
  return { canReview: true, reason: null };
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
      await tx
        .update(practitioners)
        .set({ averageRating: sql`(SELECT round(avg(${reviews.rating}), 2) FROM ${reviews} WHERE ${reviews.practitionerId} = ${input.practitionerId})` })
        .where(eq(practitioners.id, input.practitionerId));
      const author = await first(tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId)).limit(1));
      return toApiReview({ ...review, firstName: author?.firstName ?? null, lastName: author?.lastName ?? null });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(REVIEW_REFUSAL_MESSAGES["already-reviewed"]);
    throw error;
  }
}
