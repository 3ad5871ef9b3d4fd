/**
 * The 24-hour reminder: a small interval job started by src/server.ts. Each due session is
 * claimed with a row in booking_reminders (booking id + start time) and its reminder e-mails are
 * written to the outbox in the same transaction (dedupe key: booking, start time and side), so a
 * reminder is enqueued once even with two processes running the pass, survives restarts, is
 * retried by the outbox when sending fails, and goes out again only if the session moves to a
 * new time. A session booked (or moved) less than 24 hours before its start gets no reminder:
 * its confirmation just said the same.
 */
import { startPeriodicPass, type PeriodicPass } from "../../ops/periodic-pass";
import { and, desc, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import { atomic, first, type Db } from "../../../db/client";
import { bookingEvents, bookingReminders, bookings } from "../../../db/schema";
import { BOOKING_REMINDER_HOURS } from "../../../core/constants";
import { UPCOMING_STATUSES } from "../../../core/bookings";
import type { AppDeps } from "../../http/app-context";
import { enqueueBookingNotice } from "./notifications";

type ReminderDeps = Pick<AppDeps, "db" | "config" | "now">;

/** The outbox's dedupe key of one session's reminder (each side's e-mail adds `:client` / `:practitioner`). */
export function reminderKey(bookingId: string, start: Date): string {
  return `reminder:${bookingId}:${start.toISOString()}`;
}

/** Claims every reminder due now and enqueues its e-mails; answers the ids reminded. */
export async function sendDueReminders(deps: ReminderDeps): Promise<string[]> {
  const db: Db = deps.db;
  const now = deps.now();
  const windowMs = BOOKING_REMINDER_HOURS * 3_600_000;
  const due = await db
    .select({ id: bookings.id, start: bookings.scheduledDatetime })
    .from(bookings)
    .leftJoin(bookingReminders, and(eq(bookingReminders.bookingId, bookings.id), eq(bookingReminders.scheduledDatetime, bookings.scheduledDatetime)))
    .where(
      and(
        inArray(bookings.status, UPCOMING_STATUSES),
        gt(bookings.scheduledDatetime, now),
        lte(bookings.scheduledDatetime, new Date(now.getTime() + windowMs)),
        isNull(bookingReminders.bookingId),
      ),
    );
  const sent: string[] = [];
  for (const { id, start } of due) {
    // one transaction per session: the claim, the check and the e-mails commit together or not at all
    const reminded = await atomic(db, async (tx) => {
      // still upcoming at the same time (it may have moved or been cancelled since the read above)
      const current = await first(tx.select({ status: bookings.status, start: bookings.scheduledDatetime }).from(bookings).where(eq(bookings.id, id)).limit(1));
      if (!current || current.start.getTime() !== start.getTime() || !(UPCOMING_STATUSES as readonly string[]).includes(current.status)) return false;
      // the claim: a second process (or a second tick) inserts nothing and skips
      const claimed = await tx
        .insert(bookingReminders)
        .values({ bookingId: id, scheduledDatetime: start, sentAt: now })
        .onConflictDoNothing()
        .returning({ bookingId: bookingReminders.bookingId });
      if (claimed.length === 0) return false;
      const setAt = await first(
        tx
          .select({ at: bookingEvents.createdAt })
          .from(bookingEvents)
          .where(and(eq(bookingEvents.bookingId, id), inArray(bookingEvents.type, ["created", "rescheduled"])))
          .orderBy(desc(bookingEvents.createdAt), desc(bookingEvents.id))
          .limit(1),
      );
      if (setAt && setAt.at.getTime() > start.getTime() - windowMs) return false;
      await enqueueBookingNotice(tx, deps.config, id, "reminder", { now, dedupeKey: reminderKey(id, start) });
      return true;
    });
    if (reminded) sent.push(id);
  }
  return sent;
}

export type ReminderJob = PeriodicPass;

/** Checks for due reminders every `intervalMs` (one minute by default) until stopped. */
export function startReminderJob(deps: ReminderDeps, intervalMs = 60_000): ReminderJob {
  return startPeriodicPass("reminders", () => sendDueReminders(deps), intervalMs);
}
