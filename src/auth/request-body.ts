import type { Context } from "hono";

/** True for an HTML form post (the page works before its island hydrates, or without JavaScript). */
export function isFormPost(c: Context): boolean {
  const type = c.req.header("content-type") ?? "";
  return type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data");
}

/**
 * The request body as a plain object, from JSON or a form; {} when absent or unreadable.
 * Hono caches the parsed body, so the rate limiter and the handler can both read it.
 */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  try {
    if (isFormPost(c)) return (await c.req.parseBody()) as Record<string, unknown>;
    if ((c.req.header("content-type") ?? "").includes("json")) {
      const value: unknown = await c.req.json();
      return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    }
  } catch {
    // malformed bodies fail validation with a readable message later
  }
  return {};
}

/** True for a plain form post that expects a page back (not a script asking for JSON). */
export function wantsFormRedirect(c: Context): boolean {
  return isFormPost(c) && !(c.req.header("accept") ?? "").includes("application/json");
}

/** `formPage` with `?error=code` added (the page shows the code's fixed text). */
export function withErrorCode(formPage: string, code: string): string {
  const url = new URL(formPage, "http://x");
  url.searchParams.set("error", code);
  return url.pathname + url.search;
}
