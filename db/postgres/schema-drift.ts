import { Column, getTableName, is, SQL, StringChunk, Table } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import { getTableConfig as getPgTableConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as getSqliteTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * The two schemas (db/schema in sqlite-core, db/postgres/schema in pg-core) described in one
 * neutral shape, and compared: tables, columns (type family, TypeScript shape, nullability,
 * defaults, primary keys), CHECK constraints, indexes (name, unique, columns or expressions, WHERE),
 * unique constraints and foreign keys. Used by db/postgres/schema-drift.test.ts; needs no database.
 *
 * Differences that are the engines', not drift, are listed here by name, each with its reason, so
 * that any other difference fails.
 */

/** SQLite column type → the PostgreSQL column types that keep the same TypeScript value. */
const TYPE_TWINS: Record<string, readonly string[]> = {
  SQLiteText: ["PgText"],
  // JSON text → jsonb (db/postgres/schema/columns.ts `jsonb()`, a custom type)
  SQLiteTextJson: ["PgCustomColumn"],
  // integers: int4, or bigint read as a number where the values outgrow int4 (version counters)
  SQLiteInteger: ["PgInteger", "PgBigInt53"],
  // millisecond integers read as Dates → timestamp(3) with time zone read as Dates
  SQLiteTimestamp: ["PgTimestamp"],
  SQLiteBoolean: ["PgBoolean"],
  SQLiteReal: ["PgReal"],
  // bytes → bytea (db/postgres/schema/media.ts, a custom type read as a Buffer)
  SQLiteBlobBuffer: ["PgCustomColumn"],
};


/**
 * Index expressions written in each dialect, SQLite's first (normalised as `render` does): the
 * same meaning, different SQL.
 */
export const EQUIVALENT_EXPRESSIONS: ReadonlyArray<readonly [sqlite: string, postgres: string, why: string]> = [
  [
    "(created_at / 86400000)",
    "((created_at at time zone 'utc')::date)",
    "the UTC day of a millisecond integer (SQLite) and of a timestamptz (PostgreSQL)",
  ],
];

export interface ColumnShape {
  name: string;
  type: string;
  dataType: string;
  notNull: boolean;
  hasDefault: boolean;
  /** The literal default ('free', 0, false), or 'sql' for an SQL default, or undefined. */
  defaultValue: unknown;
  defaultFn: boolean;
  onUpdateFn: boolean;
  primary: boolean;
  uniqueName: string | undefined;
}

export interface TableShape {
  name: string;
  columns: Map<string, ColumnShape>;
  primaryKeys: string[];
  checks: Map<string, string>;
  indexes: Map<string, { unique: boolean; columns: string[]; where: string | undefined }>;
  uniqueConstraints: Map<string, string[]>;
  foreignKeys: string[];
}

/** SQL text with column references by name, lower case, one space, no quotes or backticks. */
export function render(value: unknown): string {
  const text = (function walk(chunk: unknown): string {
    if (is(chunk, SQL)) return chunk.queryChunks.map(walk).join("");
    if (is(chunk, StringChunk)) return chunk.value.join("");
    if (is(chunk, Column)) return columnName(chunk);
    if (is(chunk, Table)) return getTableName(chunk);
    if (chunk && typeof chunk === "object" && "getSQL" in chunk && typeof chunk.getSQL === "function") return walk(chunk.getSQL());
    if (chunk && typeof chunk === "object" && "name" in chunk) return String((chunk as { name: unknown }).name);
    return String(chunk);
  })(value);
  return text.replace(/[`"]/g, "").replace(/\s+/g, " ").trim().toLowerCase();
}

function expressionTwin(sqliteText: string): string {
  return EQUIVALENT_EXPRESSIONS.find(([s]) => s === sqliteText)?.[1] ?? sqliteText;
}

/** A column's name in the database: the key in snake_case (both schemas are used with casing: "snake_case"). */
function columnName(column: Column): string {
  return column.keyAsName ? toSnakeCase(column.name) : column.name;
}

function describeColumn(column: Column): ColumnShape {
  // SQLite's `integer primary key` is the rowid alias, given on insert (drizzle says hasDefault);
  // PostgreSQL's twin is an identity column
  const identity = "generatedIdentity" in column && column.generatedIdentity !== undefined;
  const c = column as Column & { defaultFn?: unknown; onUpdateFn?: unknown };
  return {
    name: columnName(column),
    type: column.columnType,
    // custom PostgreSQL columns: bytea holds bytes (a Buffer, as SQLite's blob), the rest jsonb
    dataType: column.dataType === "custom" && column.getSQLType() === "bytea" ? "buffer" : column.dataType === "custom" || column.dataType === "json" ? "json" : column.dataType,
    notNull: column.notNull,
    // an identity (PostgreSQL) and a rowid alias (SQLite) both give a value on insert
    hasDefault: column.hasDefault || identity,
    defaultValue: column.default === undefined ? undefined : is(column.default, SQL) ? "sql" : column.default,
    defaultFn: c.defaultFn !== undefined,
    onUpdateFn: c.onUpdateFn !== undefined,
    primary: column.primary,
    uniqueName: column.isUnique ? column.uniqueName : undefined,
  };
}

type AnyConfig = ReturnType<typeof getPgTableConfig> | ReturnType<typeof getSqliteTableConfig>;

function describe(config: AnyConfig, dialect: "sqlite" | "postgres"): TableShape {
  const columns = new Map(config.columns.map((c) => [columnName(c), describeColumn(c)]));
  const primaryKeys = config.primaryKeys.map((pk) => pk.columns.map(columnName).join(","));
  const checks = new Map(config.checks.map((c) => [c.name, render(c.value)]));
  const indexes = new Map(
    config.indexes.map((index) => {
      const { name, unique, where } = index.config;
      const indexColumns = (index.config.columns as unknown[]).map((c) => {
        if (is(c, SQL)) {
          const text = render(c);
          return dialect === "sqlite" ? expressionTwin(text) : text;
        }
        return is(c, Column) ? columnName(c) : toSnakeCase(String((c as { name: string }).name));
      });
      return [name ?? "(unnamed)", { unique, columns: indexColumns, where: where ? render(where) : undefined }];
    }),
  );
  const uniqueConstraints = new Map(config.uniqueConstraints.map((u) => [u.getName() ?? "(unnamed)", u.columns.map(columnName)]));
  const foreignKeys = config.foreignKeys
    .map((fk) => {
      const ref = fk.reference();
      const foreignTable = getTableName(ref.foreignTable);
      return `(${ref.columns.map(columnName).join(",")}) → ${foreignTable}(${ref.foreignColumns.map(columnName).join(",")}) on delete ${fk.onDelete ?? "no action"} on update ${fk.onUpdate ?? "no action"}`;
    })
    .sort();
  return { name: config.name, columns, primaryKeys, checks, indexes, uniqueConstraints, foreignKeys };
}

/** The tables among a schema module's exports, by table name. */
export function tablesOf(module: Record<string, unknown>, dialect: "sqlite" | "postgres"): Map<string, TableShape> {
  const tables = new Map<string, TableShape>();
  for (const value of Object.values(module)) {
    if (dialect === "sqlite" && is(value, SQLiteTable)) {
      const config = getSqliteTableConfig(value);
      tables.set(config.name, describe(config, "sqlite"));
    } else if (dialect === "postgres" && is(value, PgTable)) {
      const config = getPgTableConfig(value);
      tables.set(config.name, describe(config, "postgres"));
    }
  }
  return tables;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Every difference between the two schemas, one sentence each (empty: no drift). */
export function compareSchemas(sqlite: Map<string, TableShape>, postgres: Map<string, TableShape>): string[] {
  const drift: string[] = [];
  for (const name of sqlite.keys()) if (!postgres.has(name)) drift.push(`table ${name}: in SQLite only`);
  for (const name of postgres.keys()) if (!sqlite.has(name)) drift.push(`table ${name}: in PostgreSQL only`);
  for (const [name, s] of sqlite) {
    const p = postgres.get(name);
    if (!p) continue;
    for (const column of s.columns.keys()) if (!p.columns.has(column)) drift.push(`${name}.${column}: column in SQLite only`);
    for (const column of p.columns.keys()) if (!s.columns.has(column)) drift.push(`${name}.${column}: column in PostgreSQL only`);
    for (const [column, sc] of s.columns) {
      const pc = p.columns.get(column);
      if (!pc) continue;
      const where = `${name}.${column}`;
      if (!(TYPE_TWINS[sc.type] ?? []).includes(pc.type)) drift.push(`${where}: type ${sc.type} on SQLite, ${pc.type} on PostgreSQL`);
      if (sc.dataType !== pc.dataType) drift.push(`${where}: values are ${sc.dataType} on SQLite, ${pc.dataType} on PostgreSQL`);
      for (const key of ["notNull", "hasDefault", "defaultFn", "onUpdateFn", "primary", "uniqueName"] as const) {
        if (sc[key] !== pc[key]) drift.push(`${where}: ${key} ${String(sc[key])} on SQLite, ${String(pc[key])} on PostgreSQL`);
      }
      if (!sameJson(sc.defaultValue, pc.defaultValue)) {
        drift.push(`${where}: default ${JSON.stringify(sc.defaultValue)} on SQLite, ${JSON.stringify(pc.defaultValue)} on PostgreSQL`);
      }
    }
    if (!sameJson(s.primaryKeys, p.primaryKeys)) drift.push(`${name}: primary key (${s.primaryKeys}) on SQLite, (${p.primaryKeys}) on PostgreSQL`);
    for (const [check, text] of s.checks) {
      const twin = p.checks.get(check);
      if (twin === undefined) drift.push(`${name}: CHECK ${check} in SQLite only`);
      else if (twin !== text) drift.push(`${name}: CHECK ${check} is "${text}" on SQLite, "${twin}" on PostgreSQL`);
    }
    for (const check of p.checks.keys()) if (!s.checks.has(check)) drift.push(`${name}: CHECK ${check} in PostgreSQL only`);
    for (const [index, si] of s.indexes) {
      const pi = p.indexes.get(index);
      if (!pi) {
        drift.push(`${name}: index ${index} in SQLite only`);
        continue;
      }
      if (si.unique !== pi.unique) drift.push(`${name}: index ${index} is ${si.unique ? "" : "not "}unique on SQLite, ${pi.unique ? "" : "not "}unique on PostgreSQL`);
      if (!sameJson(si.columns, pi.columns)) drift.push(`${name}: index ${index} on (${si.columns.join(", ")}) on SQLite, (${pi.columns.join(", ")}) on PostgreSQL`);
      if (si.where !== pi.where) drift.push(`${name}: index ${index} WHERE ${si.where} on SQLite, WHERE ${pi.where} on PostgreSQL`);
    }
    for (const index of p.indexes.keys()) if (!s.indexes.has(index)) drift.push(`${name}: index ${index} in PostgreSQL only`);
    for (const [unique, columns] of s.uniqueConstraints) {
      if (!sameJson(columns, p.uniqueConstraints.get(unique))) drift.push(`${name}: unique constraint ${unique} (${columns}) differs on PostgreSQL`);
    }
    for (const unique of p.uniqueConstraints.keys()) if (!s.uniqueConstraints.has(unique)) drift.push(`${name}: unique constraint ${unique} in PostgreSQL only`);
    for (const fk of s.foreignKeys) if (!p.foreignKeys.includes(fk)) drift.push(`${name}: foreign key ${fk} in SQLite only`);
    for (const fk of p.foreignKeys) if (!s.foreignKeys.includes(fk)) drift.push(`${name}: foreign key ${fk} in PostgreSQL only`);
  }
  return drift;
}
