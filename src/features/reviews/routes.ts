import { Hono } from "hono";
import { z } from "zod";
import { PRACTITIONER_NOT_FOUND, REVIEW_COMMENT_MAX_LENGTH } from "../../../core/constants";
import { createMiddleware } from "hono/factory";
import { notFound } from "../../http/errors";
import { findVisiblePractitioner } from "../practitioners/service";
import { requireSelfOrAdmin, requireSignedIn, requireUser } from "../../auth/guards";
import type { AppEnv } from "../../http/app-context";
import type { ApiResponse } from "../../../core/api-routes";
import { validate } from "../../http/validate";
import { createReview, deleteOwnReview, listClientReviews, listPractitionerReviews, replyToReview, reviewEligibility, updateOwnReview } from "./service";
import { REVIEW_REPLY_MAX_LENGTH, REVIEW_TEXTS, reviewCommentProblem } from "../../../core/reviews";

const idParam = z.object({ id: z.string().min(1).max(100) });

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

const reviewChangeSchema = z.object({ rating, comment, withoutComment: z.boolean().optional() }).superRefine(commentRule);
const replySchema = z.object({
  reply: z.string().trim().min(1, REVIEW_TEXTS.replyEmpty).max(REVIEW_REPLY_MAX_LENGTH, `Keep your reply to ${REVIEW_REPLY_MAX_LENGTH} characters or fewer`),
});

/** 404 for a practitioner the viewer may not see (not listed yet, and not theirs), as its profile answers. */
const visibleOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!(await findVisiblePractitioner(c.var.deps.db, c.req.param("id") ?? "", c.var.user?.id ?? null))) throw notFound(PRACTITIONER_NOT_FOUND);
  await next();
});

/** /api/reviews: public reviews of a practitioner, a client's own reviews, and writing one. */
export const reviewRoutes = new Hono<AppEnv>()
  .get("/practitioner/:id", validate("param", idParam), visibleOnly, async (c) => c.json((await listPractitionerReviews(c.var.deps.db, c.req.valid("param").id)) satisfies ApiResponse<"GET /api/reviews/practitioner/:id">))
  .get("/client/:id", validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    requireSelfOrAdmin(c, id);
    return c.json(await listClientReviews(c.var.deps.db, id));
  })
  .get("/eligibility/:id", validate("param", idParam), visibleOnly, async (c) =>
    c.json((await reviewEligibility(c.var.deps.db, c.var.user?.id ?? null, c.req.valid("param").id, c.var.deps.now())) satisfies ApiResponse<"GET /api/reviews/eligibility/:id">),
  )
  .post("/", requireSignedIn, validate("json", reviewInputSchema, { paths: false }), async (c) => {
    const user = requireUser(c);
    const { withoutComment: _chosen, ...input } = c.req.valid("json");
    return c.json(await createReview(c.var.deps.db, user.id, input), 201);
  })
  .patch("/:id", requireSignedIn, validate("param", idParam), validate("json", reviewChangeSchema, { paths: false }), async (c) => {
    const { rating, comment } = c.req.valid("json");
    return c.json(await updateOwnReview(c.var.deps.db, requireUser(c).id, c.req.valid("param").id, { rating, comment }, c.var.deps.now()));
  })
  .delete("/:id", requireSignedIn, validate("param", idParam), async (c) => {
    await deleteOwnReview(c.var.deps.db, requireUser(c).id, c.req.valid("param").id, c.var.deps.now());
    return c.json({ success: true });
  })
  .post("/:id/reply", requireSignedIn, validate("param", idParam), validate("json", replySchema, { paths: false }), async (c) =>
    c.json(await replyToReview(c.var.deps.db, requireUser(c).id, c.req.valid("param").id, c.req.valid("json").reply, "create", c.var.deps.now()), 201),
  )
  .put("/:id/reply", requireSignedIn, validate("param", idParam), validate("json", replySchema, { paths: false }), async (c) =>
    c.json(await replyToReview(c.var.deps.db, requireUser(c).id, c.req.valid("param").id, c.req.valid("json").reply, "update", c.var.deps.now())),
  );
