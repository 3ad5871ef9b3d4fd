import { join } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import { build, defineConfig, type Plugin } from "vite";
import { precompress, precompressDirectory } from "./scripts/precompress.ts";

/**
 * Maia's chat is built on its own, after the pages' bundle, with its own copy of React: sharing
 * chunks with the islands would re-split the pages' chunks (measured: 5 more script requests on
 * /), and the chat must cost a page nothing until it is opened (docs/decisions/013-maia.md).
 */
function assistantBundle(): Plugin {
  return {
    name: "assistant-bundle",
    apply: "build",
    async closeBundle() {
      await build({
        configFile: false,
        root: "web",
        logLevel: "warn",
        build: {
          outDir: "../dist/client",
          emptyOutDir: false,
          manifest: ".vite/assistant-manifest.json",
          sourcemap: false,
          copyPublicDir: false,
          rollupOptions: {
            // the header's unread count (web/unread-badge.ts) is built here too: it is on every signed-in page, and
            // in the pages' bundle it would re-split their chunks; it shares the stream with the islands through globalThis
            input: { "assistant-launcher": "web/assistant-launcher.ts", "assistant-chat": "web/features/assistant/maia-mount.tsx", "unread-badge": "web/unread-badge.ts" },
            // the launcher calls the chat entry's openMaia export
            preserveEntrySignatures: "exports-only",
            onwarn(warning, warn) {
              if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
              warn(warning);
            },
          },
        },
      });
      // the chat is written after the pages' bundle was precompressed: give it its .br/.gz too
      precompressDirectory(join(import.meta.dirname, "dist/client"));
    },
  };
}

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [tailwindcss(), assistantBundle(), precompress()],
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    rollupOptions: {
      input: { client: "web/client.ts", styles: "web/styles.css" },
      onwarn(warning, warn) {
        // 'use client' directives in dependencies mean nothing without React Server Components
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
    },
  },
});
