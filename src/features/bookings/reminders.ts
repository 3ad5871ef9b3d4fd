/**
 * The 24-hour reminder: a small interval job started by src/server.ts. Each due session is first
 * claimed with a row in booking_reminders (booking id + start time), then mailed; a claim survives
 * restarts, so a reminder goes out once, and again only if the session moves to a new time.
 * A session booked (or moved) less than 24 hours before its start gets no reminder: its
 * confirmation just said the same.
 */
import { and, desc, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { bookingEvents, bookingReminders, bookings } from "../../../db/schema";
import { BOOKING_REMINDER_HOURS } from "../../../core/constants";
import { UPCOMING_STATUSES } from "../../../core/bookings";
import type { AppDeps } from "../../http/env";
import { notifyBooking } from "./notifications";

type ReminderDeps = Pick<AppDeps, "db" | "mailer" | "config" | "now">;

/** Claims and sends every reminder due now; answers the ids reminded. */
export async function sendDueReminders(deps: ReminderDeps): Promise<string[]> {
  const db: Db = deps.db;
  const now = deps.now();
  const due = db
    .select({ id: bookings.id, start: bookings.scheduledDatetime })
    .from(bookings)
    .leftJoin(bookingReminders, and(eq(bookingReminders.bookingId, bookings.id), eq(bookingReminders.scheduledDatetime, bookings.scheduledDatetime)))
    .where(
      and(
        inArray(bookings.status, UPCOMING_STATUSES),
        gt(bookings.scheduledDatetime, now),
        lte(bookings.scheduledDatetime, new Date(now.getTime() + BOOKING_REMINDER_HOURS * 3_600_000)),
        isNull(bookingReminders.bookingId),
      ),
    )
    .all();
  const sent: string[] = [];
  const windowMs = BOOKING_REMINDER_HOURS * 3_600_000;
  for (const { id, start } of due) {
    // the claim: a second process (or a second tick) inserts nothing and skips
    const claimed = db.insert(bookingReminders).values({ bookingId: id, scheduledDatetime: start, sentAt: now }).onConflictDoNothing().returning().get();
    if (!claimed) continue;
    const setAt = db
      .select({ at: bookingEvents.createdAt })
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, id), inArray(bookingEvents.type, ["created", "rescheduled"])))
      .orderBy(desc(bookingEvents.createdAt))
      .get();
    if (setAt && setAt.at.getTime() > start.getTime() - windowMs) continue;
    await notifyBooking(deps, id, "reminder");
    sent.push(id);
  }
  return sent;
}

export interface ReminderJob {
  stop(): void;
  /** Runs one pass now (tests, and the first pass at start-up). */
  runOnce(): Promise<string[]>;
}

/** Checks for due reminders every `intervalMs` (one minute by default) until stopped. */
export function startReminderJob(deps: ReminderDeps, intervalMs = 60_000): ReminderJob {
  let running: Promise<string[]> | null = null;
  const runOnce = () => {
    if (!running) {
      running = sendDueReminders(deps)
        .catch((error) => {
          console.error("[reminders] pass failed:", error);
          return [] as string[];
        })
        .finally(() => {
          running = null;
        });
    }
    return running;
  };
  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref?.();
  void runOnce();
  return { stop: () => clearInterval(timer), runOnce };
}
