/**
 * A pass over durable rows run at an interval (reminders, request expiry, the waitlist): one pass
 * at a time, the first at start-up, a failed pass logged and tried again at the next tick.
 * Each pass reads what is due from the database and claims every row in a transaction: nothing of
 * it lives only in memory, so a pass cut short by a restart is simply run again by the next start.
 */
export interface PeriodicPass {
  /** Stops the timer and waits for a pass in flight (its transactions end before the database closes). */
  stop(): Promise<void>;
  /** Runs one pass now, or joins the one running (tests, and the first pass at start-up); answers the ids it handled. */
  runOnce(): Promise<string[]>;
}

export function startPeriodicPass(name: string, pass: () => Promise<string[]>, intervalMs: number): PeriodicPass {
  let running: Promise<string[]> | null = null;
  const runOnce = () => {
    if (!running) {
      running = pass()
        .catch((error) => {
          console.error(`[${name}] pass failed:`, error);
          return [] as string[];
        })
        .finally(() => {
          running = null;
        });
    }
    return running;
  };
  // runOnce never rejects (a failure is logged above), and its work is durable rows: see the header
  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref?.();
  void runOnce();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
    runOnce,
  };
}
