import { Hono } from "hono";
import { z } from "zod";
import { PRACTITIONER_NOT_FOUND } from "../../../core/constants";
import { createMiddleware } from "hono/factory";
import { notFound } from "../../http/errors";
import { findVisiblePractitioner } from "../practitioners/service";
import { requireSelfOrAdmin, requireSignedIn, requireUser } from "../../auth/guards";
import type { AppEnv } from "../../http/app-context";
import type { ApiResponse } from "../../../core/api-routes";
import { validate } from "../../http/validate";
import { createReview, deleteOwnReview, listClientReviews, listPractitionerReviews, replyToReview, reviewEligibility, updateOwnReview } from "./service";
import { replySchema, reviewChangeSchema, reviewInputSchema } from "../../../core/review-inputs";

const idParam = z.object({ id: z.string().min(1).max(100) });

export { reviewInputSchema };

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
    return c.json((await createReview(c.var.deps.db, user.id, input)) satisfies ApiResponse<"POST /api/reviews">, 201);
  })
  .patch("/:id", requireSignedIn, validate("param", idParam), validate("json", reviewChangeSchema, { paths: false }), async (c) => {
    const { rating, comment } = c.req.valid("json");
    return c.json((await updateOwnReview(c.var.deps.db, requireUser(c).id, c.req.valid("param").id, { rating, comment }, c.var.deps.now())) satisfies ApiResponse<"PATCH /api/reviews/:id">);
  })
  .delete("/:id", requireSignedIn, validate("param", idParam), async (c) => {
    await deleteOwnReview(c.var.deps.db, requireUser(c).id, c.req.valid("param").id, c.var.deps.now());
    return c.json({ success: true } satisfies ApiResponse<"DELETE /api/reviews/:id">);
  })
  .post("/:id/reply", requireSignedIn, validate("param", idParam), validate("json", replySchema, { paths: false }), async (c) =>
    c.json((await replyToReview(c.var.deps.db, requireUser(c).id, c.req.valid("param").id, c.req.valid("json").reply, "create", c.var.deps.now())) satisfies ApiResponse<"POST /api/reviews/:id/reply">, 201),
  )
  .put("/:id/reply", requireSignedIn, validate("param", idParam), validate("json", replySchema, { paths: false }), async (c) =>
    c.json((await replyToReview(c.var.deps.db, requireUser(c).id, c.req.valid("param").id, c.req.valid("json").reply, "update", c.var.deps.now())) satisfies ApiResponse<"PUT /api/reviews/:id/reply">),
  );
