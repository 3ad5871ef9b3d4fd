import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");

function importsOf(dir: string): Array<[file: string, spec: string]> {
  const found: Array<[string, string]> = [];
  for (const path of new Bun.Glob("**/*.{ts,tsx}").scanSync({ cwd: join(ROOT, dir) })) {
    const text = readFileSync(join(ROOT, dir, path), "utf8");
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) found.push([`${dir}/${path}`, match[1]]);
  }
  return found;
}

describe("the import graph points one way (decision note 007)", () => {
  test("core imports no React, no database, no Hono and nothing of src/ or web/", () => {
    const offending = importsOf("core").filter(([, spec]) => /^(react|react-dom|hono|drizzle-orm|bun:sqlite)(\/|$)|(^|\/)(src|web|db)\//.test(spec));
    expect(offending).toEqual([]);
  });

  test("the server's features, auth, http and e-mail import nothing of web/", () => {
    const offending = ["src/features", "src/auth", "src/http", "src/email"].flatMap(importsOf).filter(([, spec]) => /(^|\/)web\//.test(spec));
    expect(offending).toEqual([]);
  });

  test("the browser imports nothing of db/ or src/", () => {
    const offending = importsOf("web").filter(([file, spec]) => !/^web\/e2e(-postgres)?\//.test(file) && /(^|\/)(db|src)\//.test(spec));
    expect(offending).toEqual([]);
  });
});
