/** Review (SPEC.md section 3): as the profile's Reviews tab and the client's list read it. */
export interface ApiReview {
  id: string;
  /** 1 to 5. */
  rating: number;
  comment: string | null;
  createdAt: string;
  /** First name and last initial ('Clara W.'): reviews are public, full names are not. */
  clientName: string;
  clientInitials: string;
  practitionerId: string;
  /** When its author last edited it; null when never. */
  editedAt: string | null;
  /** The practitioner's public reply (one per review), and when it was written. */
  reply: string | null;
  repliedAt: string | null;
}

/** A client edits or deletes their review for this many days after writing it. */
export const REVIEW_EDIT_DAYS = 30;
/** Ratings at or below this need a comment: a low score with no words helps no one. */
export const REVIEW_LOW_RATING = 2;
export const REVIEW_REPLY_MAX_LENGTH = 1000;

export const REVIEW_TEXTS = {
  lowRatingNeedsComment: `A rating of ${REVIEW_LOW_RATING} stars or fewer needs a few words about what went wrong.`,
  commentOrNone: "Write a few words about your session, or choose to leave no comment.",
  editWindowClosed: `Reviews can be changed for ${REVIEW_EDIT_DAYS} days after they are written.`,
  notYourReview: "You can only change your own review.",
  notYourPractice: "Only the practitioner reviewed can reply.",
  alreadyReplied: "You have already replied to this review. Edit your reply instead.",
  replyEmpty: "Write your reply.",
  reviewNotFound: "Review not found",
  formerMember: "A former member",
} as const;

/**
 * The comment rule of issue 26: empty only when the person chose to leave none, and never with a
 * low rating. Answers the problem's text, or null when the pair is acceptable.
 */
export function reviewCommentProblem(rating: number, comment: string | null, withoutComment: boolean): string | null {
  if (comment) return null;
  if (rating <= REVIEW_LOW_RATING) return REVIEW_TEXTS.lowRatingNeedsComment;
  return withoutComment ? null : REVIEW_TEXTS.commentOrNone;
}

/** The viewer's own review of this practitioner, while they may still change it. */
export interface OwnReview {
  id: string;
  rating: number;
  comment: string | null;
  /** ISO time after which it can no longer be edited or deleted. */
  editableUntil: string;
}

export type ReviewRefusal = "sign-in" | "no-completed-session" | "already-reviewed" | "own-profile";

/** GET /api/reviews/eligibility/{practitionerId}: whether the viewer may review now, and if not why. */
export interface ReviewEligibility {
  canReview: boolean;
  reason: ReviewRefusal | null;
  /** The viewer's latest review of this practitioner that they may still edit or delete. */
  ownReview?: OwnReview | null;
  /** The viewer is this practitioner: they may reply to reviews. */
  canReply?: boolean;
}

export const REVIEW_REFUSAL_MESSAGES: Record<ReviewRefusal, string> = {
  "sign-in": "Sign in to share your experience.",
  "no-completed-session": "You can review a practitioner after a completed session with them.",
  "already-reviewed": "You have already reviewed your sessions with this practitioner.",
  "own-profile": "You cannot review your own practice.",
};

/** SPEC.md section 8: what the form shows when the server gives no message. */
export const REVIEW_FAILED_MESSAGE = "Failed to create review";
