import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../http/env";
import { renderDocument, type PageOptions } from "../render/render-page";

/**
 * Renders a page for this request (nonce, assets, app URL from the context). `noindex` is said to
 * visitors only: crawlers are never signed in, so a page a signed-in person receives has nothing to
 * tell them (and Lighthouse's SEO audit would count the tag against it).
 */
export function renderPage(c: Context<AppEnv>, options: PageOptions): Response {
  const { config, assets } = c.var.deps;
  const page = options.noindex && c.var.user !== null ? { ...options, noindex: false } : options;
  const html = renderDocument({ assets, nonce: c.get("secureHeadersNonce") ?? "", appUrl: config.APP_URL }, page);
  c.header("Cache-Control", "no-store");
  return c.html(html, (options.status ?? 200) as ContentfulStatusCode);
}
