/**
 * Session payments as the booking promises them (issue 24): Pollinate takes no money for sessions.
 * Practitioners write how they are paid (and an optional cancellation policy), clients see it in
 * the confirmation e-mail, on their session card and in the booking's review step, and the
 * practitioner marks each session paid or unpaid (with the amount when it differs, e.g. a sliding
 * scale); every mark is in the booking's history.
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { atomic, first, type Db } from "../../../db/client";
import { bookingEvents, bookings, practitionerPaymentSettings, practitioners, sessionPayments } from "../../../db/schema";
import { centsToDecimal, formatDollars } from "../../../core/money";
import { conflict, forbidden, notFound } from "../../http/errors";
import { monthBoundsIn } from "../bookings/service";

export interface PaymentSettings {
  paymentInstructions: string;
  /** The one cancellation policy (decision 028): window in hours (0: none) and text; edited with the hours. */
  cancellationWindowHours: number;
  cancellationPolicy: string | null;
}

/** A practitioner's instructions (empty when not written). */
export async function paymentSettingsOf(db: Db, practitionerId: string): Promise<PaymentSettings> {
  const row = await first(db.select().from(practitionerPaymentSettings).where(eq(practitionerPaymentSettings.practitionerId, practitionerId)).limit(1));
  return { paymentInstructions: row?.paymentInstructions ?? "", cancellationWindowHours: row?.cancellationWindowHours ?? 0, cancellationPolicy: row?.cancellationPolicy ?? null };
}

async function practitionerIdOf(db: Db, userId: string): Promise<string> {
  const row = await first(db.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, userId)).limit(1));
  if (!row) throw forbidden("Only practitioners have payment instructions.");
  return row.id;
}

/** The signed-in practitioner's own settings. */
export async function myPaymentSettings(db: Db, userId: string): Promise<PaymentSettings> {
  return paymentSettingsOf(db, await practitionerIdOf(db, userId));
}

/**
 * Saves the instructions; the cancellation policy's text only when given (undefined: unchanged).
 * The policy (window and text) is edited with the hours (decision 028); this route keeps taking its text.
 */
export async function saveMyPaymentSettings(db: Db, userId: string, input: { paymentInstructions: string; cancellationPolicy?: string | null }): Promise<PaymentSettings> {
  const practitionerId = await practitionerIdOf(db, userId);
  const values = { paymentInstructions: input.paymentInstructions.trim(), ...(input.cancellationPolicy === undefined ? {} : { cancellationPolicy: input.cancellationPolicy?.trim() || null }) };
  await atomic(db, async (tx) => {
    await tx.insert(practitionerPaymentSettings).values({ practitionerId, ...values }).onConflictDoUpdate({ target: practitionerPaymentSettings.practitionerId, set: { ...values, updatedAt: new Date() } });
  });
  return paymentSettingsOf(db, practitionerId);
}

/**
 * Marks a session paid or unpaid: only its practitioner (404 for anyone else, so ids reveal
 * nothing). The amount defaults to the booking's total. A cancelled session keeps its mark and may
 * be marked unpaid (a refund, settled between the two of them); it may be marked paid only when the
 * client cancelled late, for the fee the cancellation policy names (decision 028), else 409.
 */
export async function markSessionPayment(db: Db, userId: string, bookingId: string, input: { paid: boolean; amountCents?: number }, now: Date): Promise<{ paid: boolean; amount: string }> {
  const practitionerId = await first(db.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, userId)).limit(1));
  return atomic(db, async (tx) => {
    const booking = await first(
      tx
        .select({ id: bookings.id, practitionerId: bookings.practitionerId, status: bookings.status, totalAmountCents: bookings.totalAmountCents, lateCancellation: bookings.lateCancellation })
        .from(bookings)
        .where(eq(bookings.id, bookingId))
        .limit(1),
    );
    if (!booking || !practitionerId || booking.practitionerId !== practitionerId.id) throw notFound("Booking not found");
    if (booking.status === "cancelled" && input.paid && !booking.lateCancellation) throw conflict("A cancelled session cannot be marked paid, except a late cancellation's fee.");
    const amountCents = input.amountCents ?? booking.totalAmountCents;
    const values = { paid: input.paid, amountCents, updatedAt: now };
    await tx.insert(sessionPayments).values({ bookingId, ...values }).onConflictDoUpdate({ target: sessionPayments.bookingId, set: values });
    await tx.insert(bookingEvents).values({
      bookingId,
      type: input.paid ? "paid" : "unpaid",
      actor: "practitioner",
      reason: input.paid ? formatDollars(centsToDecimal(amountCents)) : null,
      createdAt: now,
    });
    return { paid: input.paid, amount: centsToDecimal(amountCents) };
  });
}

/** This month's completed sessions (the spec's earnings month), split into paid and still outstanding, in cents. */
export async function monthlyPaidAndOutstanding(db: Db, practitionerId: string, now: Date, timeZone: string): Promise<{ paidCents: number; outstandingCents: number }> {
  const { start, end } = monthBoundsIn(now, timeZone);
  const row = await first(
    db
      .select({
        paidCents: sql<number>`coalesce(sum(case when ${sessionPayments.paid} then ${sessionPayments.amountCents} else 0 end), 0)`,
        outstandingCents: sql<number>`coalesce(sum(case when ${sessionPayments.paid} then 0 else ${bookings.totalAmountCents} end), 0)`,
      })
      .from(bookings)
      .leftJoin(sessionPayments, eq(sessionPayments.bookingId, bookings.id))
      .where(and(eq(bookings.practitionerId, practitionerId), eq(bookings.status, "completed"), gte(bookings.scheduledDatetime, start), lt(bookings.scheduledDatetime, end))),
  );
  return { paidCents: Number(row?.paidCents ?? 0), outstandingCents: Number(row?.outstandingCents ?? 0) };
}
