import { Database } from "bun:sqlite";
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { ENGINE } from "./engine";
import { afterCommitPostgres, atomicPostgres, isPostgresHandle, openPostgres, type PostgresDb } from "./postgres/client";
import * as schema from "./schema/tables";
import { registerTextFunctions } from "./sqlite/text-functions";

/**
 * The one handle every service, helper and page loader takes: the database outside a
 * transaction, or the transaction inside `atomic(db, async (tx) => …)` (the same type), on either
 * engine. Its static type is SQLite's drizzle database; on PostgreSQL the handle is drizzle's
 * bun-sql database cast to it here (db/ only): the builders the services use (select, insert,
 * update, delete, $with, returning, onConflict…, prepare/execute, awaited) have the same shape on
 * both, the tables' row types are kept identical by db/postgres/schema-drift.test.ts, and the whole
 * suite runs on both engines (`npm test`, `npm run test:pg-suite`). Services
 * use it through drizzle's query builders and `await` them; nothing outside `db/` calls the
 * driver (`.get()/.all()/.run()`), opens a transaction another way, or names the driver's types
 * (docs/decisions/024-data-seam.md).
 */
export type Db = ReturnType<typeof createDrizzle>;

/** @deprecated TRANSITION: the handle inside a transaction is a `Db` too; removed once callers move. */
export type DbTransaction = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** @deprecated TRANSITION: use `Db`. */
export type DbExecutor = Db | DbTransaction;

const MIGRATIONS_FOLDER = join(import.meta.dir, "migrations");

function createDrizzle(sqlite: Database) {
  return drizzle({ client: sqlite, schema, casing: "snake_case" });
}

/** What `atomic` needs of a handle: its write connection and the lock that serialises it. */
interface Writer {
  readonly tx: Db;
  readonly raw: Database;
  /** The tail of the queue of transactions waiting for the write connection. */
  tail: Promise<void>;
}

const writers = new WeakMap<Db, Writer>();
const transactionHandles = new WeakSet<Db>();
/** The writer whose transaction the current async context runs inside (to refuse a deadlock). */
const insideTransaction = new AsyncLocalStorage<Writer>();
let savepointCounter = 0;
/** `POLLINATE_SEPARATE_READER=0` shares one connection (a diagnosis aid only: writes outside atomic then pass). */
const SEPARATE_READER = process.env.POLLINATE_SEPARATE_READER !== "0";

function configure(sqlite: Database): void {
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  registerTextFunctions(sqlite);
}

export interface OpenedDatabase {
  db: Db;
  /** @deprecated the raw write connection, only while callers move to `db` (removed at the end of the move; SQLite only). */
  sqlite: Database;
  /** Closes the connections (entry points and tests that own them). */
  close(): Promise<void>;
  /** The SQLite file (backups, tests that copy it); on PostgreSQL the database's URL. */
  path: string;
}

export interface OpenOptions {
  /** SQLite: a read-only connection behind `db` (default: POLLINATE_SEPARATE_READER, on). */
  separateReader?: boolean;
  /** PostgreSQL: the database to open (default: DATABASE_URL). */
  url?: string;
  /** PostgreSQL: apply pending migrations first (default: yes). */
  migrate?: boolean;
  /** PostgreSQL: connections in the pool (default 10). */
  max?: number;
}

/**
 * Opens the engine's database (db/engine.ts) and applies pending migrations: on SQLite the file at
 * `path`; on PostgreSQL `options.url` or DATABASE_URL (the path is not used).
 */
export async function openDatabase(path: string, options: OpenOptions = {}): Promise<OpenedDatabase> {
  if (ENGINE === "postgres") return openPostgresDatabase(options.url ?? process.env.DATABASE_URL ?? "", options);
  return openSqliteDatabase(path, options);
}

async function openPostgresDatabase(url: string, options: OpenOptions): Promise<OpenedDatabase> {
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error("PostgreSQL needs DATABASE_URL=postgres://user:password@host:port/database");
  const opened = await openPostgres(url, { max: options.max, migrate: options.migrate, readOnly: true });
  return {
    db: opened.db as unknown as Db,
    get sqlite(): Database {
      throw new Error("OpenedDatabase.sqlite: there is no SQLite connection on PostgreSQL");
    },
    path: url,
    close: () => opened.close(),
  };
}

/** True when this handle is a PostgreSQL one (db/ modules that pick the engine's SQL per handle). */
export function isPostgres(db: Db): boolean {
  return isPostgresHandle(db);
}

/**
 * Opens the SQLite file (creating its folder), sets the pragmas and applies pending migrations.
 * Two connections: a read-only one behind `db` (so that a write outside `atomic` fails at once,
 * in every test, instead of racing a transaction) and a write connection used only inside
 * `atomic`, one transaction at a time.
 */
function openSqliteDatabase(path: string, options: OpenOptions): OpenedDatabase {
  const separateReader = options.separateReader ?? SEPARATE_READER;
  mkdirSync(dirname(path), { recursive: true });
  const writeConnection = new Database(path, { create: true, strict: true });
  configure(writeConnection);
  const tx = createDrizzle(writeConnection);
  migrate(tx, { migrationsFolder: MIGRATIONS_FOLDER });
  const readConnection = separateReader ? new Database(path, { readonly: true, strict: true }) : writeConnection;
  if (separateReader) configure(readConnection);
  const db = separateReader ? createDrizzle(readConnection) : tx;
  const writer: Writer = { tx, raw: writeConnection, tail: Promise.resolve() };
  writers.set(db, writer);
  writers.set(tx, writer);
  transactionHandles.add(tx);
  return {
    db,
    sqlite: writeConnection,
    path,
    async close() {
      if (separateReader) readConnection.close();
      writeConnection.close();
    },
  };
}

/**
 * Runs `work` in one transaction and answers what it answered; a throw rolls everything back.
 * On SQLite: `BEGIN IMMEDIATE` on the write connection, one transaction at a time in this
 * process, so the awaited queries inside run inside it (ARCHITECTURE.md, Data: an async drizzle
 * transaction double-booked 50-146 of 200). Called with a transaction's handle, it nests as a
 * savepoint. Do no network I/O inside: every other write waits for it.
 * On PostgreSQL: a SERIALIZABLE read-write transaction on a pooled connection (db/postgres/client.ts
 * atomicPostgres), run again from the start on a serialization failure or deadlock; so `work`
 * does nothing but database work (e-mails go through the outbox).
 */
export async function atomic<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if (isPostgresHandle(db)) return atomicPostgres(db as unknown as PostgresDb, work as unknown as (tx: PostgresDb) => Promise<T>);
  const writer = writers.get(db);
  if (!writer) throw new Error("atomic() needs a handle from openDatabase()");
  if (transactionHandles.has(db) && insideTransaction.getStore() === writer) {
    const name = `nested_${++savepointCounter}`;
    writer.raw.exec(`SAVEPOINT ${name}`);
    try {
      const result = await work(writer.tx);
      writer.raw.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      writer.raw.exec(`ROLLBACK TO ${name}`);
      writer.raw.exec(`RELEASE ${name}`);
      throw error;
    }
  }
  if (insideTransaction.getStore() === writer) {
    // waiting for the lock this very transaction holds would never end
    throw new Error("atomic(db) inside a transaction: pass the transaction's handle (tx) instead");
  }
  let release!: () => void;
  const previous = writer.tail;
  writer.tail = new Promise<void>((resolve) => (release = resolve));
  await previous;
  try {
    writer.raw.exec("BEGIN IMMEDIATE");
    try {
      const result = await insideTransaction.run(writer, () => work(writer.tx));
      writer.raw.exec("COMMIT");
      return result;
    } catch (error) {
      if (writer.raw.inTransaction) writer.raw.exec("ROLLBACK");
      throw error;
    }
  } finally {
    release();
  }
}

/**
 * Runs `fn` after the caller's transaction commits: on PostgreSQL once the COMMIT has returned (a
 * signal sent from inside the transaction would reach a reader on another connection before the
 * row is visible); on SQLite in a microtask, which anything that reads through atomic() sees only
 * after the commit, since it waits for the one write lock. Outside a transaction: in a microtask.
 */
export function afterCommit(fn: () => void): void {
  if (!afterCommitPostgres(fn)) queueMicrotask(fn);
}

/** The first row of a query, or undefined (add `.limit(1)` to the query where more could match). */
export async function first<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  return (await query)[0];
}

/** Rows of a raw SQL query (kept for the few statements drizzle's builders cannot say). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  if (isPostgresHandle(db)) return [...((await (db as unknown as PostgresDb).execute(query)) as unknown as T[])];
  return db.all<T>(query);
}

/** Runs a raw SQL statement. */
export async function execute(db: Db, query: SQL): Promise<void> {
  if (isPostgresHandle(db)) {
    await (db as unknown as PostgresDb).execute(query);
    return;
  }
  db.run(query);
}

/**
 * A query built and prepared once per database handle, for the statements every request runs
 * (the session lookup, the directory's rows): drizzle otherwise rebuilds the SQL text and asks
 * SQLite to prepare it on each call, which was a third of a directory API request's CPU
 * (docs/performance.md). Values go in as `sql.placeholder(name)` and are bound at execution
 * (`await statement.execute({ … })`).
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
  await queryRows(db, sql`select 1`);
}

/**
 * For db/sqlite modules only (db/ is the dialect's home): the bun:sqlite connection behind a
 * handle — the read-only one behind `db` outside a transaction, the write connection behind `tx`
 * inside `atomic` (where SQL written on it is part of the transaction). Code outside db/ never
 * calls it: it reaches the database through `Db`, `atomic` and the neutral modules of db/.
 */
export function sqliteConnectionOf(db: Db): Database {
  return db.$client;
}

/** The write connection behind a handle (db/sqlite modules and their test helpers only). */
export function sqliteWriteConnectionOf(db: Db): Database {
  const writer = writers.get(db);
  if (!writer) throw new Error("sqliteWriteConnectionOf() needs a handle from openDatabase()");
  return writer.raw;
}
