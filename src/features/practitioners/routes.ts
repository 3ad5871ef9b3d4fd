import { Hono } from "hono";
import { z } from "zod";
import { eq } from "drizzle-orm";
import { atomic } from "../../../db/client";
import { practitioners } from "../../../db/schema";
import { validateProfileInput } from "../../../core/practitioner-profile";
import { PRACTITIONER_NOT_FOUND } from "../../../core/constants";
import { requireRole, requireRoleFirst } from "../../auth/guards";
import { effectiveAccessLevel } from "../../auth/permissions";
import type { AppEnv } from "../../http/app-context";
import type { ApiResponse } from "../../../core/api-routes";
import { badRequest, notFound } from "../../http/errors";
import { validate } from "../../http/validate";
import { savePractitionerProfile } from "./profile";
import { directoryParamsSchema } from "../../../core/directory-params-schema";
import { displayNameSchema, practitionerIdParam, profileBodySchema } from "./schemas";
import { cropPhoto, readPhoto, removeOwnPhoto, setOwnPhoto } from "./photo";
import { mediaResponse } from "../media/store";
import { PHOTO_CONTENT_TYPE, PHOTO_DEFAULT_SIZE, PHOTO_SIZES, PHOTO_TEXTS } from "../../../core/practitioner-photo";
import { findVisiblePractitioner, findPractitionerByUserId, getPractitioner, listDirectory, listFeaturedPractitioners, apiPractitioner } from "./service";

const photoQuery = z.object({
  size: z.coerce
    .number()
    .refine((n): n is (typeof PHOTO_SIZES)[number] => (PHOTO_SIZES as readonly number[]).includes(n), `size must be one of ${PHOTO_SIZES.join(", ")}`)
    .default(PHOTO_DEFAULT_SIZE),
  v: z.string().max(64).optional(),
});

/** The uploaded picture's bytes: a multipart form's 'file' field, or the body itself. */
async function photoBytes(request: Request): Promise<Uint8Array> {
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) return new Uint8Array(await request.arrayBuffer());
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw badRequest(PHOTO_TEXTS.badForm);
  }
  const file = form.get("file");
  if (!file || typeof file === "string") throw badRequest(PHOTO_TEXTS.fileMissing);
  return new Uint8Array(await file.arrayBuffer());
}

export const NO_PROFILE_YET = "You have not created your practitioner profile yet";

/** /api/practitioners: the featured list, the directory, one profile, and the practitioner's own profile. */
export const practitionerRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json((await listFeaturedPractitioners(c.var.deps.db)) satisfies ApiResponse<"GET /api/practitioners">))
  .get("/all", validate("query", directoryParamsSchema), async (c) => {
    const { pageSize, ...filters } = c.req.valid("query");
    const { db, now } = c.var.deps;
    const level = effectiveAccessLevel(c.var.user, now());
    return c.json((await listDirectory(db, filters, level, pageSize)) satisfies ApiResponse<"GET /api/practitioners/all">);
  })
  .get("/me", async (c) => {
    const user = requireRole(c, "practitioner");
    const row = await findPractitionerByUserId(c.var.deps.db, user.id);
    if (!row) throw notFound(NO_PROFILE_YET);
    return c.json(await apiPractitioner(c.var.deps.db, row));
  })
  .put("/me/name", requireRoleFirst("practitioner"), validate("json", displayNameSchema, { paths: false }), async (c) => {
    const user = requireRole(c, "practitioner");
    const { db } = c.var.deps;
    const { displayName } = c.req.valid("json");
    const row = await atomic(db, async (tx) => {
      const [updated] = await tx.update(practitioners).set({ displayName }).where(eq(practitioners.userId, user.id)).returning();
      return updated;
    });
    if (!row) throw notFound(NO_PROFILE_YET);
    return c.json((await apiPractitioner(c.var.deps.db, row)) satisfies ApiResponse<"PUT /api/practitioners/me/name">);
  })
  // sign-in and role first, then the body's shape (zod), then the profile rules (messages per field)
  .put("/me", requireRoleFirst("practitioner"), validate("json", profileBodySchema), async (c) => {
    const user = requireRole(c, "practitioner");
    const { db } = c.var.deps;
    const current = await findPractitionerByUserId(db, user.id);
    const result = validateProfileInput(c.req.valid("json"), current?.archetype ?? null);
    if (result.errors) {
      const messages = Object.values(result.errors);
      return c.json({ message: messages.length === 1 ? messages[0] : `Please fix ${messages.length} fields: ${messages[0]}`, errors: result.errors }, 400);
    }
    const saved = await savePractitionerProfile(db, user.id, result.value, { timeZone: c.req.valid("json").timeZone });
    return c.json(saved.practitioner satisfies ApiResponse<"PUT /api/practitioners/me">, saved.created ? 201 : 200);
  })
  // the photo: the image's bytes as the body, or a multipart form with a 'file' field
  .put("/me/photo", requireRoleFirst("practitioner"), async (c) => {
    const user = requireRole(c, "practitioner");
    const { db, now } = c.var.deps;
    const crops = await cropPhoto(await photoBytes(c.req.raw));
    const row = await setOwnPhoto(db, user.id, crops, now());
    if (!row) throw notFound(NO_PROFILE_YET);
    return c.json(await apiPractitioner(c.var.deps.db, row));
  })
  .delete("/me/photo", requireRoleFirst("practitioner"), async (c) => {
    const user = requireRole(c, "practitioner");
    const row = await removeOwnPhoto(c.var.deps.db, user.id);
    if (!row) throw notFound(NO_PROFILE_YET);
    return c.json((await apiPractitioner(c.var.deps.db, row)) satisfies ApiResponse<"DELETE /api/practitioners/me/photo">);
  })
  // public while the practitioner is listed; the versioned URL (photoUrl) is kept for good
  .get("/:id/photo", validate("param", practitionerIdParam), validate("query", photoQuery), async (c) => {
    const { id } = c.req.valid("param");
    const { size, v } = c.req.valid("query");
    const { db } = c.var.deps;
    const practitioner = await findVisiblePractitioner(db, id, c.var.user?.id ?? null);
    if (!practitioner) throw notFound(PRACTITIONER_NOT_FOUND);
    const photo = await readPhoto(db, id, size);
    if (!photo) throw notFound(PHOTO_TEXTS.noPhoto);
    const cacheControl = v === photo.version ? "public, max-age=31536000, immutable" : "public, max-age=60, must-revalidate";
    return mediaResponse(c.req.raw, { contentType: PHOTO_CONTENT_TYPE, byteSize: photo.data.byteLength, sha256: `${photo.version}-${size}`, data: photo.data }, { fileName: `photo-${size}.jpg`, download: false, cacheControl });
  })
  .get("/:id", validate("param", practitionerIdParam), async (c) => {
    const practitioner = await getPractitioner(c.var.deps.db, c.req.valid("param").id, c.var.user?.id ?? null);
    if (!practitioner) throw notFound(PRACTITIONER_NOT_FOUND);
    return c.json(practitioner satisfies ApiResponse<"GET /api/practitioners/:id">);
  });
