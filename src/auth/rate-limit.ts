import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "hono/bun";
import { every } from "hono/combine";
import { rateLimiter } from "hono-rate-limiter";
import { AUTH_ERROR_TEXTS } from "../../core/auth";
import type { AppEnv } from "../http/env";
import { httpError } from "../http/errors";
import { trustedForwarded } from "../http/forwarded";
import { readBody } from "./request-body";

const WINDOW_MS = 60_000;
export const RATE_LIMIT_MESSAGE = AUTH_ERROR_TEXTS.rate_limited;

/**
 * The client's address: with TRUST_PROXY, the last X-Forwarded-For entry (the one the proxy
 * appended; earlier entries come from the client and could be anything), else the socket's
 * address. Under app.request() there is no socket unless the test passes a fake server.
 */
export function clientIp(c: Context<AppEnv>): string {
  const forwarded = trustedForwarded(c, "x-forwarded-for");
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

async function addressOf(c: Context<AppEnv>): Promise<string | null> {
  const email = (await readBody(c)).email;
  if (typeof email === "string" && email.trim()) return email.trim().toLowerCase();
  return c.var.user?.email.toLowerCase() ?? null;
}

/**
 * AUTH_RATE_LIMIT requests per minute for one action, counted both per client address and per
 * e-mail address (so neither rotating addresses nor rotating IPs gets around it). The 429 is a
 * `{"message"}` like every other API error. Each call makes fresh counters (one set per app).
 */
export function authRateLimit(action: string): MiddlewareHandler<AppEnv> {
  const handler = () => {
    throw httpError(429, RATE_LIMIT_MESSAGE);
  };
  const limit = (c: Context<AppEnv>) => c.var.deps.config.AUTH_RATE_LIMIT;
  return every(
    rateLimiter<AppEnv>({ windowMs: WINDOW_MS, limit, handler, keyGenerator: (c) => `${action}:ip:${clientIp(c)}` }),
    rateLimiter<AppEnv>({
      windowMs: WINDOW_MS,
      limit,
      handler,
      skip: async (c) => (await addressOf(c)) === null,
      keyGenerator: async (c) => `${action}:email:${await addressOf(c)}`,
    }),
  );
}
