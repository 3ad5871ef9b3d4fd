import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ISLAND_CATALOG, type IslandName } from "../../web/islands/catalog";

export const CLIENT_DIST = join(import.meta.dir, "../../dist/client");
const MANIFEST_PATH = join(CLIENT_DIST, ".vite/manifest.json");
/** Maia's separately built chat and its click-to-load script (see vite.config.ts). */
const ASSISTANT_MANIFEST_PATH = join(CLIENT_DIST, ".vite/assistant-manifest.json");

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface PageAssets {
  styles: string[];
  /** The browser entry, or null when the page has no islands. */
  entry: string | null;
  preloads: string[];
  /** Maia's click-to-load script (web/assistant-launcher.ts) and the chat it loads, for pages with the button. */
  assistantLauncher?: { script: string; chat: string } | null;
  /** The header's live unread count (web/unread-badge.ts), for pages of a signed-in person. */
  unreadBadge?: string | null;
}

export interface AssetResolver {
  /**
   * `islands`: every island on the page (any: the entry script); `eager`: those hydrated at once,
   * whose chunks (with React and, when they need it, the shared state) are preloaded. Chunks of
   * islands hydrated later are not preloaded: they are not part of the page's first load.
   */
  forPage(islands: Iterable<IslandName>, eager?: Iterable<IslandName>): PageAssets;
}

/** Pages without the browser build (API and page tests, benchmarks of the server alone): no stylesheet, no scripts. */
export const NO_ASSETS: AssetResolver = { forPage: () => ({ styles: [], entry: null, preloads: [] }) };

/** Reads Vite's manifest; `reload` re-reads it on every page (development with `vite build --watch`). */
export function createAssetResolver({ reload = false }: { reload?: boolean } = {}): AssetResolver {
  let cached: Manifest | null = null;
  const manifest = (): Manifest => {
    if (cached && !reload) return cached;
    if (!existsSync(MANIFEST_PATH)) throw new Error(`Missing ${MANIFEST_PATH}: run \`npm run build\` first.`);
    cached = JSON.parse(readFileSync(MANIFEST_PATH, "utf8")) as Manifest;
    if (existsSync(ASSISTANT_MANIFEST_PATH)) Object.assign(cached, JSON.parse(readFileSync(ASSISTANT_MANIFEST_PATH, "utf8")));
    return cached;
  };

  return {
    forPage(islands, eagerIslands = islands) {
      const m = manifest();
      const styles = (m["styles.css"] ? [m["styles.css"].file] : []).map((f) => `/${f}`);
      const launcher = m["assistant-launcher.ts"];
      const chat = m["features/assistant/maia-mount.tsx"];
      const assistantLauncher = launcher && chat ? { script: `/${launcher.file}`, chat: `/${chat.file}` } : null;
      const unreadBadge = m["unread-badge.ts"] ? `/${m["unread-badge.ts"].file}` : null;
      if ([...islands].length === 0) return { styles, entry: null, preloads: [], assistantLauncher, unreadBadge };
      const names = [...eagerIslands];
      const entry = m["client.ts"];
      const preloads = new Set<string>();
      const visit = (key: string) => {
        const chunk = m[key];
        if (!chunk || preloads.has(chunk.file)) return;
        preloads.add(chunk.file);
        chunk.imports?.forEach(visit);
      };
      entry.imports?.forEach(visit);
      if (names.length > 0) visit("islands/hydrate-island.ts");
      if (names.some((n) => ISLAND_CATALOG[n].providers)) visit("islands/client-state.ts");
      for (const name of names) visit(ISLAND_CATALOG[name].file);
      preloads.delete(entry.file);
      return { styles, entry: `/${entry.file}`, preloads: [...preloads].map((f) => `/${f}`), assistantLauncher, unreadBadge };
    },
  };
}
