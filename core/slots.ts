/**
 * Slot arithmetic, pure and shared by the server (availability answers, booking checks) and the
 * browser (the wizard). Weekly hours are wall-clock times in the practitioner's IANA zone; every
 * conversion between wall time and instants goes through @date-fns/tz (decision note 010), so
 * daylight-saving changes are handled by the zone database, not by hand-made offsets.
 */
import { TZDate, tzOffset } from "@date-fns/tz";
import { WEEKDAYS, timeToMinutes, type AvailabilitySettings, type TimeInterval, type Weekday } from "./availability";
import { BOOKING_HORIZON_DAYS, type BookingDuration } from "./constants";

/** Candidate starts are this many minutes apart within an interval (09:00, 09:30, 10:00…). */
export const SLOT_STEP_MINUTES = 30;

const MINUTE = 60_000;
const DAY = 86_400_000;

/** What the slot rules need of the settings. */
export type SlotSettings = Pick<AvailabilitySettings, "timeZone" | "weeklyHours" | "overrides" | "bufferMinutes" | "minimumNoticeMinutes" | "durations">;

/** A period the practitioner is busy: a booking that is not cancelled. `end` is exclusive. */
export interface BusyPeriod {
  /** The booking's id, so a reschedule can leave its own booking out. */
  id?: string;
  start: Date;
  end: Date;
}

/** One slot of GET /api/bookings/{practitionerId}/availability (SPEC.md's `{time, available}` plus its instant). */
export interface Slot {
  /** "HH:mm" in the viewer's zone. */
  time: string;
  available: boolean;
  /** The start instant, ISO 8601 UTC: what POST /api/bookings sends as scheduledDatetime. */
  start: string;
  /** Why a slot the practitioner has free is not offered to this viewer: they have a session then (decision 028). */
  reason?: "own-session";
}

export interface SlotQuery {
  settings: SlotSettings;
  /** The day asked for, "yyyy-MM-dd" in `viewerTimeZone`. */
  date: string;
  duration: BookingDuration;
  /** The zone the viewer reads times in (the practitioner's by default). */
  viewerTimeZone: string;
  /** Non-cancelled bookings of the practitioner around that day. */
  bookings: readonly BusyPeriod[];
  now: Date;
  /** Leave this booking out of the busy periods (rescheduling it). */
  excludeBookingId?: string;
}

/** Why a start cannot be booked. */
export type SlotRefusal = "duration-not-offered" | "outside-hours" | "too-soon" | "beyond-horizon" | "taken";

/** The answer a person reads for each refusal (409 on POST /api/bookings). */
export const SLOT_REFUSAL_MESSAGES: Record<SlotRefusal, string> = {
  "duration-not-offered": "This practitioner does not offer sessions of that length. Please choose another duration.",
  "outside-hours": "That time is outside the practitioner's available hours. Please choose one of the offered time slots.",
  "too-soon": "That time is too soon to book or already past. Please choose a later time slot.",
  "beyond-horizon": `Sessions can be booked up to ${BOOKING_HORIZON_DAYS} days ahead. Please choose an earlier date.`,
  taken: "That time slot was just taken. Please choose another time.",
};

// ---------------------------------------------------------------- zone helpers

/**
 * Wall time → instant costs ~120 µs in @date-fns/tz (it probes the zone's offsets through Intl);
 * the same few (zone, date, minute) triples come back on every availability request, so they are
 * remembered (bounded; measured in decision note 010).
 */
const instantCache = new Map<string, number>();
const INSTANT_CACHE_MAX = 50_000;

/**
 * The instant of a wall-clock time (minutes after midnight, 1440 = next midnight) on a date in a
 * zone. A time in a spring-forward gap moves forward by the gap (02:30 → 03:30); an ambiguous
 * fall-back time is read as the later of the two (standard time), in every zone.
 *
 * Worked out from the zone's UTC offsets (`tzOffset`, through Intl) a day before and a day after,
 * not with `new TZDate(y, m, d, h, min, tz)`: that constructor goes through the host's own zone,
 * so its answers on change days depended on the server's TZ (a Berlin 02:30 on the spring-forward
 * day came out as 01:30 on a London host) and its reading of an ambiguous time on the zone's sign.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const key = `${timeZone} ${date} ${minutes}`;
  let ms = instantCache.get(key);
  if (ms === undefined) {
    const [y, m, d] = date.split("-").map(Number);
    // the wall time as if it were UTC (setUTCFullYear: Date.UTC would read years 0–99 as 19xx)
    const wall = new Date(0).setUTCFullYear(y, m - 1, d) + minutes * MINUTE;
    const before = tzOffset(timeZone, new Date(wall - DAY));
    const after = tzOffset(timeZone, new Date(wall + DAY));
    const earlier = wall - before * MINUTE;
    const later = wall - after * MINUTE;
    if (before === after) ms = earlier;
    else if (tzOffset(timeZone, new Date(later)) === after) ms = later; // the only reading, or the later of two
    else ms = earlier; // the earlier reading, or in the gap: the offset before it moves the time forward
    if (instantCache.size >= INSTANT_CACHE_MAX) instantCache.clear();
    instantCache.set(key, ms);
  }
  return new Date(ms);
}

/** "yyyy-MM-dd" of an instant in a zone. */
export function dateInZone(instant: Date, timeZone: string): string {
  const z = new TZDate(instant.getTime(), timeZone);
  return `${z.getFullYear()}-${String(z.getMonth() + 1).padStart(2, "0")}-${String(z.getDate()).padStart(2, "0")}`;
}

/** "HH:mm" of an instant in a zone. */
export function timeInZone(instant: Date, timeZone: string): string {
  const z = new TZDate(instant.getTime(), timeZone);
  return `${String(z.getHours()).padStart(2, "0")}:${String(z.getMinutes()).padStart(2, "0")}`;
}

/** A calendar date plus `days` ("2026-02-27" + 2 → "2026-03-01"). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The weekday of a calendar date. */
export function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split("-").map(Number);
  const sundayFirst = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7];
}

/** Midnight to midnight of a date in a zone (23 or 25 hours on change days). */
export function dayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  return { start: zonedInstant(date, 0, timeZone), end: zonedInstant(addDays(date, 1), 0, timeZone) };
}

/** The dates a viewer may pick: today (in their zone) up to BOOKING_HORIZON_DAYS ahead. */
export function bookableDateRange(now: Date, timeZone: string): { first: string; last: string } {
  const first = dateInZone(now, timeZone);
  return { first, last: addDays(first, BOOKING_HORIZON_DAYS) };
}

/** The last bookable start: now + the horizon. */
export function horizonEnd(now: Date): Date {
  return new Date(now.getTime() + BOOKING_HORIZON_DAYS * DAY);
}

// ---------------------------------------------------------------- slot rules

/** The intervals of a practitioner's local date: its override, else the weekday's hours. */
export function intervalsOn(settings: SlotSettings, date: string): TimeInterval[] {
  const override = settings.overrides.find((o) => o.date === date);
  return override ? override.intervals : settings.weeklyHours[weekdayOf(date)];
}

/**
 * A day's intervals in order, touching ones joined: 09:00–12:00 and 12:00–13:00 (the editor's
 * '+ Add hours' starts where the last row ends) are one stretch, so a session may run across the seam.
 */
function joinTouching(intervals: readonly TimeInterval[]): TimeInterval[] {
  const joined: TimeInterval[] = [];
  for (const interval of [...intervals].sort((a, b) => timeToMinutes(a.start) - timeToMinutes(b.start))) {
    const last = joined[joined.length - 1];
    if (last && timeToMinutes(last.end) === timeToMinutes(interval.start)) joined[joined.length - 1] = { start: last.start, end: interval.end };
    else joined.push(interval);
  }
  return joined;
}

/** Every candidate start (ms) whose session fits in the hours of practitioner dates `from`..`to` (inclusive). */
function candidateStarts(settings: SlotSettings, from: string, to: string, duration: number): number[] {
  const starts: number[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    for (const interval of joinTouching(intervalsOn(settings, date))) {
      const start = zonedInstant(date, timeToMinutes(interval.start), settings.timeZone).getTime();
      const end = zonedInstant(date, timeToMinutes(interval.end), settings.timeZone).getTime();
      for (let t = start; t + duration * MINUTE <= end; t += SLOT_STEP_MINUTES * MINUTE) starts.push(t);
    }
  }
  return starts;
}

/** True when a session [start, start + duration) plus the buffer on both sides touches a busy period. */
export function overlapsBusy(start: number, duration: number, bufferMinutes: number, busy: readonly BusyPeriod[], excludeId?: string): boolean {
  const from = start - bufferMinutes * MINUTE;
  const to = start + (duration + bufferMinutes) * MINUTE;
  for (const b of busy) {
    if (excludeId && b.id === excludeId) continue;
    if (from < b.end.getTime() && to > b.start.getTime()) return true;
  }
  return false;
}

/** Why a start that is one of the practitioner's candidate starts cannot be booked, or null. */
function refusalAt(start: number, duration: number, settings: SlotSettings, busy: readonly BusyPeriod[], now: Date, excludeId?: string): SlotRefusal | null {
  if (start < now.getTime() + settings.minimumNoticeMinutes * MINUTE) return "too-soon";
  if (start > horizonEnd(now).getTime()) return "beyond-horizon";
  if (overlapsBusy(start, duration, settings.bufferMinutes, busy, excludeId)) return "taken";
  return null;
}

/**
 * The slots of one day in the viewer's zone: every candidate start of the practitioner's hours
 * (overrides first) that falls on that day, each available unless too soon, beyond the horizon or
 * overlapping a booking with its buffers. An offered duration is the caller's check (400).
 */
export function computeSlots(query: SlotQuery): Slot[] {
  const { settings, date, duration, viewerTimeZone, bookings, now } = query;
  const day = dayBounds(date, viewerTimeZone);
  const firstLocal = dateInZone(day.start, settings.timeZone);
  const lastLocal = dateInZone(new Date(day.end.getTime() - 1), settings.timeZone);
  const offered = settings.durations.includes(duration);
  const seen = new Set<number>();
  const slots: Array<Slot & { ms: number }> = [];
  for (const t of candidateStarts(settings, addDays(firstLocal, -1), lastLocal, duration)) {
    if (t < day.start.getTime() || t >= day.end.getTime() || seen.has(t)) continue;
    seen.add(t);
    const available = offered && refusalAt(t, duration, settings, bookings, now, query.excludeBookingId) === null;
    slots.push({ ms: t, time: timeInZone(new Date(t), viewerTimeZone), available, start: new Date(t).toISOString() });
  }
  return slots.sort((a, b) => a.ms - b.ms).map(({ ms: _ms, ...slot }) => slot);
}

/** Whether one start can be booked (POST /api/bookings and reschedules); the reason when not. */
export function checkSlot(query: Omit<SlotQuery, "date" | "viewerTimeZone"> & { start: Date }): { ok: true } | { ok: false; reason: SlotRefusal } {
  const { settings, duration, start, bookings, now } = query;
  if (!settings.durations.includes(duration)) return { ok: false, reason: "duration-not-offered" };
  // before the calendar walk: a start in year 9999 has no next day in "yyyy-MM-dd" (addDays gives
  // "+010000-…", which sorts before every date, and the walk never ended well)
  if (start.getTime() > horizonEnd(now).getTime()) return { ok: false, reason: "beyond-horizon" };
  const local = dateInZone(start, settings.timeZone);
  const candidates = candidateStarts(settings, addDays(local, -1), local, duration);
  if (!candidates.includes(start.getTime())) return { ok: false, reason: "outside-hours" };
  const reason = refusalAt(start.getTime(), duration, settings, bookings, now, query.excludeBookingId);
  return reason ? { ok: false, reason } : { ok: true };
}

/**
 * The viewer's dates from `first` to `last` (inclusive, "yyyy-MM-dd" in `viewerTimeZone`) on which
 * the practitioner has hours for a session of `duration` at all (bookings and notice aside): the
 * wizard's calendar disables the others (decision 028). One walk over the practitioner's dates.
 */
export function datesWithHours(settings: SlotSettings, first: string, last: string, viewerTimeZone: string, duration: number): string[] {
  const from = dayBounds(first, viewerTimeZone).start;
  const to = dayBounds(last, viewerTimeZone).end;
  const open = new Set<string>();
  const starts = candidateStarts(settings, addDays(dateInZone(from, settings.timeZone), -1), dateInZone(new Date(to.getTime() - 1), settings.timeZone), duration);
  for (const t of starts) {
    if (t < from.getTime() || t >= to.getTime()) continue;
    open.add(dateInZone(new Date(t), viewerTimeZone));
  }
  return [...open].sort();
}

/**
 * The starts in [from, to) that `after` makes bookable for a session of `duration` and `before`
 * did not (new hours, a blocked date given back, a shorter notice; `before` null: not taking
 * bookings then), with the same busy periods: what saving hours frees for the waitlist (decision 028).
 */
export function openedStarts(before: SlotSettings | null, after: SlotSettings, from: Date, to: Date, duration: number, busy: readonly BusyPeriod[], now: Date): number[] {
  if (!after.durations.includes(duration as BookingDuration) || from.getTime() >= to.getTime()) return [];
  const bookable = (settings: SlotSettings): number[] => {
    const starts = candidateStarts(settings, addDays(dateInZone(from, settings.timeZone), -1), dateInZone(new Date(to.getTime() - 1), settings.timeZone), duration);
    return starts.filter((t) => t >= from.getTime() && t < to.getTime() && refusalAt(t, duration, settings, busy, now) === null);
  };
  const was = new Set(before && before.durations.includes(duration as BookingDuration) ? bookable(before) : []);
  return [...new Set(bookable(after))].filter((t) => !was.has(t)).sort((a, b) => a - b);
}
