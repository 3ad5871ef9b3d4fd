import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "hono/bun";
import { AUTH_ERROR_TEXTS } from "../../core/auth";
import type { AppEnv } from "../http/env";
import { httpError } from "../http/errors";
import { trustedForwarded } from "../http/forwarded";
import { createAttemptCounter } from "./attempt-counter";
import { readBody, wantsFormRedirect, withErrorCode } from "./request-body";

const WINDOW_MS = 60_000;
export const RATE_LIMIT_MESSAGE = AUTH_ERROR_TEXTS.rate_limited;

/**
 * The client whose requests the limits count: with TRUST_PROXY, the last X-Forwarded-For entry
 * (the one the proxy appended; earlier entries come from the client and could be anything), else
 * the socket's address; under app.request() there is no socket unless the test passes a fake
 * server. An IPv6 address counts as its /64 (clientNetwork).
 */
export function clientIp(c: Context<AppEnv>): string {
  const forwarded = trustedForwarded(c, "x-forwarded-for");
  if (forwarded) return clientNetwork(forwarded);
  try {
    return clientNetwork(getConnInfo(c).remote.address ?? "unknown");
  } catch {
    return "unknown";
  }
}

/**
 * What one client controls: an IPv4 address (also written as ::ffff:a.b.c.d), or an IPv6 /64.
 * One subscriber is handed a whole /64 (often more), so counting single IPv6 addresses would let
 * anyone rotate through 2^64 of them past every limit.
 */
export function clientNetwork(address: string): string {
  const ip = address.trim().toLowerCase().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = /^(?:0{0,4}:){0,5}ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip) ?? /^::(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(":") || !/^[0-9a-f:.]+$/.test(ip)) return ip;
  const [head, tail = ""] = ip.split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  // an embedded IPv4 tail (::1.2.3.4 forms) takes two groups; it lies past the /64 either way
  const groups = ip.includes("::") ? [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill("0"), ...back] : front;
  return `${groups
    .slice(0, 4)
    .map((g) => (g.replace(/^0+/, "") || "0"))
    .join(":")}::/64`;
}

/**
 * AUTH_RATE_LIMIT requests per minute for one action from one client network (clientIp). Not per
 * e-mail address (decision 021): a per-address count let one attacker keep a stranger's
 * 'Forgot password', 'Resend verification' and sign-up at 429 for everyone, the owner included.
 * What an address receives is bounded by the hourly mail caps in routes.ts instead, behind an
 * answer that is the same whether or not a mail went out; a per-(address, network) count would
 * add nothing, the per-network one always fills first. Sign-in's failures are counted per account
 * by sign-in.ts. The 429 is a `{"message"}` like every other API error, with Retry-After; a refused
 * form post (`formPage`) goes back to its page with ?error=rate_limited instead. Counted on the
 * app's clock; each call makes fresh counters (one set per app).
 */
export function authRateLimit(action: string, { formPage }: { formPage?: (body: Record<string, unknown>) => string } = {}): MiddlewareHandler<AppEnv> {
  const perClient = createAttemptCounter(WINDOW_MS);
  return async function limitAuthRequests(c, next) {
    const now = c.var.deps.now();
    const key = `${action}:${clientIp(c)}`;
    if (perClient.count(key, now) >= c.var.deps.config.AUTH_RATE_LIMIT) {
      // refused requests are not counted, so the counter holds at most `limit` times
      c.header("Retry-After", String(Math.ceil(perClient.msUntilFree(key, now) / 1000)));
      // a form posted before the page's script loaded goes back to its page, which shows the text
      if (formPage && wantsFormRedirect(c)) return c.redirect(withErrorCode(formPage(await readBody(c)), "rate_limited"), 303);
      throw httpError(429, RATE_LIMIT_MESSAGE);
    }
    perClient.add(key, now);
    await next();
  };
}
