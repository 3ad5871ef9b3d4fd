/**
 * PostgreSQL's LISTEN/NOTIFY behind db/notify.ts, on Bun's SQL client of the pool that `db` came
 * from: `notify` is `pg_notify` on a pooled connection (works on the read-only pool: NOTIFY writes
 * no table), `listen` shares the client's one dedicated LISTEN connection, which Bun opens on the
 * first listen, reconnects (subscribing again) when it drops, and closes with the pool.
 */
import type { SQL } from "bun";
import type { PostgresDb } from "./client";
import type { NotifyChannel } from "../notify";

export function notifyChannelPostgres(db: PostgresDb, name: string): NotifyChannel {
  const client = (db as unknown as { $client?: SQL }).$client;
  if (!client || typeof client.listen !== "function") throw new Error("notifyChannel() needs the pool's handle from openDatabase(), not a transaction's");
  return {
    notify: (payload) => client.notify(name, payload),
    async listen(onPayload) {
      const subscription = await client.listen(name, onPayload);
      return () => subscription.unlisten();
    },
  };
}
