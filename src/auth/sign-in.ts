/**
 * Signing in with a password, and the lockout that keeps guessing slow without handing an attacker
 * a way to lock the owner out: failures are counted tightly per (account, client network) and
 * loosely per account over a longer window. The per-account cap bounds guessing from many networks,
 * and it does not apply on a network this account signed in from lately: however many networks an
 * attacker uses, the owner's usual one still gets its own per-(account, network) tries.
 */
import type { Db } from "../../db/client";
import { findUserByEmail, normalizeEmail } from "./accounts";
import { createAttemptCounter } from "./attempt-counter";
import { verifyPassword } from "./password";
import type { UserRow } from "./session";

/** Failures from one IP for one account: `limit` per this window. */
export const PAIR_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failures for one account from everywhere: ACCOUNT_FAILURE_FACTOR × `limit` per this window. */
export const ACCOUNT_FAILURE_WINDOW_MS = 60 * 60 * 1000;
export const ACCOUNT_FAILURE_FACTOR = 10;
/** A network the account signed in from within this time is not held back by the per-account cap. */
export const KNOWN_NETWORK_MS = 30 * 24 * 60 * 60 * 1000;
/** (account, network) pairs remembered at most; past this the least recently used is forgotten. */
export const KNOWN_NETWORKS_MAX = 50_000;

export interface SignInThrottle {
  /** Milliseconds to wait before this network may try this address again; 0 when it may now. */
  waitMs(email: string, ip: string, now: Date): number;
  recordFailure(email: string, ip: string, now: Date): void;
  /** A successful sign-in clears this network's failures for the account and remembers the network. */
  recordSuccess(email: string, ip: string, now: Date): void;
  /** A password reset clears the account's failures from everywhere (the owner proved the mailbox). */
  clearAccount(email: string): void;
}

/** One throttle per app; `limit` is AUTH_RATE_LIMIT (failures per account and network). */
export function createSignInThrottle(limit: number): SignInThrottle {
  const perPair = createAttemptCounter(PAIR_FAILURE_WINDOW_MS);
  const perAccount = createAttemptCounter(ACCOUNT_FAILURE_WINDOW_MS);
  // (account, network) → time of the last successful sign-in, oldest first (a Map keeps insertion order)
  const knownNetworks = new Map<string, number>();
  // keyed by the typed address whether or not it has an account, so a refusal reveals nothing
  const pairKey = (email: string, ip: string) => `${normalizeEmail(email)}\n${ip}`;
  const isKnownNetwork = (email: string, ip: string, now: Date) => {
    const lastSuccess = knownNetworks.get(pairKey(email, ip));
    return lastSuccess !== undefined && now.getTime() - lastSuccess < KNOWN_NETWORK_MS;
  };
  return {
    waitMs(email, ip, now) {
      const pair = perPair.count(pairKey(email, ip), now) >= limit ? perPair.msUntilFree(pairKey(email, ip), now) : 0;
      const accountFull = perAccount.count(normalizeEmail(email), now) >= limit * ACCOUNT_FAILURE_FACTOR;
      const account = accountFull && !isKnownNetwork(email, ip, now) ? perAccount.msUntilFree(normalizeEmail(email), now) : 0;
      return Math.max(pair, account);
    },
    recordFailure(email, ip, now) {
      perPair.add(pairKey(email, ip), now);
      perAccount.add(normalizeEmail(email), now);
    },
    recordSuccess(email, ip, now) {
      const key = pairKey(email, ip);
      perPair.clear(key);
      knownNetworks.delete(key);
      knownNetworks.set(key, now.getTime());
      if (knownNetworks.size > KNOWN_NETWORKS_MAX) knownNetworks.delete(knownNetworks.keys().next().value!);
    },
    clearAccount: (email) => perAccount.clear(normalizeEmail(email)),
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
