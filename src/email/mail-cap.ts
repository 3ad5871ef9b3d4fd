/**
 * Hourly caps on e-mails to one address (decisions 008, 021, 022): past the cap an e-mail is
 * skipped, while what caused it still happens. Counted in memory on the app's clock, one set per
 * app, like the rate limits (several processes would need shared storage).
 */
import { createAttemptCounter } from "../auth/attempt-counter";

const HOUR = 60 * 60 * 1000;

/** True (and counted) while `kind` e-mails to `address` stay within the cap this hour; false means skip it. */
export type MailCap = (kind: string, address: string, now: Date) => boolean;

/** A cap of `perHour` e-mails of each kind per address in any 60 minutes. */
export function createHourlyMailCap(perHour: number): MailCap {
  const sent = createAttemptCounter(HOUR);
  return (kind, address, now) => {
    const key = `${kind}\n${address.toLowerCase()}`;
    if (sent.count(key, now) >= perHour) return false;
    sent.add(key, now);
    return true;
  };
}
