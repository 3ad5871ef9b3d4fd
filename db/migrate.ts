/**
 * Applies the pending migrations of the engine in use (db/engine.ts) and closes again: the
 * supervisor of several server processes (src/ops/workers.ts) runs it once before starting them,
 * so that N processes never race to migrate one PostgreSQL database.
 */
import { ENGINE } from "./engine";
import { openDatabase } from "./client";
import { openPostgres } from "./postgres/client";

export async function applyMigrations(config: { DATABASE_PATH: string; DATABASE_URL?: string }): Promise<void> {
  if (ENGINE === "postgres") {
    if (!config.DATABASE_URL) throw new Error("DATABASE_URL is not set");
    const opened = await openPostgres(config.DATABASE_URL, { max: 1 });
    await opened.close();
    return;
  }
  (await openDatabase(config.DATABASE_PATH)).close();
}
