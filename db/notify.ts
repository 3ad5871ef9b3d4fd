/**
 * Notifications between the server processes that share one database (WORKERS=N on PostgreSQL):
 * a small payload sent on a named channel reaches every process listening on it, the sender's own
 * included. PostgreSQL: LISTEN/NOTIFY (db/postgres/notify.ts); a payload is at most 8,000 bytes,
 * so it carries ids and the listener reads the rows. SQLite serves one process only: there is no
 * channel (null), and in-process structures are enough.
 */
import { isPostgres, type Db } from "./client";
import type { PostgresDb } from "./postgres/client";
import { notifyChannelPostgres } from "./postgres/notify";

export interface NotifyChannel {
  /** Sends `payload` to every listening process; outside a transaction it is delivered at once. */
  notify(payload: string): Promise<void>;
  /** Runs `onPayload` for each notification from now on; resolves once the server listens, with the function that stops. */
  listen(onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

/** The channel `name` of `db`'s database (the pool's handle), or null on SQLite. */
export function notifyChannel(db: Db, name: string): NotifyChannel | null {
  return isPostgres(db) ? notifyChannelPostgres(db as unknown as PostgresDb, name) : null;
}
