import { Hono } from "hono";
import type { AppEnv } from "./app-context";

/** The account pages that are public landing pages (they name a canonical URL and a description). */
export const CRAWLABLE_AUTH_PAGES = ["/auth/signin", "/auth/signup"] as const;

/**
 * Crawlers may fetch every page; they may not fetch the API, nor the account pages under /auth
 * other than sign-in and sign-up (their links carry tokens: verification, password reset).
 * Sign-in and sign-up are landing pages people search for: crawlers apply the longest matching
 * rule, so their `Allow` wins over `Disallow: /auth`. Dashboards and admin pages are not blocked
 * here: a crawler that follows a leaked link is sent to sign-in, and the forms a visitor sees there
 * (the admin access code, the simple admin login) say `noindex`, which search engines can only read
 * on a page they may fetch (a blocked address can still be listed, without its content).
 */
export const ROBOTS_TXT = [
  "User-agent: *",
  "Allow: /",
  ...CRAWLABLE_AUTH_PAGES.map((path) => `Allow: ${path}`),
  "Disallow: /api",
  "Disallow: /auth",
  "",
].join("\n");

/** GET /robots.txt. */
export function robots() {
  return new Hono<AppEnv>().get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=86400");
    return c.text(ROBOTS_TXT);
  });
}
