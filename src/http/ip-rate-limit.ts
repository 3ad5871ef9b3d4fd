/**
 * The one per-client request limit (the auth forms, the admin logins, the survey): `limit`
 * requests per minute for one action from one client network (clientIp), counted in the app's
 * `counters.requests` store (counter-store.ts) on the app's clock. A refused request is not
 * counted, so a client's count holds at most `limit`. The 429 is a `{"message"}` like every other
 * API error, with Retry-After; a refused form post (`formPage`) goes back to its page with
 * ?error=rate_limited instead.
 */
import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "hono/bun";
import { readBody, wantsFormRedirect, withErrorCode } from "../auth/request-body";
import type { AppEnv } from "./app-context";
import { httpError } from "./errors";
import { trustedForwarded } from "./forwarded";

export const RATE_LIMIT_WINDOW_MS = 60_000;

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

export interface RateLimitOptions {
  /** A form posted before its page's script loaded goes back to this page, which shows the text. */
  formPage?: (body: Record<string, unknown>) => string;
}

/** `limit` requests per minute per client network for one action; past it a 429 with `message`. */
export function ipRateLimit(action: string, limit: (c: Context<AppEnv>) => number, message: string, { formPage }: RateLimitOptions = {}): MiddlewareHandler<AppEnv> {
  return async function limitRequests(c, next) {
    const { counters, now } = c.var.deps;
    const result = await counters.requests.hit(`rate:${action}:${clientIp(c)}`, RATE_LIMIT_WINDOW_MS, now(), limit(c));
    if (!result.counted) {
      c.header("Retry-After", String(Math.max(1, Math.ceil(result.msUntilFree / 1000))));
      if (formPage && wantsFormRedirect(c)) return c.redirect(withErrorCode(formPage(await readBody(c)), "rate_limited"), 303);
      throw httpError(429, message);
    }
    await next();
  };
}
