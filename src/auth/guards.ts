import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import type { Role } from "../../core/enums";
import type { AppEnv, CurrentUser } from "../http/app-context";
import { forbidden, unauthorized } from "../http/errors";
import { ADMIN_REQUIRED_MESSAGE, UPGRADE_REQUIRED_MESSAGE } from "../../core/access-texts";
import { signInHref } from "../../core/auth";
import type { Permissions } from "../../core/types";
import { accessInfoFor, isPermitted } from "./permissions";

/**
 * Pages: the signed-in user, or a thrown 302 to sign-in that comes back to this page (or to
 * `redirectTo`). `reason` lets the sign-in page say why (e.g. 'booking'). app.onError answers
 * the prepared redirect as it is.
 */
export function requirePageUser(c: Context<AppEnv>, options: { redirectTo?: string; reason?: string } = {}): CurrentUser {
  const user = c.var.user;
  if (user) return user;
  throw new HTTPException(302, { res: c.redirect(signInHref(options.redirectTo ?? c.req.path, options.reason), 302) });
}

/** Pages: the signed-in user holding `role`; a visitor is sent to sign-in, anyone else gets 403. */
export function requirePageRole(c: Context<AppEnv>, role: Role, message?: string): CurrentUser {
  const user = requirePageUser(c);
  if (!user.roles.includes(role)) throw forbidden(message ?? (role === "admin" ? ADMIN_REQUIRED_MESSAGE : `This page needs the ${role} role`));
  return user;
}

/** The signed-in user, or a 401 (with `message` when the feature has its own words for it). */
export function requireUser(c: Context<AppEnv>, message?: string): CurrentUser {
  const user = c.var.user;
  if (!user) throw unauthorized(message);
  return user;
}

/** The signed-in user holding `role`, else 401/403. */
export function requireRole(c: Context<AppEnv>, role: Role): CurrentUser {
  const user = requireUser(c);
  if (!user.roles.includes(role)) throw forbidden(role === "admin" ? ADMIN_REQUIRED_MESSAGE : `This needs the ${role} role`);
  return user;
}

/** For routes with a user id in the path: only that user or an admin. */
export function requireSelfOrAdmin(c: Context<AppEnv>, userId: string): CurrentUser {
  const user = requireUser(c);
  if (user.id !== userId && !user.roles.includes("admin")) throw forbidden("You can only see your own data");
  return user;
}

/**
 * The signed-in user whose access level (trial fallback included) grants `permission`, else 401,
 * or 403 with the spec's 'This feature requires upgraded access'. Limits (numbers) are checked by
 * the feature itself.
 */
export function requirePermission(c: Context<AppEnv>, permission: keyof Permissions): CurrentUser {
  const user = requireUser(c);
  if (!isPermitted(accessInfoFor(user, c.var.deps.now()).permissions[permission])) throw forbidden(UPGRADE_REQUIRED_MESSAGE);
  return user;
}

/**
 * Middleware for write routes: a visitor gets 401 before anything reads the body, so a bad body
 * never answers 400 to someone who may not write at all. Put it before `validate`.
 */
export const requireSignedIn = requireSignedInWith();

/** requireSignedIn with the feature's own 401 message (booking: 'Please sign in to book a session'). */
export function requireSignedInWith(message?: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    requireUser(c, message);
    await next();
  });
}

/** Middleware: 401 for a visitor, 403 without `role`, before the body is read (put it before `validate`). */
export function requireRoleFirst(role: Role) {
  return createMiddleware<AppEnv>(async (c, next) => {
    requireRole(c, role);
    await next();
  });
}
