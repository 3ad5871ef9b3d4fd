import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, max, ne, or, sql, type SQL } from "drizzle-orm";
import { first, type Db } from "../../../db/client";
import { bookings, practitionerAvailability, practitioners, reviews, users, sessionPayments, practitionerPaymentSettings } from "../../../db/schema";
import type { Role } from "../../../core/enums";
import { UPCOMING_STATUSES, type BookingView, type DashboardBooking, type PractitionerClientSummary } from "../../../core/bookings";
import { centsToDecimal } from "../../../core/money";
import { addDays, dateInZone, weekdayOf, zonedInstant } from "../../../core/slots";
import { DEFAULT_TIME_ZONE, WEEKDAYS } from "../../../core/availability";
import { practitionerDisplayName, practitionerNameWithReference } from "../../../core/types";
import { bookingRoundTwoFields } from "./booking";

/** Whose bookings are read: a client's own, or those of one practitioner profile. */
export type BookingOwner = { view: "client"; clientId: string } | { view: "practitioner"; practitionerId: string };

/** The view a user gets when they do not ask for one: practitioner before client; null with neither role. */
export function defaultBookingView(roles: readonly Role[]): BookingView | null {
  if (roles.includes("practitioner")) return "practitioner";
  if (roles.includes("client")) return "client";
  return null;
}

/** The owner behind a user's view; null for a practitioner without a profile (who has no bookings yet). */
export async function bookingOwner(db: Db, userId: string, view: BookingView): Promise<BookingOwner | null> {
  if (view === "client") return { view, clientId: userId };
  const profile = await first(db.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, userId)).limit(1));
  return profile ? { view, practitionerId: profile.id } : null;
}

function ownedBy(owner: BookingOwner): SQL {
  return owner.view === "client" ? eq(bookings.clientId, owner.clientId) : eq(bookings.practitionerId, owner.practitionerId);
}

/** "Clara Whitmore"; the same fallback as reviews when a client has no name. */
export function clientFullName(firstName: string | null, lastName: string | null): string {
  return [firstName?.trim(), lastName?.trim()].filter(Boolean).join(" ") || "Pollinate member";
}

function isUpcoming(now: Date): SQL {
  return and(inArray(bookings.status, UPCOMING_STATUSES), gt(bookings.scheduledDatetime, now))!;
}

/** Midnight on the first of `now`'s month and of the next month, in a zone (the practitioner dashboard's "this month"; the basic plan's month in UTC). */
export function monthBoundsIn(now: Date, timeZone: string): { start: Date; end: Date } {
  const [y, m] = dateInZone(now, timeZone).split("-").map(Number);
  const first = (year: number, month: number) => `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-01`;
  return { start: zonedInstant(first(y, m), 0, timeZone), end: zonedInstant(m === 12 ? first(y + 1, 1) : first(y, m + 1), 0, timeZone) };
}

/** The end of `now`'s week (Monday to Sunday) in a zone: the next Monday's midnight there. */
export function weekEndIn(now: Date, timeZone: string): Date {
  const today = dateInZone(now, timeZone);
  return zonedInstant(addDays(today, WEEKDAYS.length - WEEKDAYS.indexOf(weekdayOf(today))), 0, timeZone);
}

async function selectBookings(db: Db, where: SQL, orderBy: SQL[], limit: number, offset = 0): Promise<DashboardBooking[]> {
  const rows = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      scheduledDatetime: bookings.scheduledDatetime,
      duration: bookings.duration,
      isVirtual: bookings.isVirtual,
      totalAmountCents: bookings.totalAmountCents,
      meetingLink: bookings.meetingLink,
      notes: bookings.notes,
      practitionerId: bookings.practitionerId,
      clientId: bookings.clientId,
      cancellationReason: bookings.cancellationReason,
      cancelledBy: bookings.cancelledBy,
      lateCancellation: bookings.lateCancellation,
      cancellationWindowHours: bookings.cancellationWindowHours,
      expiresAt: bookings.expiresAt,
      sessionAddress: practitionerAvailability.sessionAddress,
      clientTimeZone: bookings.clientTimeZone,
      timeZone: practitionerAvailability.timeZone,
      location: practitioners.location,
      practitionerDisplayName: practitioners.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
      reviewId: reviews.id,
      paymentPaid: sessionPayments.paid,
      paymentAmountCents: sessionPayments.amountCents,
      paymentInstructions: practitionerPaymentSettings.paymentInstructions,
      cancellationPolicy: practitionerPaymentSettings.cancellationPolicy,
    })
    .from(bookings)
    .innerJoin(practitioners, eq(practitioners.id, bookings.practitionerId))
    .innerJoin(users, eq(users.id, bookings.clientId))
    .leftJoin(practitionerAvailability, eq(practitionerAvailability.practitionerId, bookings.practitionerId))
    // at most one review per session (reviews_session_unique)
    .leftJoin(reviews, eq(reviews.sessionId, bookings.id))
    .leftJoin(sessionPayments, eq(sessionPayments.bookingId, bookings.id))
    .leftJoin(practitionerPaymentSettings, eq(practitionerPaymentSettings.practitionerId, bookings.practitionerId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
      id: row.id,
      status: row.status,
      scheduledDatetime: row.scheduledDatetime.toISOString(),
      duration: row.duration,
      isVirtual: row.isVirtual,
      totalAmount: centsToDecimal(row.totalAmountCents),
      practitionerName: practitionerNameWithReference(row.practitionerId, row.practitionerDisplayName),
      clientName: clientFullName(row.firstName, row.lastName),
      practitionerId: row.practitionerId,
      clientId: row.clientId,
      location: row.location,
      meetingLink: row.meetingLink,
      notes: row.notes,
      timeZone: row.timeZone ?? DEFAULT_TIME_ZONE,
      clientTimeZone: row.clientTimeZone,
      cancellationReason: row.cancellationReason,
      reviewed: row.reviewId !== null,
      payment: row.paymentPaid === null || row.paymentAmountCents === null ? null : { paid: row.paymentPaid, amount: centsToDecimal(row.paymentAmountCents) },
      paymentInstructions: row.paymentInstructions ?? "",
      cancellationPolicy: row.cancellationPolicy ?? null,
      ...bookingRoundTwoFields(row, row.sessionAddress),
    }));
}

/** GET /api/bookings: the owner's bookings, the latest date first, with what a session card needs. */
export async function listBookings(db: Db, owner: BookingOwner, limit: number): Promise<DashboardBooking[]> {
  return selectBookings(db, ownedBy(owner), [desc(bookings.scheduledDatetime), desc(bookings.id)], limit);
}

/** Sessions still to come (scheduled, confirmed or pending, after `now`), the soonest first. */
export async function listUpcomingBookings(db: Db, owner: BookingOwner, now: Date, limit: number): Promise<DashboardBooking[]> {
  return selectBookings(db, and(ownedBy(owner), isUpcoming(now))!, [asc(bookings.scheduledDatetime), asc(bookings.id)], limit);
}

/** How many bookings listUpcomingBookings would list without a limit. */
export async function countUpcomingBookings(db: Db, owner: BookingOwner, now: Date): Promise<number> {
  return (await first(db.select({ n: count() }).from(bookings).where(and(ownedBy(owner), isUpcoming(now)))))?.n ?? 0;
}

/** Booking history (completed, or already in the past), the latest first. */
export async function listBookingHistory(db: Db, owner: BookingOwner, now: Date, limit: number): Promise<DashboardBooking[]> {
  const past = or(eq(bookings.status, "completed"), lte(bookings.scheduledDatetime, now))!;
  return selectBookings(db, and(ownedBy(owner), past)!, [desc(bookings.scheduledDatetime), desc(bookings.id)], limit);
}

export interface PractitionerBookingStats {
  upcoming: number;
  completed: number;
  /** Completed sessions scheduled in the current calendar month (in the zone asked for), in cents. */
  monthlyEarningsCents: number;
  /** Sessions still to come this week (Monday to Sunday in the zone asked for), and their minutes. */
  thisWeek: { sessions: number; minutes: number };
}

/**
 * The practitioner dashboard's figures, in one pass over the practitioner's bookings. "This month"
 * and "this week" are the calendar's in `timeZone` (the practitioner's availability zone).
 */
export async function practitionerBookingStats(db: Db, practitionerId: string, now: Date, timeZone: string): Promise<PractitionerBookingStats> {
  const { start, end } = monthBoundsIn(now, timeZone);
  const completed = eq(bookings.status, "completed");
  const completedThisMonth = and(completed, gte(bookings.scheduledDatetime, start), lt(bookings.scheduledDatetime, end));
  const restOfWeek = and(isUpcoming(now), lt(bookings.scheduledDatetime, weekEndIn(now, timeZone)));
  // sum(case …) rather than sum(boolean): PostgreSQL does not add booleans
  const row = await first(
    db
      .select({
      upcoming: sql<number>`coalesce(sum(case when ${isUpcoming(now)} then 1 else 0 end), 0)`.mapWith(Number),
      completed: sql<number>`coalesce(sum(case when ${completed} then 1 else 0 end), 0)`.mapWith(Number),
      monthlyEarningsCents: sql<number>`coalesce(sum(case when ${completedThisMonth} then ${bookings.totalAmountCents} else 0 end), 0)`.mapWith(Number),
      weekSessions: sql<number>`coalesce(sum(case when ${restOfWeek} then 1 else 0 end), 0)`.mapWith(Number),
      weekMinutes: sql<number>`coalesce(sum(case when ${restOfWeek} then ${bookings.duration} else 0 end), 0)`.mapWith(Number),
    })
      .from(bookings)
      .where(eq(bookings.practitionerId, practitionerId)),
  );
  return {
    upcoming: row?.upcoming ?? 0,
    completed: row?.completed ?? 0,
    monthlyEarningsCents: row?.monthlyEarningsCents ?? 0,
    thisWeek: { sessions: row?.weekSessions ?? 0, minutes: row?.weekMinutes ?? 0 },
  };
}

/** The zone of the client's latest booking made from the wizard (which sends it); null when none says. */
export async function latestClientTimeZone(db: Db, clientId: string): Promise<string | null> {
  const row = await first(
    db
      .select({ zone: bookings.clientTimeZone })
      .from(bookings)
      .where(and(eq(bookings.clientId, clientId), isNotNull(bookings.clientTimeZone)))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(1),
  );
  return row?.zone ?? null;
}

/** The people who booked a practitioner (cancellations aside), the most recently booked first. */
export async function listPractitionerClients(db: Db, practitionerId: string, limit: number): Promise<PractitionerClientSummary[]> {
  const latest = max(bookings.scheduledDatetime);
  const rows = await db
    .select({ clientId: bookings.clientId, firstName: users.firstName, lastName: users.lastName, sessions: count(), latest })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.clientId))
    .where(and(eq(bookings.practitionerId, practitionerId), ne(bookings.status, "cancelled")))
    .groupBy(bookings.clientId, users.firstName, users.lastName)
    .orderBy(desc(latest), asc(bookings.clientId))
    .limit(limit);
  return rows.map((row) => ({
      clientId: row.clientId,
      clientName: clientFullName(row.firstName, row.lastName),
      sessions: row.sessions,
      latestSession: new Date(row.latest!).toISOString(),
    }));
}

/** The filters of 'See all sessions' (decision 028): "expired" is a request the system ended, "cancelled" one a person ended. */
export const SESSION_FILTERS = ["all", "upcoming", "requested", "confirmed", "completed", "cancelled", "expired", "no-show"] as const;
export type SessionFilter = (typeof SESSION_FILTERS)[number];

function filterWhere(filter: SessionFilter, now: Date): SQL | undefined {
  switch (filter) {
    case "all":
      return undefined;
    case "upcoming":
      return isUpcoming(now);
    case "requested":
      return inArray(bookings.status, ["scheduled", "pending"]);
    case "confirmed":
      return eq(bookings.status, "confirmed");
    case "completed":
      return eq(bookings.status, "completed");
    case "no-show":
      return eq(bookings.status, "no-show");
    case "cancelled":
      return and(eq(bookings.status, "cancelled"), or(isNull(bookings.cancelledBy), ne(bookings.cancelledBy, "system")));
    case "expired":
      return and(eq(bookings.status, "cancelled"), eq(bookings.cancelledBy, "system"));
  }
}

/** One page of every session of the owner, the latest date first, with the total for the pager. */
export async function listBookingsPage(db: Db, owner: BookingOwner, filter: SessionFilter, page: number, pageSize: number, now: Date): Promise<{ bookings: DashboardBooking[]; total: number }> {
  const where = and(ownedBy(owner), filterWhere(filter, now))!;
  const total = (await first(db.select({ n: count() }).from(bookings).where(where)))?.n ?? 0;
  const rows = await selectBookings(db, where, [desc(bookings.scheduledDatetime), desc(bookings.id)], pageSize, (page - 1) * pageSize);
  return { bookings: rows, total };
}

/**
 * Sessions still ahead that were cancelled or expired, the most recently ended first (decision 028):
 * the dashboards show them under the history, with who ended them and why, instead of letting them vanish.
 */
export async function listRecentlyEnded(db: Db, owner: BookingOwner, now: Date, limit: number): Promise<DashboardBooking[]> {
  return selectBookings(db, and(ownedBy(owner), eq(bookings.status, "cancelled"), gt(bookings.scheduledDatetime, now))!, [desc(bookings.updatedAt), desc(bookings.id)], limit);
}
