import { Hono } from "hono";
import { z } from "zod";
import { PRACTITIONER_NOT_FOUND, REVIEW_COMMENT_MAX_LENGTH } from "../../../core/constants";
import { createMiddleware } from "hono/factory";
import { notFound } from "../../http/errors";
import { findVisiblePractitioner } from "../practitioners/service";
import { requireSelfOrAdmin, requireSignedIn, requireUser } from "../../auth/guards";
import type { AppEnv } from "../../http/env";
import { validate } from "../../http/validate";
import { createReview, listClientReviews, listPractitionerReviews, reviewEligibility } from "./service";

const idParam = z.object({ id: z.string().min(1).max(100) });

export const reviewInputSchema = z.object({
  practitionerId: z.string({ error: "practitionerId is required" }).min(1, "practitionerId is required").max(100),
  rating: z
    .number({ error: "Choose a rating from 1 to 5 stars" })
    .int("Choose a rating from 1 to 5 stars")
    .min(1, "Choose a rating from 1 to 5 stars")
    .max(5, "Choose a rating from 1 to 5 stars"),
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX_LENGTH, `Keep your review to ${REVIEW_COMMENT_MAX_LENGTH} characters or fewer`)
    .nullish()
    .transform((v) => v || null),
  sessionId: z.string().min(1).max(100).optional(),
});

/** 404 for a practitioner the viewer may not see (not listed yet, and not theirs), as its profile answers. */
const visibleOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!(await findVisiblePractitioner(c.var.deps.db, c.req.param("id") ?? "", c.var.user?.id ?? null))) throw notFound(PRACTITIONER_NOT_FOUND);
  await next();
});

/** /api/reviews: public reviews of a practitioner, a client's own reviews, and writing one. */
export const reviewRoutes = new Hono<AppEnv>()
  .get("/practitioner/:id", validate("param", idParam), visibleOnly, async (c) => c.json(await listPractitionerReviews(c.var.deps.db, c.req.valid("param").id)))
  .get("/client/:id", validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    requireSelfOrAdmin(c, id);
    return c.json(await listClientReviews(c.var.deps.db, id));
  })
  .get("/eligibility/:id", validate("param", idParam), visibleOnly, async (c) => c.json(await reviewEligibility(c.var.deps.db, c.var.user?.id ?? null, c.req.valid("param").id)))
  .post("/", requireSignedIn, validate("json", reviewInputSchema), async (c) => {
    const user = requireUser(c);
    return c.json(await createReview(c.var.deps.db, user.id, c.req.valid("json")), 201);
  });
