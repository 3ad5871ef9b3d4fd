import { first as firstRow } from "../../../db/client";
import { MALFORMED_TEXT_MESSAGE, CONTROL_CHARACTER_MESSAGE } from "../../../core/text";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import { bookingEvents, bookings, calendarFeedTokens } from "../../../db/schema";
import { BOOKING_MESSAGES, DURATION_TYPE_MESSAGE, type AvailabilityAnswer, type BookingDetail } from "../../../core/bookings";
import { defaultAvailability, type AvailabilitySettings } from "../../../core/availability";
import { SLOT_REFUSAL_MESSAGES, zonedInstant } from "../../../core/slots";
import type { AccessLevel } from "../../../core/enums";
import { createBooking, createPractitioner, createUser, type Practitioner, type User } from "../../testing/factories";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";
import { saveAvailabilitySettings } from "./availability";
import { MEETING_ROOM_BASE } from "./booking";
import { NOT_JSON_MESSAGE } from "../../http/validate";
import { sendDueReminders, startReminderJob } from "./reminders";
import { timesInZone } from "./notifications";
import { deliverOutbox } from "./outbox-for-tests";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NY = "America/New_York";
/** Monday 1 June 2026, 08:00 in New York. */
const START = new Date("2026-06-01T12:00:00Z");
/** Tuesday 2 June 2026 at a New York wall time. */
const tuesdayAt = (hhmm: string) => zonedInstant("2026-06-02", Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), NY);

let t: TestApp;
let sage: Practitioner; // New York, Mon–Fri 09–12 and 13–17, buffer 15, notice 12 h, $85/h, virtual + in-person
let virtualOnly: Practitioner;
let sageSettings: AvailabilitySettings;

function signedIn(userId: string): TestClient {
  const client = t.client();
  t.loginAs(client, userId);
  return client;
}

async function member(level: AccessLevel = "premium", extra: Partial<User> = {}): Promise<{ user: User; client: TestClient }> {
  const user = await createUser(t.db, { accessLevel: level, subscriptionStatus: level === "preview" ? "free" : "premium", ...extra });
  return { user, client: signedIn(user.id) };
}

function payload(overrides: Record<string, unknown> = {}) {
  return { practitionerId: sage.id, scheduledDatetime: tuesdayAt("10:00").toISOString(), duration: 60, isVirtual: true, totalAmount: "85.00", notes: null, ...overrides };
}

async function book(client: TestClient, overrides: Record<string, unknown> = {}): Promise<BookingDetail> {
  const res = await client.post("/api/bookings", payload(overrides));
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as BookingDetail;
}

async function expectMessage(res: Response, status: number, message: string | RegExp) {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  const text = (JSON.parse(body) as { message: string }).message;
  if (typeof message === "string") expect(text).toBe(message);
  else expect(text).toMatch(message);
}

/** Sends what the outbox holds, then waits for the latest e-mail to `to` (as the worker would send it). */
async function waitForMail(to: string) {
  await deliverOutbox(t);
  return t.waitForMail(to);
}

async function bookingCount(): Promise<number> {
  return (await firstRow(t.db.select({ n: count() }).from(bookings)))!.n;
}

async function availability(query: string): Promise<AvailabilityAnswer> {
  const res = await t.client().get(`/api/bookings/${sage.id}/availability?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AvailabilityAnswer;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date(START);
  sage = await createPractitioner(t.db, { hourlyRateCents: 8500, isVirtual: true, isInPerson: true, location: "Asheville, NC", user: { firstName: "Sage", email: "sage@example.test" } });
  virtualOnly = await createPractitioner(t.db, { hourlyRateCents: 6000, isVirtual: true, isInPerson: false });
  sageSettings = defaultAvailability(NY);
  await saveAvailabilitySettings(t.db, sage.id, sageSettings, t.clock.now);
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  t.clock.now = new Date(START);
  // the e-mails of the test before are sent (and forgotten) before this one looks for its own
  await deliverOutbox(t);
  t.sentMail.length = 0;
});

describe("GET /api/bookings/{id}/availability", () => {
  test("the spec's {time, available} in the practitioner's zone, with the zone named", async () => {
    const answer = await availability("date=2026-06-02&duration=60");
    expect(answer.timeZone).toBe(NY);
    expect(answer.practitionerTimeZone).toBe(NY);
    expect(answer.slots.map((s) => s.time)).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00"]);
    expect(answer.slots[0]).toEqual({ time: "09:00", available: true, start: "2026-06-02T13:00:00.000Z" });
    expect(answer.offeredDurations).toEqual([30, 60, 90]);
  });

  test("a viewer in Berlin sees the same instants at Berlin times", async () => {
    const answer = await availability("date=2026-06-02&duration=60&tz=Europe/Berlin");
    expect(answer.timeZone).toBe("Europe/Berlin");
    expect(answer.slots[0]).toEqual({ time: "15:00", available: true, start: "2026-06-02T13:00:00.000Z" });
  });

  test("minimum notice: Monday's slots within 12 hours of now are unavailable", async () => {
    const answer = await availability("date=2026-06-01&duration=60");
    expect(answer.slots.every((s) => !s.available)).toBe(true);
  });

  test.each([
    ["date=2026-02-30&duration=60", "date: Use a date in the form yyyy-MM-dd, such as 2026-03-14"],
    ["date=tomorrow&duration=60", "date: Use a date in the form yyyy-MM-dd, such as 2026-03-14"],
    ["date=2026-06-02&duration=45", "duration: duration must be one of 30, 60, 90 minutes"],
    ["date=2026-06-02", "duration: duration must be one of 30, 60, 90 minutes"],
    ["date=2026-06-02&duration=60&tz=Mars/Olympus", "tz: Choose a time zone such as Europe/Berlin or America/New_York"],
    ["date=2026-06-02&duration=60&tz=%ED%A0%80", "tz: Choose a time zone such as Europe/Berlin or America/New_York"],
    ["date=2026-05-31&duration=60", /^date: choose a date from today \(2026-06-01\) up to 90 days ahead \(2026-08-30\) in America\/New_York$/],
    ["date=2026-08-31&duration=60", /up to 90 days ahead/],
  ])("%s → 400", async (query, message) => {
    await expectMessage(await t.client().get(`/api/bookings/${sage.id}/availability?${query}`), 400, message);
  });

  test("an unknown practitioner is a 404", async () => {
    await expectMessage(await t.client().get(`/api/bookings/${crypto.randomUUID()}/availability?date=2026-06-02&duration=60`), 404, "Practitioner not found");
  });
});

describe("POST /api/bookings", () => {
  test("books a free slot: fee from the server, a generated room, history, e-mails in each recipient's zone", async () => {
    const { user, client } = (await member("premium", { firstName: "Clara", lastName: "Whitmore", email: "clara@example.test" }));
    const res = await client.post("/api/bookings", payload({ notes: "  Sleep, mostly.  ", timeZone: "Europe/Berlin", idempotencyKey: "key-first-001" }));
    expect(res.status).toBe(201);
    const booking = (await res.json()) as BookingDetail;
    expect(booking).toMatchObject({
      status: "scheduled",
      scheduledDatetime: "2026-06-02T14:00:00.000Z",
      duration: 60,
      totalAmount: "85.00",
      clientId: user.id,
      practitionerId: sage.id,
      notes: "Sleep, mostly.",
      timeZone: NY,
      sequence: 0,
    });
    expect(booking.meetingLink!.startsWith(MEETING_ROOM_BASE)).toBe(true);
    expect(booking.history.map((e) => e.type)).toEqual(["created"]);

    const answer = await availability("date=2026-06-02&duration=60");
    // 10:00 is taken; with the 15-minute buffer 09:00, 09:30, 10:30 and 11:00 are too
    expect(answer.slots.filter((s) => !s.available).map((s) => s.time)).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00"]);

    const toClient = await waitForMail("clara@example.test");
    expect(toClient.text).toContain("4:00 PM GMT+2 (Europe/Berlin)");
    expect(toClient.icalEvent?.method).toBe("REQUEST");
    expect(toClient.icalEvent?.content).toContain(`UID:${booking.id}@pollinate`);
    expect(toClient.icalEvent?.content).toContain("DTSTART:20260602T140000Z");
    const toPractitioner = await waitForMail("sage@example.test");
    expect(toPractitioner.text).toContain("10:00 AM EDT (America/New_York)");
    expect(toPractitioner.text).toContain("Sleep, mostly.");
  });

  test("the same idempotency key returns the first booking; used for another slot it is a 409", async () => {
    const { client } = (await member());
    const first = await book(client, { scheduledDatetime: tuesdayAt("14:00").toISOString(), idempotencyKey: "same-key-1234" });
    const before = await bookingCount();
    const again = await client.post("/api/bookings", payload({ scheduledDatetime: tuesdayAt("14:00").toISOString(), idempotencyKey: "same-key-1234" }));
    expect(again.status).toBe(200);
    expect(((await again.json()) as BookingDetail).id).toBe(first.id);
    await expectMessage(await client.post("/api/bookings", payload({ scheduledDatetime: tuesdayAt("16:00").toISOString(), idempotencyKey: "same-key-1234" })), 409, BOOKING_MESSAGES.idempotencyReused);
    expect(await bookingCount()).toBe(before);
  });

  test("a totalAmount that differs from hourlyRate × duration/60 is refused with the right amount", async () => {
    const { client } = (await member());
    const before = await bookingCount();
    await expectMessage(await client.post("/api/bookings", payload({ duration: 90, totalAmount: "85.00", scheduledDatetime: tuesdayAt("15:30").toISOString() })), 409, BOOKING_MESSAGES.feeMismatch("127.50"));
    await expectMessage(await client.post("/api/bookings", payload({ totalAmount: 0.01 })), 409, BOOKING_MESSAGES.feeMismatch("85.00"));
    await expectMessage(await client.post("/api/bookings", payload({ totalAmount: "85.001" })), 400, /^totalAmount: /);
    expect(await bookingCount()).toBe(before);
  });

  test("the slot must be inside the hours, beyond the notice, within 90 days and free", async () => {
    const { client } = (await member());
    const before = await bookingCount();
    await expectMessage(await client.post("/api/bookings", payload({ scheduledDatetime: tuesdayAt("12:00").toISOString() })), 409, SLOT_REFUSAL_MESSAGES["outside-hours"]);
    await expectMessage(await client.post("/api/bookings", payload({ scheduledDatetime: tuesdayAt("09:10").toISOString() })), 409, SLOT_REFUSAL_MESSAGES["outside-hours"]);
    await expectMessage(await client.post("/api/bookings", payload({ scheduledDatetime: zonedInstant("2026-06-01", 15 * 60, NY).toISOString() })), 409, SLOT_REFUSAL_MESSAGES["too-soon"]);
    await expectMessage(await client.post("/api/bookings", payload({ scheduledDatetime: zonedInstant("2026-09-01", 10 * 60, NY).toISOString() })), 409, SLOT_REFUSAL_MESSAGES["beyond-horizon"]);
    await expectMessage(await client.post("/api/bookings", payload({ scheduledDatetime: "2026-05-01T14:00:00Z" })), 409, SLOT_REFUSAL_MESSAGES["too-soon"]);
    // the last day a date can be written as yyyy-MM-dd (was a 500)
    await expectMessage(await client.post("/api/bookings", payload({ scheduledDatetime: "9999-12-31T14:00:00Z" })), 409, SLOT_REFUSAL_MESSAGES["beyond-horizon"]);
    expect(await bookingCount()).toBe(before);
  });

  test("overlap with buffers: a 30-minute session right after a booked one is taken", async () => {
    const a = (await member());
    const b = (await member());
    await book(a.client, { scheduledDatetime: zonedInstant("2026-06-03", 9 * 60, NY).toISOString() });
    await expectMessage(
      await b.client.post("/api/bookings", payload({ duration: 30, totalAmount: "42.50", scheduledDatetime: zonedInstant("2026-06-03", 10 * 60, NY).toISOString() })),
      409,
      SLOT_REFUSAL_MESSAGES.taken,
    );
    await book(b.client, { duration: 30, totalAmount: "42.50", scheduledDatetime: zonedInstant("2026-06-03", 10 * 60 + 30, NY).toISOString() });
  });

  test("concurrent submissions for one slot: exactly one wins", async () => {
    const clients = (await Promise.all(Array.from({ length: 20 }, () => member()))).map((m) => m.client);
    const at = zonedInstant("2026-06-04", 9 * 60, NY).toISOString();
    const results = await Promise.all(clients.map((c) => c.post("/api/bookings", payload({ scheduledDatetime: at }))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  });

  test("the database refuses a second live booking at the same start (the second guard)", async () => {
    const client = await createUser(t.db);
    const at = zonedInstant("2026-06-05", 16 * 60, NY);
    await createBooking(t.db, { clientId: client.id, practitionerId: sage.id, scheduledDatetime: at, status: "cancelled" });
    await createBooking(t.db, { clientId: client.id, practitionerId: sage.id, scheduledDatetime: at });
    expect(async () => await createBooking(t.db, { clientId: client.id, practitionerId: sage.id, scheduledDatetime: at, status: "confirmed" })).toThrow();
  });

  test("access levels: preview cannot book; basic books one a calendar month; premium more", async () => {
    const preview = (await member("preview"));
    await expectMessage(await preview.client.post("/api/bookings", payload()), 403, BOOKING_MESSAGES.previewUpgrade);

    const basic = (await member("basic"));
    await book(basic.client, { scheduledDatetime: zonedInstant("2026-06-08", 9 * 60, NY).toISOString() });
    await expectMessage(await basic.client.post("/api/bookings", payload({ scheduledDatetime: zonedInstant("2026-06-08", 13 * 60, NY).toISOString() })), 403, BOOKING_MESSAGES.basicLimit);
    t.clock.now = new Date("2026-07-01T12:00:00Z");
    await book(signedIn(basic.user.id), { scheduledDatetime: zonedInstant("2026-07-02", 13 * 60, NY).toISOString() });

    const expiredTrial = (await member("premium", { subscriptionStatus: "trial", trialEndDate: new Date("2026-05-01T00:00:00Z") }));
    await expectMessage(await expiredTrial.client.post("/api/bookings", payload()), 403, BOOKING_MESSAGES.previewUpgrade);
  });

  test("no self-booking; session types and durations the practitioner offers", async () => {
    await expectMessage(await signedIn(sage.userId).post("/api/bookings", payload()), 403, BOOKING_MESSAGES.selfBooking);
    const { client } = (await member());
    await expectMessage(await client.post("/api/bookings", payload({ practitionerId: virtualOnly.id, isVirtual: false, totalAmount: "60.00" })), 400, BOOKING_MESSAGES.inPersonNotOffered);
    await saveAvailabilitySettings(t.db, virtualOnly.id, { ...defaultAvailability(NY), durations: [30] }, t.clock.now);
    await expectMessage(await client.post("/api/bookings", payload({ practitionerId: virtualOnly.id, totalAmount: "60.00" })), 400, SLOT_REFUSAL_MESSAGES["duration-not-offered"]);
    await expectMessage(await client.post("/api/bookings", payload({ practitionerId: crypto.randomUUID() })), 404, "Practitioner not found");
  });

  test("an unlisted practitioner (address not verified) has no slots and cannot be booked; no e-mail goes to that address", async () => {
    const unlisted = await createPractitioner(t.db, { hourlyRateCents: 6000, user: { isEmailVerified: false, email: "made-up@example.test" } });
    const { client } = (await member());
    const before = await bookingCount();
    for (const viewer of [t.client(), client]) {
      await expectMessage(await viewer.get(`/api/bookings/${unlisted.id}/availability?date=2026-06-02&duration=60`), 404, "Practitioner not found");
    }
    await expectMessage(await client.post("/api/bookings", payload({ practitionerId: unlisted.id, totalAmount: "60.00" })), 404, "Practitioner not found");
    expect(await bookingCount()).toBe(before);
    await deliverOutbox(t);
    expect(t.sentMail.map((m) => m.to)).not.toContain("made-up@example.test");
    // the owner still sees their own hours, as they see their own profile
    expect((await signedIn(unlisted.userId).get(`/api/bookings/${unlisted.id}/availability?date=2026-06-02&duration=60`)).status).toBe(200);
  });

  test("an in-person session has no meeting link; the practitioner's own video link is used for virtual ones", async () => {
    const { client } = (await member());
    const inPerson = await book(client, { isVirtual: false, scheduledDatetime: zonedInstant("2026-06-09", 9 * 60, NY).toISOString() });
    expect(inPerson.meetingLink).toBeNull();
    await saveAvailabilitySettings(t.db, virtualOnly.id, { ...defaultAvailability(NY), videoLink: "https://video.example/room/ash" }, t.clock.now);
    // (later that morning: one client is never in two sessions at once, decision 022)
    const own = await book(client, { practitionerId: virtualOnly.id, totalAmount: "60.00", scheduledDatetime: zonedInstant("2026-06-09", 11 * 60, NY).toISOString() });
    expect(own.meetingLink).toBe("https://video.example/room/ash");
  });

  test("bad requests: no session, another site, bad JSON, bad fields, huge notes", async () => {
    await expectMessage(await t.client().post("/api/bookings", payload()), 401, "Please sign in to book a session");
    const { client } = (await member());
    expect((await client.post("/api/bookings", payload(), { origin: "https://evil.example" })).status).toBe(403);
    await expectMessage(await client.request("/api/bookings", { method: "POST", headers: { "content-type": "application/json" }, body: "{" }), 400, "The request body is not valid JSON");
    await expectMessage(await client.post("/api/bookings", payload({ scheduledDatetime: "next tuesday" })), 400, /^scheduledDatetime: scheduledDatetime must be an ISO date/);
    await expectMessage(await client.post("/api/bookings", payload({ duration: 45 })), 400, "duration: duration must be one of 30, 60, 90 minutes");
    await expectMessage(await client.post("/api/bookings", payload({ notes: "x".repeat(2001) })), 400, "notes: Notes can be at most 2000 characters");
    await expectMessage(await client.post("/api/bookings", payload({ timeZone: "\ud800" })), 400, MALFORMED_TEXT_MESSAGE);
    await expectMessage(await client.post("/api/bookings", payload({ practitionerId: "\ud800" })), 400, MALFORMED_TEXT_MESSAGE);
    await expectMessage(await client.post("/api/bookings", payload({ idempotencyKey: "short" })), 400, /^idempotencyKey: /);
    await expectMessage(await client.post("/api/bookings", payload({ notes: "Hi \ud800 there" })), 400, MALFORMED_TEXT_MESSAGE);
    // a NUL or another control character in notes (issue 26)
    await expectMessage(await client.post("/api/bookings", payload({ notes: "Hi \u0000 there" })), 400, CONTROL_CHARACTER_MESSAGE);
    await expectMessage(await client.post("/api/bookings", payload({ notes: "Bell \u0007" })), 400, CONTROL_CHARACTER_MESSAGE);
  });

  test("a JSON duration is a number the practitioner offers: text, lists and null are refused, not read as numbers", async () => {
    const { client } = (await member());
    const before = await bookingCount();
    for (const duration of ["60", [60], "60.0", " 60", true, null]) {
      await expectMessage(await client.post("/api/bookings", payload({ duration })), 400, `duration: ${DURATION_TYPE_MESSAGE}`);
    }
    const { duration: _omitted, ...withoutDuration } = payload();
    await expectMessage(await client.post("/api/bookings", withoutDuration), 400, "duration: duration is required: 30, 60, 90 minutes");
    expect(await bookingCount()).toBe(before);
    // the query string of the availability call is text by nature: there "60" is 60
    expect((await availability("date=2026-06-02&duration=60")).duration).toBe(60);
  });

  test("other numeric JSON fields are not coerced either: isVirtual, a review's rating, the availability settings' minutes", async () => {
    const { client } = (await member());
    await expectMessage(await client.post("/api/bookings", payload({ isVirtual: "true" })), 400, "isVirtual: isVirtual must be true or false");
    await expectMessage(await client.post("/api/bookings", payload({ totalAmount: ["85.00"] })), 400, "totalAmount: totalAmount must be an amount in dollars such as 85.00");
    for (const rating of ["5", [5]]) {
      await expectMessage(await client.post("/api/reviews", { practitionerId: sage.id, rating }), 400, "Choose a rating from 1 to 5 stars");
    }
    const own = await createPractitioner(t.db);
    for (const change of [{ bufferMinutes: "15" }, { minimumNoticeMinutes: [60] }, { durations: ["60"] }]) {
      const res = await signedIn(own.userId).request("/api/availability/me", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...defaultAvailability(), ...change }) });
      expect(res.status, JSON.stringify(change)).toBe(400);
    }
  });

  test("a zone sent by its old name (Chromium's Asia/Calcutta) is kept, and mailed, by today's name", async () => {
    const { client } = (await member());
    const booking = await book(client, { timeZone: "Asia/Calcutta", scheduledDatetime: zonedInstant("2026-06-10", 11 * 60, NY).toISOString() });
    expect((await firstRow(t.db.select({ zone: bookings.clientTimeZone }).from(bookings).where(eq(bookings.id, booking.id))))!.zone).toBe("Asia/Kolkata");
    expect(timesInZone(new Date("2026-06-10T15:00:00Z"), "Asia/Calcutta").time).toBe("8:30 PM GMT+5:30 (Asia/Kolkata)");
    const own = await createPractitioner(t.db);
    const saved = await signedIn(own.userId).request("/api/availability/me", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(defaultAvailability("Europe/Kiev")) });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as AvailabilitySettings).timeZone).toBe("Europe/Kyiv");
  });

  test("empty notes are stored as null", async () => {
    const { client } = (await member());
    const booking = await book(client, { notes: "   ", scheduledDatetime: zonedInstant("2026-06-10", 9 * 60, NY).toISOString() });
    expect(booking.notes).toBeNull();
  });
});

describe("the status flow", () => {
  let clientUser: User;
  let client: TestClient;
  let practitioner: TestClient;
  beforeAll(async () => {
    ({ user: clientUser, client } = (await member("premium", { email: "flow@example.test" })));
    practitioner = signedIn(sage.userId);
  });

  test("scheduled → confirmed (practitioner only) → completed after the start", async () => {
    const booking = await book(client, { scheduledDatetime: zonedInstant("2026-06-11", 9 * 60, NY).toISOString() });
    await expectMessage(await client.post(`/api/bookings/${booking.id}/confirm`), 403, /practitioner only/);
    await expectMessage(await practitioner.post(`/api/bookings/${booking.id}/complete`), 409, "This session has not started yet, so it cannot be marked completed.");
    const confirmed = await practitioner.post(`/api/bookings/${booking.id}/confirm`);
    expect(((await confirmed.json()) as BookingDetail).status).toBe("confirmed");
    await expectMessage(await practitioner.post(`/api/bookings/${booking.id}/confirm`), 409, "A confirmed session cannot be confirmed.");
    await expectMessage(await practitioner.post(`/api/bookings/${booking.id}/complete`), 409, "This session has not started yet, so it cannot be marked completed.");
    t.clock.now = new Date(new Date(booking.scheduledDatetime).getTime() + 5 * 60_000);
    await expectMessage(await client.post(`/api/bookings/${booking.id}/cancel`), 409, "This session has already started, so it can no longer be cancelled.");
    const done = (await (await practitioner.post(`/api/bookings/${booking.id}/complete`)).json()) as BookingDetail;
    expect(done.status).toBe("completed");
    expect(done.history.map((e) => e.type)).toEqual(["created", "confirmed", "completed"]);
    await expectMessage(await practitioner.post(`/api/bookings/${booking.id}/no-show`), 409, "A completed session cannot be marked as a no-show.");
  });

  test("a session the practitioner never confirmed can still be marked completed or a no-show once it started; a cancelled one cannot", async () => {
    // a client of its own: the booking-change mail cap counts per client and practitioner
    const { client: own } = (await member("premium"));
    const held = await book(own, { scheduledDatetime: zonedInstant("2026-06-04", 11 * 60, NY).toISOString() });
    const missed = await book(own, { scheduledDatetime: zonedInstant("2026-06-04", 14 * 60, NY).toISOString() });
    const dropped = await book(own, { scheduledDatetime: zonedInstant("2026-06-04", 16 * 60, NY).toISOString() });
    expect((await own.post(`/api/bookings/${dropped.id}/cancel`, {})).status).toBe(200);
    t.clock.now = new Date(new Date(dropped.scheduledDatetime).getTime() + 60 * 60_000);
    const done = (await (await practitioner.post(`/api/bookings/${held.id}/complete`)).json()) as BookingDetail;
    expect(done.status).toBe("completed");
    expect(done.history.map((e) => e.type)).toEqual(["created", "completed"]);
    const noShowAnswer = await practitioner.post(`/api/bookings/${missed.id}/no-show`);
    expect(noShowAnswer.status, await noShowAnswer.clone().text()).toBe(200);
    const noShow = (await noShowAnswer.json()) as BookingDetail;
    expect(noShow.status).toBe("no-show");
    await expectMessage(await own.post(`/api/bookings/${missed.id}/complete`), 403, /practitioner only/);
    await expectMessage(await practitioner.post(`/api/bookings/${dropped.id}/complete`), 409, "A cancelled session cannot be marked completed.");
  });

  test("no-show after the start", async () => {
    const booking = await book(client, { scheduledDatetime: zonedInstant("2026-06-11", 13 * 60, NY).toISOString() });
    await practitioner.post(`/api/bookings/${booking.id}/confirm`);
    t.clock.now = new Date(new Date(booking.scheduledDatetime).getTime() + 20 * 60_000);
    expect(((await (await practitioner.post(`/api/bookings/${booking.id}/no-show`)).json()) as BookingDetail).status).toBe("no-show");
  });

  test("cancel with a reason: both sides get METHOD:CANCEL with a higher SEQUENCE, the slot is free again", async () => {
    const at = zonedInstant("2026-06-12", 9 * 60, NY).toISOString();
    const booking = await book(client, { scheduledDatetime: at });
    t.sentMail.length = 0;
    const res = await client.post(`/api/bookings/${booking.id}/cancel`, { reason: "  Feeling unwell " });
    const cancelled = (await res.json()) as BookingDetail;
    expect(cancelled).toMatchObject({ status: "cancelled", cancellationReason: "Feeling unwell", sequence: 1 });
    const mail = await waitForMail("flow@example.test");
    expect(mail.icalEvent?.method).toBe("CANCEL");
    expect(mail.icalEvent?.content).toContain("STATUS:CANCELLED");
    expect(mail.icalEvent?.content).toContain("SEQUENCE:1");
    expect(mail.text).toContain("Feeling unwell");
    await waitForMail("sage@example.test");
    await expectMessage(await client.post(`/api/bookings/${booking.id}/cancel`), 409, "A cancelled session cannot be cancelled.");
    await book((await member()).client, { scheduledDatetime: at });
  });

  test("the practitioner may cancel too; a stranger gets 404; a bad id 404", async () => {
    const booking = await book(client, { scheduledDatetime: zonedInstant("2026-06-12", 13 * 60, NY).toISOString() });
    await expectMessage(await (await member()).client.post(`/api/bookings/${booking.id}/cancel`), 404, BOOKING_MESSAGES.notFound);
    await expectMessage(await (await member()).client.get(`/api/bookings/${booking.id}`), 404, BOOKING_MESSAGES.notFound);
    await expectMessage(await client.post(`/api/bookings/%ED%A0%80/cancel`), 404, BOOKING_MESSAGES.notFound);
    await expectMessage(await t.client().post(`/api/bookings/${booking.id}/cancel`), 401, "Please sign in to continue");
    await expectMessage(await client.post(`/api/bookings/${booking.id}/cancel`, { reason: "x".repeat(501) }), 400, /^reason: /);
    await expectMessage(await client.post(`/api/bookings/${booking.id}/cancel`, { reason: "\udc00" }), 400, MALFORMED_TEXT_MESSAGE);
    // a reason sent as plain text is refused, not dropped on the way to a cancellation without it
    const plain = await client.request(`/api/bookings/${booking.id}/cancel`, { method: "POST", headers: { "content-type": "text/plain" }, body: "Feeling unwell" });
    await expectMessage(plain, 415, NOT_JSON_MESSAGE);
    expect(((await (await client.get(`/api/bookings/${booking.id}`)).json()) as BookingDetail).status).toBe("scheduled");
    expect(((await (await practitioner.post(`/api/bookings/${booking.id}/cancel`)).json()) as BookingDetail).status).toBe("cancelled");
  });

  test("reschedule keeps the id and history; the update has the same UID and SEQUENCE + 1", async () => {
    const booking = await book(client, { scheduledDatetime: zonedInstant("2026-06-15", 9 * 60, NY).toISOString() });
    expect(((await (await practitioner.post(`/api/bookings/${booking.id}/confirm`)).json()) as BookingDetail).sequence).toBe(1);
    // the confirmation e-mail waits in the outbox: send it before looking for the reschedule's
    await deliverOutbox(t);
    expect(t.sentMail.some((m) => m.to === "flow@example.test" && m.subject.endsWith("is confirmed"))).toBe(true);
    t.sentMail.length = 0;
    const to = zonedInstant("2026-06-16", 14 * 60, NY).toISOString();
    const res = await client.post(`/api/bookings/${booking.id}/reschedule`, { scheduledDatetime: to });
    const moved = (await res.json()) as BookingDetail;
    expect(moved).toMatchObject({ id: booking.id, scheduledDatetime: to, status: "confirmed", sequence: 2 });
    expect(moved.history.map((e) => e.type)).toEqual(["created", "confirmed", "rescheduled"]);
    expect(moved.history[2]).toMatchObject({ actor: "client", fromDatetime: booking.scheduledDatetime, toDatetime: to });
    const mail = await waitForMail("flow@example.test");
    expect(mail.icalEvent?.method).toBe("REQUEST");
    expect(mail.icalEvent?.content).toContain(`UID:${booking.id}@pollinate`);
    expect(mail.icalEvent?.content).toContain("SEQUENCE:2");
    const slots = await availability("date=2026-06-15&duration=60");
    expect(slots.slots.find((s) => s.time === "09:00")?.available).toBe(true);
  });

  test("reschedule into a taken or closed slot is a 409 and changes nothing", async () => {
    const other = await book((await member()).client, { scheduledDatetime: zonedInstant("2026-06-17", 9 * 60, NY).toISOString() });
    const booking = await book(client, { scheduledDatetime: zonedInstant("2026-06-17", 13 * 60, NY).toISOString() });
    await expectMessage(await client.post(`/api/bookings/${booking.id}/reschedule`, { scheduledDatetime: other.scheduledDatetime }), 409, SLOT_REFUSAL_MESSAGES.taken);
    await expectMessage(await client.post(`/api/bookings/${booking.id}/reschedule`, { scheduledDatetime: zonedInstant("2026-06-20", 10 * 60, NY).toISOString() }), 409, SLOT_REFUSAL_MESSAGES["outside-hours"]);
    await expectMessage(await client.post(`/api/bookings/${booking.id}/reschedule`, { scheduledDatetime: "soon" }), 400, /^scheduledDatetime: /);
    await expectMessage(await client.post(`/api/bookings/${booking.id}/reschedule`, { scheduledDatetime: "9999-12-31T14:00:00Z" }), 409, SLOT_REFUSAL_MESSAGES["beyond-horizon"]);
    const unchanged = (await (await client.get(`/api/bookings/${booking.id}`)).json()) as BookingDetail;
    expect(unchanged).toMatchObject({ scheduledDatetime: booking.scheduledDatetime, sequence: 0 });
    expect((await firstRow(t.db.select({ n: count() }).from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id))))!.n).toBe(1);
  });

  test("the reschedule picker's slots leave the booking's own time free, for its client and practitioner only", async () => {
    const booking = await book(client, { scheduledDatetime: zonedInstant("2026-06-24", 10 * 60, NY).toISOString() });
    const url = (exclude?: string) => `/api/bookings/${sage.id}/availability?date=2026-06-24&duration=60${exclude ? `&exclude=${exclude}` : ""}`;
    const available = async (c: TestClient, exclude?: string) => {
      const res = await c.get(url(exclude));
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as AvailabilityAnswer).slots.filter((s) => s.available).map((s) => s.time);
    };
    // 09:30 and 10:30 overlap the session itself (with its buffer): busy for a new booking...
    expect(await available(client)).not.toContain("10:30");
    // ...but free to move it to, as the server's reschedule allows
    expect(await available(client, booking.id)).toEqual(expect.arrayContaining(["09:30", "10:30"]));
    const moved = await client.post(`/api/bookings/${booking.id}/reschedule`, { scheduledDatetime: zonedInstant("2026-06-24", 10 * 60 + 30, NY).toISOString() });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const practitioner = signedIn(sage.userId);
    expect(await available(practitioner, booking.id)).toContain("10:00");
    // anyone else learns nothing about the booking
    expect((await t.client().get(url(booking.id))).status).toBe(401);
    await expectMessage(await (await member()).client.get(url(booking.id)), 404, BOOKING_MESSAGES.notFound);
    await expectMessage(await client.get(`/api/bookings/${virtualOnly.id}/availability?date=2026-06-24&duration=60&exclude=${booking.id}`), 404, BOOKING_MESSAGES.notFound);
    await expectMessage(await client.get(url("%F0%9F%98%80")), 404, BOOKING_MESSAGES.notFound);
  });

  test("GET /api/bookings lists what the session cards need", async () => {
    const list = (await (await client.get("/api/bookings?role=client")).json()) as Array<Record<string, unknown>>;
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]).toMatchObject({ clientId: clientUser.id, practitionerId: sage.id, timeZone: NY, location: "Asheville, NC" });
  });
});

describe(".ics download and the private calendar feed", () => {
  test("a participant downloads the booking's .ics; others cannot", async () => {
    const { client } = (await member());
    const booking = await book(client, { scheduledDatetime: zonedInstant("2026-06-18", 9 * 60, NY).toISOString() });
    const res = await client.get(`/api/bookings/${booking.id}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/calendar");
    const ics = await res.text();
    expect(ics).toContain(`UID:${booking.id}@pollinate`);
    expect(ics).toContain("DTSTART:20260618T130000Z");
    expect((await signedIn(sage.userId).get(`/api/bookings/${booking.id}.ics`)).status).toBe(200);
    expect((await (await member()).client.get(`/api/bookings/${booking.id}.ics`)).status).toBe(404);
    expect((await t.client().get(`/api/bookings/${booking.id}.ics`)).status).toBe(401);
  });

  test("a session that took place stays CONFIRMED in its .ics and the feed, completed or a no-show; an unconfirmed one is TENTATIVE", async () => {
    const { user, client } = (await member());
    const done = await book(client, { scheduledDatetime: zonedInstant("2026-06-25", 9 * 60, NY).toISOString() });
    const missed = await book(client, { scheduledDatetime: zonedInstant("2026-06-25", 13 * 60, NY).toISOString() });
    expect(await (await client.get(`/api/bookings/${done.id}.ics`)).text()).toContain("STATUS:TENTATIVE");
    for (const b of [done, missed]) expect((await signedIn(sage.userId).post(`/api/bookings/${b.id}/confirm`)).status).toBe(200);
    // after both sessions, both sides signed in again (three weeks on, the first sessions have lapsed)
    t.clock.now = new Date(new Date(missed.scheduledDatetime).getTime() + 20 * 60_000);
    const practitioner = signedIn(sage.userId);
    expect((await practitioner.post(`/api/bookings/${done.id}/complete`)).status).toBe(200);
    expect((await practitioner.post(`/api/bookings/${missed.id}/no-show`)).status).toBe(200);
    const reader = signedIn(user.id);
    for (const b of [done, missed]) expect(await (await reader.get(`/api/bookings/${b.id}.ics`)).text()).toContain("STATUS:CONFIRMED");
    const { url } = (await (await reader.post("/api/calendar/token")).json()) as { url: string };
    const feed = await (await t.client().get(new URL(url).pathname)).text();
    expect(feed.match(/STATUS:\w+/g)).toEqual(["STATUS:CONFIRMED", "STATUS:CONFIRMED"]);
  });

  test("a feed token is stored hashed, lists the user's sessions, rotates and revokes", async () => {
    const { user, client } = (await member());
    const booking = await book(client, { scheduledDatetime: zonedInstant("2026-06-18", 13 * 60, NY).toISOString() });
    await expectMessage(await t.client().post("/api/calendar/token"), 401, "Please sign in to continue");
    const { url } = (await (await client.post("/api/calendar/token")).json()) as { url: string };
    const token = url.match(/\/api\/calendar\/([a-z2-7]+)\.ics$/)![1];
    const stored = (await firstRow(t.db.select().from(calendarFeedTokens).where(eq(calendarFeedTokens.userId, user.id))))!;
    expect(stored.tokenHash).not.toContain(token);
    const path = new URL(url).pathname;
    const feed = await (await t.client().get(path)).text();
    expect(feed).toContain(`UID:${booking.id}@pollinate`);
    expect(feed).toContain("METHOD:PUBLISH");
    // the practitioner's feed lists it too
    const practitionerFeed = (await (await signedIn(sage.userId).post("/api/calendar/token")).json()) as { url: string };
    expect(await (await t.client().get(new URL(practitionerFeed.url).pathname)).text()).toContain(`UID:${booking.id}@pollinate`);

    const rotated = (await (await client.post("/api/calendar/token")).json()) as { url: string };
    expect((await t.client().get(path)).status).toBe(404);
    expect((await t.client().get(new URL(rotated.url).pathname)).status).toBe(200);
    expect((await client.request("/api/calendar/token", { method: "DELETE" })).status).toBe(204);
    expect((await t.client().get(new URL(rotated.url).pathname)).status).toBe(404);
  });
});

describe("availability settings: /api/availability/me", () => {
  test("who may read and write", async () => {
    await expectMessage(await t.client().get("/api/availability/me"), 401, "Please sign in to continue");
    await expectMessage(await (await member()).client.get("/api/availability/me"), 403, "This needs the practitioner role");
    const noProfile = await createUser(t.db, { roles: ["practitioner"] });
    await expectMessage(await signedIn(noProfile.id).get("/api/availability/me"), 404, /^Create your practitioner profile first/);
    const fresh = await createPractitioner(t.db);
    const defaults = await (await signedIn(fresh.userId).get("/api/availability/me")).json();
    expect(defaults).toMatchObject({ practitionerId: fresh.id, saved: false, durations: [30, 60, 90], bufferMinutes: 15 });
  });

  test("a saved override and hours change the slots", async () => {
    const own = await createPractitioner(t.db, { hourlyRateCents: 6000 });
    const client = signedIn(own.userId);
    const settings = {
      ...defaultAvailability("Europe/Berlin"),
      weeklyHours: { ...defaultAvailability().weeklyHours, tuesday: [{ start: "14:00", end: "16:00" }, { start: "08:00", end: "09:00" }] },
      overrides: [{ date: "2026-06-03", intervals: [] }, { date: "2020-01-01", intervals: [] }],
      bufferMinutes: 0,
      videoLink: "",
    };
    const res = await client.request("/api/availability/me", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(settings) });
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = await res.json();
    expect(saved).toMatchObject({ saved: true, timeZone: "Europe/Berlin", videoLink: null, overrides: [{ date: "2026-06-03", intervals: [] }] });
    expect(saved.weeklyHours.tuesday).toEqual([{ start: "08:00", end: "09:00" }, { start: "14:00", end: "16:00" }]);
    const tuesday = (await (await t.client().get(`/api/bookings/${own.id}/availability?date=2026-06-02&duration=60`)).json()) as AvailabilityAnswer;
    expect(tuesday.slots.map((s) => s.time)).toEqual(["08:00", "14:00", "14:30", "15:00"]);
    const wednesday = (await (await t.client().get(`/api/bookings/${own.id}/availability?date=2026-06-03&duration=60`)).json()) as AvailabilityAnswer;
    expect(wednesday.slots).toEqual([]);
  });

  test("hours added right after others ('+ Add hours') are one stretch: a session may run across the seam, and is bookable there", async () => {
    const own = await createPractitioner(t.db, { hourlyRateCents: 6000, isVirtual: true });
    const settings = {
      ...defaultAvailability(NY),
      weeklyHours: { ...defaultAvailability().weeklyHours, tuesday: [{ start: "09:00", end: "12:00" }, { start: "12:00", end: "13:00" }] },
      bufferMinutes: 0,
    };
    const res = await signedIn(own.userId).request("/api/availability/me", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(settings) });
    expect(res.status, await res.clone().text()).toBe(200);
    const tuesday = (await (await t.client().get(`/api/bookings/${own.id}/availability?date=2026-06-02&duration=60`)).json()) as AvailabilityAnswer;
    expect(tuesday.slots.map((s) => s.time)).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00"]);
    const { client } = (await member());
    const booked = await client.post("/api/bookings", payload({ practitionerId: own.id, scheduledDatetime: tuesdayAt("11:30").toISOString(), totalAmount: "60.00" }));
    expect(booked.status, await booked.clone().text()).toBe(201);
  });

  test.each([
    [{ timeZone: "Mars/Olympus" }, "timeZone: Choose a time zone such as Europe/Berlin or America/New_York"],
    [{ timeZone: "\ud800" }, MALFORMED_TEXT_MESSAGE],
    [{ durations: [] }, "durations: Offer at least one duration"],
    [{ durations: [45] }, /^durations\.0: /],
    [{ bufferMinutes: -5 }, "bufferMinutes: Buffer cannot be negative"],
    [{ videoLink: "http://insecure.example" }, "videoLink: The video link must be an https:// address"],
    [{ videoLink: "https://video.example/\ud800" }, MALFORMED_TEXT_MESSAGE],
    [{ weeklyHours: { ...defaultAvailability().weeklyHours, monday: [{ start: "09:00", end: "12:00" }, { start: "11:00", end: "13:00" }] } }, "weeklyHours.monday: Intervals on the same day must not overlap"],
    [{ weeklyHours: { ...defaultAvailability().weeklyHours, monday: [{ start: "12:00", end: "09:00" }] } }, "weeklyHours.monday.0: An interval must end after it starts"],
    [{ overrides: [{ date: "2026-02-30", intervals: [] }] }, "overrides.0.date: Use a date in the form yyyy-MM-dd, such as 2026-03-14"],
  ])("%o → 400", async (change, message) => {
    const own = await createPractitioner(t.db);
    const res = await signedIn(own.userId).request("/api/availability/me", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...defaultAvailability(), ...change }),
    });
    await expectMessage(res, 400, message);
  });
});

describe("24-hour reminders", () => {
  test("sent once to both sides, even across a restart; again after a move to a new time", async () => {
    const { client } = (await member("premium", { email: "remind@example.test" }));
    const booking = await book(client, { scheduledDatetime: zonedInstant("2026-06-19", 9 * 60, NY).toISOString() });
    const start = new Date(booking.scheduledDatetime).getTime();
    const deps = { db: t.db, config: t.config, now: () => t.clock.now };

    t.clock.now = new Date(start - 25 * HOUR);
    expect(await sendDueReminders(deps)).not.toContain(booking.id);
    t.clock.now = new Date(start - 23 * HOUR);
    t.sentMail.length = 0;
    expect(await sendDueReminders(deps)).toContain(booking.id);
    const mail = await waitForMail("remind@example.test");
    expect(mail.subject).toContain("Reminder");
    expect(t.sentMail.filter((m) => m.subject.startsWith("Reminder") && m.text.includes("9:00 AM EDT")).length).toBeGreaterThanOrEqual(1);

    // a restart: a new job over the same database sends nothing new
    const job = startReminderJob(deps, 3_600_000);
    expect(await job.runOnce()).not.toContain(booking.id);
    await job.stop();

    // moved to the next Monday: a new reminder when that one is due
    const moved = await client.post(`/api/bookings/${booking.id}/reschedule`, { scheduledDatetime: new Date(start + 3 * DAY).toISOString() });
    expect(moved.status).toBe(200);
    expect(await sendDueReminders(deps)).not.toContain(booking.id);
    t.clock.now = new Date(start + 3 * DAY - 23 * HOUR);
    expect(await sendDueReminders(deps)).toContain(booking.id);
  });

  test("no reminder for a session booked less than 24 hours before it starts (its confirmation says it all)", async () => {
    const { client } = (await member());
    const at = (hour: number) => ({ practitionerId: virtualOnly.id, totalAmount: "60.00", scheduledDatetime: zonedInstant("2026-06-02", hour * 60, NY).toISOString() });
    const early = await book(client, at(9)); // booked 25 hours ahead
    t.clock.now = new Date(START.getTime() + 5 * HOUR);
    const late = await book(client, at(11)); // booked 22 hours ahead
    t.clock.now = new Date(START.getTime() + 6 * HOUR);
    const reminded = await sendDueReminders({ db: t.db, config: t.config, now: () => t.clock.now });
    expect(reminded).toContain(early.id);
    expect(reminded).not.toContain(late.id);
  });

  test("no reminder for cancelled sessions", async () => {
    const { client } = (await member());
    const booking = await book(client, { scheduledDatetime: zonedInstant("2026-06-19", 13 * 60, NY).toISOString() });
    await client.post(`/api/bookings/${booking.id}/cancel`);
    t.clock.now = new Date(new Date(booking.scheduledDatetime).getTime() - 2 * HOUR);
    expect(await sendDueReminders({ db: t.db, config: t.config, now: () => t.clock.now })).not.toContain(booking.id);
  });
});

describe("every write refuses another site; absurd input is a 400", () => {
  test("cross-site Origin on each write route is a 403 and changes nothing", async () => {
    const { client } = (await member());
    const booking = await book(client, { scheduledDatetime: zonedInstant("2026-06-23", 9 * 60, NY).toISOString() });
    const evil = { origin: "https://evil.example" };
    for (const path of ["confirm", "cancel", "complete", "no-show", "reschedule"]) {
      expect((await signedIn(sage.userId).post(`/api/bookings/${booking.id}/${path}`, {}, evil)).status, path).toBe(403);
    }
    expect((await client.post("/api/calendar/token", undefined, evil)).status).toBe(403);
    expect((await client.request("/api/calendar/token", { method: "DELETE", headers: evil })).status).toBe(403);
    const put = await signedIn(sage.userId).request("/api/availability/me", { method: "PUT", headers: { ...evil, "content-type": "application/json" }, body: JSON.stringify(defaultAvailability()) });
    expect(put.status).toBe(403);
    expect(((await (await client.get(`/api/bookings/${booking.id}`)).json()) as BookingDetail).status).toBe("scheduled");
  });

  test("too many overrides or intervals, a huge date", async () => {
    const own = await createPractitioner(t.db);
    const put = (body: unknown) => signedIn(own.userId).request("/api/availability/me", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const overrides = Array.from({ length: 201 }, (_, i) => ({ date: `2027-01-${String((i % 28) + 1).padStart(2, "0")}`, intervals: [] }));
    await expectMessage(await put({ ...defaultAvailability(), overrides }), 400, /^overrides: At most 200 date overrides/);
    const many = Array.from({ length: 7 }, (_, i) => ({ start: `${String(i * 2).padStart(2, "0")}:00`, end: `${String(i * 2 + 1).padStart(2, "0")}:00` }));
    await expectMessage(await put({ ...defaultAvailability(), weeklyHours: { ...defaultAvailability().weeklyHours, friday: many } }), 400, "weeklyHours.friday: At most 6 intervals a day");
    await expectMessage(await t.client().get(`/api/bookings/${sage.id}/availability?date=${"9".repeat(5000)}&duration=60`), 400, /^date: /);
  });
});

