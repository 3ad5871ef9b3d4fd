/**
 * The outbox (docs/decisions/024-data-seam.md): every e-mail is a row written inside the
 * transaction of the change that causes it (`enqueueEmail(tx, …)`), so an answered write and the
 * e-mail it promised commit together, and a worker sends the rows after the answer: claimed by
 * one worker at a time, retried with backoff, marked sent once.
 */
import { AsyncResource } from "node:async_hooks";
import { and, asc, count, eq, or, sql } from "drizzle-orm";
import { afterCommit, atomic, first, type Db } from "../../db/client";
import { claimOutboxRows, type ClaimedOutboxRow } from "../../db/outbox-claim";
import { outbox } from "../../db/schema";
import type { Mailer, OutgoingEmail } from "./mailer";

/** Attempts before a row is left as failed (the admin dashboard shows it with its reason). */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** How long a claimed row stays with its worker before another may take it over. */
export const OUTBOX_LEASE_MS = 30_000;
/** Rows a worker claims at once. */
const BATCH = 20;

/** Wait before attempt `attempts + 1`: 15 s, 30 s, 1 min, … capped at one hour. */
export function outboxBackoffMs(attempts: number): number {
  return Math.min(15_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface EnqueueOptions {
  now: Date;
  /** Enqueue at most once per key: a second row with the same key is not written (answers false). */
  dedupeKey?: string;
  /** Not before this time (default: now). */
  notBefore?: Date;
}

/**
 * A job kind other than 'email': run by the worker inside one transaction when its row is due.
 * It may enqueue e-mails with `tx` (sent once by the ordinary path), and answers `{ retryAt }` to
 * be looked at again later, or nothing when it is done. A job that throws is retried like a
 * failed e-mail. Registered by the feature that enqueues it (message e-mails: conversations).
 */
export interface OutboxJob {
  (tx: Db, payload: Record<string, unknown>, now: Date): Promise<{ retryAt: Date } | void>;
}
const jobs = new Map<string, OutboxJob>();

/** Registers the handler of a job kind (once per kind, at import of the feature). */
export function registerOutboxJob(kind: string, job: OutboxJob): void {
  jobs.set(kind, job);
}

/** Writes a job row (kind registered with registerOutboxJob) in the caller's transaction. */
export async function enqueueJob(tx: Db, kind: string, payload: Record<string, unknown>, options: EnqueueOptions): Promise<boolean> {
  const rows = await tx
    .insert(outbox)
    .values({ id: Bun.randomUUIDv7(), kind, payload, dedupeKey: options.dedupeKey ?? null, runAt: options.notBefore ?? options.now, createdAt: options.now })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  if (rows.length > 0) afterCommit(wakeWorkers);
  return rows.length > 0;
}

/** Runs a due job row in one transaction: done (marked sent), or moved to its retry time. */
async function runJob(db: Db, row: { id: string; kind: string; payload: Record<string, unknown> }, now: Date): Promise<void> {
  const job = jobs.get(row.kind);
  if (!job) throw new Error(`no handler for outbox kind '${row.kind}'`);
  await atomic(db, async (tx) => {
    const outcome = await job(tx, row.payload, now);
    if (outcome) await tx.update(outbox).set({ runAt: outcome.retryAt, lockedUntil: null }).where(eq(outbox.id, row.id));
    else await tx.update(outbox).set({ status: "sent", doneAt: now, lockedUntil: null }).where(eq(outbox.id, row.id));
  });
}

/** Listeners told that a row was written, so the worker in this process wakes at once. */
const wakers = new Set<() => void>();
/** After the writer's commit: a pass started before it would not see the row, and wait for the next poll. */
const wakeWorkers = () => wakers.forEach((wake) => wake());

/**
 * Writes an e-mail into the outbox; call it with the transaction of the change that causes it
 * (`atomic(db, async (tx) => { …; await enqueueEmail(tx, email, { now }) })`). Answers false when
 * `dedupeKey` was already used.
 */
export async function enqueueEmail(tx: Db, email: OutgoingEmail, options: EnqueueOptions): Promise<boolean> {
  const rows = await tx
    .insert(outbox)
    .values({
      // time-ordered (UUIDv7, monotonic within the process): rows of one instant are sent in the order they were written
      id: Bun.randomUUIDv7(),
      kind: "email",
      payload: email as unknown as Record<string, unknown>,
      dedupeKey: options.dedupeKey ?? null,
      runAt: options.notBefore ?? options.now,
      createdAt: options.now,
    })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  if (rows.length > 0) afterCommit(wakeWorkers);
  return rows.length > 0;
}

/**
 * Claims up to BATCH due rows for this worker (they stay its own until the lease ends): on
 * PostgreSQL with FOR UPDATE SKIP LOCKED, so the workers of several processes never take one row.
 */
function claimDue(db: Db, now: Date): Promise<ClaimedOutboxRow[]> {
  return claimOutboxRows(db, now, { batch: BATCH, leaseMs: OUTBOX_LEASE_MS });
}

async function markSent(db: Db, id: string, now: Date): Promise<void> {
  await atomic(db, (tx) => tx.update(outbox).set({ status: "sent", doneAt: now, lockedUntil: null }).where(eq(outbox.id, id)));
}

async function markFailed(db: Db, id: string, attempts: number, reason: string, now: Date): Promise<void> {
  const tries = attempts + 1;
  const gaveUp = tries >= OUTBOX_MAX_ATTEMPTS;
  await atomic(db, (tx) =>
    tx
      .update(outbox)
      .set({
        attempts: tries,
        lastError: reason.slice(0, 1000),
        lockedUntil: null,
        status: gaveUp ? "failed" : "pending",
        doneAt: gaveUp ? now : null,
        runAt: new Date(now.getTime() + outboxBackoffMs(tries)),
      })
      .where(eq(outbox.id, id)),
  );
}

export interface OutboxDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  log?: (line: string) => void;
}

/** Sends every due row once; answers how many were sent. */
export async function drainOutbox(deps: OutboxDeps, shouldStop: () => boolean = () => false): Promise<number> {
  let sent = 0;
  for (;;) {
    if (shouldStop()) return sent;
    const rows = await claimDue(deps.db, deps.now());
    if (rows.length === 0) return sent;
    for (const row of rows) {
      // a stop lets the message in hand finish; the rest keep their lease and go after a restart
      if (shouldStop()) return sent;
      try {
        if (row.kind !== "email") {
          await runJob(deps.db, row, deps.now());
          continue;
        }
        await deps.mailer.send({ ...(row.payload as unknown as OutgoingEmail), messageId: `<${row.id}@outbox.pollinate>` });
        await markSent(deps.db, row.id, deps.now());
        sent++;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        (deps.log ?? console.error)(`[outbox] ${row.id} failed (attempt ${row.attempts + 1}): ${reason}`);
        await markFailed(deps.db, row.id, row.attempts, reason, deps.now());
      }
    }
  }
}

export interface OutboxWorker {
  /** Runs one pass now (tests, and the first pass at start-up). */
  runOnce(): Promise<number>;
  /** Stops taking rows and waits for the message in hand. */
  stop(): Promise<void>;
}

/** Drains the outbox when a row is written in this process, and every `intervalMs` (rows of other processes, retries). */
export function startOutboxWorker(deps: OutboxDeps, intervalMs = 1_000): OutboxWorker {
  let stopped = false;
  let running: Promise<number> | null = null;
  let again = false;
  const runOnce = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = drainOutbox(deps, () => stopped)
      .catch((error) => {
        console.error("[outbox] pass failed:", error);
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          // rows written during the pass: they are in the outbox table, this only sends them sooner
          void runOnce();
        }
      });
    return running;
  };
  // bound to this (outside any transaction) context: enqueueEmail wakes it from inside the
  // transaction that wrote the row, and a pass started there would see itself inside that
  // transaction (atomic() refuses it, or nests its claim as a savepoint of the writer's transaction)
  const wake = AsyncResource.bind(() => void runOnce());
  wakers.add(wake);
  const timer = setInterval(wake, intervalMs);
  timer.unref?.();
  // the first pass at start: rows left by a stopped or killed process are in the outbox table
  void runOnce();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      wakers.delete(wake);
      await running;
    },
  };
}

/** What the admin dashboard shows: how many wait, and the failed rows with their reasons. */
export async function outboxSummary(db: Db, limit = 50) {
  const counts = await db.select({ status: outbox.status, count: count() }).from(outbox).groupBy(outbox.status);
  const failed = await db
    .select({ id: outbox.id, payload: outbox.payload, attempts: outbox.attempts, lastError: outbox.lastError, createdAt: outbox.createdAt })
    .from(outbox)
    .where(or(eq(outbox.status, "failed"), and(eq(outbox.status, "pending"), sql`${outbox.attempts} > 0`)))
    .orderBy(asc(outbox.createdAt))
    .limit(limit);
  const oldestPending = await first(db.select({ createdAt: outbox.createdAt }).from(outbox).where(eq(outbox.status, "pending")).orderBy(asc(outbox.createdAt)).limit(1));
  return {
    pending: counts.find((c) => c.status === "pending")?.count ?? 0,
    sent: counts.find((c) => c.status === "sent")?.count ?? 0,
    failed: counts.find((c) => c.status === "failed")?.count ?? 0,
    oldestPendingAt: oldestPending?.createdAt ?? null,
    problems: failed.map((row) => ({
      id: row.id,
      to: String((row.payload as { to?: unknown }).to ?? ""),
      subject: String((row.payload as { subject?: unknown }).subject ?? ""),
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt,
    })),
  };
}
