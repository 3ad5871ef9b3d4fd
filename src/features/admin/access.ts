import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../http/app-context";
import { forbidden, unauthorized } from "../../http/errors";
import { ADMIN_REQUIRED_MESSAGE } from "../../../core/access-texts";
import { ADMIN_TEXTS } from "../../../core/admin";
import { hasGateSession } from "./gate";
import type { AdminActor } from "./service";

/**
 * Who may use the admin dashboard's API: a signed-in admin, or a browser holding a live gate
 * session (opened with the access code). Anyone else: 401 for a visitor, 403 for a signed-in
 * non-admin. Checked on the server on every call; no header or browser flag counts.
 */
export async function requireAdminAccess(c: Context<AppEnv>): Promise<AdminActor> {
  const user = c.var.user;
  if (user?.roles.includes("admin")) return { label: user.email, userId: user.id };
  if (await hasGateSession(c, "dashboard")) return { label: "access code", userId: null };
  if (user) throw forbidden(ADMIN_REQUIRED_MESSAGE);
  throw unauthorized(ADMIN_TEXTS.gateRequired);
}

/** The same check as middleware, before any body is read. */
export const adminAccessFirst = createMiddleware<AppEnv>(async (c, next) => {
  await requireAdminAccess(c);
  await next();
});

/** The simple admin panel's data calls: its HttpOnly session cookie, on every call. */
export const simpleAdminFirst = createMiddleware<AppEnv>(async (c, next) => {
  if (!(await hasGateSession(c, "simple"))) throw unauthorized(ADMIN_TEXTS.simpleLoginRequired);
  await next();
});
