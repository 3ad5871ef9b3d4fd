import type { Context, MiddlewareHandler } from "hono";
import { rateLimiter } from "hono-rate-limiter";
import { clientIp } from "../auth/rate-limit";
import type { AppEnv } from "./env";
import { httpError } from "./errors";

/**
 * `limit` requests per minute per client address for one action; the 429 is a `{"message"}`.
 * Each call makes fresh counters, so call it when building a router (one set per app).
 */
export function ipRateLimit(action: string, limit: (c: Context<AppEnv>) => number, message: string): MiddlewareHandler<AppEnv> {
  return rateLimiter<AppEnv>({
    windowMs: 60_000,
    limit,
    keyGenerator: (c) => `${action}:ip:${clientIp(c)}`,
    handler: () => {
      throw httpError(429, message);
    },
  });
}
