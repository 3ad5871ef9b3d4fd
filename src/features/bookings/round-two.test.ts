/**
 * Decision 028 (booking, second round) through HTTP: cancellation windows, requests that expire,
 * the client's own sessions and the closed days in the availability answer, the in-person address
 * only for the booking's own people, and new practitioners who are not bookable until they save.
 * E-mails over real SMTP (the sink), sent from the outbox as the worker would.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { bookings } from "../../../db/schema";
import { first } from "../../../db/client";
import { BOOKING_MESSAGES, type AvailabilityAnswer, type BookingDetail, type DashboardBooking } from "../../../core/bookings";
import { defaultAvailability } from "../../../core/availability";
import { zonedInstant } from "../../../core/slots";
import { practitionerDisplayName, type ApiPractitioner } from "../../../core/types";
import type { DirectoryResponse } from "../../../core/practitioners";
import { createPractitioner, createUser, type Practitioner } from "../../testing/factories";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../testing/smtp-sink";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";
import { saveAvailabilitySettings } from "./availability";
import { expireDueRequests } from "./expiry";
import { deliverOutbox } from "./outbox-for-tests";

const NY = "America/New_York";
const HOUR = 3_600_000;
/** Monday 1 June 2026, 08:00 in New York. */
const START = new Date("2026-06-01T12:00:00Z");
const at = (date: string, hhmm: string) => zonedInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), NY);

let sink: SmtpSink;
let t: TestApp;

async function mailFor(predicate: (mail: ReceivedMail) => boolean): Promise<ReceivedMail> {
  await deliverOutbox(t);
  return sink.waitFor(predicate);
}

/** PUT with a JSON body (the test client has get and post). */
function put(client: TestClient, path: string, body: unknown): Promise<Response> {
  return client.request(path, { method: "PUT", headers: { "content-type": "application/json", accept: "application/json", origin: t.config.APP_URL }, body: JSON.stringify(body) });
}

function signedIn(userId: string): TestClient {
  const client = t.client();
  t.loginAs(client, userId);
  return client;
}

let seq = 0;
/** A practitioner in New York with the default hours (weekdays 09–12, 13–17), $60 an hour, and a booking policy. */
async function practitionerWith(policy: { cancellationWindowHours?: number; requestExpiryHours?: number; sessionAddress?: string | null; minimumNoticeMinutes?: number } = {}): Promise<{ practitioner: Practitioner; browser: TestClient; email: string }> {
  const email = `prac${++seq}@example.test`;
  const practitioner = await createPractitioner(t.db, { hourlyRateCents: 6000, isVirtual: true, isInPerson: true, location: "Portland, OR", user: { email, firstName: "Hazel" } });
  await saveAvailabilitySettings(
    t.db,
    practitioner.id,
    { ...defaultAvailability(NY), minimumNoticeMinutes: policy.minimumNoticeMinutes ?? 12 * 60, cancellationWindowHours: policy.cancellationWindowHours ?? 0, requestExpiryHours: policy.requestExpiryHours ?? 48, sessionAddress: policy.sessionAddress ?? null, cancellationPolicy: null },
    t.clock.now,
  );
  return { practitioner, browser: signedIn(practitioner.userId), email };
}

async function premiumClient(): Promise<{ id: string; browser: TestClient; email: string }> {
  const email = `client${++seq}@example.test`;
  const user = await createUser(t.db, { email, firstName: "Wren", lastName: "Ash", accessLevel: "premium", subscriptionStatus: "premium" });
  return { id: user.id, browser: signedIn(user.id), email };
}

async function book(browser: TestClient, practitioner: Practitioner, start: Date, extra: Record<string, unknown> = {}): Promise<BookingDetail> {
  const res = await browser.post("/api/bookings", { practitionerId: practitioner.id, scheduledDatetime: start.toISOString(), duration: 60, isVirtual: true, totalAmount: "60.00", notes: null, timeZone: NY, ...extra });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as BookingDetail;
}

async function json<T>(res: Response, status = 200): Promise<T> {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as T;
}

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
});
afterAll(async () => {
  t.cleanup();
  await sink.close();
});
beforeEach(() => {
  t.clock.now = new Date(START);
});

describe("cancellation windows", () => {
  test("a client cancels a confirmed session: inside the 24-hour window it is late, at the window's edge it is not", async () => {
    const { practitioner, browser: prac } = await practitionerWith({ cancellationWindowHours: 24 });
    const client = await premiumClient();
    const early = await book(client.browser, practitioner, at("2026-06-03", "10:00"));
    const late = await book(client.browser, practitioner, at("2026-06-04", "10:00"));
    expect(early.cancellationWindowHours).toBe(24);
    await json(await prac.post(`/api/bookings/${early.id}/confirm`, {}));
    await json(await prac.post(`/api/bookings/${late.id}/confirm`, {}));

    // exactly 24 hours before: the edge is not late
    t.clock.now = new Date(at("2026-06-03", "10:00").getTime() - 24 * HOUR);
    const onTime = await json<BookingDetail>(await client.browser.post(`/api/bookings/${early.id}/cancel`, { reason: "Travel" }));
    expect(onTime).toMatchObject({ status: "cancelled", cancelledBy: "client", lateCancellation: false, cancellationReason: "Travel" });

    // one minute inside the window: late, recorded, and both e-mails say so
    t.clock.now = new Date(at("2026-06-04", "10:00").getTime() - 24 * HOUR + 60_000);
    const inside = await json<BookingDetail>(await client.browser.post(`/api/bookings/${late.id}/cancel`, {}));
    expect(inside).toMatchObject({ status: "cancelled", cancelledBy: "client", lateCancellation: true });
    const toPractitioner = await mailFor((m) => m.parsed.subject!.startsWith("Session cancelled") && m.parsed.text!.includes("June 4") && !m.recipients.includes(client.email));
    expect(toPractitioner.parsed.text).toContain("cancelled by the client");
    expect(toPractitioner.parsed.text).toContain("This is a late cancellation");
    // each side reads whose window it is: the practitioner's own, the client's practitioner's
    expect(toPractitioner.parsed.text!.replace(/\s+/g, " ")).toContain("inside your cancellation window");
    expect(toPractitioner.parsed.text).not.toContain("the practitioner's cancellation window");
    const toClient = await mailFor((m) => m.parsed.subject!.startsWith("Session cancelled") && m.parsed.text!.includes("June 4") && m.recipients.includes(client.email));
    expect(toClient.parsed.text!.replace(/\s+/g, " ")).toContain("inside the practitioner's cancellation window");
    expect(toClient.parsed.text!.replace(/\s+/g, " ")).toContain("Status: Cancelled");
    // the practitioner's list shows it marked
    const listed = await json<DashboardBooking[]>(await prac.get("/api/bookings?role=practitioner"));
    expect(listed.find((b) => b.id === late.id)).toMatchObject({ lateCancellation: true, cancelledBy: "client" });
    // the pair's conversation has the cancellation as a system line, who and late (decisions 027, 028)
    const inbox = await json<{ conversations: Array<{ id: string; lastLine: string }> }>(await prac.get("/api/conversations"));
    const thread = await json<{ messages: Array<{ kind: string; eventType: string | null; body: string; bookingId: string | null }> }>(await prac.get(`/api/conversations/${inbox.conversations[0].id}`));
    expect(thread.messages.filter((m) => m.kind === "event" && m.eventType === "cancelled").map((m) => [m.bookingId, m.body])).toEqual([
      [early.id, "Session cancelled by the client · Reason: Travel"],
      [late.id, "Session cancelled by the client · late cancellation"],
    ]);
    expect(inbox.conversations[0].lastLine).toBe("Session cancelled by the client · late cancellation");
  });

  test("a pending request can be cancelled by its client; the practitioner cancels with a reason the client reads; never late for them", async () => {
    const { practitioner, browser: prac } = await practitionerWith({ cancellationWindowHours: 72 });
    const client = await premiumClient();
    const request = await book(client.browser, practitioner, at("2026-06-02", "14:00"));
    expect((await json<BookingDetail>(await client.browser.post(`/api/bookings/${request.id}/cancel`, {}))).status).toBe("cancelled");
    const other = await book(client.browser, practitioner, at("2026-06-02", "15:00"));
    const byPractitioner = await json<BookingDetail>(await prac.post(`/api/bookings/${other.id}/cancel`, { reason: "I am unwell, sorry" }));
    expect(byPractitioner).toMatchObject({ cancelledBy: "practitioner", lateCancellation: false, cancellationReason: "I am unwell, sorry" });
    const toClient = await mailFor((m) => m.recipients.includes(client.email) && m.parsed.subject!.startsWith("Session cancelled") && m.parsed.text!.includes("3:00 PM"));
    expect(toClient.parsed.text).toContain("cancelled by the practitioner");
    expect(toClient.parsed.text).toContain("Reason given: I am unwell, sorry");
    const inbox = await json<{ conversations: Array<{ lastLine: string }> }>(await client.browser.get("/api/conversations"));
    expect(inbox.conversations[0].lastLine).toBe("Session cancelled by the practitioner · Reason: I am unwell, sorry");
  });

  test("the booking policy is validated: a window of 12 hours is a 400, and the policy text is kept", async () => {
    const { browser } = await practitionerWith();
    const base = { ...defaultAvailability(NY) };
    const bad = await put(browser, "/api/availability/me", { ...base, cancellationWindowHours: 12 });
    expect(bad.status).toBe(400);
    const saved = await json<{ cancellationWindowHours: number; cancellationPolicy: string }>(await put(browser, "/api/availability/me", { ...base, cancellationWindowHours: 48, cancellationPolicy: "  Late cancellations are charged half.  " }));
    expect(saved).toMatchObject({ cancellationWindowHours: 48, cancellationPolicy: "Late cancellations are charged half." });
    // one setting: the payments' view of it is the same, and saving instructions alone keeps it (decisions 028, 031)
    expect(await json(await put(browser, "/api/payments/instructions", { paymentInstructions: "Cash, please." }))).toEqual({ paymentInstructions: "Cash, please.", cancellationWindowHours: 48, cancellationPolicy: "Late cancellations are charged half." });
    expect(await json(await browser.get("/api/availability/me"))).toMatchObject({ cancellationWindowHours: 48, cancellationPolicy: "Late cancellations are charged half." });
  });
});

describe("requests that expire", () => {
  test("a request expires at its deadline (48 hours after the request), once, both told, and its time is free again", async () => {
    const { practitioner, email: practitionerEmail } = await practitionerWith();
    const client = await premiumClient();
    const start = at("2026-06-05", "10:00");
    const request = await book(client.browser, practitioner, start);
    expect(request.expiresAt).toBe(new Date(START.getTime() + 48 * HOUR).toISOString());

    t.clock.now = new Date(START.getTime() + 48 * HOUR - 1);
    expect(await expireDueRequests({ db: t.db, config: t.config, now: () => t.clock.now })).toEqual([]);
    t.clock.now = new Date(START.getTime() + 48 * HOUR);
    // two passes at once (two processes): the request expires once
    const [a, b] = await Promise.all([expireDueRequests({ db: t.db, config: t.config, now: () => t.clock.now }), expireDueRequests({ db: t.db, config: t.config, now: () => t.clock.now })]);
    expect([...a, ...b]).toEqual([request.id]);
    const detail = await json<BookingDetail>(await client.browser.get(`/api/bookings/${request.id}`));
    expect(detail).toMatchObject({ status: "cancelled", cancelledBy: "system", expiresAt: null });
    expect(detail.history.at(-1)).toMatchObject({ type: "cancelled", actor: "system", reason: "expired" });
    // the pair's conversation says it expired, written with the expiry (decision 027)
    const inbox = await json<{ conversations: Array<{ lastLine: string }> }>(await client.browser.get("/api/conversations"));
    expect(inbox.conversations[0].lastLine).toBe("Session request expired: not confirmed in time");

    await mailFor((m) => m.recipients.includes(client.email) && m.parsed.subject!.startsWith("Session request expired"));
    await mailFor((m) => m.recipients.includes(practitionerEmail) && m.parsed.subject!.startsWith("Session request expired"));
    expect(sink.received.filter((m) => m.parsed.subject!.startsWith("Session request expired") && (m.recipients.includes(client.email) || m.recipients.includes(practitionerEmail)))).toHaveLength(2);

    // the hour is offered again
    const answer = await json<AvailabilityAnswer>(await t.client().get(`/api/bookings/${practitioner.id}/availability?date=2026-06-05&duration=60&tz=${NY}`));
    expect(answer.slots.find((s) => s.start === start.toISOString())?.available).toBe(true);
  });

  test("never later than the minimum notice before the start; a confirmed request does not expire", async () => {
    const { practitioner, browser: prac } = await practitionerWith({ minimumNoticeMinutes: 12 * 60 });
    const client = await premiumClient();
    // Tuesday 10:00 New York is 26 hours away: the deadline is 12 hours before it, not 48 hours after the request
    const soon = at("2026-06-02", "10:00");
    const request = await book(client.browser, practitioner, soon);
    expect(request.expiresAt).toBe(new Date(soon.getTime() - 12 * HOUR).toISOString());
    const confirmed = await book(client.browser, practitioner, at("2026-06-02", "14:00"));
    await json(await prac.post(`/api/bookings/${confirmed.id}/confirm`, {}));
    t.clock.now = new Date(START.getTime() + 30 * HOUR);
    expect(await expireDueRequests({ db: t.db, config: t.config, now: () => t.clock.now })).toEqual([request.id]);
    const row = await first(t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, confirmed.id)).limit(1));
    expect(row?.status).toBe("confirmed");
  });
});

describe("the availability answer knows the client", () => {
  test("a signed-in client's own session with another practitioner makes those times unavailable, with the reason; visitors see them free", async () => {
    const { practitioner: ash } = await practitionerWith();
    const { practitioner: birch } = await practitionerWith();
    const client = await premiumClient();
    await book(client.browser, ash, at("2026-06-03", "10:00"));
    const url = `/api/bookings/${birch.id}/availability?date=2026-06-03&duration=60&tz=${encodeURIComponent("Europe/London")}`;
    const mine = await json<AvailabilityAnswer>(await client.browser.get(url));
    const byStart = (answer: AvailabilityAnswer, d: Date) => answer.slots.find((s) => s.start === d.toISOString());
    // 09:30–10:30 and 10:00–11:00 and 10:30–11:30 overlap 10:00–11:00; 09:00 and 11:00 touch it only
    expect(byStart(mine, at("2026-06-03", "10:00"))).toMatchObject({ available: false, reason: "own-session", time: "15:00" });
    expect(byStart(mine, at("2026-06-03", "09:30"))).toMatchObject({ available: false, reason: "own-session" });
    expect(byStart(mine, at("2026-06-03", "09:00"))).toMatchObject({ available: true });
    expect(byStart(mine, at("2026-06-03", "11:00"))).toMatchObject({ available: true });
    const visitor = await json<AvailabilityAnswer>(await t.client().get(url));
    expect(byStart(visitor, at("2026-06-03", "10:00"))).toEqual({ time: "15:00", available: true, start: at("2026-06-03", "10:00").toISOString() });
    expect(mine.timeZone).toBe("Europe/London");
  });

  test("the dates with hours: weekdays only for the default hours; a new practitioner offers none", async () => {
    const { practitioner } = await practitionerWith();
    const answer = await json<AvailabilityAnswer>(await t.client().get(`/api/bookings/${practitioner.id}/availability?date=2026-06-01&duration=60&tz=${NY}`));
    expect(answer.openDates.slice(0, 6)).toEqual(["2026-06-01", "2026-06-02", "2026-06-03", "2026-06-04", "2026-06-05", "2026-06-08"]);
    expect(answer.takingBookings).toBe(true);
  });
});

describe("the in-person address", () => {
  test("only the booking's client and practitioner see it (list, detail, .ics, e-mail); visitors and other clients do not", async () => {
    const address = "12 Elm Street, Portland, OR 97201";
    const { practitioner, browser: prac } = await practitionerWith({ sessionAddress: address });
    const client = await premiumClient();
    const booking = await book(client.browser, practitioner, at("2026-06-03", "13:00"), { isVirtual: false });
    expect(booking.address).toBe(address);
    expect((await json<DashboardBooking[]>(await client.browser.get("/api/bookings?role=client")))[0].address).toBe(address);
    expect((await json<DashboardBooking[]>(await prac.get("/api/bookings?role=practitioner")))[0].address).toBe(address);
    const ics = await (await client.browser.get(`/api/bookings/${booking.id}.ics`)).text();
    expect(ics.replace(/\r?\n[ \t]/g, "")).toContain("LOCATION:12 Elm Street\\, Portland\\, OR 97201");
    const mail = await mailFor((m) => m.recipients.includes(client.email) && m.parsed.subject!.startsWith("Your session request"));
    expect(mail.parsed.text).toContain(address);
    expect(mail.parsed.text).toContain("openstreetmap.org/search?query=");
    expect(mail.parsed.text).toContain("Session fee: $60.00");
    expect(mail.parsed.text).toContain("awaiting the practitioner's confirmation");
    // the state in the badges' words (decision 028)
    expect(mail.parsed.text!.replace(/\s+/g, " ")).toContain("Status: Awaiting confirmation");

    // strangers: the public profile and availability never carry it; another client's request for the booking is a 404
    const stranger = await premiumClient();
    expect((await stranger.browser.get(`/api/bookings/${booking.id}`)).status).toBe(404);
    expect(await (await t.client().get(`/api/practitioners/${practitioner.id}`)).text()).not.toContain("Elm Street");
    expect(await (await t.client().get(`/practitioners/${practitioner.id}`)).text()).not.toContain("Elm Street");
    expect(await (await stranger.browser.get(`/api/bookings/${practitioner.id}/availability?date=2026-06-03&duration=60`)).text()).not.toContain("Elm Street");
    // a virtual session has no address
    const virtual = await book(client.browser, practitioner, at("2026-06-04", "13:00"));
    expect(virtual.address).toBeNull();
  });
});

describe("a new practitioner", () => {
  test("starts in their browser's zone and is not bookable until they save their hours once", async () => {
    const user = await createUser(t.db, { roles: ["practitioner"], isEmailVerified: true });
    const browser = signedIn(user.id);
    const created = await json<{ id: string }>(
      await put(browser, "/api/practitioners/me", {
        archetype: "bee", experienceLevel: "rising", bio: "I hold grounded, steady space for people finding their footing in London.", specializations: ["Stress release"],
        professionalCategories: ["reiki"], hourlyRate: "60", location: "London, UK", isVirtual: true, isInPerson: false, timeZone: "Europe/London",
      }),
      201,
    );
    const settings = await json<{ timeZone: string; saved: boolean; takingBookings: boolean }>(await browser.get("/api/availability/me"));
    expect(settings).toMatchObject({ timeZone: "Europe/London", saved: false, takingBookings: false });

    const client = await premiumClient();
    const answer = await json<AvailabilityAnswer>(await client.browser.get(`/api/bookings/${created.id}/availability?date=2026-06-02&duration=60&tz=${NY}`));
    expect(answer).toMatchObject({ takingBookings: false, slots: [], openDates: [], practitionerTimeZone: "Europe/London" });
    const refused = await client.browser.post("/api/bookings", { practitionerId: created.id, scheduledDatetime: zonedInstant("2026-06-02", 9 * 60, "Europe/London").toISOString(), duration: 60, isVirtual: true, totalAmount: "60.00", notes: null });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(BOOKING_MESSAGES.notTakingBookingsYet);
    expect(await (await client.browser.get(`/practitioners/${created.id}`)).text()).toContain("Not taking bookings yet");
    // the directory's (and the Hive's) card data carries it: the card says so instead of Book Session
    const card = async () => (await json<DirectoryResponse>(await client.browser.get("/api/practitioners/all?q=London"))).practitioners.find((p) => p.id === created.id);
    expect(await card()).toMatchObject({ takingBookings: false });
    expect((await json<ApiPractitioner>(await client.browser.get(`/api/practitioners/${created.id}`))).takingBookings).toBe(false);
    const directoryPage = await (await client.browser.get("/practitioners?q=London")).text();
    expect(directoryPage).toContain(`View Profile of ${practitionerDisplayName(created.id)}`);
    expect(directoryPage).not.toContain(`Book Session with ${practitionerDisplayName(created.id)}`);

    // saved once: bookable at the hours saved, in London time
    await json(await put(browser, "/api/availability/me", defaultAvailability("Europe/London")));
    const open = await json<AvailabilityAnswer>(await client.browser.get(`/api/bookings/${created.id}/availability?date=2026-06-02&duration=60&tz=Europe/London`));
    expect(open.takingBookings).toBe(true);
    expect(await card()).toMatchObject({ takingBookings: true });
    expect(await (await client.browser.get("/practitioners?q=London")).text()).toContain(`Book Session with ${practitionerDisplayName(created.id)}`);
    expect(open.slots.filter((s) => s.available).map((s) => s.time)[0]).toBe("09:00");
    await book(client.browser, { id: created.id } as Practitioner, zonedInstant("2026-06-02", 9 * 60, "Europe/London"));
  });
});

describe("see all sessions", () => {
  test("paged 20 at a time, latest first, filtered by state; cancelled and expired listed with who ended them", async () => {
    const { practitioner, browser: prac } = await practitionerWith({ minimumNoticeMinutes: 0 });
    const client = await premiumClient();
    const made: BookingDetail[] = [];
    for (let day = 2; day <= 12; day++) {
      const date = `2026-06-${String(day).padStart(2, "0")}`;
      if ([6, 7].includes(day)) continue; // the weekend has no hours
      made.push(await book(client.browser, practitioner, at(date, "09:00")));
      made.push(await book(client.browser, practitioner, at(date, "13:00")));
      made.push(await book(client.browser, practitioner, at(date, "15:00")));
    }
    expect(made).toHaveLength(27);
    await json(await client.browser.post(`/api/bookings/${made[0].id}/cancel`, { reason: "Changed plans" }));
    await json(await prac.post(`/api/bookings/${made[1].id}/cancel`, { reason: "Away" }));
    const page1 = await (await client.browser.get("/dashboard/client/sessions")).text();
    expect(page1).toContain("Sessions 1–20 of 27");
    expect(page1).toContain('href="/dashboard/client/sessions?page=2"');
    const page2 = await (await client.browser.get("/dashboard/client/sessions?page=2")).text();
    expect(page2).toContain("Sessions 21–27 of 27");
    const cancelled = await (await client.browser.get("/dashboard/client/sessions?status=cancelled")).text();
    expect(cancelled).toContain("Sessions 1–2 of 2");
    expect(cancelled).toContain("Cancelled by you · Reason: Changed plans");
    expect(cancelled).toContain("Cancelled by the practitioner · Reason: Away");
    // odd values fall back to the first page of everything
    expect(await (await client.browser.get("/dashboard/client/sessions?status=nonsense&page=-3")).text()).toContain("Sessions 1–20 of 27");
    const practitionerView = await (await prac.get("/dashboard/practitioner/sessions?status=cancelled")).text();
    expect(practitionerView).toContain("Cancelled by the client · Reason: Changed plans");
    expect(practitionerView).toContain("Cancelled by you · Reason: Away");
  });
});
