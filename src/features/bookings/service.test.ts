import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { BookingStatus } from "../../../core/enums";
import { inHostTimeZone } from "../../../core/host-time-zone";
import { createBooking, createPractitioner, createUser, type Practitioner, type User } from "../../testing/factories";
import { createTestDatabase, type TestDatabase } from "../../testing/test-db";
import {
  clientFullName,
  defaultBookingView,
  latestClientTimeZone,
  listBookingHistory, listRecentlyEnded,
  listPractitionerClients,
  listUpcomingBookings,
  monthBoundsIn,
  practitionerBookingStats,
  weekEndIn,
  type BookingOwner,
} from "./service";

const NOW = new Date("2026-06-15T12:00:00.000Z");
const at = (iso: string) => new Date(iso);

let t: TestDatabase;
let practitioner: Practitioner;
let client: User;
let owner: BookingOwner;

async function book(status: BookingStatus, iso: string, extra: { duration?: number; clientId?: string } = {}) {
  return await createBooking(t.db, { clientId: extra.clientId ?? client.id, practitionerId: practitioner.id, status, scheduledDatetime: at(iso), duration: extra.duration });
}

beforeAll(async () => {
  t = await createTestDatabase();
  practitioner = await createPractitioner(t.db, { hourlyRateCents: 8500, location: "Asheville, NC" });
  client = await createUser(t.db, { firstName: "Clara", lastName: "Whitmore" });
  owner = { view: "client", clientId: client.id };
});
afterAll(() => t.cleanup());

describe("small rules", () => {
  test("practitioner before client; neither gives no view", async () => {
    expect(defaultBookingView(["client", "practitioner"])).toBe("practitioner");
    expect(defaultBookingView(["client"])).toBe("client");
    expect(defaultBookingView(["admin"])).toBeNull();
  });

  test("a client's full name, with a fallback", async () => {
    expect(clientFullName(" Clara ", "Whitmore")).toBe("Clara Whitmore");
    expect(clientFullName("Robin", null)).toBe("Robin");
    expect(clientFullName(null, "  ")).toBe("Pollinate member");
  });

  test("the UTC calendar month around a moment, December included", async () => {
    expect(monthBoundsIn(NOW, "UTC")).toEqual({ start: at("2026-06-01T00:00:00Z"), end: at("2026-07-01T00:00:00Z") });
    expect(monthBoundsIn(at("2026-12-31T23:59:59Z"), "UTC")).toEqual({ start: at("2026-12-01T00:00:00Z"), end: at("2027-01-01T00:00:00Z") });
  });
});

describe("upcoming and history (SPEC.md section 4)", () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    ids = {
      pendingLater: (await book("pending", "2026-06-25T10:00:00Z")).id,
      scheduledSoon: (await book("scheduled", "2026-06-16T09:00:00Z")).id,
      confirmed: (await book("confirmed", "2026-06-20T15:30:00Z")).id,
      cancelledFuture: (await book("cancelled", "2026-06-18T10:00:00Z")).id,
      scheduledPast: (await book("scheduled", "2026-06-14T10:00:00Z")).id,
      completed: (await book("completed", "2026-06-10T10:00:00Z")).id,
      noShow: (await book("no-show", "2026-06-05T10:00:00Z")).id,
      cancelledPast: (await book("cancelled", "2026-06-01T10:00:00Z")).id,
    };
  });

  test("upcoming: scheduled, confirmed or pending and still to come, the soonest first, bounded", async () => {
    expect((await listUpcomingBookings(t.db, owner, NOW, 10)).map((b) => b.id)).toEqual([ids.scheduledSoon, ids.confirmed, ids.pendingLater]);
    expect((await listUpcomingBookings(t.db, owner, NOW, 2)).map((b) => b.id)).toEqual([ids.scheduledSoon, ids.confirmed]);
  });

  test("history: completed or already past, the latest first; a cancelled future session is listed apart, as recently ended (decision 028)", async () => {
    expect((await listBookingHistory(t.db, owner, NOW, 10)).map((b) => b.id)).toEqual([ids.scheduledPast, ids.completed, ids.noShow, ids.cancelledPast]);
    expect((await listRecentlyEnded(t.db, owner, NOW, 10)).map((b) => b.id)).toEqual([ids.cancelledFuture]);
    expect(await listBookingHistory(t.db, owner, NOW, 2)).toHaveLength(2);
  });

  test("dashboard rows carry what a session card needs", async () => {
    const [first] = await listUpcomingBookings(t.db, owner, NOW, 1);
    expect(first).toMatchObject({ practitionerId: practitioner.id, location: "Asheville, NC", totalAmount: "85.00", clientName: "Clara Whitmore", scheduledDatetime: "2026-06-16T09:00:00.000Z" });
  });

  test("the practitioner's view of the same bookings", async () => {
    const asPractitioner: BookingOwner = { view: "practitioner", practitionerId: practitioner.id };
    expect(await listUpcomingBookings(t.db, asPractitioner, NOW, 10)).toHaveLength(3);
  });
});

describe("practitioner figures", () => {
  test("earnings: completed sessions scheduled in this UTC month only; counts of upcoming and completed", async () => {
    const own = await createPractitioner(t.db, { hourlyRateCents: 8500 });
    const bookAt = async (status: BookingStatus, iso: string, duration = 60) =>
      await createBooking(t.db, { clientId: client.id, practitionerId: own.id, status, scheduledDatetime: at(iso), duration });
    await bookAt("completed", "2026-06-01T00:00:00Z"); // 85.00, first instant of the month
    await bookAt("completed", "2026-06-10T14:00:00Z", 30); // 42.50
    await bookAt("completed", "2026-05-31T22:59:00Z"); // last month (ends as the month begins: no overlap)
    await bookAt("completed", "2026-07-01T00:00:00Z"); // next month
    await bookAt("cancelled", "2026-06-05T10:00:00Z"); // not earned
    await bookAt("no-show", "2026-06-06T10:00:00Z"); // not earned
    await bookAt("scheduled", "2026-06-20T10:00:00Z");
    await bookAt("confirmed", "2026-06-12T10:00:00Z"); // past, so not upcoming
    expect(await practitionerBookingStats(t.db, own.id, NOW, "UTC")).toEqual({ upcoming: 1, completed: 4, monthlyEarningsCents: 12750, thisWeek: { sessions: 1, minutes: 60 } });
  });

  test("a practitioner with no bookings has zeros", async () => {
    expect(await practitionerBookingStats(t.db, (await createPractitioner(t.db)).id, NOW, "UTC")).toEqual({ upcoming: 0, completed: 0, monthlyEarningsCents: 0, thisWeek: { sessions: 0, minutes: 0 } });
  });

  test("clients: one row each, cancellations aside, the most recently booked first", async () => {
    const own = await createPractitioner(t.db);
    const robin = await createUser(t.db, { firstName: "Robin", lastName: "Ashby" });
    const fern = await createUser(t.db, { firstName: "Fern", lastName: null });
    await createBooking(t.db, { clientId: robin.id, practitionerId: own.id, status: "completed", scheduledDatetime: at("2026-05-01T10:00:00Z") });
    await createBooking(t.db, { clientId: robin.id, practitionerId: own.id, status: "scheduled", scheduledDatetime: at("2026-06-20T10:00:00Z") });
    await createBooking(t.db, { clientId: fern.id, practitionerId: own.id, status: "completed", scheduledDatetime: at("2026-06-02T10:00:00Z") });
    await createBooking(t.db, { clientId: fern.id, practitionerId: own.id, status: "cancelled", scheduledDatetime: at("2026-06-30T10:00:00Z") });
    expect(await listPractitionerClients(t.db, own.id, 10)).toEqual([
      { clientId: robin.id, clientName: "Robin Ashby", sessions: 2, latestSession: "2026-06-20T10:00:00.000Z" },
      { clientId: fern.id, clientName: "Fern", sessions: 1, latestSession: "2026-06-02T10:00:00.000Z" },
    ]);
    expect(await listPractitionerClients(t.db, own.id, 1)).toHaveLength(1);
  });
});

/** Hosts whose own zone is far from New York's either way: the figures must not depend on it. */
const HOST_ZONES = ["Pacific/Auckland", "America/Los_Angeles"];
const NEW_YORK = "America/New_York";

describe.each(HOST_ZONES)("month and week in the practitioner's zone (on a host in %s)", (host) => {
  test("the month and the week (Monday to Sunday) of a moment, in New York and in Kolkata", () =>
    inHostTimeZone(host, () => {
      // 02:00 UTC on 1 December is still 30 November (21:00) in New York
      expect(monthBoundsIn(at("2026-12-01T02:00:00Z"), NEW_YORK)).toEqual({ start: at("2026-11-01T04:00:00Z"), end: at("2026-12-01T05:00:00Z") });
      expect(monthBoundsIn(at("2027-01-01T04:59:00Z"), NEW_YORK)).toEqual({ start: at("2026-12-01T05:00:00Z"), end: at("2027-01-01T05:00:00Z") });
      expect(monthBoundsIn(at("2026-12-31T20:00:00Z"), "Asia/Kolkata")).toEqual({ start: at("2026-12-31T18:30:00Z"), end: at("2027-01-31T18:30:00Z") });
      // Monday 30 November 22:00 in New York (Tuesday in UTC): the week ends at Monday 7 December's midnight there
      expect(weekEndIn(at("2026-12-01T03:00:00Z"), NEW_YORK)).toEqual(at("2026-12-07T05:00:00Z"));
      // Sunday 6 December 23:59 in New York is still that week
      expect(weekEndIn(at("2026-12-07T04:59:00Z"), NEW_YORK)).toEqual(at("2026-12-07T05:00:00Z"));
      // 01:30 on Monday 30 November in Kolkata (Sunday in UTC) starts a new week there
      expect(weekEndIn(at("2026-11-29T20:00:00Z"), "Asia/Kolkata")).toEqual(at("2026-12-06T18:30:00Z"));
    }));

  test("a New York practitioner's earnings and week near midnight UTC and the month's end", () =>
    inHostTimeZone(host, async () => {
      const own = await createPractitioner(t.db, { hourlyRateCents: 6000 });
      const bookAt = async (status: BookingStatus, iso: string, duration = 60) =>
        await createBooking(t.db, { clientId: client.id, practitionerId: own.id, status, scheduledDatetime: at(iso), duration });
      // now: Monday 30 November, 22:00 in New York; Tuesday 1 December, 03:00 UTC
      const now = at("2026-12-01T03:00:00Z");
      await bookAt("completed", "2026-12-01T02:00:00Z"); // $60: November 30, 21:00 in New York (December in UTC)
      await bookAt("completed", "2026-11-15T15:00:00Z", 30); // $30: November
      await bookAt("completed", "2026-11-01T04:00:00Z", 90); // $90: the first minute of November in New York
      await bookAt("completed", "2026-11-01T03:29:00Z", 30); // October 31, 23:29-23:59 in New York (ends as November begins)
      await bookAt("completed", "2026-12-01T05:00:00Z"); // December 1, 00:00 in New York
      await bookAt("scheduled", "2026-12-01T04:00:00Z", 30); // in an hour: this week
      await bookAt("confirmed", "2026-12-07T03:00:00Z", 90); // Sunday 6 December, 22:00-23:30 in New York: this week (next week in UTC)
      await bookAt("pending", "2026-12-07T05:00:00Z"); // Monday 7 December, 00:00 in New York: next week
      await bookAt("cancelled", "2026-12-02T15:00:00Z"); // not to come

      expect(await practitionerBookingStats(t.db, own.id, now, NEW_YORK)).toEqual({ upcoming: 3, completed: 5, monthlyEarningsCents: 18000, thisWeek: { sessions: 2, minutes: 120 } });
      // the same bookings by the UTC calendar: December's two, and a week that ends at Monday 7 December 00:00 UTC
      expect(await practitionerBookingStats(t.db, own.id, now, "UTC")).toEqual({ upcoming: 3, completed: 5, monthlyEarningsCents: 12000, thisWeek: { sessions: 1, minutes: 30 } });
    }));
});

describe("the client's zone", () => {
  test("rows carry the zone the client booked from; the latest booking with a zone gives the client's", async () => {
    const traveller = await createUser(t.db, { firstName: "Wren" });
    const practitioner = await createPractitioner(t.db);
    const own: BookingOwner = { view: "client", clientId: traveller.id };
    expect(await latestClientTimeZone(t.db, traveller.id)).toBeNull();
    const older = await createBooking(t.db, { clientId: traveller.id, practitionerId: practitioner.id, scheduledDatetime: at("2026-07-01T10:00:00Z"), clientTimeZone: "Europe/Berlin", createdAt: at("2026-06-01T10:00:00Z") });
    const newer = await createBooking(t.db, { clientId: traveller.id, practitionerId: practitioner.id, scheduledDatetime: at("2026-06-20T10:00:00Z"), clientTimeZone: "Asia/Tokyo", createdAt: at("2026-06-10T10:00:00Z") });
    const withoutZone = await createBooking(t.db, { clientId: traveller.id, practitionerId: practitioner.id, scheduledDatetime: at("2026-06-25T10:00:00Z"), createdAt: at("2026-06-12T10:00:00Z") });
    // the latest made, not the latest scheduled; a booking without a zone does not count
    expect(await latestClientTimeZone(t.db, traveller.id)).toBe("Asia/Tokyo");
    const zones = Object.fromEntries((await listUpcomingBookings(t.db, own, NOW, 10)).map((b) => [b.id, b.clientTimeZone]));
    expect(zones).toEqual({ [older.id]: "Europe/Berlin", [newer.id]: "Asia/Tokyo", [withoutZone.id]: null });
  });
});
