import type { MiddlewareHandler } from "hono";
import { forbidden } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses cross-site writes of any content type (hono/csrf only checks form types).
 * A write must carry an Origin from the allowed list (APP_URL's origin and TRUSTED_ORIGINS; never
 * the request's own Host, which the client chooses), or, when a browser sends no Origin,
 * Sec-Fetch-Site same-origin/none. Clients that send neither (curl, server-to-server) pass:
 * they carry no victim's cookies.
 */
export function sameOrigin(allowedOrigins: () => string[]): MiddlewareHandler {
  return async function checkSameOrigin(c, next) {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    // Under `Referrer-Policy: no-referrer` (set by secureHeaders) Chromium sends `Origin: null` on
    // same-origin form posts; Sec-Fetch-Site, which pages cannot forge, then tells where it came from.
    if (origin === "null") {
      if (fetchSite !== "same-origin") throw forbidden("Cross-origin request refused");
    } else if (origin) {
      if (!allowedOrigins().includes(origin)) throw forbidden("Cross-origin request refused");
    } else if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
      throw forbidden("Cross-origin request refused");
    }
    return next();
  };
}

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The origins that are the site at `appUrl`: its own, and for a loopback APP_URL (the local demo)
 * the same scheme and port under each loopback name, since a person may open
 * http://127.0.0.1:3000 as well as http://localhost:3000. A public APP_URL has no alias.
 */
export function loopbackAliases(appUrl: URL): string[] {
  if (!LOOPBACK_NAMES.includes(appUrl.hostname)) return [appUrl.origin];
  const port = appUrl.port ? `:${appUrl.port}` : "";
  return [appUrl.origin, ...LOOPBACK_NAMES.map((name) => `${appUrl.protocol}//${name}${port}`).filter((origin) => origin !== appUrl.origin)];
}
