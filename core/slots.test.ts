import { describe, expect, test } from "bun:test";
import { defaultAvailability, type AvailabilitySettings, type TimeInterval } from "./availability";
import { addDays, bookableDateRange, checkSlot, computeSlots, dateInZone, dayBounds, openedStarts, weekdayOf, zonedInstant, type BusyPeriod, type SlotQuery } from "./slots";
import { inHostTimeZone } from "./host-time-zone";

const NO_HOURS = { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] };

function settings(timeZone: string, hours: Partial<Record<keyof typeof NO_HOURS, TimeInterval[]>>, extra: Partial<AvailabilitySettings> = {}): AvailabilitySettings {
  return { ...defaultAvailability(timeZone), weeklyHours: { ...NO_HOURS, ...hours }, bufferMinutes: 0, minimumNoticeMinutes: 0, ...extra };
}

/** Unless a test says otherwise, "now" is ten days before the date asked for. */
function slots(partial: Partial<SlotQuery> & Pick<SlotQuery, "settings" | "date">) {
  const now = new Date(Date.parse(partial.date) - 10 * 86_400_000);
  return computeSlots({ duration: 60, viewerTimeZone: partial.settings.timeZone, bookings: [], now, ...partial });
}

const iso = (s: string) => new Date(s).toISOString();

describe("calendar helpers", () => {
  test("dates, weekdays and day lengths in a zone", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(weekdayOf("2026-03-29")).toBe("sunday");
    expect(weekdayOf("2026-03-30")).toBe("monday");
    const spring = dayBounds("2026-03-29", "Europe/Berlin");
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const fall = dayBounds("2026-11-01", "America/New_York");
    expect(fall.end.getTime() - fall.start.getTime()).toBe(25 * 3_600_000);
    expect(dateInZone(new Date("2026-06-01T02:00:00Z"), "America/Los_Angeles")).toBe("2026-05-31");
    expect(bookableDateRange(new Date("2026-06-01T02:00:00Z"), "America/Los_Angeles")).toEqual({ first: "2026-05-31", last: "2026-08-29" });
  });
});

describe("daylight-saving changes", () => {
  const sundayMorning = { sunday: [{ start: "09:00", end: "12:00" }] };

  test("Europe (Berlin, 29 March and 25 October 2026): the same wall time, a different UTC instant", () => {
    const berlin = settings("Europe/Berlin", sundayMorning);
    expect(slots({ settings: berlin, date: "2026-03-22" })[0]).toEqual({ time: "09:00", available: true, start: iso("2026-03-22T08:00:00Z") });
    expect(slots({ settings: berlin, date: "2026-03-29" })[0]).toEqual({ time: "09:00", available: true, start: iso("2026-03-29T07:00:00Z") });
    expect(slots({ settings: berlin, date: "2026-10-25" })[0].start).toBe(iso("2026-10-25T08:00:00Z"));
    expect(slots({ settings: berlin, date: "2026-03-29" }).map((s) => s.time)).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00"]);
  });

  test("America (New York, 8 March and 1 November 2026)", () => {
    const ny = settings("America/New_York", sundayMorning);
    expect(slots({ settings: ny, date: "2026-03-01" })[0].start).toBe(iso("2026-03-01T14:00:00Z"));
    expect(slots({ settings: ny, date: "2026-03-08" })[0].start).toBe(iso("2026-03-08T13:00:00Z"));
    expect(slots({ settings: ny, date: "2026-11-01" })[0].start).toBe(iso("2026-11-01T14:00:00Z"));
  });

  test("hours across the spring-forward gap are an hour shorter in real time", () => {
    const berlin = settings("Europe/Berlin", { sunday: [{ start: "01:00", end: "04:00" }] });
    const day = slots({ settings: berlin, date: "2026-03-29" });
    expect(day.map((s) => s.time)).toEqual(["01:00", "01:30", "03:00"]);
    expect(day.map((s) => s.start)).toEqual([iso("2026-03-29T00:00:00Z"), iso("2026-03-29T00:30:00Z"), iso("2026-03-29T01:00:00Z")]);
  });

  test("hours across the fall-back change are an hour longer: 01:00 and 01:30 come twice", () => {
    const ny = settings("America/New_York", { sunday: [{ start: "00:00", end: "03:00" }] });
    const day = slots({ settings: ny, date: "2026-11-01" });
    expect(day.map((s) => s.time)).toEqual(["00:00", "00:30", "01:00", "01:30", "01:00", "01:30", "02:00"]);
    expect(new Set(day.map((s) => s.start)).size).toBe(7);
  });
});

describe("the server's own zone does not change the answers", () => {
  // 2027 dates: instants are remembered per (zone, date, minute), and no other test asks for these

  test("a Berlin spring-forward gap moves forward on a London host too (it moved back to 01:30 CET)", () => {
    const berlin = settings("Europe/Berlin", { sunday: [{ start: "02:00", end: "05:00" }] });
    const day = inHostTimeZone("Europe/London", () => slots({ settings: berlin, date: "2027-03-28" }));
    expect(day.map((s) => s.time)).toEqual(["03:00", "03:30", "04:00"]);
    expect(day[0].start).toBe(iso("2027-03-28T01:00:00Z"));
  });

  test("Lord Howe's half-hour change on a Sydney host, Sydney's 03:00 on a Chatham host", () => {
    expect(inHostTimeZone("Australia/Sydney", () => zonedInstant("2027-10-03", 2 * 60 + 15, "Australia/Lord_Howe")).toISOString()).toBe(iso("2027-10-02T15:45:00Z"));
    expect(inHostTimeZone("Pacific/Chatham", () => zonedInstant("2027-04-04", 3 * 60, "Australia/Sydney")).toISOString()).toBe(iso("2027-04-03T17:00:00Z"));
  });

  test("an ambiguous fall-back time is the later (standard-time) one, west of Greenwich as east", () => {
    expect(zonedInstant("2027-11-07", 90, "America/New_York").toISOString()).toBe(iso("2027-11-07T06:30:00Z"));
    expect(zonedInstant("2027-10-31", 90, "Europe/London").toISOString()).toBe(iso("2027-10-31T01:30:00Z"));
    expect(inHostTimeZone("America/New_York", () => zonedInstant("2027-04-04", 2 * 60 + 30, "Australia/Sydney")).toISOString()).toBe(iso("2027-04-03T16:30:00Z"));
  });
});

describe("a viewer in another zone", () => {
  const berlinMornings = settings("Europe/Berlin", { monday: [{ start: "09:00", end: "12:00" }], tuesday: [{ start: "09:00", end: "12:00" }] });

  test("Los Angeles sees Berlin's Monday 09:00 at 00:00 on Monday; Berlin's Tuesday is on their Tuesday", () => {
    const la = slots({ settings: berlinMornings, date: "2026-06-01", viewerTimeZone: "America/Los_Angeles" });
    expect(la.map((s) => s.time)).toEqual(["00:00", "00:30", "01:00", "01:30", "02:00"]);
    expect(la[0].start).toBe(iso("2026-06-01T07:00:00Z"));
  });

  test("Kolkata (+05:30) sees half-hour times; the instants are the practitioner's", () => {
    const kolkata = slots({ settings: berlinMornings, date: "2026-06-01", viewerTimeZone: "Asia/Kolkata" });
    expect(kolkata.map((s) => s.time)).toEqual(["12:30", "13:00", "13:30", "14:00", "14:30"]);
    expect(kolkata.map((s) => s.start)).toEqual(slots({ settings: berlinMornings, date: "2026-06-01" }).map((s) => s.start));
  });

  test("an evening in Berlin is split over two days in Tokyo", () => {
    const evening = settings("Europe/Berlin", { monday: [{ start: "15:00", end: "19:00" }] });
    const monday = slots({ settings: evening, date: "2026-06-01", viewerTimeZone: "Asia/Tokyo" });
    const tuesday = slots({ settings: evening, date: "2026-06-02", viewerTimeZone: "Asia/Tokyo" });
    expect(monday.map((s) => s.time)).toEqual(["22:00", "22:30", "23:00", "23:30"]);
    expect(tuesday.map((s) => s.time)).toEqual(["00:00", "00:30", "01:00"]);
  });
});

describe("hours, overrides, bookings, notice and horizon", () => {
  const ny = settings("America/New_York", { monday: [{ start: "09:00", end: "12:00" }, { start: "14:00", end: "16:00" }] });
  const monday = "2026-06-01";

  test("several intervals a day, 30-minute steps, each session fits inside its interval", () => {
    expect(slots({ settings: ny, date: monday }).map((s) => s.time)).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00", "14:00", "14:30", "15:00"]);
    expect(slots({ settings: ny, date: monday, duration: 90 }).map((s) => s.time)).toEqual(["09:00", "09:30", "10:00", "10:30", "14:00", "14:30"]);
    expect(slots({ settings: ny, date: "2026-06-02" })).toEqual([]);
  });

  test("an override replaces the weekday: a day off, or other hours", () => {
    const off = { ...ny, overrides: [{ date: monday, intervals: [] }] };
    expect(slots({ settings: off, date: monday })).toEqual([]);
    const other = { ...ny, overrides: [{ date: "2026-06-02", intervals: [{ start: "18:00", end: "19:00" }] }] };
    expect(slots({ settings: other, date: "2026-06-02" }).map((s) => s.time)).toEqual(["18:00"]);
    expect(slots({ settings: other, date: monday })).toHaveLength(8);
  });

  test("a booking with a 15-minute buffer disables the slots it touches; a cancelled one is not passed in", () => {
    const booked: BusyPeriod[] = [{ id: "b1", start: new Date("2026-06-01T14:00:00Z"), end: new Date("2026-06-01T15:00:00Z") }]; // 10:00 EDT
    const day = slots({ settings: { ...ny, bufferMinutes: 15 }, date: monday, bookings: booked });
    expect(day.filter((s) => !s.available).map((s) => s.time)).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00"]);
    const noBuffer = slots({ settings: ny, date: monday, bookings: booked });
    expect(noBuffer.filter((s) => !s.available).map((s) => s.time)).toEqual(["09:30", "10:00", "10:30"]);
    expect(slots({ settings: ny, date: monday, bookings: booked, excludeBookingId: "b1" }).every((s) => s.available)).toBe(true);
  });

  test("minimum notice and the past: too-soon slots are shown unavailable", () => {
    const now = new Date("2026-06-01T13:10:00Z"); // 09:10 EDT
    const day = slots({ settings: { ...ny, minimumNoticeMinutes: 60 }, date: monday, now });
    expect(day.filter((s) => s.available).map((s) => s.time)).toEqual(["10:30", "11:00", "14:00", "14:30", "15:00"]);
  });

  test("nothing starts later than 90 days from now", () => {
    const now = new Date("2026-03-03T14:00:00Z"); // + 90 days = 2026-06-01 10:00 EDT
    const day = slots({ settings: ny, date: "2026-06-01", now });
    expect(day.filter((s) => s.available).map((s) => s.time)).toEqual(["09:00", "09:30", "10:00"]);
  });

  test("a duration the practitioner does not offer makes every slot unavailable", () => {
    expect(slots({ settings: { ...ny, durations: [30] }, date: monday }).some((s) => s.available)).toBe(false);
  });
});

describe("checkSlot (what POST /api/bookings decides)", () => {
  const ny = settings("America/New_York", { monday: [{ start: "09:00", end: "12:00" }] }, { bufferMinutes: 10, minimumNoticeMinutes: 120 });
  const base = { settings: ny, duration: 60 as const, bookings: [] as BusyPeriod[], now: new Date("2026-05-30T12:00:00Z") };

  test("a free, offered start inside the hours is bookable", () => {
    expect(checkSlot({ ...base, start: zonedInstant("2026-06-01", 9 * 60, "America/New_York") })).toEqual({ ok: true });
  });

  test.each([
    ["misaligned", "2026-06-01T13:10:00Z", "outside-hours"],
    ["outside the hours", "2026-06-01T16:30:00Z", "outside-hours"],
    ["running past the end", "2026-06-01T15:30:00Z", "outside-hours"],
    ["on a day without hours", "2026-06-02T13:00:00Z", "outside-hours"],
  ])("%s → %s", (_label, start, reason) => {
    expect(checkSlot({ ...base, start: new Date(start) })).toEqual({ ok: false, reason: reason as "outside-hours" });
  });

  test("too soon, beyond the horizon, taken, duration not offered", () => {
    const start = new Date("2026-06-01T13:00:00Z");
    expect(checkSlot({ ...base, start, now: new Date("2026-06-01T11:30:00Z") })).toEqual({ ok: false, reason: "too-soon" });
    expect(checkSlot({ ...base, start, now: new Date("2026-02-01T12:00:00Z") })).toEqual({ ok: false, reason: "beyond-horizon" });
    const taken = [{ start: new Date("2026-06-01T14:05:00Z"), end: new Date("2026-06-01T14:35:00Z") }];
    expect(checkSlot({ ...base, start, bookings: taken })).toEqual({ ok: false, reason: "taken" });
    expect(checkSlot({ ...base, start, settings: { ...ny, durations: [30, 90] } })).toEqual({ ok: false, reason: "duration-not-offered" });
  });
});

describe("openedStarts (what saving hours frees for the waitlist)", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  const week = { from: new Date("2026-06-01T00:00:00Z"), to: new Date("2026-06-08T00:00:00Z") };
  const monday = settings("UTC", { monday: [{ start: "09:00", end: "11:00" }] });
  const opened = (before: AvailabilitySettings | null, after: AvailabilitySettings, busy: BusyPeriod[] = [], duration = 60) => openedStarts(before, after, week.from, week.to, duration, busy, now).map((t) => new Date(t).toISOString());

  test("new hours, a blocked date given back and a first save open time; the same hours or fewer open none", () => {
    const withTuesday = settings("UTC", { monday: [{ start: "09:00", end: "11:00" }], tuesday: [{ start: "10:00", end: "11:00" }] });
    expect(opened(monday, withTuesday)).toEqual([iso("2026-06-02T10:00:00Z")]);
    expect(opened(monday, monday)).toEqual([]);
    expect(opened(withTuesday, monday)).toEqual([]);
    const blocked = { ...monday, overrides: [{ date: "2026-06-01", intervals: [] }] };
    expect(opened(blocked, monday)).toEqual([iso("2026-06-01T09:00:00Z"), iso("2026-06-01T09:30:00Z"), iso("2026-06-01T10:00:00Z")]);
    expect(opened(null, monday)).toEqual(opened(blocked, monday));
  });

  test("booked time and a duration not offered open nothing", () => {
    const withTuesday = settings("UTC", { tuesday: [{ start: "10:00", end: "11:00" }] });
    const booked = [{ start: new Date("2026-06-02T10:00:00Z"), end: new Date("2026-06-02T11:00:00Z") }];
    expect(opened(null, withTuesday, booked)).toEqual([]);
    expect(opened(null, { ...withTuesday, durations: [30] })).toEqual([]);
  });
});
