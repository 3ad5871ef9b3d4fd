/**
 * Decision 009: exported feature services (and the page loaders beside them) that take `db: Db`
 * are async, so that a second database changes no caller. Synchronous helpers take an `Executor`
 * (they run inside a transaction); SQLite-only modules (`*.sqlite.ts`) are their own seam.
 */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "../..");

/** Synchronous on purpose, with the reason. */
const ALLOWED: Record<string, string> = {
  "src/features/survey/csv.ts surveyCsvStream": "returns a ReadableStream: it reads as the response is pulled",
};

test("no exported synchronous function over Db in src/features or src/pages", () => {
  const found: string[] = [];
  for (const dir of ["src/features", "src/pages"]) {
    for (const path of new Bun.Glob("**/*.{ts,tsx}").scanSync({ cwd: join(ROOT, dir) })) {
      if (/\.test\.tsx?$|\.sqlite\.ts$/.test(path)) continue;
      const text = readFileSync(join(ROOT, dir, path), "utf8");
      for (const match of text.matchAll(/^export function (\w+)(?:<[^>]*>)?\(\s*\w+: Db\b/gm)) {
        const name = `${dir}/${path} ${match[1]}`;
        if (!(name in ALLOWED)) found.push(name);
      }
    }
  }
  expect(found).toEqual([]);
});
