/**
 * Requests that expire (decision 028): a booking not confirmed by its `expires_at` (the
 * practitioner's request window after the request, never later than the minimum notice before the
 * start) is ended by the system: cancelled with `cancelled_by = 'system'`, which every screen and
 * e-mail words as "expired", and its slot is free again. A small interval job started by
 * src/server.ts beside the reminders, safe with several processes: each request is claimed by the
 * conditional UPDATE itself (only a row still waiting and due changes; a second process, or a
 * confirmation that won the race, updates nothing and skips), and its e-mails to both sides are
 * written to the outbox in that transaction with a dedupe key, so they go out once.
 */
import { startPeriodicPass, type PeriodicPass } from "../../ops/periodic-pass";
import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { atomic, type Db } from "../../../db/client";
import { bookingEvents, bookings } from "../../../db/schema";
import { recordConversationEvent } from "../conversations/service";
import type { AppDeps } from "../../http/app-context";
import { enqueueBookingNotice } from "./notifications";
import { recordOpening } from "./waitlist";

type ExpiryDeps = Pick<AppDeps, "db" | "config" | "now">;

/** The statuses of a request still waiting for the practitioner. */
export const WAITING_STATUSES = ["scheduled", "pending"] as const;

/** Hooks run inside the expiry's transaction, after the booking is ended (the waitlist offers the freed slot). */
export interface FreedSlotHook {
  freed(tx: Db, bookingId: string, now: Date): Promise<void>;
}

/** Expires every request due now; answers the ids expired. */
export async function expireDueRequests(deps: ExpiryDeps, onFreed?: FreedSlotHook): Promise<string[]> {
  const db: Db = deps.db;
  const now = deps.now();
  const due = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(inArray(bookings.status, WAITING_STATUSES), isNotNull(bookings.expiresAt), lte(bookings.expiresAt, now)));
  const expired: string[] = [];
  for (const { id } of due) {
    const done = await atomic(db, async (tx) => {
      // the claim: only a request still waiting and due changes (a confirmation meanwhile, or another process, wins)
      const claimed = await tx
        .update(bookings)
        .set({ status: "cancelled", cancelledBy: "system", expiresAt: null, updatedAt: now, sequence: sqlSequencePlusOne() })
        .where(and(eq(bookings.id, id), inArray(bookings.status, WAITING_STATUSES), isNotNull(bookings.expiresAt), lte(bookings.expiresAt, now)))
        .returning({ id: bookings.id, practitionerId: bookings.practitionerId, start: bookings.scheduledDatetime, duration: bookings.duration });
      if (claimed.length === 0) return false;
      await tx.insert(bookingEvents).values({ id: Bun.randomUUIDv7(), bookingId: id, type: "cancelled", actor: "system", createdAt: now, reason: "expired" });
      // the pair's conversation says the request expired, in this transaction (decision 027)
      await recordConversationEvent(tx, id, "cancelled", now);
      await enqueueBookingNotice(tx, deps.config, id, "expired", { now, dedupeKey: `expired:${id}` });
      const freed = claimed[0];
      await recordOpening(tx, freed.practitionerId, freed.start, freed.duration, now);
      if (onFreed) await onFreed.freed(tx, id, now);
      return true;
    });
    if (done) expired.push(id);
  }
  return expired;
}

function sqlSequencePlusOne() {
  return sql`${bookings.sequence} + 1`;
}

export type ExpiryJob = PeriodicPass;

/** Expires due requests every `intervalMs` (one minute by default) until stopped. */
export function startRequestExpiryJob(deps: ExpiryDeps, intervalMs = 60_000, onFreed?: FreedSlotHook): ExpiryJob {
  return startPeriodicPass("request expiry", () => expireDueRequests(deps, onFreed), intervalMs);
}
