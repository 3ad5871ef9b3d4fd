/**
 * Credentials (issue 26):
 * - /api/practitioners/me/credentials: GET (own), POST (add), DELETE /:id (own only; 404 otherwise)
 * - /api/practitioners/:id/credentials: GET (public: a listed practitioner's, with what was checked)
 * - /api/admin/credentials: GET (all, waiting first), POST /:id/verify | /:id/unverify (audit-logged)
 */
import { Hono } from "hono";
import { z } from "zod";
import { CREDENTIAL_TEXTS, credentialInputSchema } from "../../../core/credentials";
import { PRACTITIONER_NOT_FOUND } from "../../../core/constants";
import { requireRole, requireRoleFirst } from "../../auth/guards";
import type { AppEnv } from "../../http/app-context";
import type { ApiResponse } from "../../../core/api-routes";
import { notFound } from "../../http/errors";
import { validate } from "../../http/validate";
import { adminAccessFirst, requireAdminAccess } from "../admin/access";
import { findPractitionerByUserId, getPractitioner } from "../practitioners/service";
import { NO_PROFILE_YET } from "../practitioners/routes";
import { addCredential, credentialsOf, listAdminCredentials, removeCredential, setCredentialVerified } from "./service";

const idParam = z.object({ id: z.string().min(1).max(100) });

async function ownPractitionerId(c: Parameters<typeof requireRole>[0]): Promise<string> {
  const user = requireRole(c, "practitioner");
  const row = await findPractitionerByUserId(c.var.deps.db, user.id);
  if (!row) throw notFound(NO_PROFILE_YET);
  return row.id;
}

export const myCredentialRoutes = new Hono<AppEnv>()
  .get("/", requireRoleFirst("practitioner"), async (c) => c.json({ credentials: await credentialsOf(c.var.deps.db, await ownPractitionerId(c)) }))
  .post("/", requireRoleFirst("practitioner"), validate("json", credentialInputSchema), async (c) => {
    const credential = await addCredential(c.var.deps.db, await ownPractitionerId(c), c.req.valid("json"), c.var.deps.now());
    return c.json({ credential, message: CREDENTIAL_TEXTS.added } satisfies ApiResponse<"POST /api/practitioners/me/credentials">, 201);
  })
  .delete("/:id", requireRoleFirst("practitioner"), validate("param", idParam), async (c) => {
    await removeCredential(c.var.deps.db, await ownPractitionerId(c), c.req.valid("param").id);
    return c.json({ message: CREDENTIAL_TEXTS.removed } satisfies ApiResponse<"DELETE /api/practitioners/me/credentials/:id">);
  });

/** GET /api/practitioners/:id/credentials: a listed practitioner's (what the profile shows); an unlisted or unknown one is a 404. */
export const publicCredentialRoutes = new Hono<AppEnv>().get("/:id/credentials", validate("param", idParam), async (c) => {
  const practitioner = await getPractitioner(c.var.deps.db, c.req.valid("param").id, c.var.user?.id ?? null);
  if (!practitioner) throw notFound(PRACTITIONER_NOT_FOUND);
  return c.json({ credentials: await credentialsOf(c.var.deps.db, practitioner.id) });
});

export const adminCredentialRoutes = new Hono<AppEnv>()
  .get("/", adminAccessFirst, async (c) => {
    await requireAdminAccess(c);
    return c.json({ credentials: await listAdminCredentials(c.var.deps.db) } satisfies ApiResponse<"GET /api/admin/credentials">);
  })
  .post("/:id/:action", adminAccessFirst, validate("param", z.object({ id: z.string().min(1).max(100), action: z.enum(["verify", "unverify"]) })), async (c) => {
    const actor = await requireAdminAccess(c);
    const { id, action } = c.req.valid("param");
    return c.json({ credential: await setCredentialVerified(c.var.deps.db, actor, id, action === "verify", c.var.deps.now()) } satisfies ApiResponse<"POST /api/admin/credentials/:id/:action">);
  });
