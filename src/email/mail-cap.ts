/**
 * Hourly caps on e-mails to one address (decisions 008, 021, 022): past the cap an e-mail is
 * skipped, while what caused it still happens. Counted in the app's `counters.mail` store
 * (src/http/counter-store.ts: the database by default, so every process shares the count) on the
 * app's clock. Check the cap before opening the transaction that enqueues the e-mail: the store
 * writes in a transaction of its own.
 */
import type { Db } from "../../db/client";
import type { CounterStore } from "../http/counter-store";

const HOUR = 60 * 60 * 1000;

/** True (and counted) while `kind` e-mails to `address` stay within `perHour` in any 60 minutes; false means skip it. */
export async function withinMailCap(store: CounterStore, kind: string, address: string, perHour: number, now: Date, within?: Db): Promise<boolean> {
  const { counted } = await store.hit(`mail:${kind}\n${address.toLowerCase()}`, HOUR, now, perHour, within);
  return counted;
}
