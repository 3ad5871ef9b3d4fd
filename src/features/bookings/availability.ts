/**
 * A practitioner's availability settings and the slots computed from them (core/slots.ts).
 * Every function takes the one handle (`Db`): the database, or the booking transaction's `tx`
 * (booking.ts passes it, so the slot check reads what the insert will see).
 */
import { and, eq, gt, lt, ne } from "drizzle-orm";
import { atomic, first, type Db } from "../../../db/client";
import { bookings, practitionerAvailability, practitionerPaymentSettings } from "../../../db/schema";
import { addDays, computeSlots, dayBounds, bookableDateRange, type BusyPeriod, type Slot } from "../../../core/slots";
import { defaultAvailability, defaultBookingPolicy, type AvailabilitySettings, type AvailabilitySettingsAnswer, type BookingPolicy, type BookingSettings } from "../../../core/availability";
import type { BookingDuration } from "../../../core/constants";
import { heldPeriods, recordOpenedHours } from "./waitlist";

const DAY = 86_400_000;

/**
 * The settings in force: the saved row, else the defaults (every practitioner is bookable from the
 * start). Inside the booking transaction pass its `tx`; outside the bookings feature use getAvailabilitySettings.
 */
export async function readAvailability(db: Db, practitionerId: string): Promise<BookingSettings & { saved: boolean; takingBookings: boolean }> {
  const row = await first(db.select().from(practitionerAvailability).where(eq(practitionerAvailability.practitionerId, practitionerId)).limit(1));
  const policy = await readCancellationPolicy(db, practitionerId);
  if (!row) return { ...defaultAvailability(), ...defaultBookingPolicy(), ...policy, saved: false, takingBookings: true };
  return {
    timeZone: row.timeZone,
    weeklyHours: row.weeklyHours,
    overrides: row.overrides,
    bufferMinutes: row.bufferMinutes,
    minimumNoticeMinutes: row.minimumNoticeMinutes,
    durations: row.durations as AvailabilitySettings["durations"],
    videoLink: row.videoLink,
    ...policy,
    requestExpiryHours: row.requestExpiryHours,
    sessionAddress: row.sessionAddress,
    saved: row.saved,
    takingBookings: row.takingBookings,
  };
}

/**
 * The practitioner's one cancellation policy (decision 028): window and text, kept beside their
 * payment instructions (practitioner_payment_settings, decision 031); none written: no window, no text.
 */
export async function readCancellationPolicy(db: Db, practitionerId: string): Promise<Pick<BookingPolicy, "cancellationWindowHours" | "cancellationPolicy">> {
  const row = await first(
    db
      .select({ cancellationWindowHours: practitionerPaymentSettings.cancellationWindowHours, cancellationPolicy: practitionerPaymentSettings.cancellationPolicy })
      .from(practitionerPaymentSettings)
      .where(eq(practitionerPaymentSettings.practitionerId, practitionerId))
      .limit(1),
  );
  return { cancellationWindowHours: row?.cancellationWindowHours ?? 0, cancellationPolicy: row?.cancellationPolicy ?? null };
}

/** GET /api/availability/me. */
export async function getAvailabilitySettings(db: Db, practitionerId: string): Promise<AvailabilitySettingsAnswer> {
  return { practitionerId, ...(await readAvailability(db, practitionerId)) };
}

/**
 * PUT /api/availability/me: stores the whole settings object. Intervals are sorted, overrides of
 * past dates (before yesterday in the practitioner's zone) are dropped. Time the save opens is
 * offered to the waitlist (an opening per waiting client, in the same transaction).
 */
export async function saveAvailabilitySettings(db: Db, practitionerId: string, input: AvailabilitySettings & Partial<BookingPolicy>, now: Date): Promise<AvailabilitySettingsAnswer> {
  const policy = { ...defaultBookingPolicy(), ...Object.fromEntries(Object.entries(input).filter(([k, v]) => k in defaultBookingPolicy() && v !== undefined)) } as BookingPolicy;
  const byStart = <T extends { start: string }>(list: T[]) => [...list].sort((a, b) => a.start.localeCompare(b.start));
  const oldest = addDays(bookableDateRange(now, input.timeZone).first, -1);
  const values = {
    timeZone: input.timeZone,
    weeklyHours: Object.fromEntries(Object.entries(input.weeklyHours).map(([day, list]) => [day, byStart(list)])) as AvailabilitySettings["weeklyHours"],
    overrides: input.overrides
      .filter((o) => o.date >= oldest)
      .map((o) => ({ date: o.date, intervals: byStart(o.intervals) }))
      .sort((a, b) => a.date.localeCompare(b.date)),
    bufferMinutes: input.bufferMinutes,
    minimumNoticeMinutes: input.minimumNoticeMinutes,
    durations: [...input.durations].sort((a, b) => a - b),
    videoLink: input.videoLink,
    requestExpiryHours: policy.requestExpiryHours,
    sessionAddress: policy.sessionAddress,
    saved: true,
    // saved once: bookable from now on (decision 028)
    takingBookings: true,
  };
  await atomic(db, async (tx) => {
    const before = await readAvailability(tx, practitionerId);
    await tx
      .insert(practitionerAvailability)
      .values({ practitionerId, ...values })
      .onConflictDoUpdate({ target: practitionerAvailability.practitionerId, set: { ...values, updatedAt: new Date() } });
    // the cancellation policy's one home (decision 028): the payment settings' row, instructions untouched
    const cancellation = { cancellationWindowHours: policy.cancellationWindowHours, cancellationPolicy: policy.cancellationPolicy };
    await tx
      .insert(practitionerPaymentSettings)
      .values({ practitionerId, ...cancellation })
      .onConflictDoUpdate({ target: practitionerPaymentSettings.practitionerId, set: { ...cancellation, updatedAt: new Date() } });
    // time these hours open goes to the waitlist, like a freed slot (decision 028)
    await recordOpenedHours(tx, practitionerId, before.takingBookings ? before : null, values, now);
  });
  return getAvailabilitySettings(db, practitionerId);
}

/**
 * Inserts the default settings for a practitioner that has none; call it with a transaction's `tx`.
 * The demo seed keeps them bookable; a profile created in the app passes `takingBookings: false`
 * and the browser's zone, so nobody books the defaults before the practitioner saved their hours.
 */
export async function insertDefaultAvailability(tx: Db, practitionerId: string, timeZone?: string, options: { takingBookings?: boolean } = {}): Promise<void> {
  const defaults = defaultAvailability(timeZone);
  await tx
    .insert(practitionerAvailability)
    .values({ practitionerId, ...defaults, durations: [...defaults.durations], saved: false, takingBookings: options.takingBookings ?? true })
    .onConflictDoNothing();
}

/** Non-cancelled bookings of a practitioner that overlap [from, to); the booking transaction's overlap check passes its `tx`. */
export async function busyPeriods(db: Db, practitionerId: string, from: Date, to: Date): Promise<BusyPeriod[]> {
  const rows = await db
    .select({ id: bookings.id, start: bookings.scheduledDatetime, duration: bookings.duration })
    .from(bookings)
    .where(
      and(
        eq(bookings.practitionerId, practitionerId),
        ne(bookings.status, "cancelled"),
        // sessions last at most a day: anything starting a day before `from` may still overlap
        gt(bookings.scheduledDatetime, new Date(from.getTime() - DAY)),
        lt(bookings.scheduledDatetime, to),
      ),
    );
  return rows.map((b) => ({ id: b.id, start: b.start, end: new Date(b.start.getTime() + b.duration * 60_000) }));
}

/** The slots of one viewer day; the range of dates the viewer may ask for is checked by the route. */
export async function slotsForDay(db: Db, practitionerId: string, settings: AvailabilitySettings, date: string, duration: BookingDuration, viewerTimeZone: string, now: Date, excludeBookingId?: string, viewerId: string | null = null): Promise<Slot[]> {
  const day = dayBounds(date, viewerTimeZone);
  const from = new Date(day.start.getTime() - DAY);
  const to = new Date(day.end.getTime() + DAY);
  // slots held for someone on the waitlist are taken for everyone else (decision 028)
  const busy = [...(await busyPeriods(db, practitionerId, from, to)), ...(await heldPeriods(db, practitionerId, from, to, now, viewerId))];
  return computeSlots({ settings, date, duration, viewerTimeZone, bookings: busy, now, excludeBookingId });
}

/**
 * The slots with the viewer's own sessions (as a client, with any practitioner, every status that
 * holds a slot) marked unavailable, with the reason: the booking itself would be refused (decision
 * 022), so the wizard does not offer it (decision 028). `excludeBookingId`: the session being moved.
 */
export async function withOwnSessions(db: Db, clientId: string, slots: Slot[], duration: number, excludeBookingId?: string): Promise<Slot[]> {
  if (slots.length === 0) return slots;
  const from = new Date(slots[0].start);
  const to = new Date(new Date(slots[slots.length - 1].start).getTime() + duration * 60_000);
  const own = await db
    .select({ id: bookings.id, start: bookings.scheduledDatetime, duration: bookings.duration })
    .from(bookings)
    .where(and(eq(bookings.clientId, clientId), ne(bookings.status, "cancelled"), gt(bookings.scheduledDatetime, new Date(from.getTime() - DAY)), lt(bookings.scheduledDatetime, to)));
  const busy = own.filter((b) => b.id !== excludeBookingId).map((b) => ({ start: b.start.getTime(), end: b.start.getTime() + b.duration * 60_000 }));
  if (busy.length === 0) return slots;
  return slots.map((slot) => {
    const start = new Date(slot.start).getTime();
    const end = start + duration * 60_000;
    return busy.some((b) => start < b.end && end > b.start) ? { ...slot, available: false, reason: "own-session" as const } : slot;
  });
}
