import type { MiddlewareHandler } from "hono";
import { AUTH_ERROR_TEXTS } from "../../core/auth";
import type { AppEnv } from "../http/app-context";
import { ipRateLimit, type RateLimitOptions } from "../http/ip-rate-limit";

export { clientIp, clientNetwork } from "../http/ip-rate-limit";

export const RATE_LIMIT_MESSAGE = AUTH_ERROR_TEXTS.rate_limited;

/**
 * AUTH_RATE_LIMIT requests per minute for one action from one client network (the one limiter,
 * http/ip-rate-limit.ts). Not per e-mail address (decision 021): a per-address count let one
 * attacker keep a stranger's 'Forgot password', 'Resend verification' and sign-up at 429 for
 * everyone, the owner included. What an address receives is bounded by the hourly mail caps in
 * routes.ts instead, behind an answer that is the same whether or not a mail went out; a
 * per-(address, network) count would add nothing, the per-network one always fills first.
 * Sign-in's failures are counted per account by sign-in.ts. A refused form post (`formPage`)
 * goes back to its page with ?error=rate_limited.
 */
export function authRateLimit(action: string, options: RateLimitOptions = {}): MiddlewareHandler<AppEnv> {
  return ipRateLimit(`auth:${action}`, (c) => c.var.deps.config.AUTH_RATE_LIMIT, RATE_LIMIT_MESSAGE, options);
}
