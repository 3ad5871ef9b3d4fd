/**
 * Hourly caps on e-mails to one address (decisions 008, 021, 022): past the cap an e-mail is
 * skipped, while what caused it still happens. Counted in the app's `counters.mail` store
 * (src/http/counter-store.ts: the database by default, so every process shares the count) on the
 * app's clock. Check the cap before opening the transaction that enqueues the e-mail: the store
 * writes in a transaction of its own.
 */
import type { CounterStore } from "../http/counter-store";

const HOUR = 60 * 60 * 1000;

/** True (and counted) while `kind` e-mails to `address` stay within `perHour` in any 60 minutes; false means skip it. */
export async function withinMailCap(store: CounterStore, kind: string, address: string, perHour: number, now: Date): Promise<boolean> {
  const { counted } = await store.hit(`mail:${kind}\n${address.toLowerCase()}`, HOUR, now, perHour);
  return counted;
}

/** @deprecated TRANSITION: `(kind, address, now) => boolean` in memory, for callers not yet on `withinMailCap(deps.counters.mail, …)`. */
export type MailCap = (kind: string, address: string, now: Date) => boolean;

/** @deprecated TRANSITION: a per-router cap in this process's memory; use `withinMailCap(deps.counters.mail, …)`. */
export function createHourlyMailCap(perHour: number): MailCap {
  const sent = new Map<string, number[]>();
  return (kind, address, now) => {
    const key = `${kind}\n${address.toLowerCase()}`;
    const recent = (sent.get(key) ?? []).filter((time) => time > now.getTime() - HOUR);
    if (recent.length >= perHour) return false;
    sent.set(key, [...recent, now.getTime()]);
    return true;
  };
}
