import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import * as schema from "./schema";
import { registerTextFunctions } from "./contains.sqlite";

/**
 * The database handle every service takes as its first parameter: the one place that names the
 * driver. Services are `async` and use it through drizzle; atomic work is a synchronous
 * `db.transaction(fn, { behavior: "immediate" })` inside them (docs/decisions/009-service-seam.md).
 */
export type Db = ReturnType<typeof createDrizzle>;

/** The handle inside `db.transaction((tx) => …)`. */
export type DbTransaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The database or a transaction of it, for helpers that run inside and outside transactions. */
export type DbExecutor = Db | DbTransaction;

const MIGRATIONS_FOLDER = join(import.meta.dir, "migrations");

function createDrizzle(sqlite: Database) {
  return drizzle({ client: sqlite, schema, casing: "snake_case" });
}

/**
 * Opens the SQLite file (creating its folder), sets the pragmas and applies pending migrations.
 * `sqlite`, the raw handle, is for the entry points that own the connection (closing it) and for
 * SQLite-only modules (`*.sqlite.ts`); services reach the database through `db` alone.
 */
export function openDatabase(path: string): { db: Db; sqlite: Database } {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  registerTextFunctions(sqlite);
  const db = createDrizzle(sqlite);
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, sqlite };
}

/**
 * A query built and prepared once per database handle, for the statements every request runs
 * (the session lookup, the directory's rows): drizzle otherwise rebuilds the SQL text and asks
 * SQLite to prepare it on each call, which was a third of a directory API request's CPU
 * (docs/performance.md). Values go in as `sql.placeholder(name)` and are bound at execution.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let statement = prepared.get(db);
    if (statement === undefined) {
      statement = build(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}

/** Answers when the database does (the health check); throws when it cannot be read. */
export async function pingDatabase(db: Db): Promise<void> {
  db.get(sql`select 1`);
}
