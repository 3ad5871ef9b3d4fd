import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../http/app-context";
import { renderDocument, type PageOptions } from "../render/render-page";

/**
 * Renders a page for this request (nonce, assets, app URL from the context). `noindex` is said to
 * visitors only: crawlers are never signed in, so a page a signed-in person receives has nothing to
 * tell them (and Lighthouse's SEO audit would count the tag against it). With a render thread
 * (production), a registered page is rendered there and this answers once it is done.
 */
export function renderPage(c: Context<AppEnv>, options: PageOptions): Response | Promise<Response> {
  const { config, assets, renderer } = c.var.deps;
  const page = options.noindex && c.var.user !== null ? { ...options, noindex: false } : options;
  const env = { nonce: c.get("secureHeadersNonce") ?? "", appUrl: config.APP_URL };
  const status = (options.status ?? 200) as ContentfulStatusCode;
  c.header("Cache-Control", "no-store");
  const { body, ...rest } = page;
  const rendering = renderer?.render(body, rest, env);
  if (rendering) return rendering.then((html) => c.body(html, status, { "Content-Type": "text/html; charset=UTF-8" }));
  return c.html(renderDocument({ assets, ...env }, page), status);
}
