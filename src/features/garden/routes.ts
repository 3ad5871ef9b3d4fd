import { Hono } from "hono";
import { MODERATION_TEXTS } from "../../../core/admin";
import { moderateGardenPiece } from "../admin/moderation";
import { z } from "zod";
import { requirePermission, requireRole, requireRoleFirst, requireSignedIn, requireUser } from "../../auth/guards";
import { accessInfoFor, isPermitted } from "../../auth/permissions";
import type { AppEnv, CurrentUser } from "../../http/env";
import { badRequest, notFound } from "../../http/errors";
import { describeIssues, validate } from "../../http/validate";
import { GARDEN_TEXTS, gardenContentInput, gardenInteractionInput, gardenLikeInput, gardenListQuery, idempotencyKeyHeader } from "../../../core/garden";
import { getGardenItem, listGardenContent, listReviewQueue, recordView, reviewGardenContent, shareGardenContent, toggleLike, type GardenViewer } from "./service";
import type { Context } from "hono";

const idParam = z.object({ id: z.string().min(1).max(100) });

/** The viewer of a read: null for a visitor; canRead is the accessGarden permission. */
export function gardenViewer(user: CurrentUser | null, now: Date): GardenViewer | null {
  if (!user) return null;
  return { id: user.id, canRead: isPermitted(accessInfoFor(user, now).permissions.accessGarden) };
}

/** Middleware-like check before the body: 401 for visitors, 403 with the upgrade text without createContent. */
const requireCreateContent = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  requirePermission(c, "createContent");
  await next();
};

/** A like by a visitor answers the spec's 'Please sign in to like content'. */
const requireSignedInToLike = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  if (!c.var.user) return c.json({ message: GARDEN_TEXTS.signInToLike }, 401);
  await next();
};

/** /api/garden: the Garden's content, sharing, likes, views and the admin review queue. */
const rejectionSchema = z.object({ reason: z.string({ error: MODERATION_TEXTS.reasonRequired }).trim().min(3, MODERATION_TEXTS.reasonRequired).max(MODERATION_TEXTS.reasonMax) });

export const gardenRoutes = new Hono<AppEnv>()
  .get("/content", validate("query", gardenListQuery), async (c) => {
    const { db, now } = c.var.deps;
    const answer = await listGardenContent(db, gardenViewer(c.var.user, now()), c.req.valid("query"));
    // the author's pending items and likedByMe depend on the session
    if (c.var.user) c.header("Cache-Control", "private, no-store");
    return c.json(answer);
  })
  .get("/content/:id", validate("param", idParam), async (c) => {
    const { db, now } = c.var.deps;
    const item = await getGardenItem(db, gardenViewer(c.var.user, now()), c.req.valid("param").id);
    if (!item) throw notFound(GARDEN_TEXTS.notFound);
    if (c.var.user) c.header("Cache-Control", "private, no-store");
    return c.json(item);
  })
  .post("/content", requireCreateContent, validate("json", gardenContentInput, { paths: false }), async (c) => {
    const user = requireUser(c);
    const header = idempotencyKeyHeader.safeParse(c.req.header("idempotency-key") ?? undefined);
    if (!header.success) throw badRequest(describeIssues(header.error));
    const { db, now } = c.var.deps;
    const answer = await shareGardenContent(db, { id: user.id, isPractitioner: user.roles.includes("practitioner") }, c.req.valid("json"), header.data ?? null, now());
    return c.json(answer, 201);
  })
  .post("/content/:id/like", requireSignedInToLike, validate("param", idParam), validate("json", gardenLikeInput), async (c) => {
    const user = requireUser(c);
    return c.json(await toggleLike(c.var.deps.db, user.id, c.req.valid("param").id, c.var.deps.now(), c.req.valid("json").liked));
  })
  .post("/interaction", requireSignedIn, validate("json", gardenInteractionInput), async (c) => {
    const user = requireUser(c);
    return c.json(await recordView(c.var.deps.db, user.id, c.req.valid("json").contentId, c.var.deps.now()));
  })
  .get("/review-queue", async (c) => {
    requireRole(c, "admin");
    c.header("Cache-Control", "private, no-store");
    return c.json(await listReviewQueue(c.var.deps.db));
  })
  .post("/content/:id/approve", requireRoleFirst("admin"), validate("param", idParam), async (c) => {
    const user = requireRole(c, "admin");
    const { db, config, now } = c.var.deps;
    const { authorId: _a, title: _t, ...answer } = await moderateGardenPiece(db, config, { label: user.email, userId: user.id }, c.req.valid("param").id, "approve", null, now());
    return c.json(answer);
  })
  // a rejection gives its author a reason, by e-mail (issue 26)
  .post("/content/:id/reject", requireRoleFirst("admin"), validate("param", idParam), validate("json", rejectionSchema, { paths: false }), async (c) => {
    const user = requireRole(c, "admin");
    const { db, config, now } = c.var.deps;
    const { authorId: _a, title: _t, ...answer } = await moderateGardenPiece(db, config, { label: user.email, userId: user.id }, c.req.valid("param").id, "reject", c.req.valid("json").reason, now());
    return c.json(answer);
  });

