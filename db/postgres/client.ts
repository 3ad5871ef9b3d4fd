import { AsyncLocalStorage } from "node:async_hooks";
import { join } from "node:path";
import { SQL } from "bun";
import { drizzle } from "drizzle-orm/bun-sql";
import { migrate } from "drizzle-orm/bun-sql/migrator";
import * as schema from "./schema";
import { isRetryableTransactionFailure } from "./errors";

/**
 * DRAFT of the PostgreSQL side of db/client.ts (docs/decisions/025-postgresql-driver.md, "What
 * remains"): not wired to `openDatabase` yet. Bun's SQL client through drizzle, the schema twin,
 * and `atomicPostgres`, the PostgreSQL meaning of `atomic(db, async (tx) => …)`.
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

/** Opens a pool on `url` (postgres://…) and applies pending migrations. */
export async function openPostgres(url: string, options: { max?: number; migrate?: boolean } = {}): Promise<OpenedPostgres> {
  const client = new SQL({ url, max: options.max ?? 10 });
  const db = createDrizzle(client);
  if (options.migrate ?? true) await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, url, close: () => client.close() };
}

export interface AtomicOptions {
  /** 'read committed' (PostgreSQL's default; use SELECT … FOR UPDATE) or 'serializable'. */
  isolationLevel?: "read committed" | "repeatable read" | "serializable";
  /** Runs of `work` before a serialization failure or deadlock is thrown to the caller. */
  attempts?: number;
}

const insideTransaction = new AsyncLocalStorage<PostgresDb>();

/**
 * Runs `work` in one transaction on a connection of its own and answers what it answered; a throw
 * rolls back. A serialization failure (40001) or a deadlock (40P01) rolls back and runs `work`
 * again, up to `attempts` times with a short jittered pause, so `work` must do nothing outside the
 * transaction (e-mails go through the outbox). Called with a transaction's handle, it nests as a
 * savepoint and is never retried on its own (the outer transaction is).
 */
export async function atomicPostgres<T>(db: PostgresDb, work: (tx: PostgresDb) => Promise<T>, options: AtomicOptions = {}): Promise<T> {
  if (insideTransaction.getStore() === db) {
    return db.transaction((tx) => work(tx as unknown as PostgresDb));
  }
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(
        (tx) => insideTransaction.run(tx as unknown as PostgresDb, () => work(tx as unknown as PostgresDb)),
        { isolationLevel: options.isolationLevel ?? "read committed" },
      );
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionFailure(error)) throw error;
      await Bun.sleep(Math.random() * 5 * attempt);
    }
  }
}
