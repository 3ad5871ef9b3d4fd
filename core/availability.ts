/**
 * A practitioner's availability settings (the supply side of booking): weekly hours in their own
 * IANA time zone, date overrides, buffer, minimum notice, offered durations and an optional video
 * link. The zod schema is the body of PUT /api/availability/me and what the editor validates.
 */
import { z } from "zod";
import { BOOKING_DURATIONS } from "./constants";
import { canonicalTimeZone } from "./time-zones";
import { PAYMENT_INSTRUCTIONS_MAX } from "./payments";

/** ISO weekdays, Monday first; the keys of `weeklyHours`. */
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

/** Buffer between sessions: 0 to 120 minutes, in steps of 5. */
export const BUFFER_MINUTES_MAX = 120;
/** Minimum notice: 0 minutes up to 30 days. */
export const MINIMUM_NOTICE_MAX_MINUTES = 30 * 24 * 60;
/** At most this many intervals on one day, and this many date overrides. */
export const MAX_INTERVALS_PER_DAY = 6;
export const MAX_DATE_OVERRIDES = 200;
export const VIDEO_LINK_MAX_LENGTH = 500;

/** Defaults for a new practitioner (and every demo practitioner): weekdays 09:00–12:00 and 13:00–17:00. */
export const DEFAULT_TIME_ZONE = "America/New_York";
export const DEFAULT_BUFFER_MINUTES = 15;
export const DEFAULT_MINIMUM_NOTICE_MINUTES = 12 * 60;

/** Midnight at the end of a day: the end of an interval that lasts until the day is over. */
export const END_OF_DAY = "24:00";

/**
 * An interval's end as a time field shows it. A time field knows no 24:00 (it would stay blank), so
 * the day's end reads as 00:00, "12:00 AM".
 */
export function endTimeForField(end: string): string {
  return end === END_OF_DAY ? "00:00" : end;
}

/** An interval's end from a time field: 00:00 there is the day's end (an interval cannot end as its day starts). */
export function endTimeFromField(value: string): string {
  return value === "00:00" ? END_OF_DAY : value;
}

/** "HH:mm", 00:00 to 24:00 (24:00 only as an interval's end). */
const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Minutes since midnight of "HH:mm" ("24:00" → 1440). */
export function timeToMinutes(time: string): number {
  const [h, m] = time.split(":").map(Number);
  return h * 60 + m;
}

/** True for a zone name the runtime knows ("Europe/Berlin", "UTC"); aliases count. */
export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** True for a real calendar date "yyyy-MM-dd" (no 2026-02-30). */
export function isValidDateText(date: string): boolean {
  if (!DATE_PATTERN.test(date)) return false;
  const [y, m, d] = date.split("-").map(Number);
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

export const TIME_ZONE_MESSAGE = "Choose a time zone such as Europe/Berlin or America/New_York";
export const DATE_MESSAGE = "Use a date in the form yyyy-MM-dd, such as 2026-03-14";
export const TIME_MESSAGE = "Use a time in the form HH:mm, such as 09:30";

/** A zone a person chose, kept by today's name (a browser may offer "Asia/Calcutta" for Asia/Kolkata). */
export const timeZoneSchema = z.string({ error: TIME_ZONE_MESSAGE }).refine(isValidTimeZone, TIME_ZONE_MESSAGE).transform(canonicalTimeZone);
export const dateTextSchema = z.string({ error: DATE_MESSAGE }).refine(isValidDateText, DATE_MESSAGE);

export const timeIntervalSchema = z
  .object({
    start: z.string({ error: TIME_MESSAGE }).regex(TIME_PATTERN, TIME_MESSAGE),
    end: z.string({ error: TIME_MESSAGE }).regex(TIME_PATTERN, TIME_MESSAGE),
  })
  .refine((i) => timeToMinutes(i.start) < timeToMinutes(i.end), "An interval must end after it starts");
export type TimeInterval = z.infer<typeof timeIntervalSchema>;

/** Intervals of one day: sorted by the server, and they must not overlap. */
export const dayIntervalsSchema = z
  .array(timeIntervalSchema)
  .max(MAX_INTERVALS_PER_DAY, `At most ${MAX_INTERVALS_PER_DAY} intervals a day`)
  .refine((list) => {
    const sorted = [...list].sort((a, b) => timeToMinutes(a.start) - timeToMinutes(b.start));
    return sorted.every((iv, i) => i === 0 || timeToMinutes(sorted[i - 1].end) <= timeToMinutes(iv.start));
  }, "Intervals on the same day must not overlap");

/** One date with other hours than usual; no intervals means a day off. */
export const dateOverrideSchema = z.object({
  date: dateTextSchema,
  intervals: dayIntervalsSchema,
});
export type DateOverride = z.infer<typeof dateOverrideSchema>;

const durationSchema = z.union(BOOKING_DURATIONS.map((d) => z.literal(d)) as unknown as [z.ZodLiteral<30>, z.ZodLiteral<60>, z.ZodLiteral<90>], {
  error: `Durations are ${BOOKING_DURATIONS.join(", ")} minutes`,
});

const VIDEO_LINK_MESSAGE = "The video link must be an https:// address";

/** PUT /api/availability/me: the whole settings object. */
export const availabilitySettingsSchema = z.object({
  timeZone: timeZoneSchema,
  weeklyHours: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayIntervalsSchema])) as Record<Weekday, typeof dayIntervalsSchema>),
  overrides: z
    .array(dateOverrideSchema)
    .max(MAX_DATE_OVERRIDES, `At most ${MAX_DATE_OVERRIDES} date overrides`)
    .refine((list) => new Set(list.map((o) => o.date)).size === list.length, "Each date can have one override"),
  bufferMinutes: z
    .number({ error: "Buffer must be a number of minutes" })
    .int("Buffer must be whole minutes")
    .min(0, "Buffer cannot be negative")
    .max(BUFFER_MINUTES_MAX, `Buffer can be at most ${BUFFER_MINUTES_MAX} minutes`),
  minimumNoticeMinutes: z
    .number({ error: "Minimum notice must be a number of minutes" })
    .int("Minimum notice must be whole minutes")
    .min(0, "Minimum notice cannot be negative")
    .max(MINIMUM_NOTICE_MAX_MINUTES, "Minimum notice can be at most 30 days"),
  durations: z
    .array(durationSchema)
    .min(1, "Offer at least one duration")
    .refine((list) => new Set(list).size === list.length, "Each duration once"),
  /** The practitioner's own video room; null means Pollinate generates a room link per session. */
  videoLink: z
    .string()
    .trim()
    .max(VIDEO_LINK_MAX_LENGTH, `The video link can be at most ${VIDEO_LINK_MAX_LENGTH} characters`)
    .refine((v) => v === "" || (/^https:\/\/[\x21-\x7e\u00a0-\uffff]+$/.test(v) && !/[\uD800-\uDFFF]/.test(v) && URL.canParse(v)), VIDEO_LINK_MESSAGE)
    .nullable()
    .transform((v) => (v ? v : null)),
});
/** The cancellation windows a practitioner may choose (hours before the start; 0: none). */
export const CANCELLATION_WINDOWS = [0, 24, 48, 72] as const;
/** How long a request may wait for the practitioner's confirmation before it expires (hours). */
export const REQUEST_EXPIRY_CHOICES = [12, 24, 48, 72] as const;
export const DEFAULT_REQUEST_EXPIRY_HOURS = 48;
/** The policy text shares the payment instructions' limit: one setting, edited here or kept from decision 031's form. */
export const CANCELLATION_POLICY_MAX_LENGTH = PAYMENT_INSTRUCTIONS_MAX;
export const SESSION_ADDRESS_MAX_LENGTH = 200;

const optionalText = (max: number, what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(max, `${what} can be at most ${max} characters`)
    .refine((v) => !/[\uD800-\uDFFF]/.test(v), `${what} contains a character that cannot be saved; please retype it`)
    .nullable()
    .transform((v) => (v ? v : null));

/**
 * The booking policy beside the hours (decision 028). Optional in the PUT body: a body without
 * them keeps the defaults (no window, 48-hour requests, no policy text, no address).
 */
export const bookingPolicySchema = z.object({
  cancellationWindowHours: z
    .number({ error: `The cancellation window is one of ${CANCELLATION_WINDOWS.join(", ")} hours` })
    .refine((n) => (CANCELLATION_WINDOWS as readonly number[]).includes(n), `The cancellation window is one of ${CANCELLATION_WINDOWS.join(", ")} hours`)
    .default(0),
  cancellationPolicy: optionalText(CANCELLATION_POLICY_MAX_LENGTH, "The cancellation policy").default(null),
  requestExpiryHours: z
    .number({ error: `Requests expire after one of ${REQUEST_EXPIRY_CHOICES.join(", ")} hours` })
    .refine((n) => (REQUEST_EXPIRY_CHOICES as readonly number[]).includes(n), `Requests expire after one of ${REQUEST_EXPIRY_CHOICES.join(", ")} hours`)
    .default(DEFAULT_REQUEST_EXPIRY_HOURS),
  sessionAddress: optionalText(SESSION_ADDRESS_MAX_LENGTH, "The session address").default(null),
});
export type BookingPolicy = z.output<typeof bookingPolicySchema>;

/** PUT /api/availability/me with the booking policy. */
export const bookingSettingsSchema = availabilitySettingsSchema.extend(bookingPolicySchema.shape);
export type BookingSettingsInput = z.input<typeof bookingSettingsSchema>;
export type BookingSettings = z.output<typeof bookingSettingsSchema>;

export type AvailabilitySettingsInput = z.input<typeof availabilitySettingsSchema>;
export type AvailabilitySettings = z.output<typeof availabilitySettingsSchema>;

/** GET/PUT /api/availability/me answer: the settings plus whether they were ever saved. */
export interface AvailabilitySettingsAnswer extends BookingSettings {
  practitionerId: string;
  /** False while the practitioner still has the defaults (never saved). */
  saved: boolean;
  /** False for a new practitioner until they save their hours once. */
  takingBookings: boolean;
}

export function defaultBookingPolicy(): BookingPolicy {
  return { cancellationWindowHours: 0, cancellationPolicy: null, requestExpiryHours: DEFAULT_REQUEST_EXPIRY_HOURS, sessionAddress: null };
}

/** Defaults for a new practitioner: weekdays 09:00–12:00 and 13:00–17:00, all durations. */
export function defaultAvailability(timeZone: string = DEFAULT_TIME_ZONE): AvailabilitySettings {
  const workday = (): TimeInterval[] => [
    { start: "09:00", end: "12:00" },
    { start: "13:00", end: "17:00" },
  ];
  return {
    timeZone,
    weeklyHours: {
      monday: workday(),
      tuesday: workday(),
      wednesday: workday(),
      thursday: workday(),
      friday: workday(),
      saturday: [],
      sunday: [],
    },
    overrides: [],
    bufferMinutes: DEFAULT_BUFFER_MINUTES,
    minimumNoticeMinutes: DEFAULT_MINIMUM_NOTICE_MINUTES,
    durations: [...BOOKING_DURATIONS],
    videoLink: null,
  };
}
