/**
 * The one storage behind every counter and limit (docs/decisions/024-data-seam.md, "Counters and
 * limits"): the per-client request limits, the sign-in throttle and its known networks, the admin
 * gates' failures and the hourly e-mail caps. Events are counted per key within a sliding window
 * that ends at `now` (the app's clock, so tests can move it). Two implementations answer the same
 * interface: in this process's memory (one process), and in the database (shared by every
 * process on one database, written through atomic()).
 */
import { and, count, eq, gt, lte, min, sql } from "drizzle-orm";
import { atomic, first, type Db } from "../../db/client";
import { ENGINE } from "../../db/engine";
import { lockKeyForTransaction } from "../../db/locks";
import { limitEvents, limitMarks } from "../../db/schema";

export interface CounterWindow {
  /** Events for the key within the window ending now. */
  count: number;
  /** Milliseconds until the oldest of them leaves the window (0 when there is none). */
  msUntilFree: number;
}

export interface CounterStore {
  /** The events for `key` within the `windowMs` ending at `now`. */
  count(key: string, windowMs: number, now: Date): Promise<CounterWindow>;
  /**
   * Counts one event for `key` at `now`, unless `limit` events already fall within the window (a
   * refused event is not counted, so a key holds at most `limit`). Check and count are one step,
   * also between processes on the database store.
   */
  hit(key: string, windowMs: number, now: Date, limit?: number, within?: Db): Promise<CounterWindow & { counted: boolean }>;
  /** Forgets every event of `key`. */
  reset(key: string): Promise<void>;
  /** Notes that `key` happened at `now` (only the last time is kept), remembered for `keepMs`. */
  remember(key: string, now: Date, keepMs: number): Promise<void>;
  /** When `key` was last remembered, if that is less than its `keepMs` before `now`. */
  lastSeen(key: string, now: Date): Promise<Date | null>;
}

/** Which store each family of counters uses (AppDeps.counters). */
export interface Counters {
  /** Per-client request limits: every auth form post, the admin logins, the survey (per request). */
  requests: CounterStore;
  /** Sign-in failures per (account, network) and per account, and the networks an account signed in from. */
  signIn: CounterStore;
  /** Wrong secrets at the admin gates, from all clients together. */
  gate: CounterStore;
  /** Hourly caps on e-mails to one address. */
  mail: CounterStore;
  /** Messages per sender per minute and new conversations per client per day (counted in the send's transaction). */
  messages: CounterStore;
}

// Past this many keys, a sweep drops the ones with nothing left in their window.
const SWEEP_ABOVE = 10_000;
/** Remembered keys kept at most in memory; past this the least recently remembered is forgotten. */
export const MEMORY_MARKS_MAX = 50_000;

/** Counters in this process's memory: nothing is shared with other processes or survives a restart. */
export function createMemoryCounterStore(): CounterStore {
  // key → event times, oldest first; and the longest window each key was counted in (for sweeps)
  const events = new Map<string, { times: number[]; windowMs: number }>();
  // key → [last time, forget after], oldest first (a Map keeps insertion order)
  const marks = new Map<string, [number, number]>();

  function recent(key: string, windowMs: number, now: number): number[] {
    const entry = events.get(key);
    if (!entry) return [];
    // kept for the longest window this key is counted in; nothing left there: drop the key
    entry.times = entry.times.filter((time) => time > now - entry.windowMs);
    if (entry.times.length === 0) events.delete(key);
    return entry.times.filter((time) => time > now - windowMs);
  }

  function window(times: number[], windowMs: number, now: number): CounterWindow {
    return { count: times.length, msUntilFree: times.length ? times[0] + windowMs - now : 0 };
  }

  return {
    async count(key, windowMs, now) {
      return window(recent(key, windowMs, now.getTime()), windowMs, now.getTime());
    },
    async hit(key, windowMs, now, limit = Infinity) {
      const at = now.getTime();
      if (events.size > SWEEP_ABOVE) for (const [stale, entry] of [...events]) recent(stale, entry.windowMs, at);
      const times = recent(key, windowMs, at);
      if (times.length >= limit) return { ...window(times, windowMs, at), counted: false };
      const entry = events.get(key);
      if (entry) {
        entry.times.push(at);
        entry.windowMs = Math.max(windowMs, entry.windowMs);
      } else events.set(key, { times: [at], windowMs });
      return { ...window([...times, at], windowMs, at), counted: true };
    },
    async reset(key) {
      events.delete(key);
    },
    async remember(key, now, keepMs) {
      marks.delete(key);
      marks.set(key, [now.getTime(), now.getTime() + keepMs]);
      if (marks.size > MEMORY_MARKS_MAX) marks.delete(marks.keys().next().value!);
    },
    async lastSeen(key, now) {
      const mark = marks.get(key);
      if (!mark) return null;
      if (mark[1] <= now.getTime()) {
        marks.delete(key);
        return null;
      }
      return new Date(mark[0]);
    },
  };
}

/** Writes between two sweeps of expired rows (each sweep is one indexed delete). */
const SWEEP_EVERY = 500;

/**
 * Counters in the database (tables limit_events and limit_marks): shared by every process on the
 * database, and kept across restarts. Every write is its own atomic(); `hit` inside a transaction
 * takes that transaction's handle as `within` (it then nests, and rolls back with it).
 */
export function createDatabaseCounterStore({ db }: { db: Db }): CounterStore {
  let writes = 0;

  async function windowOf(handle: Db, key: string, windowMs: number, now: Date): Promise<CounterWindow> {
    const row = await first(
      handle
        .select({ count: count(), oldest: min(limitEvents.at) })
        .from(limitEvents)
        .where(and(eq(limitEvents.key, key), gt(limitEvents.at, new Date(now.getTime() - windowMs)))),
    );
    const total = row?.count ?? 0;
    const oldest = row?.oldest == null ? null : row.oldest.getTime();
    return { count: total, msUntilFree: oldest === null ? 0 : oldest + windowMs - now.getTime() };
  }

  async function sweep(tx: Db, now: Date): Promise<void> {
    if (++writes % SWEEP_EVERY !== 0) return;
    await tx.delete(limitEvents).where(lte(limitEvents.expiresAt, now));
    await tx.delete(limitMarks).where(lte(limitMarks.expiresAt, now));
  }

  return {
    count: (key, windowMs, now) => windowOf(db, key, windowMs, now),
    // `within`: the caller's transaction, when the count belongs to its change (a booking's e-mails)
    hit: (key, windowMs, now, limit = Infinity, within) =>
      atomic(within ?? db, async (tx) => {
        // PostgreSQL: another process counting this key waits here until this transaction ends
        await lockKeyForTransaction(tx, key);
        const before = await windowOf(tx, key, windowMs, now);
        if (before.count >= limit) return { ...before, counted: false };
        const event = { key, at: now, expiresAt: new Date(now.getTime() + windowMs) };
        await tx.insert(limitEvents).values(event);
        await sweep(tx, now);
        return { count: before.count + 1, msUntilFree: before.count ? before.msUntilFree : windowMs, counted: true };
      }),
    async reset(key) {
      await atomic(db, async (tx) => {
        await tx.delete(limitEvents).where(eq(limitEvents.key, key));
      });
    },
    async remember(key, now, keepMs) {
      const expiresAt = new Date(now.getTime() + keepMs);
      await atomic(db, async (tx) => {
        const mark = { key, at: now, expiresAt };
        await tx.insert(limitMarks).values(mark).onConflictDoUpdate({ target: limitMarks.key, set: { at: now, expiresAt } });
        await sweep(tx, now);
      });
    },
    async lastSeen(key, now) {
      const row = await first(
        db
          .select({ at: limitMarks.at })
          .from(limitMarks)
          .where(and(eq(limitMarks.key, key), gt(limitMarks.expiresAt, now)))
          .limit(1),
      );
      return row?.at ?? null;
    },
  };
}

/** Every counter in memory (a test, or one process that may forget its counts at a restart). */
export function memoryCounters(): Counters {
  const store = createMemoryCounterStore();
  return { requests: store, signIn: store, gate: store, mail: store, messages: store };
}

/** Every counter in the database (several processes on one database: PostgreSQL). */
export function databaseCounters({ db }: { db: Db }): Counters {
  const store = createDatabaseCounterStore({ db });
  return { requests: store, signIn: store, gate: store, mail: store, messages: store };
}

/**
 * On PostgreSQL (several processes: WORKERS) every family is in the database, so a limit counts
 * the requests of all processes together (databaseCounters). The default on SQLite (one process), chosen per family by what each costs and what a restart
 * would lose (docs/decisions/024-data-seam.md, "Counters and limits"): request limits, counted on
 * every auth form post, stay in memory; the sign-in throttle, the gates' failures and the e-mail
 * caps, written only on a failure, a success or an e-mail, go to the database and survive a deploy.
 */
export function defaultCounters({ db }: { db: Db }): Counters {
  if (ENGINE === "postgres") return databaseCounters({ db });
  const memory = createMemoryCounterStore();
  const database = createDatabaseCounterStore({ db });
  // messages: counted inside the send's own transaction (no extra one), and a flood must not restart with the process
  return { requests: memory, signIn: database, gate: database, mail: database, messages: database };
}
