/**
 * Signing in with a password, and the lockout that keeps guessing slow without handing an attacker
 * a way to lock the owner out: failures are counted tightly per (account, client network) and
 * loosely per account over a longer window. The per-account cap bounds guessing from many networks,
 * and it does not apply on a network this account signed in from lately: however many networks an
 * attacker uses, the owner's usual one still gets its own per-(account, network) tries.
 */
import type { Db } from "../../db/client";
import type { CounterStore } from "../http/counter-store";
import { findUserByEmail, normalizeEmail } from "./accounts";
import { verifyPassword } from "./password";
import type { UserRow } from "./session";

/** Failures from one IP for one account: `limit` per this window. */
export const PAIR_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failures for one account from everywhere: ACCOUNT_FAILURE_FACTOR × `limit` per this window. */
export const ACCOUNT_FAILURE_WINDOW_MS = 60 * 60 * 1000;
export const ACCOUNT_FAILURE_FACTOR = 10;
/** A network the account signed in from within this time is not held back by the per-account cap. */
export const KNOWN_NETWORK_MS = 30 * 24 * 60 * 60 * 1000;

export interface SignInThrottle {
  /** Milliseconds to wait before this network may try this address again; 0 when it may now. */
  waitMs(email: string, ip: string, now: Date): Promise<number>;
  recordFailure(email: string, ip: string, now: Date): Promise<void>;
  /** A successful sign-in clears this network's failures for the account and remembers the network. */
  recordSuccess(email: string, ip: string, now: Date): Promise<void>;
  /** A password reset clears the account's failures from everywhere (the owner proved the mailbox). */
  clearAccount(email: string): Promise<void>;
}

/**
 * The throttle over the app's `counters.signIn` store (src/http/counter-store.ts); `limit` is
 * AUTH_RATE_LIMIT (failures per account and network). Keyed by the typed address whether or not
 * it has an account, so a refusal reveals nothing.
 */
export function signInThrottle(store: CounterStore, limit: number): SignInThrottle {
  const pairKey = (email: string, ip: string) => `signin:pair:${normalizeEmail(email)}\n${ip}`;
  const accountKey = (email: string) => `signin:account:${normalizeEmail(email)}`;
  const knownKey = (email: string, ip: string) => `signin:known:${normalizeEmail(email)}\n${ip}`;
  return {
    async waitMs(email, ip, now) {
      const [pair, account] = await Promise.all([store.count(pairKey(email, ip), PAIR_FAILURE_WINDOW_MS, now), store.count(accountKey(email), ACCOUNT_FAILURE_WINDOW_MS, now)]);
      const pairWait = pair.count >= limit ? pair.msUntilFree : 0;
      const accountFull = account.count >= limit * ACCOUNT_FAILURE_FACTOR;
      const accountWait = accountFull && (await store.lastSeen(knownKey(email, ip), now)) === null ? account.msUntilFree : 0;
      return Math.max(pairWait, accountWait);
    },
    async recordFailure(email, ip, now) {
      await store.hit(pairKey(email, ip), PAIR_FAILURE_WINDOW_MS, now);
      await store.hit(accountKey(email), ACCOUNT_FAILURE_WINDOW_MS, now);
    },
    async recordSuccess(email, ip, now) {
      await store.reset(pairKey(email, ip));
      await store.remember(knownKey(email, ip), now, KNOWN_NETWORK_MS);
    },
    clearAccount: (email) => store.reset(accountKey(email)),
  };
}

/**
 * The user for these credentials, or null. Unknown addresses and password-less (Google) accounts
 * cost one argon2 verification too, so the answer's timing does not reveal which addresses exist.
 */
export async function signIn(db: Db, email: string, password: string): Promise<UserRow | null> {
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(password, user?.passwordHash);
  return ok && user ? user : null;
}
