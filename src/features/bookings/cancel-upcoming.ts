/**
 * Cancels every upcoming session of one person, as client and as practitioner, inside the caller's
 * transaction, with the cancellation e-mail (and calendar CANCEL) to the other side of each: used
 * when an account is deleted and when an admin suspends one (issue 26). The person themself is
 * told once by the caller, not per session.
 */
import { and, eq, gt, inArray, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { bookings, practitioners } from "../../../db/schema";
import { UPCOMING_STATUSES } from "../../../core/bookings";
import { enqueueEmail } from "../../email/outbox";
import { parseMailbox, type TemplateContext } from "../../email/templates";
import { addEvent } from "./booking";
import { loadBookingContext, renderBookingEmail, type BookingMailConfig } from "./notifications";

/** Answers the ids of the sessions cancelled and how many e-mails went to the other sides. */
export async function cancelUpcomingSessionsOf(tx: Db, config: BookingMailConfig, userId: string, reason: string, now: Date): Promise<{ cancelled: string[]; emailed: number }> {
  const own = await tx.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, userId));
  const mine = own.length ? or(eq(bookings.clientId, userId), inArray(bookings.practitionerId, own.map((p) => p.id))) : eq(bookings.clientId, userId);
  const upcoming = await tx
    .select({ id: bookings.id, clientId: bookings.clientId, sequence: bookings.sequence })
    .from(bookings)
    .where(and(mine, inArray(bookings.status, [...UPCOMING_STATUSES]), gt(bookings.scheduledDatetime, now)));
  const tctx: TemplateContext = { appUrl: config.APP_URL, from: parseMailbox(config.MAIL_FROM), now };
  let emailed = 0;
  for (const booking of upcoming) {
    const side = booking.clientId === userId ? "client" : "practitioner";
    await tx.update(bookings).set({ status: "cancelled", cancellationReason: reason, sequence: booking.sequence + 1, updatedAt: now }).where(eq(bookings.id, booking.id));
    await addEvent(tx, booking.id, "cancelled", "system", now, { reason });
    const ctx = await loadBookingContext(tx, booking.id);
    const other = side === "client" ? "practitioner" : "client";
    if (ctx && (other === "client" ? ctx.clientEmail : ctx.practitionerEmail)) {
      if (await enqueueEmail(tx, renderBookingEmail("cancelled", ctx, other, tctx), { now })) emailed++;
    }
  }
  return { cancelled: upcoming.map((b) => b.id), emailed };
}
