import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";

/** One line per request: method, path, status, duration, request id. */
export function requestLog(enabled: boolean): MiddlewareHandler<AppEnv> {
  return async function logRequest(c, next) {
    const started = performance.now();
    await next();
    if (!enabled) return;
    const ms = (performance.now() - started).toFixed(1);
    console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms ${c.get("requestId") ?? ""}`);
  };
}
