import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../http/env";
import { renderDocument, type PageOptions } from "../render/render-page";

/** Renders a page for this request (nonce, assets, app URL from the context). */
export function renderPage(c: Context<AppEnv>, options: PageOptions): Response {
  const { config, assets } = c.var.deps;
  const html = renderDocument({ assets, nonce: c.get("secureHeadersNonce") ?? "", appUrl: config.APP_URL }, options);
  c.header("Cache-Control", "no-store");
  return c.html(html, (options.status ?? 200) as ContentfulStatusCode);
}
