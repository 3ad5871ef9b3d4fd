import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import * as schema from "./schema";

export type Db = ReturnType<typeof createDrizzle>;

const MIGRATIONS_FOLDER = join(import.meta.dir, "migrations");

function createDrizzle(sqlite: Database) {
  return drizzle({ client: sqlite, schema, casing: "snake_case" });
}

/** Opens the SQLite file (creating its folder), sets the pragmas and applies pending migrations. */
export function openDatabase(path: string): { db: Db; sqlite: Database } {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  const db = createDrizzle(sqlite);
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, sqlite };
}
