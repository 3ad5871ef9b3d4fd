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
}

export type ReviewRefusal = "sign-in" | "no-completed-session" | "already-reviewed" | "own-profile";

/** GET /api/reviews/eligibility/{practitionerId}: whether the viewer may review now, and if not why. */
export interface ReviewEligibility {
  canReview: boolean;
  reason: ReviewRefusal | null;
}

export const REVIEW_REFUSAL_MESSAGES: Record<ReviewRefusal, string> = {
  "sign-in": "Sign in to share your experience.",
  "no-completed-session": "You can review a practitioner after a completed session with them.",
  "already-reviewed": "You have already reviewed your sessions with this practitioner.",
  "own-profile": "You cannot review your own practice.",
};

/** SPEC.md section 8: what the form shows when the server gives no message. */
export const REVIEW_FAILED_MESSAGE = "Failed to create review";
