/**
 * The waitlist (decision 028) through HTTP: a freed slot is offered to one person at a time in the
 * order they joined, held from everyone else, passed on when it expires or is declined, and booked
 * once even when accepted from two tabs; nobody else can take or accept it. E-mails over SMTP.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { and, eq, ne } from "drizzle-orm";
import { bookings, outbox, practitioners, waitlistOffers, waitlistOpenings } from "../../../db/schema";
import type { AvailabilityAnswer, BookingDetail } from "../../../core/bookings";
import { defaultAvailability, type AvailabilitySettings } from "../../../core/availability";
import { zonedInstant } from "../../../core/slots";
import { WAITLIST_MESSAGES, type WaitlistEntryAnswer } from "../../../core/waitlist";
import { createPractitioner, createUser, type Practitioner } from "../../testing/factories";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../testing/smtp-sink";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";
import { insertDefaultAvailability, saveAvailabilitySettings } from "./availability";
import { atomic } from "../../../db/client";
import { runWaitlistPass } from "./waitlist";
import { deliverOutbox } from "./outbox-for-tests";

const NY = "America/New_York";
const START = new Date("2026-06-01T12:00:00Z");
const at = (date: string, hhmm: string) => zonedInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), NY);

let sink: SmtpSink;
let t: TestApp;
let seq = 0;

const pass = () => runWaitlistPass({ db: t.db, config: t.config, now: () => t.clock.now });
async function mailFor(predicate: (mail: ReceivedMail) => boolean): Promise<ReceivedMail> {
  await deliverOutbox(t);
  return sink.waitFor(predicate);
}
function signedIn(userId: string): TestClient {
  const client = t.client();
  t.loginAs(client, userId);
  return client;
}
async function person(): Promise<{ id: string; browser: TestClient; email: string }> {
  const email = `w${++seq}@example.test`;
  const user = await createUser(t.db, { email, firstName: `W${seq}`, accessLevel: "premium", subscriptionStatus: "premium" });
  return { id: user.id, browser: signedIn(user.id), email };
}
async function status(res: Response, expected: number): Promise<string> {
  const body = await res.text();
  expect(res.status, body).toBe(expected);
  return body;
}
function request(client: TestClient, method: string, path: string): Promise<Response> {
  return client.request(path, { method, headers: { accept: "application/json", origin: t.config.APP_URL } });
}

let practitioner: Practitioner;
const slot = () => at("2026-06-03", "10:00");

async function join(client: TestClient, extra: Record<string, unknown> = {}): Promise<WaitlistEntryAnswer> {
  return JSON.parse(await status(await client.post("/api/waitlist", { practitionerId: practitioner.id, fromDate: "2026-06-02", toDate: "2026-06-05", timesOfDay: ["morning"], duration: 60, timeZone: NY, ...extra }), 201));
}
async function book(client: TestClient, start: Date): Promise<BookingDetail> {
  return JSON.parse(await status(await client.post("/api/bookings", { practitionerId: practitioner.id, scheduledDatetime: start.toISOString(), duration: 60, isVirtual: true, totalAmount: "60.00", notes: null }), 201));
}
async function openOffer(client: TestClient): Promise<WaitlistEntryAnswer["offer"]> {
  const list = JSON.parse(await status(await client.get("/api/waitlist"), 200)) as WaitlistEntryAnswer[];
  return list.find((e) => e.practitionerId === practitioner.id)?.offer ?? null;
}

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
});
afterAll(async () => {
  t.cleanup();
  await sink.close();
});
beforeEach(async () => {
  t.clock.now = new Date(START);
  practitioner = await createPractitioner(t.db, { hourlyRateCents: 6000, isVirtual: true });
  await saveAvailabilitySettings(t.db, practitioner.id, { ...defaultAvailability(NY), bufferMinutes: 0 }, t.clock.now);
});

describe("a freed slot goes to the waitlist, one person at a time", () => {
  test("offered to the first who joined, held from others, passed on when the hold runs out, booked once from two tabs", async () => {
    const holder = await person();
    const first = await person();
    const second = await person();
    const stranger = await person();
    const booked = await book(holder.browser, slot());
    await join(first.browser);
    await join(second.browser);

    // the holder cancels: one opening, offered by one of two passes at once, to the first only
    await status(await holder.browser.post(`/api/bookings/${booked.id}/cancel`, {}), 200);
    const [a, b] = await Promise.all([pass(), pass()]);
    expect([...a, ...b]).toHaveLength(1);
    const offer = await openOffer(first.browser);
    expect(offer).toMatchObject({ start: slot().toISOString(), duration: 60 });
    expect(await openOffer(second.browser)).toBeNull();
    const mail = await mailFor((m) => m.recipients.includes(first.email) && m.parsed.subject!.startsWith("A time with"));
    expect(mail.parsed.text).toContain("held for you until");
    expect(sink.received.some((m) => m.recipients.includes(second.email) && m.parsed.subject!.startsWith("A time with"))).toBe(false);

    // held: not offered to others, not bookable by them; the holder sees it free
    const url = `/api/bookings/${practitioner.id}/availability?date=2026-06-03&duration=60&tz=${NY}`;
    const forStranger = JSON.parse(await status(await stranger.browser.get(url), 200)) as AvailabilityAnswer;
    expect(forStranger.slots.find((s) => s.start === slot().toISOString())?.available).toBe(false);
    const forFirst = JSON.parse(await status(await first.browser.get(url), 200)) as AvailabilityAnswer;
    expect(forFirst.slots.find((s) => s.start === slot().toISOString())?.available).toBe(true);
    const taken = await stranger.browser.post("/api/bookings", { practitionerId: practitioner.id, scheduledDatetime: slot().toISOString(), duration: 60, isVirtual: true, totalAmount: "60.00", notes: null });
    expect(JSON.parse(await status(taken, 409)).message).toBe(WAITLIST_MESSAGES.held);
    // someone it was not offered to cannot accept or decline it
    await status(await stranger.browser.post(`/api/waitlist/offers/${offer!.id}/accept`, {}), 404);
    await status(await second.browser.post(`/api/waitlist/offers/${offer!.id}/decline`, {}), 404);

    // 30 minutes later the hold has run out: the next person is offered it, the first can no longer take it
    t.clock.advance(30 * 60_000);
    expect(await pass()).toHaveLength(1);
    await status(await first.browser.post(`/api/waitlist/offers/${offer!.id}/accept`, {}), 409);
    const next = await openOffer(second.browser);
    expect(next).toMatchObject({ start: slot().toISOString() });
    await mailFor((m) => m.recipients.includes(second.email) && m.parsed.subject!.startsWith("A time with"));

    // accepted from two tabs at once: one booking
    const [r1, r2] = await Promise.all([second.browser.post(`/api/waitlist/offers/${next!.id}/accept`, {}), second.browser.post(`/api/waitlist/offers/${next!.id}/accept`, {})]);
    expect([r1.status, r2.status].sort()).toEqual([200, 201]);
    const b1 = (await r1.json()) as BookingDetail;
    const b2 = (await r2.json()) as BookingDetail;
    expect(b1.id).toBe(b2.id);
    const active = await t.db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.practitionerId, practitioner.id), ne(bookings.status, "cancelled")));
    expect(active).toEqual([{ id: b1.id }]);
    const [row] = await t.db.select({ status: waitlistOffers.status, bookingId: waitlistOffers.bookingId }).from(waitlistOffers).where(eq(waitlistOffers.id, next!.id));
    expect(row).toEqual({ status: "accepted", bookingId: b1.id });
    // the entry is done: no longer listed
    expect((JSON.parse(await status(await second.browser.get("/api/waitlist"), 200)) as WaitlistEntryAnswer[]).some((e) => e.practitionerId === practitioner.id)).toBe(false);
  });

  test("'Not this one' passes it on at once; times of day and dates that do not suit are skipped; leaving works for one's own entry only", async () => {
    const holder = await person();
    const evenings = await person();
    const first = await person();
    const second = await person();
    const booked = await book(holder.browser, slot());
    await join(evenings.browser, { timesOfDay: ["evening"] });
    await join(first.browser);
    const secondEntry = await join(second.browser);
    await status(await first.browser.post("/api/waitlist", { practitionerId: practitioner.id, fromDate: "2026-06-02", toDate: "2026-06-05", timesOfDay: ["morning"], duration: 60, timeZone: NY }), 409);
    await status(await evenings.browser.post("/api/waitlist", { practitionerId: practitioner.id, fromDate: "2026-06-05", toDate: "2026-06-02", timesOfDay: ["morning"], duration: 60, timeZone: NY }), 400);
    await status(await request(first.browser, "DELETE", `/api/waitlist/${secondEntry.id}`), 404);

    await status(await holder.browser.post(`/api/bookings/${booked.id}/cancel`, {}), 200);
    await pass();
    expect(await openOffer(evenings.browser)).toBeNull();
    const offer = await openOffer(first.browser);
    expect(offer).not.toBeNull();
    await status(await first.browser.post(`/api/waitlist/offers/${offer!.id}/decline`, {}), 204);
    expect(await openOffer(second.browser)).toMatchObject({ start: slot().toISOString() });
    // the second leaves: their hold passes on (to nobody left who suits), the time is free for all
    await status(await request(second.browser, "DELETE", `/api/waitlist/${secondEntry.id}`), 204);
    const answer = JSON.parse(await status(await (await person()).browser.get(`/api/bookings/${practitioner.id}/availability?date=2026-06-03&duration=60&tz=${NY}`), 200)) as AvailabilityAnswer;
    expect(answer.slots.find((s) => s.start === slot().toISOString())?.available).toBe(true);
  });

  test("the practitioner sees how many wait for them; a preview account cannot join", async () => {
    const a = await person();
    await join(a.browser);
    const prac = signedIn(practitioner.userId);
    expect(JSON.parse(await status(await prac.get("/api/waitlist/count"), 200))).toEqual({ waiting: 1 });
    const preview = await createUser(t.db, { accessLevel: "preview" });
    await status(await signedIn(preview.id).post("/api/waitlist", { practitionerId: practitioner.id, fromDate: "2026-06-02", toDate: "2026-06-05", timesOfDay: ["morning"], duration: 60, timeZone: NY }), 403);
  });
});

describe("hours the practitioner saves offer their new time to the waitlist", () => {
  const SATURDAY = "2026-06-06";
  const saturday = (hours: AvailabilitySettings["weeklyHours"]["saturday"]): AvailabilitySettings => {
    const base = defaultAvailability(NY);
    return { ...base, bufferMinutes: 0, weeklyHours: { ...base.weeklyHours, saturday: hours } };
  };
  async function save(settings: AvailabilitySettings): Promise<void> {
    const res = await signedIn(practitioner.userId).request("/api/availability/me", { method: "PUT", headers: { "content-type": "application/json", origin: t.config.APP_URL }, body: JSON.stringify(settings) });
    await status(res, 200);
  }
  const offersMade = async () => t.db.select().from(waitlistOffers).where(eq(waitlistOffers.practitionerId, practitioner.id));
  const offerMails = async (email: string) =>
    (await t.db.select({ payload: outbox.payload }).from(outbox).where(eq(outbox.kind, "email"))).filter((r) => String(r.payload.to).includes(email) && String(r.payload.subject).startsWith("A time with"));

  test("a day without hours gets hours: one offer, to the first who waits for it, with its e-mail, made once by two passes", async () => {
    const otherDay = await person();
    const first = await person();
    const second = await person();
    await join(otherDay.browser, { fromDate: "2026-06-09", toDate: "2026-06-09" });
    await join(first.browser, { fromDate: SATURDAY, toDate: SATURDAY });
    await join(second.browser, { fromDate: SATURDAY, toDate: SATURDAY });

    // a save that opens nothing on their days offers nothing
    await save(saturday([]));
    expect(await t.db.select().from(waitlistOpenings).where(eq(waitlistOpenings.practitionerId, practitioner.id))).toHaveLength(0);
    expect(await pass()).toEqual([]);

    // one hour on Saturday morning: exactly one slot of 60 minutes
    await save(saturday([{ start: "10:00", end: "11:00" }]));
    const [a, b] = await Promise.all([pass(), pass()]);
    expect([...a, ...b]).toHaveLength(1);
    const offers = await offersMade();
    expect(offers.map((o) => ({ clientId: o.clientId, start: o.start.toISOString(), status: o.status }))).toEqual([{ clientId: first.id, start: at(SATURDAY, "10:00").toISOString(), status: "open" }]);
    expect(offers[0].expiresAt.getTime() - t.clock.now.getTime()).toBe(30 * 60_000);
    expect(await offerMails(first.email)).toHaveLength(1);
    expect(await offerMails(second.email)).toHaveLength(0);
    expect(await openOffer(first.browser)).toMatchObject({ start: at(SATURDAY, "10:00").toISOString(), duration: 60 });
    expect(await openOffer(second.browser)).toBeNull();
    expect(await openOffer(otherDay.browser)).toBeNull();
    await mailFor((m) => m.recipients.includes(first.email) && m.parsed.subject!.startsWith("A time with"));

    // saving the same hours again opens nothing new
    await save(saturday([{ start: "10:00", end: "11:00" }]));
    expect(await pass()).toEqual([]);
    expect(await offersMade()).toHaveLength(1);

    // declined: the hold passes to the second, as with any freed slot
    const offer = await openOffer(first.browser);
    await status(await first.browser.post(`/api/waitlist/offers/${offer!.id}/decline`, {}), 204);
    expect(await openOffer(second.browser)).toMatchObject({ start: at(SATURDAY, "10:00").toISOString() });
  });

  test("a blocked date given back is offered; blocking a date offers nothing", async () => {
    const waiting = await person();
    await join(waiting.browser, { fromDate: "2026-06-03", toDate: "2026-06-03" });
    const base = saturday([]);
    const blocked = { ...base, overrides: [{ date: "2026-06-03", intervals: [] }] };
    await save(blocked);
    expect(await pass()).toEqual([]);
    expect(await openOffer(waiting.browser)).toBeNull();

    await save(base);
    expect(await pass()).toHaveLength(1);
    // the earliest morning start that day, in the client's zone
    expect(await openOffer(waiting.browser)).toMatchObject({ start: at("2026-06-03", "09:00").toISOString(), duration: 60 });
    expect(await offerMails(waiting.email)).toHaveLength(1);
  });

  test("a practitioner's first save (not taking bookings before) offers the time it opens", async () => {
    practitioner = await createPractitioner(t.db, { hourlyRateCents: 6000, isVirtual: true });
    await atomic(t.db, (tx) => insertDefaultAvailability(tx, practitioner.id, NY, { takingBookings: false }));
    const waiting = await person();
    await join(waiting.browser, { fromDate: "2026-06-02", toDate: "2026-06-02", timesOfDay: ["afternoon"] });
    await save(saturday([]));
    expect(await pass()).toHaveLength(1);
    expect(await openOffer(waiting.browser)).toMatchObject({ start: at("2026-06-02", "13:00").toISOString() });
  });
});

describe("names on the waitlist (issue 26)", () => {
  test("the list and the offer's e-mail lead with the practitioner's display name; the subject carries the reference only", async () => {
    await atomic(t.db, (tx) => tx.update(practitioners).set({ displayName: "Maya R." }).where(eq(practitioners.id, practitioner.id)));
    const reference = `Practitioner #${practitioner.id.slice(-6)}`;
    const holder = await person();
    const waiting = await person();
    const booked = await book(holder.browser, slot());
    const entry = await join(waiting.browser);
    expect(entry.practitionerName).toBe(`Maya R. (${reference})`);
    await status(await holder.browser.post(`/api/bookings/${booked.id}/cancel`, {}), 200);
    expect(await pass()).toHaveLength(1);
    const mail = await mailFor((m) => m.recipients.includes(waiting.email) && m.parsed.subject!.startsWith("A time with"));
    expect(mail.parsed.subject).toStartWith(`A time with ${reference} is free`);
    expect(mail.parsed.subject).not.toContain("Maya");
    expect(mail.parsed.text).toContain(`session with Maya R. (${reference})`);
  }, 30_000);
});
