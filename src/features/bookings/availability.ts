/**
 * A practitioner's availability settings and the slots computed from them (core/slots.ts).
 * Callers await the async functions (decision 009); the synchronous helpers over an `Executor`
 * are for the booking transaction (booking.ts) and the bookings feature's own readers of a row.
 */
import { and, eq, gt, lt, ne } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { bookings, practitionerAvailability } from "../../../db/schema";
import { addDays, computeSlots, dayBounds, bookableDateRange, type BusyPeriod, type Slot } from "../../../core/slots";
import { defaultAvailability, type AvailabilitySettings, type AvailabilitySettingsAnswer } from "../../../core/availability";
import type { BookingDuration } from "../../../core/constants";
import type { Executor } from "./executor";

const DAY = 86_400_000;

/**
 * The settings in force: the saved row, else the defaults (every practitioner is bookable from the
 * start). Synchronous for the booking transaction; outside the bookings feature use getAvailabilitySettings.
 */
export function readAvailability(db: Executor, practitionerId: string): AvailabilitySettings & { saved: boolean } {
  const row = db.select().from(practitionerAvailability).where(eq(practitionerAvailability.practitionerId, practitionerId)).get();
  if (!row) return { ...defaultAvailability(), saved: false };
  return {
    timeZone: row.timeZone,
    weeklyHours: row.weeklyHours,
    overrides: row.overrides,
    bufferMinutes: row.bufferMinutes,
    minimumNoticeMinutes: row.minimumNoticeMinutes,
    durations: row.durations as AvailabilitySettings["durations"],
    videoLink: row.videoLink,
    saved: row.saved,
  };
}

/** GET /api/availability/me. */
export async function getAvailabilitySettings(db: Db, practitionerId: string): Promise<AvailabilitySettingsAnswer> {
  return { practitionerId, ...readAvailability(db, practitionerId) };
}

/**
 * PUT /api/availability/me: stores the whole settings object. Intervals are sorted, overrides of
 * past dates (before yesterday in the practitioner's zone) are dropped.
 */
export async function saveAvailabilitySettings(db: Db, practitionerId: string, input: AvailabilitySettings, now: Date): Promise<AvailabilitySettingsAnswer> {
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
    saved: true,
  };
  db.insert(practitionerAvailability)
    .values({ practitionerId, ...values })
    .onConflictDoUpdate({ target: practitionerAvailability.practitionerId, set: { ...values, updatedAt: new Date() } })
    .run();
  return getAvailabilitySettings(db, practitionerId);
}

/** Inserts the default settings for a practitioner that has none (demo seed, new profiles). */
export function insertDefaultAvailability(db: Executor, practitionerId: string, timeZone?: string): void {
  const defaults = defaultAvailability(timeZone);
  db.insert(practitionerAvailability)
    .values({ practitionerId, ...defaults, durations: [...defaults.durations], saved: false })
    .onConflictDoNothing()
    .run();
}

/** Non-cancelled bookings of a practitioner that overlap [from, to); synchronous for the booking transaction's overlap check. */
export function busyPeriods(db: Executor, practitionerId: string, from: Date, to: Date): BusyPeriod[] {
  return db
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
    )
    .all()
    .map((b) => ({ id: b.id, start: b.start, end: new Date(b.start.getTime() + b.duration * 60_000) }));
}

/** The slots of one viewer day; the range of dates the viewer may ask for is checked by the route. */
export async function slotsForDay(db: Db, practitionerId: string, settings: AvailabilitySettings, date: string, duration: BookingDuration, viewerTimeZone: string, now: Date, excludeBookingId?: string): Promise<Slot[]> {
  const day = dayBounds(date, viewerTimeZone);
  const busy = busyPeriods(db, practitionerId, new Date(day.start.getTime() - DAY), new Date(day.end.getTime() + DAY));
  return computeSlots({ settings, date, duration, viewerTimeZone, bookings: busy, now, excludeBookingId });
}
