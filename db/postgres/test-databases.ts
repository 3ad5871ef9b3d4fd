/**
 * Test databases on PostgreSQL (src/testing/test-db.ts through db/test-databases.ts): one database
 * per test file, made by `CREATE DATABASE … TEMPLATE` of a database migrated once per run, and
 * dropped when the run moves on to the next file (and at exit). Tests of one file that ask for a
 * fresh database one after another get the file's database back, emptied: every table's rows
 * deleted (children first, triggers firing as usual) and the rows the migrations insert (version
 * counters, tiers) put back, in one transaction, which is ~10× faster here than a new database or
 * a TRUNCATE. Tests that hold two at once get a second database.
 *
 * Names: `<name of DATABASE_URL's database>_t_<pid>_tpl` and `…_t_<pid>_<n>`, on DATABASE_URL's
 * server with its role (which needs CREATEDB). The suite's preload (db/postgres/test-preload.ts)
 * drops them after the last test; a run killed before (or run without the preload) leaves them, and
 * the next run drops those of that prefix whose process is gone.
 */
import { SQL } from "bun";
import { migratePostgres, openPostgres, type OpenedPostgres } from "./client";

interface FileDatabase {
  name: string;
  url: string;
  busy: boolean;
  /** The previous user's pool, closing; awaited before the database is reset or dropped. */
  closing: Promise<void>;
}

interface Run {
  admin: SQL;
  server: string;
  prefix: string;
  template: string;
  /** DELETE every row and put the migrations' rows back, as one script. */
  resetScript: string;
}

let run: Promise<Run> | undefined;
let currentFile: string | undefined;
let fileDatabases: FileDatabase[] = [];
let created = 0;
const allNames = new Set<string>();

function serverOf(url: string): { server: string; database: string } {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, "")) || "pollinate";
  parsed.pathname = "/";
  parsed.search = "";
  return { server: parsed.toString().replace(/\/$/, ""), database };
}

/** The names' prefix for DATABASE_URL's database: `<database>_t`. */
const prefixOf = (database: string) => `${database.replace(/[^a-z0-9_]/gi, "_").toLowerCase().slice(0, 40)}_t`;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * DROP DATABASE … WITH (FORCE), tried again for a few seconds when it fails: FORCE refuses to end
 * an autovacuum worker that is visiting the database at that moment (42501 "must be a member of the
 * role whose process is being terminated", PostgreSQL 15), and a connection may still be closing
 * (55006). Answers whether it is gone.
 */
async function dropDatabase(admin: SQL, name: string): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
      return true;
    } catch (error) {
      if (attempt >= 20) {
        console.error(`[test databases] could not drop ${name}:`, error instanceof Error ? error.message : error);
        return false;
      }
      await Bun.sleep(50 * attempt);
    }
  }
}

async function startRun(databaseUrl: string): Promise<Run> {
  const { server, database } = serverOf(databaseUrl);
  const prefix = prefixOf(database);
  const admin = new SQL({ url: `${server}/postgres`, max: 1 });
  // databases left by runs that were killed
  const stale = await admin.unsafe(`SELECT datname FROM pg_database WHERE datname LIKE '${prefix}\\_%'`);
  for (const { datname } of stale as { datname: string }[]) {
    const pid = Number(datname.slice(prefix.length + 1).split("_")[0]);
    if (!Number.isInteger(pid) || pid === process.pid || processAlive(pid)) continue;
    await dropDatabase(admin, datname);
  }
  const template = `${prefix}_${process.pid}_tpl`;
  await dropDatabase(admin, template);
  await admin.unsafe(`CREATE DATABASE ${quote(template)}`);
  allNames.add(template);
  await migratePostgres(`${server}/${template}`);
  const resetScript = await buildResetScript(`${server}/${template}`);
  return { admin, server, prefix, template, resetScript };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Reads the migrated template: the tables in an order that deletes children first, and the rows it holds. */
async function buildResetScript(url: string): Promise<string> {
  const client = new SQL({ url, max: 1 });
  try {
    const tables = ((await client.unsafe(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)) as { tablename: string }[]).map(
      (r) => r.tablename,
    );
    const edges = (await client.unsafe(
      `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
         FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE c.contype = 'f' AND n.nspname = 'public' AND c.conrelid <> c.confrelid`,
    )) as { child: string; parent: string }[];
    const unquote = (name: string) => name.replace(/^"|"$/g, "");
    const childrenOf = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
    for (const { child, parent } of edges) childrenOf.get(unquote(parent))?.add(unquote(child));
    // children before parents (a parent is deleted once every table that refers to it is empty)
    const order: string[] = [];
    const state = new Map<string, "visiting" | "done">();
    const visit = (table: string) => {
      if (state.get(table) === "done") return;
      if (state.get(table) === "visiting") throw new Error(`foreign keys form a cycle through ${table}`);
      state.set(table, "visiting");
      for (const child of childrenOf.get(table) ?? []) visit(child);
      state.set(table, "done");
      order.push(table);
    };
    for (const table of tables) visit(table);

    const restore: string[] = [];
    for (const table of tables) {
      const [{ rows }] = (await client.unsafe(`SELECT json_agg(t)::text AS rows FROM ${quote(table)} t`)) as { rows: string | null }[];
      if (!rows) continue;
      if (rows.includes("$rows$")) throw new Error(`cannot snapshot ${table}`);
      // triggers firing on the deletes may have written here again: empty it, then the template's rows
      restore.push(`DELETE FROM ${quote(table)};`);
      restore.push(`INSERT INTO ${quote(table)} OVERRIDING SYSTEM VALUE SELECT * FROM json_populate_recordset(NULL::${quote(table)}, $rows$${rows}$rows$);`);
    }
    return ["BEGIN;", ...order.map((t) => `DELETE FROM ${quote(t)};`), ...restore, "COMMIT;"].join("\n");
  } finally {
    await client.close();
  }
}

/** Builds the run's template now (the suite's preload does, so that no test's hook waits for the migrations). */
export async function prepareTestPostgres(databaseUrl: string): Promise<void> {
  run ??= startRun(databaseUrl);
  await run;
}

/** Drops every database this run made (the suite's last step; a run killed before it is swept by the next). */
export async function dropTestPostgres(): Promise<void> {
  if (!run) return;
  const { admin } = await run;
  for (const database of fileDatabases) await database.closing;
  fileDatabases = [];
  currentFile = undefined;
  const left: string[] = [];
  for (const name of allNames) if (!(await dropDatabase(admin, name))) left.push(name);
  allNames.clear();
  await admin.close();
  run = undefined;
  if (left.length) throw new Error(`test databases left behind: ${left.join(", ")}`);
}

/**
 * Drops what a test process `pid` left on DATABASE_URL's server (scripts/test-pg-suite.ts calls it
 * after `bun test` has exited, however it ended). Answers the names it dropped and those it could not.
 */
export async function dropTestPostgresOf(databaseUrl: string, pid: number): Promise<{ dropped: string[]; left: string[] }> {
  const { server, database } = serverOf(databaseUrl);
  const prefix = `${prefixOf(database)}_${pid}_`;
  const admin = new SQL({ url: `${server}/postgres`, max: 1 });
  try {
    const names = ((await admin.unsafe(`SELECT datname FROM pg_database WHERE starts_with(datname, '${prefix}')`)) as { datname: string }[]).map((r) => r.datname);
    const dropped: string[] = [];
    const left: string[] = [];
    for (const name of names) (await dropDatabase(admin, name) ? dropped : left).push(name);
    return { dropped, left };
  } finally {
    await admin.close();
  }
}

/** The test file that asked (the first *.test.ts(x) frame of the stack), or "" when none is. */
function callingTestFile(): string {
  const stack = new Error().stack ?? "";
  const match = stack.match(/([^\s()]+\.test\.tsx?)/);
  return match?.[1] ?? "";
}

export interface TestPostgres {
  opened: OpenedPostgres;
  release(): Promise<void>;
}

/** A fresh, migrated, empty database for one test (see the module's comment). */
export async function openTestPostgres(databaseUrl: string): Promise<TestPostgres> {
  run ??= startRun(databaseUrl);
  const { admin, server, prefix, template, resetScript } = await run;
  const file = callingTestFile();
  if (file !== currentFile) {
    // the run moved on: the previous file's databases go
    const previous = fileDatabases;
    fileDatabases = [];
    currentFile = file;
    for (const database of previous) {
      await database.closing;
      // one that cannot go yet stays in allNames: the run's last step tries again
      if (await dropDatabase(admin, database.name)) allNames.delete(database.name);
    }
  }
  let database = fileDatabases.find((d) => !d.busy);
  if (database) {
    database.busy = true;
    await database.closing;
    const client = new SQL({ url: database.url, max: 1 });
    try {
      await client.unsafe(resetScript);
    } finally {
      await client.close();
    }
  } else {
    const name = `${prefix}_${process.pid}_${++created}`;
    await admin.unsafe(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(template)}`);
    allNames.add(name);
    // a test database need not survive a crash of the server: commits do not wait for the disk
    await admin.unsafe(`ALTER DATABASE ${quote(name)} SET synchronous_commit = off`);
    database = { name, url: `${server}/${name}`, busy: true, closing: Promise.resolve() };
    fileDatabases.push(database);
  }
  const opened = await openPostgres(database.url, { migrate: false, readOnly: true, max: 4 });
  const held = database;
  let released: Promise<void> | undefined;
  return {
    opened,
    release() {
      released ??= (async () => {
        held.closing = opened.close().catch(() => {});
        held.busy = false;
        await held.closing;
      })();
      return released;
    },
  };
}
