import { dehydrate, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { createStore } from "jotai";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { IslandRendererContext, type IslandRenderer } from "../../web/components/island";
import { ISLAND_CATALOG, type IslandName } from "../../web/islands/catalog";
import type { HydrationStrategy } from "../../web/islands/hydration-strategies";
import { IslandReady } from "../../web/islands/island-ready";
import { IslandProviders } from "../../web/islands/providers";
import { serverIslands } from "../../web/islands/registry.server";
import { createQueryClient } from "../../web/lib/query-client";
import type { AssetResolver } from "./assets";
import { escapeHtml, jsonForScript } from "./escape";

export interface PageOptions {
  title: string;
  description?: string;
  /** The page tree (layout included). */
  body: ReactElement;
  status?: number;
  /** Server data for the islands' queries, in exactly the API's JSON shape. */
  queryData?: Array<[QueryKey, unknown]>;
  /** Extra elements for <head>, already safe HTML (e.g. structured data built with jsonForScript). */
  head?: string;
  canonicalPath?: string;
  /** Keep the page out of search results (src/pages/render.ts says it to visitors only). */
  noindex?: boolean;
}

export interface RenderEnvironment {
  assets: AssetResolver;
  nonce: string;
  appUrl: string;
}

/** Renders islands as separate roots with unique id prefixes; one instance per request. */
class IslandSession implements IslandRenderer {
  readonly used = new Set<IslandName>();
  /** Islands hydrated as soon as the page runs: only their chunks are preloaded. */
  readonly eager = new Set<IslandName>();
  private count = 0;
  // Per request: a module-level client or store on the server would leak data between users.
  readonly queryClient: QueryClient = createQueryClient();
  readonly store = createStore();

  render(name: IslandName, props: object, hydrate: HydrationStrategy) {
    const id = `i${this.count++}`;
    this.used.add(name);
    if (hydrate === "load") this.eager.add(name);
    // the same wrapper as in the browser (web/islands/hydrate-island.ts), so useId agrees
    let element: ReactElement = createElement(IslandReady, { children: createElement(serverIslands[name] as (p: object) => ReactElement, props) });
    if (ISLAND_CATALOG[name].providers) {
      element = createElement(IslandProviders, { queryClient: this.queryClient, store: this.store, children: element });
    }
    return { id, html: renderToString(element, { identifierPrefix: `${id}-` }) };
  }
}

/** Renders a full HTML document: scripts only when the page used islands. */
export function renderDocument(env: RenderEnvironment, page: PageOptions): string {
  const session = new IslandSession();
  for (const [key, data] of page.queryData ?? []) session.queryClient.setQueryData(key, data);

  const bodyHtml = renderToString(createElement(IslandRendererContext.Provider, { value: session }, page.body));
  const assets = env.assets.forPage(session.used, session.eager);
  const needsState = [...session.used].some((n) => ISLAND_CATALOG[n].providers);

  const head: string[] = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(page.title)}</title>`,
    page.description ? `<meta name="description" content="${escapeHtml(page.description)}">` : "",
    `<meta name="theme-color" content="#2F4F4F">`,
    page.noindex ? `<meta name="robots" content="noindex">` : "",
    page.canonicalPath ? `<link rel="canonical" href="${escapeHtml(env.appUrl + page.canonicalPath)}">` : "",
    `<meta property="og:title" content="${escapeHtml(page.title)}">`,
    page.description ? `<meta property="og:description" content="${escapeHtml(page.description)}">` : "",
    `<link rel="icon" href="/favicon.ico" sizes="48x48">`,
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`,
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${href}">`),
  ];
  if (assets.entry) {
    // the chunks of islands hydrated at load are preloaded by the entry once the page has loaded
    // (web/client.ts): as <link>s here they took the phone's bandwidth from the stylesheet and
    // delayed the first paint by a second (docs/performance.md, "Lighthouse")
    const preload = assets.preloads.length > 0 ? ` data-preload="${escapeHtml(assets.preloads.join(" "))}"` : "";
    head.push(`<script type="module" src="${assets.entry}"${preload} nonce="${env.nonce}"></script>`);
  }
  // the assistant button loads its chat on the first click; this few-hundred-byte script listens for it
  if (assets.assistantLauncher && bodyHtml.includes("data-assistant-launcher")) {
    const { script, chat } = assets.assistantLauncher;
    head.push(`<script type="module" src="${script}" data-assistant-chat="${chat}" nonce="${env.nonce}"></script>`);
  }
  // the header's unread count (a signed-in person's account menu): a small script that listens to the conversations stream
  if (assets.unreadBadge && bodyHtml.includes("data-unread-badge")) {
    head.push(`<script type="module" src="${assets.unreadBadge}" nonce="${env.nonce}"></script>`);
  }
  if (page.head) head.push(page.head);

  const state = needsState
    ? `<script type="application/json" id="__QUERY_STATE__">${jsonForScript(dehydrate(session.queryClient))}</script>`
    : "";
  return `<!doctype html><html lang="en"><head>${head.filter(Boolean).join("")}</head><body>${bodyHtml}${state}</body></html>`;
}
