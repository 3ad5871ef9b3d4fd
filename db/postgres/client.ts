import { AsyncLocalStorage } from "node:async_hooks";
import { join } from "node:path";
import { SQL } from "bun";
import { drizzle } from "drizzle-orm/bun-sql";
import { migrate } from "drizzle-orm/bun-sql/migrator";
import * as schema from "./schema";
import { isRetryableTransactionFailure } from "./errors";

/**
 * The PostgreSQL side of db/client.ts (docs/decisions/025-postgresql-driver.md): Bun's SQL client
 * through drizzle, the schema twin, and `atomicPostgres`, the PostgreSQL meaning of
 * `atomic(db, async (tx) => …)`. db/client.ts's `openDatabase` and `atomic` call these when the
 * engine is PostgreSQL; nothing outside db/ imports this module.
 */
export type PostgresDb = ReturnType<typeof createDrizzle>;

function createDrizzle(client: SQL) {
  return drizzle({ client, schema, casing: "snake_case" });
}

export interface OpenedPostgres {
  db: PostgresDb;
  close(): Promise<void>;
  url: string;
}

const MIGRATIONS_FOLDER = join(import.meta.dir, "migrations");

/** Applies pending migrations on `url` through a connection of its own. */
export async function migratePostgres(url: string): Promise<void> {
  const client = new SQL({ url, max: 1 });
  try {
    await migrate(createDrizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.close();
  }
}

/**
 * Opens a pool on `url` (postgres://…) and applies pending migrations. With `readOnly`, every
 * connection of the pool starts its transactions read-only (`default_transaction_read_only`), and
 * only `atomicPostgres` opens read-write ones: a write outside `atomic` fails at once ("cannot
 * execute INSERT in a read-only transaction", SQLSTATE 25006), as SQLite's read-only reader makes it.
 */
export async function openPostgres(url: string, options: { max?: number; migrate?: boolean; readOnly?: boolean } = {}): Promise<OpenedPostgres> {
  if (options.migrate ?? true) await migratePostgres(url);
  const client = new SQL({
    url,
    max: options.max ?? 10,
    ...(options.readOnly ? { connection: { default_transaction_read_only: "on" } } : {}),
  } as ConstructorParameters<typeof SQL>[0]);
  const db = createDrizzle(client);
  roots.set(db, db);
  return { db, url, close: () => client.close() };
}

export interface AtomicOptions {
  /**
   * 'serializable' (the default: the same guarantee as SQLite's one writer, so a check-then-write
   * in a service holds between processes; a lost race is a 40001 and runs again), or 'read
   * committed' / 'repeatable read' for code that locks what it reads itself (SELECT … FOR UPDATE).
   */
  isolationLevel?: "read committed" | "repeatable read" | "serializable";
  /** Runs of `work` before a serialization failure or deadlock is thrown to the caller. */
  attempts?: number;
}

/** Every handle (the pool's and each transaction's) → the pool's handle it came from. */
const roots = new WeakMap<PostgresDb, PostgresDb>();
/** The transaction the current async context runs inside. */
const insideTransaction = new AsyncLocalStorage<{ root: PostgresDb; tx: PostgresDb; afterCommit: (() => void)[] }>();

/**
 * Runs `fn` once the transaction the caller runs inside has committed (never if it rolls back or
 * is run again); false when the caller is not inside a PostgreSQL transaction.
 */
export function afterCommitPostgres(fn: () => void): boolean {
  const current = insideTransaction.getStore();
  if (!current) return false;
  current.afterCommit.push(fn);
  return true;
}

/** True for a handle made by openPostgres or by a transaction on one. */
export function isPostgresHandle(db: unknown): boolean {
  return roots.has(db as PostgresDb);
}

/** True for a transaction's handle (not the pool's): statements such as VACUUM may not run on it. */
export function isTransactionHandle(db: PostgresDb): boolean {
  return roots.has(db) && roots.get(db) !== db;
}

const DEFAULT_ATTEMPTS = 12;

/**
 * Runs `work` in one transaction on a connection of its own and answers what it answered; a throw
 * rolls back. A serialization failure (40001) or a deadlock (40P01) rolls back and runs `work`
 * again, up to `attempts` times with a short jittered pause, so `work` must do nothing outside the
 * transaction (e-mails go through the outbox). Called with the current transaction's handle, it
 * nests as a savepoint and is never retried on its own (the outer transaction is); called with the
 * pool's handle inside a transaction, it throws (the work would not see the outer one's writes,
 * and could wait on its locks forever).
 */
export async function atomicPostgres<T>(db: PostgresDb, work: (tx: PostgresDb) => Promise<T>, options: AtomicOptions = {}): Promise<T> {
  const root = roots.get(db);
  if (!root) throw new Error("atomic() needs a handle from openDatabase()");
  const current = insideTransaction.getStore();
  if (db !== root) {
    // a transaction's handle: a savepoint inside it
    return db.transaction((inner) => {
      const nested = inner as unknown as PostgresDb;
      roots.set(nested, root);
      // a savepoint's callbacks wait for the outer transaction's commit
      return insideTransaction.run({ root, tx: nested, afterCommit: current?.afterCommit ?? [] }, () => work(nested));
    });
  }
  if (current && current.root === root) {
    throw new Error("atomic(db) inside a transaction: pass the transaction's handle (tx) instead");
  }
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    const afterCommit: (() => void)[] = [];
    try {
      const result = await db.transaction(
        (handle) => {
          const tx = handle as unknown as PostgresDb;
          roots.set(tx, root);
          return insideTransaction.run({ root, tx, afterCommit }, () => work(tx));
        },
        { isolationLevel: options.isolationLevel ?? "serializable", accessMode: "read write" },
      );
      for (const fn of afterCommit) {
        try {
          fn();
        } catch (error) {
          console.error("[db] an after-commit callback failed:", error);
        }
      }
      return result;
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionFailure(error)) throw error;
      await Bun.sleep(Math.random() * Math.min(2 ** attempt, 50));
    }
  }
}
