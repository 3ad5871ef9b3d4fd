/**
 * What writing, changing and replying to a review takes (issue 26), validated by the server
 * (src/features/reviews/routes.ts) and typed for the browser by core/api-routes.ts. The browser
 * imports only the types of this file.
 */
import { z } from "zod";
import { REVIEW_COMMENT_MAX_LENGTH } from "./constants";
import { REVIEW_REPLY_MAX_LENGTH, REVIEW_TEXTS, reviewCommentProblem } from "./reviews";

const rating = z
  .number({ error: "Choose a rating from 1 to 5 stars" })
  .int("Choose a rating from 1 to 5 stars")
  .min(1, "Choose a rating from 1 to 5 stars")
  .max(5, "Choose a rating from 1 to 5 stars");
const comment = z
  .string()
  .trim()
  .max(REVIEW_COMMENT_MAX_LENGTH, `Keep your review to ${REVIEW_COMMENT_MAX_LENGTH} characters or fewer`)
  .nullish()
  .transform((v) => v || null);
/** An empty comment only when the person chose to leave none, and never with a low rating (issue 26). */
const commentRule = <T extends { rating: number; comment: string | null; withoutComment?: boolean }>(value: T, ctx: z.RefinementCtx) => {
  const problem = reviewCommentProblem(value.rating, value.comment, value.withoutComment === true);
  if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["comment"] });
};

export const reviewInputSchema = z
  .object({
    practitionerId: z.string({ error: "practitionerId is required" }).min(1, "practitionerId is required").max(100),
    rating,
    comment,
    /** The person chose to leave no comment (the form's checkbox). */
    withoutComment: z.boolean().optional(),
    sessionId: z.string().min(1).max(100).optional(),
  })
  .superRefine(commentRule);

export const reviewChangeSchema = z.object({ rating, comment, withoutComment: z.boolean().optional() }).superRefine(commentRule);
export const replySchema = z.object({
  reply: z.string().trim().min(1, REVIEW_TEXTS.replyEmpty).max(REVIEW_REPLY_MAX_LENGTH, `Keep your reply to ${REVIEW_REPLY_MAX_LENGTH} characters or fewer`),
});
