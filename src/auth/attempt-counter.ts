/**
 * Counts events per key within a sliding window, in memory (one set per app, like the rate limits:
 * several processes would need shared storage). Times come from the app's clock so tests can move them.
 */
export interface AttemptCounter {
  /** Events for `key` within the window ending at `now`. */
  count(key: string, now: Date): number;
  add(key: string, now: Date): void;
  clear(key: string): void;
  /** Milliseconds until the oldest counted event for `key` leaves the window. */
  msUntilFree(key: string, now: Date): number;
}

// Past this many keys, a sweep drops the ones with nothing left in their window.
const SWEEP_ABOVE = 10_000;

export function createAttemptCounter(windowMs: number): AttemptCounter {
  const events = new Map<string, number[]>();

  function recent(key: string, now: Date): number[] {
    const since = now.getTime() - windowMs;
    const list = (events.get(key) ?? []).filter((time) => time > since);
    if (list.length) events.set(key, list);
    else events.delete(key);
    return list;
  }

  return {
    count: (key, now) => recent(key, now).length,
    add(key, now) {
      if (events.size > SWEEP_ABOVE) for (const stale of [...events.keys()]) recent(stale, now);
      events.set(key, [...recent(key, now), now.getTime()]);
    },
    clear: (key) => void events.delete(key),
    msUntilFree(key, now) {
      const oldest = recent(key, now)[0];
      return oldest === undefined ? 0 : oldest + windowMs - now.getTime();
    },
  };
}
