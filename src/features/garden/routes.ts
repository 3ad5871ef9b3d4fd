import { Hono } from "hono";
import type { ApiResponse } from "../../../core/api-routes";
import { MODERATION_TEXTS } from "../../../core/admin";
import { moderateGardenPiece } from "../admin/moderation";
import { z } from "zod";
import { requirePermission, requireRole, requireRoleFirst, requireSignedIn, requireUser } from "../../auth/guards";
import { accessInfoFor, isPermitted } from "../../auth/permissions";
import type { AppEnv, CurrentUser } from "../../http/app-context";
import { badRequest, httpError, notFound } from "../../http/errors";
import { describeIssues, validate } from "../../http/validate";
import { GARDEN_TEXTS, gardenContentInput, gardenInteractionInput, gardenLikeInput, gardenListQuery, gardenMediaQuery, idempotencyKeyHeader } from "../../../core/garden";
import { gardenMediaFor, getGardenItem, listGardenContent, listReviewQueue, recordInteraction, reviewGardenContent, shareGardenContent, toggleLike, type GardenViewer } from "./service";
import { MEDIA_TEXTS } from "../../../core/media";
import { isWellFormedDeep, MALFORMED_TEXT_MESSAGE } from "../../../core/text";
import { checkMedia, mediaResponse } from "../media/store";
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
    return c.json(answer satisfies ApiResponse<"GET /api/garden/content">);
  })
  .get("/content/:id", validate("param", idParam), async (c) => {
    const { db, now } = c.var.deps;
    const item = await getGardenItem(db, gardenViewer(c.var.user, now()), c.req.valid("param").id);
    if (!item) throw notFound(GARDEN_TEXTS.notFound);
    if (c.var.user) c.header("Cache-Control", "private, no-store");
    return c.json(item satisfies ApiResponse<"GET /api/garden/content/:id">);
  })
  .post("/content", requireCreateContent, validate("json", gardenContentInput, { paths: false }), async (c) => {
    const user = requireUser(c);
    const header = idempotencyKeyHeader.safeParse(c.req.header("idempotency-key") ?? undefined);
    if (!header.success) throw badRequest(describeIssues(header.error));
    const { db, now } = c.var.deps;
    const answer = await shareGardenContent(db, { id: user.id, isPractitioner: user.roles.includes("practitioner") }, c.req.valid("json"), header.data ?? null, now());
    return c.json(answer, 201);
  })
  .post("/uploads", requireCreateContent, async (c) => {
    // a piece with its recording or video: the same fields as POST /content (tags repeated), and `file`
    const user = requireUser(c);
    const header = idempotencyKeyHeader.safeParse(c.req.header("idempotency-key") ?? undefined);
    if (!header.success) throw badRequest(describeIssues(header.error));
    if (!/^multipart\/form-data\s*;/i.test(c.req.header("content-type") ?? "")) throw httpError(415, MEDIA_TEXTS.notMultipart);
    const form = await c.req.formData().catch(() => {
      throw badRequest(MEDIA_TEXTS.badForm);
    });
    const file = form.get("file");
    if (!(file instanceof File)) throw badRequest(MEDIA_TEXTS.fileMissing);
    const fields: Record<string, string | string[] | undefined> = { tags: [] };
    for (const name of ["title", "description", "content", "contentType"] as const) {
      const value = form.get(name);
      if (value !== null && typeof value !== "string") throw badRequest(MEDIA_TEXTS.fieldNotText(name));
      fields[name] = value ?? undefined;
    }
    const tags = form.getAll("tags");
    if (tags.some((tag) => typeof tag !== "string")) throw badRequest(MEDIA_TEXTS.fieldNotText("tags"));
    fields.tags = tags as string[];
    if (!isWellFormedDeep(fields) || !isWellFormedDeep(file.name)) throw badRequest(MALFORMED_TEXT_MESSAGE);
    const input = gardenContentInput.safeParse(fields);
    if (!input.success) throw badRequest(describeIssues(input.error, { paths: false }));
    const media = checkMedia(new Uint8Array(await file.arrayBuffer()));
    const { db, now } = c.var.deps;
    const answer = await shareGardenContent(db, { id: user.id, isPractitioner: user.roles.includes("practitioner") }, input.data, header.data ?? null, now(), { media, fileName: file.name });
    return c.json(answer, 201);
  })
  .get("/content/:id/media", validate("param", idParam), validate("query", gardenMediaQuery), async (c) => {
    const { db, now } = c.var.deps;
    const user = c.var.user;
    const found = await gardenMediaFor(db, gardenViewer(user, now()), user?.roles.includes("admin") ?? false, c.req.valid("param").id);
    // private: the file is as gated as the piece's text; revalidated by its ETag once a day
    return mediaResponse(c.req.raw, found.media, { fileName: found.fileName, download: c.req.valid("query").download === "1", cacheControl: "private, max-age=86400" });
  })
  .post("/content/:id/like", requireSignedInToLike, validate("param", idParam), validate("json", gardenLikeInput), async (c) => {
    const user = requireUser(c);
    return c.json((await toggleLike(c.var.deps.db, user.id, c.req.valid("param").id, c.var.deps.now(), c.req.valid("json").liked)) satisfies ApiResponse<"POST /api/garden/content/:id/like">);
  })
  .post("/interaction", requireSignedIn, validate("json", gardenInteractionInput), async (c) => {
    const { db, now } = c.var.deps;
    const viewer = gardenViewer(requireUser(c), now())!;
    const { contentId, interactionType } = c.req.valid("json");
    return c.json((await recordInteraction(db, viewer, contentId, interactionType, now())) satisfies ApiResponse<"POST /api/garden/interaction">);
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

