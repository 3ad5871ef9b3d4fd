import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { scanSource, type SeamFinding } from "./scan";

const ROOT = join(import.meta.dir, "../..");
/** What may reach a database: the server and the scripts (core/ and web/ import no database: core-imports.test.ts). */
const SCANNED = ["src", "scripts"];

function scanTree(): SeamFinding[] {
  const findings: SeamFinding[] = [];
  for (const dir of SCANNED) {
    for (const path of new Bun.Glob("**/*.{ts,tsx}").scanSync({ cwd: join(ROOT, dir) })) {
      // tests and browser journeys may open their own connections to arrange data
      if (/\.test\.tsx?$|(^|\/)e2e\//.test(path)) continue;
      const file = `${dir}/${path}`;
      findings.push(...scanSource(file, readFileSync(join(ROOT, file), "utf8")));
    }
  }
  return findings;
}

test("nothing outside db/ reaches the driver or one dialect directly", () => {
  const findings = scanTree().map((f) => `${f.file}:${f.line} ${f.rule}: ${f.text}`);
  expect(findings).toEqual([]);
});

describe("the scan sees planted violations", () => {
  const planted: [string, string][] = [
    ["a synchronous helper over the handle", "export function leakSync(db: Db) {\n  return db.select().from(users).all();\n}"],
    ["the old name of the handle", "export function leakSync(db: DbExecutor) {\n  return 1;\n}"],
    ["a synchronous arrow over the handle", "const leak = (db: Db): number => 1;"],
    ["a synchronous get on a builder", "const row = await db.select().from(users).where(eq(users.id, id)).get();"],
    ["a run split over lines", "await tx.update(users)\n  .set({ a: 1 })\n  .run();"],
    ["raw SQL through the driver", "const rows = db.all(sql`select 1`);"],
    ["a prepared statement run synchronously", "statement(db).get({ id });"],
    ["a transaction outside atomic", "db.transaction((tx) => tx.insert(users).values(v).run(), { behavior: \"immediate\" });"],
    ["the raw client", "db.$client.query('select 1');"],
    ["bun:sqlite", 'import { Database } from "bun:sqlite";'],
    ["a dialect module by name", 'import { searchDirectory } from "./search.sqlite";'],
    ["a dialect folder by name", 'import { isSqliteUniqueViolation } from "../../db/sqlite/errors";'],
    ["json_each", "sql`exists (select 1 from json_each(${t.specializations}))`"],
    ["rowid ordering", ".orderBy(asc(sql`rowid`))"],
    ["unixepoch", "sql`unixepoch()`"],
    ["a MATCH in a template over lines", "const q = sql`select id\n  from practitioner_search\n  where practitioner_search MATCH ${text}`;"],
  ];
  for (const [name, source] of planted) {
    test(name, () => {
      expect(scanSource("planted.ts", source).length).toBeGreaterThan(0);
    });
  }

  test("awaited builders, atomic and async helpers pass", () => {
    const clean = [
      "export async function findUser(db: Db, id: string): Promise<User | undefined> {",
      "  return first(db.select().from(users).where(eq(users.id, id)).limit(1));",
      "}",
      "await atomic(db, async (tx) => {",
      "  await tx.insert(users).values(v);",
      "});",
      'const user = c.get("user");',
      "const all = await Promise.all([a, b]);",
      "const value = map.get(key);",
    ].join("\n");
    expect(scanSource("clean.ts", clean)).toEqual([]);
  });
});
