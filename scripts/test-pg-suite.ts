/**
 * `npm run test:pg-suite`: the whole unit, component and API suite of `npm test`, on PostgreSQL.
 * DATABASE_URL is `${PG_URL}/pollinate_suite` (PG_URL default postgres://pollinate:pollinate@127.0.0.1:5432,
 * a role with CREATEDB); each test file gets its own database, made from a template migrated once
 * per run and dropped after the run (db/postgres/test-databases.ts); whatever a crashed run left is
 * dropped when `bun test` has exited. The exit code is bun test's (non-zero when a test failed), or
 * 1 when a test database could not be dropped.
 *
 * The same folders as `npm test`, less the tests of what only SQLite has, which are named for it
 * (nothing is skipped: they are simply not in this run):
 *   - db/sqlite/** (FTS5, the in-memory index over it, SQLite's text functions);
 *   - *.sqlite.test.ts(x) (raw SQLite SQL: triggers and schema checks, a second bun:sqlite
 *     connection, backups with VACUUM INTO, scripts run against a SQLite file).
 * Arguments are passed on to `bun test` (e.g. a file to run alone).
 */
import { Glob } from "bun";
import { dropLeftoverTestDatabases } from "../db/test-databases";

const FOLDERS = ["core", "src", "web/lib", "web/components", "web/islands", "web/features", "web/pages", "db", "scripts"];
const PG_URL = (process.env.PG_URL ?? "postgres://pollinate:pollinate@127.0.0.1:5432").replace(/\/$/, "");
const DATABASE_URL = process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : `${PG_URL}/pollinate_suite`;

export function isSqliteOnly(path: string): boolean {
  return path.startsWith("db/sqlite/") || /\.sqlite\.test\.tsx?$/.test(path);
}

if (import.meta.main) {
  const root = new URL("..", import.meta.url).pathname;
  const passed = process.argv.slice(2);
  const files = passed.some((a) => !a.startsWith("-"))
    ? []
    : FOLDERS.flatMap((folder) => [...new Glob(`${folder}/**/*.test.{ts,tsx}`).scanSync({ cwd: root })])
        .filter((path) => !path.includes("node_modules") && !isSqliteOnly(path))
        .sort()
        .map((path) => `./${path}`);
  const child = Bun.spawn(
    [process.execPath, "test", "--timeout", "60000", "--preload", "./db/postgres/test-preload.ts", ...passed, ...files],
    { cwd: root, stdio: ["inherit", "inherit", "inherit"], env: { ...process.env, DATABASE_URL } },
  );
  const code = await child.exited;
  // the preload drops the run's databases after the last test; whatever a crashed or killed run left goes here
  const { dropped, left } = await dropLeftoverTestDatabases(DATABASE_URL, child.pid);
  if (dropped.length) console.error(`test:pg-suite: dropped ${dropped.length} test database(s) the run left: ${dropped.join(", ")}`);
  if (left.length) console.error(`test:pg-suite: could not drop ${left.join(", ")}`);
  process.exit(code !== 0 ? code : left.length ? 1 : 0);
}
