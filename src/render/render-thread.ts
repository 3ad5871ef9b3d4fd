/**
 * The render thread: a Bun Worker that turns a page (a registered page component and its props)
 * into its HTML document, so that React's rendering runs beside the thread that answers requests
 * (docs/decisions/020-pages-rendered-beside-requests.md). Started by src/render/render-pool.ts.
 */
import { createElement } from "react";
import { createAssetResolver, NO_ASSETS, type AssetResolver } from "./assets";
import { PAGE_COMPONENTS } from "./page-components";
import { renderDocument } from "./render-page";
import type { RenderThreadMessage, RenderResult } from "./render-pool";

declare const self: Worker;

const encoder = new TextEncoder();

// the first message says which assets the pages link (the built client's, or none in tests)
let assets: AssetResolver = NO_ASSETS;

self.onmessage = (event: MessageEvent<RenderThreadMessage>) => {
  if ("assets" in event.data) {
    assets = event.data.assets === "built" ? createAssetResolver({ reload: false }) : NO_ASSETS;
    return;
  }
  const { id, page, props, options, env } = event.data;
  let result: RenderResult;
  try {
    const component = PAGE_COMPONENTS[page];
    if (!component) throw new Error(`No page named ${page} on the render thread`);
    const html = renderDocument({ assets, nonce: env.nonce, appUrl: env.appUrl }, { ...options, body: createElement(component, props) });
    // UTF-8 here, and the bytes moved to the request thread rather than the string copied to it
    const bytes = encoder.encode(html);
    self.postMessage({ id, html: bytes } satisfies RenderResult, [bytes.buffer]);
    return;
  } catch (error) {
    result = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  self.postMessage(result);
};
