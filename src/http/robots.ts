import { Hono } from "hono";
import type { AppEnv } from "./env";

/** Public pages may be crawled; the API, dashboards, admin panels and account pages may not. */
export const ROBOTS_TXT = ["User-agent: *", "Allow: /", "Disallow: /api", "Disallow: /dashboard", "Disallow: /admin", "Disallow: /simple-admin", "Disallow: /auth", ""].join("\n");

/** GET /robots.txt. */
export function robots() {
  return new Hono<AppEnv>().get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=86400");
    return c.text(ROBOTS_TXT);
  });
}
