/**
 * Several server processes on one address (WORKERS=N, docs/deploy.md "Several processes"): the
 * process systemd (or `npm start`) starts becomes a small supervisor that applies the migrations
 * once, then runs N copies of the same entry, each told its number in POLLINATE_WORKER and
 * listening on the same port with `Bun.serve({ reusePort: true })` (the kernel spreads the
 * connections). A child that dies is started again; SIGTERM (or SIGINT) is passed to every child
 * and the supervisor exits once they all have, each having finished its requests in flight.
 *
 * Only on PostgreSQL: every process then shares the data, the limits (databaseCounters), the
 * outbox (claimed with FOR UPDATE SKIP LOCKED) and sees the others' changes through the version
 * counters the caches compare. The SQLite file is written by one process.
 */
import type { Engine } from "../../db/engine";

/** Set in each child: its number, 1…N. */
export const WORKER_ENV = "POLLINATE_WORKER";

/** This process's worker number when it is a child of the supervisor, else null. */
export function workerNumber(env: Record<string, string | undefined> = process.env): number | null {
  const value = Number(env[WORKER_ENV]);
  return Number.isInteger(value) && value > 0 ? value : null;
}

export const SQLITE_ONE_PROCESS =
  "SQLite runs in one process: its file has one writer, and the limits and caches of one process are not shared with another. " +
  "Set DATABASE_URL to a PostgreSQL database to run several processes (docs/deploy.md, \"Several processes\"), or set WORKERS=1.";

/** Why WORKERS=N cannot run here, or null when it can. */
export function workersRefusal(config: { WORKERS: number; PORT: number }, engine: Engine): string | null {
  if (config.WORKERS <= 1) return null;
  if (engine === "sqlite") return `WORKERS=${config.WORKERS} asks for ${config.WORKERS} processes, but ${SQLITE_ONE_PROCESS}`;
  if (config.PORT === 0) return `WORKERS=${config.WORKERS} needs a fixed PORT: with PORT=0 each process would listen on a port of its own.`;
  return null;
}

export interface SupervisorOptions {
  count: number;
  /** The command of one child (default: this Bun running this entry). */
  command?: string[];
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  /** Wait before starting a child that ran for at least `stableMs` again. */
  restartDelayMs?: number;
  /** A child that dies sooner than this is restarted after a doubling delay (a crash loop), up to `maxRestartDelayMs`. */
  stableMs?: number;
  maxRestartDelayMs?: number;
}

export interface Supervisor {
  /** The children's process ids now (a restarted child has a new one). */
  pids(): number[];
  /** How many times a child was started again after dying. */
  restarts(): number;
  /** Passes `signal` to every child and resolves when they have all exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

interface Child {
  number: number;
  process: ReturnType<typeof Bun.spawn>;
  startedAt: number;
  delayMs: number;
}

export function superviseWorkers(options: SupervisorOptions): Supervisor {
  const command = options.command ?? [process.execPath, Bun.main];
  const log = options.log ?? ((line: string) => console.log(line));
  const restartDelayMs = options.restartDelayMs ?? 1_000;
  const stableMs = options.stableMs ?? 10_000;
  const maxRestartDelayMs = options.maxRestartDelayMs ?? 30_000;
  const children = new Map<number, Child>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let stopping = false;
  let restarts = 0;

  const start = (number: number, delayMs: number) => {
    const child = Bun.spawn(command, {
      env: { ...(options.env ?? process.env), [WORKER_ENV]: String(number) },
      stdin: "ignore",
      stdout: "inherit",
      stderr: "inherit",
    });
    const entry: Child = { number, process: child, startedAt: performance.now(), delayMs };
    children.set(number, entry);
    void child.exited.then((code) => {
      if (children.get(number) === entry) children.delete(number);
      if (stopping) return;
      const ranMs = performance.now() - entry.startedAt;
      // a child that keeps dying at start (a bad setting, the database away) is retried ever more slowly
      const delay = ranMs >= stableMs ? restartDelayMs : Math.min(Math.max(entry.delayMs * 2, restartDelayMs), maxRestartDelayMs);
      log(`Worker ${number} (pid ${child.pid}) exited (${child.signalCode ?? `code ${code}`}) after ${(ranMs / 1000).toFixed(1)} s; starting it again in ${(delay / 1000).toFixed(1)} s`);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (stopping) return;
        restarts++;
        start(number, ranMs >= stableMs ? 0 : delay);
      }, delay);
      timers.add(timer);
    });
  };

  for (let number = 1; number <= options.count; number++) start(number, 0);

  return {
    pids: () => [...children.values()].map((c) => c.process.pid),
    restarts: () => restarts,
    async stop(signal = "SIGTERM") {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const running = [...children.values()];
      for (const child of running) child.process.kill(signal);
      await Promise.all(running.map((child) => child.process.exited));
    },
  };
}
