import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./scripts/precompress.ts";

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [tailwindcss(), precompress()],
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
