import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-context";

export const PRIVATE_NO_STORE = "private, no-store";

/**
 * Marks answers that may depend on the session as `private, no-store`, so that no shared cache
 * (a proxy, a CDN) keeps one person's data for another and the browser keeps none on disk:
 * every /api answer that did not choose its own Cache-Control, and every HTML page rendered for a
 * signed-in user whatever it chose. New features get this without doing anything; a public API
 * answer opts out by setting its own header.
 */
export function privateByDefault(): MiddlewareHandler<AppEnv> {
  return async function markPrivate(c, next) {
    await next();
    const isApi = c.req.path === "/api" || c.req.path.startsWith("/api/");
    const isHtml = (c.res.headers.get("content-type") ?? "").startsWith("text/html");
    if ((isApi && !c.res.headers.has("cache-control")) || (isHtml && c.var.user)) c.res.headers.set("Cache-Control", PRIVATE_NO_STORE);
  };
}
