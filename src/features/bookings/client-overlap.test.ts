import { first as firstRow } from "../../../db/client";
/** Decision 022: a client cannot be in two sessions at once, through HTTP. */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { and, count, eq, ne } from "drizzle-orm";
import { bookings } from "../../../db/schema";
import { BOOKING_MESSAGES, type BookingDetail } from "../../../core/bookings";
import { zonedInstant } from "../../../core/slots";
import { practitionerDisplayName } from "../../../core/types";
import { createPractitioner, createUser, type Practitioner, type User } from "../../testing/factories";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";

const NY = "America/New_York";
/** Monday 1 June 2026, 08:00 in New York. */
const START = new Date("2026-06-01T12:00:00Z");
/** Tuesday 2 June 2026 at a New York wall time (every practitioner here keeps the default hours, 09–12 and 13–17 there). */
const tuesdayAt = (hhmm: string) => zonedInstant("2026-06-02", Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), NY);

let t: TestApp;
// each test books its own practitioners ($60 an hour, so a session's fee is its minutes in dollars)
let ash: Practitioner;
let birch: Practitioner;

function signedIn(userId: string): TestClient {
  const client = t.client();
  t.loginAs(client, userId);
  return client;
}

async function premiumClient(): Promise<{ user: User; browser: TestClient }> {
  const user = await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium" });
  return { user, browser: signedIn(user.id) };
}

function payload(practitioner: Practitioner, at: string, duration = 60, extra: Record<string, unknown> = {}) {
  return { practitionerId: practitioner.id, scheduledDatetime: tuesdayAt(at).toISOString(), duration, isVirtual: true, totalAmount: ((60 * duration) / 60).toFixed(2), notes: null, ...extra };
}

async function book(browser: TestClient, practitioner: Practitioner, at: string, duration = 60, extra: Record<string, unknown> = {}): Promise<BookingDetail> {
  const res = await browser.post("/api/bookings", payload(practitioner, at, duration, extra));
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as BookingDetail;
}

async function messageOf(res: Response, status: number): Promise<string> {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return (JSON.parse(body) as { message: string }).message;
}

async function activeBookingsOf(clientId: string): Promise<number> {
  return (await firstRow(t.db.select({ n: count() }).from(bookings).where(and(eq(bookings.clientId, clientId), ne(bookings.status, "cancelled")))))!.n;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  t.clock.now = new Date(START);
  ash = await createPractitioner(t.db, { hourlyRateCents: 6000, isVirtual: true });
  birch = await createPractitioner(t.db, { hourlyRateCents: 6000, isVirtual: true });
});

describe("booking", () => {
  test("a second session overlapping the first, with another practitioner, is a 409 naming the first (in the client's zone)", async () => {
    const { user, browser } = (await premiumClient());
    await book(browser, ash, "10:00", 60, { timeZone: "Europe/Berlin" });
    // 10:30–11:30 New York overlaps 10:00–11:00; said in Berlin time, the zone the client books from
    const message = await messageOf(await browser.post("/api/bookings", payload(birch, "10:30", 60, { timeZone: "Europe/Berlin" })), 409);
    expect(message).toBe(`You already have a session at that time (Tue, Jun 2, 4:00 PM GMT+2 with ${practitionerDisplayName(ash.id)}). Pick another time.`);
    expect(message).toBe(BOOKING_MESSAGES.clientOverlap("Tue, Jun 2, 4:00 PM GMT+2", practitionerDisplayName(ash.id)));
    // a longer session that starts earlier and runs into it is refused too
    await messageOf(await browser.post("/api/bookings", payload(birch, "09:00", 90)), 409);
    expect(await activeBookingsOf(user.id)).toBe(1);
  });

  test("without a zone in the request the time is said in the zone of the session it clashes with", async () => {
    const { browser } = (await premiumClient());
    await book(browser, ash, "13:00", 60);
    const message = await messageOf(await browser.post("/api/bookings", payload(birch, "13:00", 30)), 409);
    expect(message).toBe(`You already have a session at that time (Tue, Jun 2, 1:00 PM EDT with ${practitionerDisplayName(ash.id)}). Pick another time.`);
  });

  test("back-to-back sessions are allowed; a cancelled session holds nothing; other clients are not affected", async () => {
    const { user, browser } = (await premiumClient());
    const cedar = await createPractitioner(t.db, { hourlyRateCents: 6000, isVirtual: true });
    const first = await book(browser, ash, "14:00", 60);
    await book(browser, birch, "15:00", 30); // starts as the first ends
    await book(browser, cedar, "13:00", 60); // ends as the first starts
    expect((await browser.post(`/api/bookings/${first.id}/cancel`)).status).toBe(200);
    await book(browser, ash, "14:00", 60);
    expect(await activeBookingsOf(user.id)).toBe(3);
    // someone else may book Ash at 16:00 while this client is with Birch at 16:00
    await book(browser, birch, "16:00", 60);
    await book((await premiumClient()).browser, ash, "16:00", 60);
  });

  test("requests at once: only one of several overlapping bookings by one client is made", async () => {
    const { user, browser } = (await premiumClient());
    const others = await Promise.all(Array.from({ length: 6 }, () => createPractitioner(t.db, { hourlyRateCents: 6000, isVirtual: true })));
    const answers = await Promise.all(others.map((p, i) => browser.post("/api/bookings", payload(p, i % 2 ? "10:00" : "10:30", 60))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await activeBookingsOf(user.id)).toBe(1);
  });
});

describe("rescheduling", () => {
  test("the client moving a session onto another of theirs: 409 naming it, the session stays where it was", async () => {
    const { browser } = (await premiumClient());
    const withAsh = await book(browser, ash, "09:00", 60, { timeZone: NY });
    const withBirch = await book(browser, birch, "10:30", 60, { timeZone: NY });
    const res = await browser.post(`/api/bookings/${withAsh.id}/reschedule`, { scheduledDatetime: tuesdayAt("10:00").toISOString() });
    expect(await messageOf(res, 409)).toBe(`You already have a session at that time (Tue, Jun 2, 10:30 AM EDT with ${practitionerDisplayName(birch.id)}). Pick another time.`);
    const after = (await (await browser.get(`/api/bookings/${withAsh.id}`)).json()) as BookingDetail;
    expect(after.scheduledDatetime).toBe(withAsh.scheduledDatetime);
    // its own time does not clash with itself: moving 09:00–10:00 to 09:30 is fine
    expect((await browser.post(`/api/bookings/${withAsh.id}/reschedule`, { scheduledDatetime: tuesdayAt("09:30").toISOString() })).status).toBe(200);
    expect(withBirch.status).toBe("scheduled");
  });

  test("the practitioner moving it onto the client's other session: 409 without naming the other practitioner", async () => {
    const { browser } = (await premiumClient());
    const withAsh = await book(browser, ash, "09:00", 60);
    await book(browser, birch, "14:00", 60);
    const res = await signedIn(ash.userId).post(`/api/bookings/${withAsh.id}/reschedule`, { scheduledDatetime: tuesdayAt("14:00").toISOString() });
    const message = await messageOf(res, 409);
    expect(message).toBe(BOOKING_MESSAGES.clientOverlapForPractitioner);
    expect(message).not.toContain(birch.id.slice(-6));
  });
});
