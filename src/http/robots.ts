import { Hono } from "hono";
import type { AppEnv } from "./env";

/** The account pages that are public landing pages (they name a canonical URL and a description). */
export const CRAWLABLE_AUTH_PAGES = ["/auth/signin", "/auth/signup"] as const;

/**
 * Public pages may be crawled; the API, dashboards, admin panels and the other account pages (links
 * carrying tokens: verification, password reset) may not. Sign-in and sign-up stay crawlable: people
 * search for them. Crawlers apply the longest matching rule, so their `Allow` wins over `Disallow: /auth`.
 */
export const ROBOTS_TXT = [
  "User-agent: *",
  "Allow: /",
  ...CRAWLABLE_AUTH_PAGES.map((path) => `Allow: ${path}`),
  "Disallow: /api",
  "Disallow: /dashboard",
  "Disallow: /admin",
  "Disallow: /simple-admin",
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
