import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";

/** A private calendar feed's address holds its secret token: logs keep only its place. */
const FEED_TOKEN = /^(\/api\/calendar\/)[^/]+(\.ics)$/;

/** The path as it is written to the log: secrets in it (a feed token) replaced. */
export function loggedPath(path: string): string {
  return path.replace(FEED_TOKEN, "$1[token]$2");
}

/** One line per request: method, path (without secrets), status, duration, request id. */
export function requestLog(enabled: boolean): MiddlewareHandler<AppEnv> {
  return async function logRequest(c, next) {
    const started = performance.now();
    await next();
    if (!enabled) return;
    const ms = (performance.now() - started).toFixed(1);
    console.log(`${c.req.method} ${loggedPath(c.req.path)} ${c.res.status} ${ms}ms ${c.get("requestId") ?? ""}`);
  };
}
