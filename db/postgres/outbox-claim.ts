/**
 * The outbox claim on PostgreSQL (db/outbox-claim.ts is the neutral entry), where several server
 * processes (WORKERS) drain one outbox: one statement takes the lease of the oldest due rows that
 * no other claim holds at that moment (`FOR UPDATE SKIP LOCKED`), so two processes never take the
 * same row, and neither waits for the other. A row whose lease another process has just committed
 * is re-checked against the WHERE (READ COMMITTED re-reads a locked row's newest version) and left.
 * The statement runs in a read-committed transaction of its own: the server's pool is read-only
 * outside `atomic` (a bare UPDATE there fails with 25006, and no e-mail would ever leave).
 */
import { and, asc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { atomicPostgres, type PostgresDb } from "./client";
import { outbox } from "./schema";
import type { ClaimedOutboxRow } from "../outbox-claim";

export async function claimOutboxRowsPostgres(db: PostgresDb, now: Date, batch: number, leaseMs: number): Promise<ClaimedOutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lte(outbox.runAt, now), or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now))))
    .orderBy(asc(outbox.runAt), asc(outbox.id))
    .limit(batch)
    .for("update", { skipLocked: true });
  const rows = await atomicPostgres(
    db,
    (tx) =>
      tx
        .update(outbox)
        .set({ lockedUntil: new Date(now.getTime() + leaseMs) })
        .where(inArray(outbox.id, due))
        .returning({ id: outbox.id, kind: outbox.kind, payload: outbox.payload, attempts: outbox.attempts, runAt: outbox.runAt }),
    { isolationLevel: "read committed" },
  );
  // RETURNING keeps no order: send in the order they were due
  rows.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return rows.map(({ id, kind, payload, attempts }) => ({ id, kind, payload, attempts }));
}
