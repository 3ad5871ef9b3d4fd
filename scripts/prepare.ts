/**
 * Runs before `npm start`: builds the browser bundle when it is missing or older than its
 * sources, applies migrations, and loads the demo data into an empty database (not on an https
 * APP_URL unless DEMO_DATA=true: see src/config.ts).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { loadConfig, ConfigError, DEMO_DATA_SKIPPED } from "../src/config";
import { loadDemoDataIfWanted } from "../src/demo/seed";

const root = join(import.meta.dir, "..");
const manifest = join(root, "dist/client/.vite/manifest.json");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "e2e") newest = Math.max(newest, newestMtime(path));
    } else newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function buildIfNeeded() {
  const sources = Math.max(newestMtime(join(root, "web")), statSync(join(root, "vite.config.ts")).mtimeMs);
  if (existsSync(manifest) && statSync(manifest).mtimeMs >= sources) return;
  console.log("Building the browser bundle…");
  const result = Bun.spawnSync([join(root, "node_modules/.bin/vite"), "build", "--logLevel", "warn"], { cwd: root, stdout: "inherit", stderr: "inherit" });
  if (result.exitCode !== 0) {
    console.error("The browser build failed.");
    process.exit(1);
  }
}

try {
  const config = loadConfig();
  buildIfNeeded();
  const { db, close } = await openDatabase(config.DATABASE_PATH);
  const started = performance.now();
  const demo = await loadDemoDataIfWanted(db, config);
  if (demo === "loaded") console.log(`Loaded the demo data into ${config.DATABASE_PATH} in ${Math.round(performance.now() - started)} ms`);
  if (demo === "skipped") console.log(DEMO_DATA_SKIPPED);
  close();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
