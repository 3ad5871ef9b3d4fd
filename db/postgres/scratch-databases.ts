/**
 * Whole databases on a PostgreSQL server for scripts that need one of their own (the two-process
 * proof, the benchmark's PostgreSQL rows): created empty, dropped with every connection to them.
 * The role of the server URL needs CREATEDB.
 */
import { SQL } from "bun";

/** `postgres://user:pass@host:port/<database>` on the server of `serverUrl` (any database path in it is replaced). */
export function postgresUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function onServer<T>(serverUrl: string, work: (admin: SQL) => Promise<T>): Promise<T> {
  const admin = new SQL({ url: postgresUrlFor(serverUrl, "postgres"), max: 1, connectionTimeout: 5 });
  try {
    return await work(admin);
  } finally {
    await admin.close();
  }
}

/** True when the server answers a query within a few seconds. */
export async function postgresReachable(serverUrl: string): Promise<boolean> {
  try {
    return await onServer(serverUrl, async (admin) => (await admin.unsafe("SELECT 1 AS one")).length === 1);
  } catch {
    return false;
  }
}

/** Creates `database` empty (dropping a previous one of that name) and answers its URL. */
export async function createScratchDatabase(serverUrl: string, database: string): Promise<string> {
  await onServer(serverUrl, async (admin) => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${quote(database)} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${quote(database)}`);
  });
  return postgresUrlFor(serverUrl, database);
}

export async function dropScratchDatabase(serverUrl: string, database: string): Promise<void> {
  await onServer(serverUrl, (admin) => admin.unsafe(`DROP DATABASE IF EXISTS ${quote(database)} WITH (FORCE)`));
}

/** Whether a database of that name exists on the server. */
export async function scratchDatabaseExists(serverUrl: string, database: string): Promise<boolean> {
  return onServer(serverUrl, async (admin) => (await admin.unsafe("SELECT 1 FROM pg_database WHERE datname = $1", [database])).length > 0);
}
