/**
 * The outbox claim on SQLite (db/outbox-claim.ts is the neutral entry): one BEGIN IMMEDIATE
 * transaction selects the oldest due rows and sets their lease; the file's single writer keeps two
 * claims from overlapping.
 */
import { and, asc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { atomic, type Db } from "../client";
import { outbox } from "../schema";
import type { ClaimedOutboxRow } from "../outbox-claim";

export async function claimOutboxRowsSqlite(db: Db, now: Date, batch: number, leaseMs: number): Promise<ClaimedOutboxRow[]> {
  return atomic(db, async (tx) => {
    const due = await tx
      .select({ id: outbox.id, kind: outbox.kind, payload: outbox.payload, attempts: outbox.attempts })
      .from(outbox)
      .where(and(eq(outbox.status, "pending"), lte(outbox.runAt, now), or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now))))
      .orderBy(asc(outbox.runAt), asc(outbox.id))
      .limit(batch);
    if (due.length === 0) return [];
    await tx
      .update(outbox)
      .set({ lockedUntil: new Date(now.getTime() + leaseMs) })
      .where(inArray(
        outbox.id,
        due.map((row) => row.id),
      ));
    return due;
  });
}
