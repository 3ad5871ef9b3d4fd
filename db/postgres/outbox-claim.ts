/**
 * The outbox claim on PostgreSQL (db/outbox-claim.ts is the neutral entry), where several server
 * processes (WORKERS) drain one outbox: one statement takes the lease of the oldest due rows that
 * no other claim holds at that moment (`FOR UPDATE SKIP LOCKED`), so two processes never take the
 * same row, and neither waits for the other. A row whose lease another process has just committed
 * is re-checked against the WHERE (READ COMMITTED re-reads a locked row's newest version) and left.
 */
import { and, asc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { atomicPostgres, type PostgresDb } from "./client";
import { outbox } from "./schema";
import type { ClaimedOutboxRow } from "../outbox-claim";

export async function claimOutboxRowsPostgres(db: PostgresDb, now: Date, batch: number, leaseMs: number): Promise<ClaimedOutboxRow[]> {
  // in a read-write transaction of its own: outside one, the pool's connections are read-only
  // (openDatabase's `readOnly`), and the claim's UPDATE failed there with SQLSTATE 25006. READ
  // COMMITTED as this comment's head says: the lock taken by FOR UPDATE is the claim's guard.
  const rows = await atomicPostgres(
    db,
    async (tx) => {
      const due = tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.status, "pending"), lte(outbox.runAt, now), or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now))))
        .orderBy(asc(outbox.runAt), asc(outbox.id))
        .limit(batch)
        .for("update", { skipLocked: true });
      return tx
        .update(outbox)
        .set({ lockedUntil: new Date(now.getTime() + leaseMs) })
        .where(inArray(outbox.id, due))
        .returning({ id: outbox.id, kind: outbox.kind, payload: outbox.payload, attempts: outbox.attempts, runAt: outbox.runAt });
    },
    { isolationLevel: "read committed" },
  );
  // RETURNING keeps no order: send in the order they were due
  rows.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return rows.map(({ id, kind, payload, attempts }) => ({ id, kind, payload, attempts }));
}
