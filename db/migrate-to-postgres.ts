/**
 * The move from the SQLite file to PostgreSQL (`npm run migrate-to-postgres -- postgres://…`,
 * docs/deploy.md "Moving from SQLite"): a consistent copy of the live SQLite database (VACUUM INTO
 * through db/backup.ts, safe while the server runs; or a backup file), brought to the current
 * SQLite migrations, copied table by table into an EMPTY PostgreSQL database that the PostgreSQL
 * migrations have made, and then verified per table: row count and an md5 checksum computed the
 * same way on both sides from the rows sorted by primary key, each value normalised to what the
 * two engines mean by it (a millisecond integer and a timestamptz are the same moment; 0/1 and a
 * boolean; JSON text and jsonb with its keys sorted).
 *
 * Driven by the two databases' catalogs, not by the drizzle schema: every SQLite table must have a
 * PostgreSQL table of the same name (the FTS5 search tables excepted: PostgreSQL derives its search
 * columns from the rows), so a table added on one engine only stops the move with its name.
 *
 * The copy runs in one PostgreSQL transaction with the triggers quiet: `SET LOCAL
 * session_replication_role = replica` when the role may (a superuser, or GRANT SET ON PARAMETER),
 * otherwise `ALTER TABLE … DISABLE TRIGGER USER` on each table (the owner may; foreign keys stay
 * checked, so tables go in foreign-key order). Either way the copied counters, directory rows and
 * Garden search doc ids stay as SQLite had them. Then every sequence and identity is set to its
 * column's maximum.
 */
import { Database } from "bun:sqlite";
import { SQL } from "bun";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { copyLiveDatabase, integrityOf } from "./backup";
import { openPostgres } from "./postgres/client";
import { DERIVED_SEARCH, DERIVED_SEARCH_FILL } from "./postgres/practitioner-search";
import { registerTextFunctions } from "./sqlite/text-functions";

/** Tables whose rows the PostgreSQL migrations themselves insert: replaced by SQLite's rows, and allowed in an "empty" database. */
const MIGRATION_ROWS = new Set(["pollinator_tiers", "session_data_version", "practitioner_directory_version"]);
/** Rows sent per INSERT … SELECT FROM json_populate_recordset(…). */
const BATCH_ROWS = 1_000;

type Kind = "timestamp" | "boolean" | "json" | "integer" | "float4" | "float8" | "bytes" | "text";

interface PgColumn {
  name: string;
  kind: Kind;
}

interface TablePlan {
  name: string;
  /** The columns written and compared (PostgreSQL's generated columns are left out: they follow the row). */
  columns: PgColumn[];
  primaryKey: string[];
  identityAlways: boolean;
}

export interface TableResult {
  table: string;
  sqliteRows: number;
  postgresRows: number;
  sqliteChecksum: string;
  postgresChecksum: string;
  ok: boolean;
}

export interface MigrationReport {
  source: string;
  /** How the triggers were kept quiet. */
  triggers: "session_replication_role = replica" | "ALTER TABLE … DISABLE TRIGGER USER";
  tables: TableResult[];
  /** SQLite tables PostgreSQL derives itself (the FTS5 search tables; their shadow tables are skipped too). */
  derived: string[];
  rows: number;
  copyMs: number;
  verifyMs: number;
  totalMs: number;
  ok: boolean;
}

export class MigrationRefused extends Error {}

export interface MigrateOptions {
  /** The live SQLite file (copied with VACUUM INTO first). */
  databasePath?: string;
  /** A backup file to read instead of the live database (copied first; it is never changed). */
  from?: string;
  log?: (line: string) => void;
}

function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, "")) || "(default)";
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function kindOf(dataType: string): Kind {
  switch (dataType) {
    case "timestamp with time zone":
    case "timestamp without time zone":
      return "timestamp";
    case "boolean":
      return "boolean";
    case "bytea":
      return "bytes";
    case "jsonb":
    case "json":
      return "json";
    case "smallint":
    case "integer":
    case "bigint":
      return "integer";
    case "real":
      return "float4";
    case "double precision":
    case "numeric":
      return "float8";
    default:
      return "text";
  }
}

/** JSON with object keys sorted at every level (jsonb keeps its own key order, SQLite's text the writer's). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.keys(value as object)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(",")}}`;
}

/**
 * One value as both engines mean it, for the checksum: a moment as its milliseconds, a boolean,
 * JSON with sorted keys, a number (a `real` column at the 4-byte precision PostgreSQL keeps), text.
 */
export function normalise(kind: Kind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case "timestamp":
      if (value instanceof Date) return value.getTime();
      if (typeof value === "string" && !/^-?\d+$/.test(value)) return Date.parse(value);
      return Number(value);
    case "boolean":
      return typeof value === "boolean" ? value : Number(value) !== 0;
    case "json":
      return canonicalJson(typeof value === "string" ? JSON.parse(value) : value);
    case "integer":
      return Number(value);
    case "float4":
      return Math.fround(Number(value));
    case "float8":
      return Number(value);
    case "bytes":
    case "text":
      return value instanceof Uint8Array ? Buffer.from(value).toString("hex") : String(value);
  }
}

/** A SQLite value as the JSON json_populate_recordset turns into the PostgreSQL column's type. */
function toPostgresJson(kind: Kind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case "timestamp":
      return typeof value === "number" || typeof value === "bigint" ? new Date(Number(value)).toISOString() : value;
    case "boolean":
      return typeof value === "boolean" ? value : Number(value) !== 0;
    case "json":
      return typeof value === "string" ? JSON.parse(value) : value;
    case "bytes":
      // bytea's hex input form, which json_populate_recordset reads from a JSON string
      if (!(value instanceof Uint8Array)) throw new Error("a non-BLOB value in a bytea column");
      return `\\x${Buffer.from(value).toString("hex")}`;
    case "text":
      if (value instanceof Uint8Array) throw new Error("a BLOB in a text column");
      return String(value);
    default:
      return typeof value === "bigint" ? Number(value) : value;
  }
}

/** md5 over the normalised rows sorted by primary key (then by the whole row), one JSON line each. */
export function checksumOf(plan: TablePlan, rows: Record<string, unknown>[]): string {
  const keyed = rows.map((row) => {
    const values = plan.columns.map((column) => normalise(column.kind, row[column.name]));
    const key = JSON.stringify(plan.primaryKey.map((name) => values[plan.columns.findIndex((column) => column.name === name)]));
    return { key, line: JSON.stringify(values) };
  });
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.line < b.line ? -1 : a.line > b.line ? 1 : 0));
  const hasher = new Bun.CryptoHasher("md5");
  for (const { line } of keyed) hasher.update(`${line}\n`);
  return hasher.digest("hex");
}

/** The SQLite tables to copy, and the ones PostgreSQL derives (FTS5 virtual tables and their shadow tables). */
function sqliteTables(sqlite: Database): { tables: string[]; derived: string[] } {
  const all = sqlite.query<{ name: string; sql: string | null }, []>("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
  const virtual = all.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql ?? "")).map((t) => t.name);
  const isDerived = (name: string) => virtual.some((v) => name === v || name.startsWith(`${v}_`));
  const tables = all
    .map((t) => t.name)
    .filter((name) => !isDerived(name) && !name.startsWith("sqlite_") && name !== "__drizzle_migrations");
  return { tables, derived: virtual };
}

/** Tables of PostgreSQL's public schema with their columns, primary keys and foreign keys (parents first). */
async function postgresPlans(client: SQL): Promise<Map<string, TablePlan & { parents: string[] }>> {
  const columns: { table_name: string; column_name: string; data_type: string; is_generated: string; is_identity: string; identity_generation: string | null }[] =
    await client.unsafe(
      `SELECT table_name, column_name, data_type, is_generated, is_identity, identity_generation
       FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
    );
  const keys: { table_name: string; column_name: string }[] = await client.unsafe(
    `SELECT t.relname AS table_name, a.attname AS column_name
     FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
     JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, position) ON true
     JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
     WHERE i.indisprimary AND n.nspname = 'public' ORDER BY t.relname, k.position`,
  );
  const foreign: { child: string; parent: string }[] = await client.unsafe(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
     FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE c.contype = 'f' AND n.nspname = 'public'`,
  );
  const tables: { table_name: string }[] = await client.unsafe(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const plans = new Map<string, TablePlan & { parents: string[] }>();
  // what PostgreSQL derives for the search (filled after the copy) is neither copied nor compared
  for (const { table_name } of tables) if (!DERIVED_SEARCH.tables.includes(table_name)) plans.set(table_name, { name: table_name, columns: [], primaryKey: [], identityAlways: false, parents: [] });
  for (const column of columns) {
    const plan = plans.get(column.table_name);
    if (!plan || column.is_generated === "ALWAYS" || DERIVED_SEARCH.columns[column.table_name]?.includes(column.column_name)) continue;
    plan.columns.push({ name: column.column_name, kind: kindOf(column.data_type) });
    if (column.is_identity === "YES" && column.identity_generation === "ALWAYS") plan.identityAlways = true;
  }
  for (const key of keys) plans.get(key.table_name)?.primaryKey.push(key.column_name);
  const unquote = (name: string) => name.replace(/^"|"$/g, "");
  for (const { child, parent } of foreign) {
    const plan = plans.get(unquote(child));
    if (plan && unquote(parent) !== plan.name) plan.parents.push(unquote(parent));
  }
  for (const plan of plans.values()) if (plan.primaryKey.length === 0) plan.primaryKey = plan.columns.map((c) => c.name);
  return plans;
}

/** Parents before children (foreign keys), then by name. */
function foreignKeyOrder(plans: Map<string, TablePlan & { parents: string[] }>, names: string[]): string[] {
  const order: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (order.includes(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const parent of [...(plans.get(name)?.parents ?? [])].sort()) if (names.includes(parent)) visit(parent);
    visiting.delete(name);
    order.push(name);
  };
  for (const name of [...names].sort()) visit(name);
  return order;
}

async function countRows(client: SQL, table: string): Promise<number> {
  const [row] = await client.unsafe(`SELECT count(*)::int AS n FROM ${quote(table)}`);
  return Number(row.n);
}

/** Refuses a database holding anything but what the PostgreSQL migrations write. */
async function refuseNonEmpty(client: SQL, url: string, stage: "before" | "after"): Promise<void> {
  const database = databaseNameOf(url);
  if (stage === "before") {
    const [migrations] = await client.unsafe(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
    const foreign: { name: string }[] = await client.unsafe(
      `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
       WHERE table_schema NOT IN ('pg_catalog', 'information_schema', 'drizzle') AND table_type = 'BASE TABLE' ORDER BY 1 LIMIT 5`,
    );
    if (!migrations.present && foreign.length > 0) {
      throw new MigrationRefused(
        `The PostgreSQL database ${database} is not empty: it holds tables that are not Pollinate's (${foreign.map((t) => t.name).join(", ")}). ` +
          `migrate-to-postgres copies into an empty database only; create one (createdb -O pollinate ${database}_new) and pass its URL.`,
      );
    }
    return;
  }
  const tables: { table_name: string }[] = await client.unsafe(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const filled: string[] = [];
  for (const { table_name } of tables) {
    if (MIGRATION_ROWS.has(table_name)) continue;
    const n = await countRows(client, table_name);
    if (n > 0) filled.push(`${table_name}: ${n} ${n === 1 ? "row" : "rows"}`);
  }
  if (filled.length > 0) {
    throw new MigrationRefused(
      `The PostgreSQL database ${database} is not empty (${filled.slice(0, 6).join(", ")}${filled.length > 6 ? `, and ${filled.length - 6} more tables` : ""}). ` +
        `migrate-to-postgres copies into an empty database only, so that nothing already there is mixed with or overwritten by the SQLite data; ` +
        `create an empty one (createdb -O pollinate ${database}_new) and pass its URL.`,
    );
  }
}

/** Every sequence owned by a column (serial or identity, and garden_content's search doc ids) set to the column's maximum. */
async function resetSequences(tx: SQL): Promise<void> {
  const owned: { sequence: string; table: string; column: string }[] = await tx.unsafe(
    `SELECT s.oid::regclass::text AS sequence, t.oid::regclass::text AS table, a.attname AS column
     FROM pg_class s JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass
     JOIN pg_class t ON t.oid = d.refobjid JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
     JOIN pg_namespace n ON n.oid = s.relnamespace
     WHERE s.relkind = 'S' AND d.deptype IN ('a', 'i') AND n.nspname = 'public'`,
  );
  for (const { sequence, table, column } of owned) {
    // the next value is the maximum + 1; an empty table starts the sequence again at 1
    await tx.unsafe(
      `SELECT CASE WHEN m IS NULL THEN setval($1::regclass, 1, false) ELSE setval($1::regclass, m, true) END
       FROM (SELECT max(${quote(column)})::bigint AS m FROM ${table}) AS t`,
      [sequence],
    );
  }
}

function rowsOf(sqlite: Database, table: string, columns: PgColumn[]): Record<string, unknown>[] {
  const list = columns.map((c) => quote(c.name)).join(", ");
  return sqlite.query<Record<string, unknown>, []>(`SELECT ${list} FROM ${quote(table)}`).all();
}

/** A consistent SQLite file of our own to read: VACUUM INTO of the live database, or a copy of the backup given. */
function takeSnapshot(options: MigrateOptions, folder: string): { path: string; source: string } {
  const path = join(folder, "snapshot.db");
  if (options.from) {
    const integrity = integrityOf(options.from);
    if (integrity !== "ok") throw new MigrationRefused(`The backup ${options.from} cannot be moved: ${integrity}.`);
    copyFileSync(options.from, path);
    return { path, source: options.from };
  }
  if (!options.databasePath) throw new MigrationRefused("No SQLite database given (DATABASE_PATH or --from FILE).");
  const integrity = integrityOf(options.databasePath);
  if (integrity !== "ok") throw new MigrationRefused(`The SQLite database ${options.databasePath} cannot be moved: ${integrity}.`);
  copyLiveDatabase(options.databasePath, path);
  return { path, source: `${options.databasePath} (a copy taken with VACUUM INTO)` };
}

/**
 * Copies the SQLite database into the empty PostgreSQL database at `url` and verifies every table.
 * Throws MigrationRefused (with a sentence for the operator) when it will not start; answers the
 * report otherwise, whose `ok` is false when any table's count or checksum differs.
 */
export async function migrateToPostgres(url: string, options: MigrateOptions): Promise<MigrationReport> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  if (!/^postgres(ql)?:\/\//.test(url)) throw new MigrationRefused(`Expected a PostgreSQL URL (postgres://user:password@host:5432/database), got "${url}".`);
  const folder = mkdtempSync(join(tmpdir(), "pollinate-move-"));
  let client: SQL | null = null;
  try {
    const snapshot = takeSnapshot(options, folder);
    // bring the copy to the current SQLite migrations (a backup of an older version gains its new
    // tables); directly, not through openDatabase, which opens PostgreSQL when DATABASE_URL is set
    const writable = new Database(snapshot.path);
    try {
      registerTextFunctions(writable);
      migrate(drizzle({ client: writable }), { migrationsFolder: join(import.meta.dir, "migrations") });
    } finally {
      writable.close();
    }
    const sqlite = new Database(snapshot.path, { readonly: true });
    try {
      client = new SQL({ url, max: 1 });
      try {
        await client.unsafe("SELECT 1");
      } catch (error) {
        throw new MigrationRefused(`Could not connect to ${databaseNameOf(url)}: ${(error as Error).message}`);
      }
      await refuseNonEmpty(client, url, "before");
      log(`Applying the PostgreSQL migrations to ${databaseNameOf(url)}…`);
      const migrated = await openPostgres(url, { max: 1 });
      await migrated.close();
      await refuseNonEmpty(client, url, "after");

      const { tables: sqliteNames, derived } = sqliteTables(sqlite);
      const plans = await postgresPlans(client);
      const missing = sqliteNames.filter((name) => !plans.has(name));
      if (missing.length > 0) {
        throw new MigrationRefused(
          `These SQLite tables have no PostgreSQL table, so their rows would be lost: ${missing.join(", ")}. ` +
            `Update Pollinate (the PostgreSQL migrations must create them) and run the move again.`,
        );
      }
      const extra = [...plans.keys()].filter((name) => !sqliteNames.includes(name)).sort();
      const order = foreignKeyOrder(plans, sqliteNames);
      for (const name of order) {
        const plan = plans.get(name)!;
        const sqliteColumns = new Set(sqlite.query<{ name: string }, []>(`SELECT name FROM pragma_table_info('${name.replace(/'/g, "''")}')`).all().map((c) => c.name));
        const absent = plan.columns.filter((c) => !sqliteColumns.has(c.name)).map((c) => c.name);
        if (absent.length > 0) throw new MigrationRefused(`The PostgreSQL table ${name} has columns SQLite does not: ${absent.join(", ")}.`);
        const unmapped = [...sqliteColumns].filter((c) => !plan.columns.some((p) => p.name === c));
        if (unmapped.length > 0) throw new MigrationRefused(`The SQLite table ${name} has columns PostgreSQL does not: ${unmapped.join(", ")}.`);
      }

      // the copy: one transaction, triggers quiet
      const copyStarted = performance.now();
      let triggers: MigrationReport["triggers"] = "session_replication_role = replica";
      let rows = 0;
      await client.begin(async (tx) => {
        try {
          await tx.savepoint((sp) => sp.unsafe("SET LOCAL session_replication_role = replica"));
        } catch {
          // not a superuser: the owner of the tables (who ran the migrations) may disable their own triggers
          triggers = "ALTER TABLE … DISABLE TRIGGER USER";
          for (const name of order) await tx.unsafe(`ALTER TABLE ${quote(name)} DISABLE TRIGGER USER`);
        }
        for (const name of MIGRATION_ROWS) if (order.includes(name)) await tx.unsafe(`DELETE FROM ${quote(name)}`);
        for (const name of order) {
          const plan = plans.get(name)!;
          const source = rowsOf(sqlite, name, plan.columns);
          const list = plan.columns.map((c) => quote(c.name)).join(", ");
          const overriding = plan.identityAlways ? " OVERRIDING SYSTEM VALUE" : "";
          for (let i = 0; i < source.length; i += BATCH_ROWS) {
            const batch = source.slice(i, i + BATCH_ROWS).map((row) => {
              const out: Record<string, unknown> = {};
              for (const column of plan.columns) {
                try {
                  out[column.name] = toPostgresJson(column.kind, row[column.name]);
                } catch (error) {
                  throw new Error(`${name}.${column.name}: ${(error as Error).message} (value ${String(row[column.name]).slice(0, 80)})`);
                }
              }
              return out;
            });
            // one parameter of JSON text: PostgreSQL turns each field into its column's type
            await tx.unsafe(
              `INSERT INTO ${quote(name)} (${list})${overriding} SELECT ${list} FROM json_populate_recordset(NULL::${quote(name)}, $1::text::json)`,
              [JSON.stringify(batch)],
            );
          }
          rows += source.length;
          log(`  ${name}: ${source.length} rows`);
        }
        // the search's derived columns and words, which the quiet triggers did not write
        for (const statement of DERIVED_SEARCH_FILL) await tx.unsafe(statement);
        if (triggers === "ALTER TABLE … DISABLE TRIGGER USER") for (const name of order) await tx.unsafe(`ALTER TABLE ${quote(name)} ENABLE TRIGGER USER`);
        await resetSequences(tx);
      });
      const copyMs = performance.now() - copyStarted;

      // the check: counts and checksums, each side read on its own
      const verifyStarted = performance.now();
      const results: TableResult[] = [];
      for (const name of [...sqliteNames].sort()) {
        const plan = plans.get(name)!;
        const list = plan.columns.map((c) => quote(c.name)).join(", ");
        const sqliteRows = rowsOf(sqlite, name, plan.columns);
        const postgresRows: Record<string, unknown>[] = [...(await client.unsafe(`SELECT ${list} FROM ${quote(name)}`))];
        const sqliteCount = sqlite.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${quote(name)}`).get()!.n;
        const postgresCount = await countRows(client, name);
        const sqliteChecksum = checksumOf(plan, sqliteRows);
        const postgresChecksum = checksumOf(plan, postgresRows);
        results.push({
          table: name,
          sqliteRows: sqliteCount,
          postgresRows: postgresCount,
          sqliteChecksum,
          postgresChecksum,
          ok: sqliteCount === postgresCount && sqliteChecksum === postgresChecksum,
        });
      }
      for (const name of extra) {
        const n = await countRows(client, name);
        results.push({ table: name, sqliteRows: 0, postgresRows: n, sqliteChecksum: "(no SQLite table)", postgresChecksum: "", ok: n === 0 });
      }
      const verifyMs = performance.now() - verifyStarted;
      return {
        source: snapshot.source,
        triggers,
        tables: results,
        derived,
        rows,
        copyMs,
        verifyMs,
        totalMs: performance.now() - started,
        ok: results.every((r) => r.ok),
      };
    } finally {
      sqlite.close();
    }
  } finally {
    await client?.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The report as a table for the terminal. */
export function formatReport(report: MigrationReport): string {
  const header = ["table", "SQLite rows", "PostgreSQL rows", "checksum (md5)", "result"];
  const body = report.tables.map((r) => [
    r.table,
    String(r.sqliteRows),
    String(r.postgresRows),
    r.sqliteChecksum === r.postgresChecksum ? r.sqliteChecksum : `${r.sqliteChecksum} ≠ ${r.postgresChecksum}`,
    r.ok ? "ok" : "MISMATCH",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 1 || i === 2 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join("  ").trimEnd();
  const bad = report.tables.filter((r) => !r.ok).length;
  return [
    `From ${report.source}; triggers quiet through ${report.triggers}.`,
    line(header),
    line(widths.map((w) => "-".repeat(w))),
    ...body.map(line),
    "",
    `${report.tables.length} tables, ${report.rows} rows copied in ${(report.copyMs / 1000).toFixed(2)} s, verified in ${(report.verifyMs / 1000).toFixed(2)} s (${(report.totalMs / 1000).toFixed(2)} s in all).`,
    report.derived.length ? `Not copied: ${report.derived.join(", ")} (SQLite's FTS5 search tables; PostgreSQL derives its search columns from the rows).` : "",
    report.ok ? "Every table matches." : `${bad} ${bad === 1 ? "table differs" : "tables differ"}: do not switch DATABASE_URL to this database.`,
  ]
    .filter((l) => l !== "")
    .join("\n");
}
