/**
 * A practitioner whose account an admin suspends is not listed (migration 0012, `isListed`):
 * through HTTP, from the admin's suspend to what visitors and clients get, and back on reinstating.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { MODERATION_TEXTS } from "../../../core/admin";
import { eq } from "drizzle-orm";
import { atomic, first } from "../../../db/client";
import { bookings, favoritePractitioners, users } from "../../../db/schema";
import { defaultAvailability } from "../../../core/availability";
import { BOOKING_MESSAGES, type BookingDetail } from "../../../core/bookings";
import type { ApiFavorite } from "../../../core/favorites";
import type { DirectoryResponse } from "../../../core/practitioners";
import { zonedInstant } from "../../../core/slots";
import type { ApiPractitioner } from "../../../core/types";
import { saveAvailabilitySettings } from "../bookings/availability";
import { createPractitioner, createUser, type Practitioner, type User } from "../../testing/factories";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";
import { directorySearchReady, warmDirectorySearch } from "../../../db/practitioner-search";

const NY = "America/New_York";
/** Monday 1 June 2026, 08:00 in New York. */
const START = new Date("2026-06-01T12:00:00Z");
/** A word only the suspended practitioner's profile holds (specialization), and one of its location. */
const WORD = "lichenwhisper";
const PLACE = "saltmarrow";

let t: TestApp;
let wren: Practitioner; // the one suspended: featured and earliest, so also in every fixed set
let others: Practitioner[];
let seeker: User;
let seekerClient: TestClient;

async function signedIn(userId: string): Promise<TestClient> {
  const client = t.client();
  await t.loginAs(client, userId);
  return client;
}

/** An admin signed in with the admin role (the access-code gate's cookie would expire by the real clock, not the test's). */
async function admin(): Promise<TestClient> {
  return await signedIn((await createUser(t.db, { roles: ["admin"] })).id);
}

async function setSuspended(suspend: boolean): Promise<void> {
  const res = await (await admin()).post(`/api/admin/users/${wren.userId}/${suspend ? "suspend" : "reinstate"}`, suspend ? { reason: "Test suspension" } : undefined);
  expect(res.status, await res.clone().text()).toBe(200);
  expect(await res.json()).toMatchObject({ id: wren.userId, suspended: suspend });
}

async function json<T>(res: Response): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

const ids = (r: DirectoryResponse) => r.practitioners.map((p) => p.id);
const unlimited = async () => signedIn((await createUser(t.db, { accessLevel: "unlimited", subscriptionStatus: "premium" })).id);

function bookingPayload(day: string, overrides: Record<string, unknown> = {}) {
  return { practitionerId: wren.id, scheduledDatetime: zonedInstant(day, 10 * 60, NY).toISOString(), duration: 60, isVirtual: true, totalAmount: "85.00", notes: null, ...overrides };
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date(START);
  wren = await createPractitioner(t.db, {
    archetype: "butterfly",
    bio: "Slow listening for big changes.",
    specializations: ["Lichenwhisper sound baths"],
    location: "Saltmarrow, ME",
    hourlyRateCents: 8500,
    isVirtual: true,
    isFeatured: true,
    createdAt: new Date(Date.UTC(2025, 0, 1)),
    user: { firstName: "Wren", email: "wren@example.test" },
  });
  others = await Promise.all([0, 1, 2, 3].map((i) => createPractitioner(t.db, { bio: `Breath and rest, number ${i}.`, specializations: ["Breathwork"], location: "Austin, TX", createdAt: new Date(Date.UTC(2025, 1, 1 + i)) })));
  await saveAvailabilitySettings(t.db, wren.id, defaultAvailability(NY), t.clock.now);
  seeker = await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium", roles: ["client"] });
  seekerClient = await signedIn(seeker.id);
});
afterAll(() => t.cleanup());
beforeEach(() => {
  t.clock.now = new Date(START);
});

/** Every place a listed practitioner appears; each either shows `wren` (listed) or answers as for a practitioner that does not exist. */
async function expectListed(listed: boolean): Promise<void> {
  const premium = await unlimited();
  const visitor = t.client();

  // the directory (no keyword: SQLite over practitioner_directory) and its total
  const all = await json<DirectoryResponse>(await premium.get("/api/practitioners/all?pageSize=48"));
  expect(ids(all).includes(wren.id)).toBe(listed);
  expect(all.accessInfo.total).toBe(others.length + (listed ? 1 : 0));
  // a visitor's fixed set (the first 3 in the featured order): wren leads it while listed
  const preview = await json<DirectoryResponse>(await visitor.get("/api/practitioners/all"));
  expect(ids(preview)[0] === wren.id).toBe(listed);
  expect(ids(preview)).toHaveLength(3);

  // keyword search in SQLite (a visitor's fixed set and every total are counted in the FTS tables)
  for (const word of [WORD, PLACE, "chenwhis"]) {
    const found = await json<DirectoryResponse>(await visitor.get(`/api/practitioners/all?q=${word}`));
    expect(ids(found)).toEqual(listed ? [wren.id] : []);
    expect(found.accessInfo.total).toBe(listed ? 1 : 0);
  }
  // keyword search from the in-memory index (decision 017): current again after the change
  await warmDirectorySearch(t.db);
  expect(await directorySearchReady(t.db)).toBe(true);
  for (const word of [WORD, PLACE, "chenwhis"]) {
    expect(ids(await json<DirectoryResponse>(await premium.get(`/api/practitioners/all?q=${word}`)))).toEqual(listed ? [wren.id] : []);
  }

  // the pages: the directory, the Hive, the home page's featured list
  for (const path of [`/practitioners?q=${WORD}`, `/hive?q=${WORD}`, "/hive"]) {
    const res = await premium.get(path);
    expect(res.status).toBe(200);
    expect((await res.text()).includes(wren.id), path).toBe(listed);
  }
  const featured = await json<ApiPractitioner[]>(await visitor.get("/api/practitioners"));
  expect(featured.map((p) => p.id).includes(wren.id)).toBe(listed);
  expect((await (await visitor.get("/")).text()).includes(wren.id)).toBe(listed);

  // the profile (page and JSON), the booking page and the availability: 404 for everyone else
  const status = listed ? 200 : 404;
  for (const viewer of [visitor, premium]) {
    expect((await viewer.get(`/api/practitioners/${wren.id}`)).status).toBe(status);
    expect((await viewer.get(`/practitioners/${wren.id}`)).status).toBe(status);
    const slots = await viewer.get(`/api/bookings/${wren.id}/availability?date=2026-06-09&duration=60`);
    expect(slots.status).toBe(status);
    if (!listed) expect(await slots.json()).toEqual({ message: "Practitioner not found" });
  }
  expect((await premium.get(`/book/${wren.id}`)).status).toBe(status);

  // the seeker's favourites: the card only while listed (the favourite itself is kept)
  const favorites = await json<ApiFavorite[]>(await seekerClient.get(`/api/favorites/${seeker.id}`));
  expect(favorites.map((f) => f.practitionerId).includes(wren.id)).toBe(listed);
  expect((await (await seekerClient.get("/dashboard/client/favorites")).text()).includes(wren.id)).toBe(listed);
}

describe("an admin suspends a practitioner's account", () => {
  test("it leaves the directory, search (SQLite and the in-memory index), the Hive, the featured list, its profile, availability, booking and favourites; reinstating brings all back; bookings made before are cancelled", async () => {
    expect((await seekerClient.post("/api/favorites", { practitionerId: wren.id })).status).toBe(200);
    const earlier = await seekerClient.post("/api/bookings", bookingPayload("2026-06-02"));
    expect(earlier.status, await earlier.clone().text()).toBe(201);
    const booking = (await earlier.json()) as BookingDetail;
    await expectListed(true);

    await setSuspended(true);
    await expectListed(false);
    // booking answers as for an unlisted (unverified) practitioner: it does not exist; nothing is written
    const refused = await seekerClient.post("/api/bookings", bookingPayload("2026-06-03"));
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ message: "Practitioner not found" });
    expect((await t.db.select().from(bookings).where(eq(bookings.practitionerId, wren.id))).map((b) => b.id)).toEqual([booking.id]);
    // the booking made before is cancelled by the suspension (issue 26, reversing decision 022), with a
    // reason the client reads, and stays in the seeker's list
    const after = await first(t.db.select().from(bookings).where(eq(bookings.id, booking.id)).limit(1));
    expect(after?.status).toBe("cancelled");
    expect(after?.cancellationReason).toBe(MODERATION_TEXTS.sessionCancelledReason);
    const mine = await json<BookingDetail[]>(await seekerClient.get("/api/bookings"));
    expect(mine.map((b) => b.id)).toContain(booking.id);
    // the favourite stays, and comes back below
    expect(await t.db.select().from(favoritePractitioners).where(eq(favoritePractitioners.userId, seeker.id))).toHaveLength(1);

    await setSuspended(false);
    await expectListed(true);
    expect((await seekerClient.post("/api/bookings", bookingPayload("2026-06-03"))).status).toBe(201);
  });

  test("while suspended it cannot be added to favourites (404, as its profile); a favourite from before can still be removed", async () => {
    const other = await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium", roles: ["client"] });
    const otherClient = await signedIn(other.id);
    await setSuspended(true);
    try {
      const added = await otherClient.post("/api/favorites", { practitionerId: wren.id });
      expect(added.status).toBe(404);
      expect(await added.json()).toEqual({ message: "Practitioner not found" });
      expect(await t.db.select().from(favoritePractitioners).where(eq(favoritePractitioners.userId, other.id))).toEqual([]);
      // the seeker's heart from before still works to remove it
      const removed = await seekerClient.post("/api/favorites", { practitionerId: wren.id });
      expect(removed.status).toBe(200);
      expect(((await removed.json()) as { isFavorite: boolean }).isFavorite).toBe(false);
      expect(await t.db.select().from(favoritePractitioners).where(eq(favoritePractitioners.userId, seeker.id))).toEqual([]);
    } finally {
      await setSuspended(false);
    }
    expect((await otherClient.post("/api/favorites", { practitionerId: wren.id })).status).toBe(200);
  });
});

describe("a booking made before the suspension (decision 022)", () => {
  test("the suspension cancels it; reinstating does not bring it back, and the client books again", async () => {
    const made = await seekerClient.post("/api/bookings", bookingPayload("2026-06-05"));
    expect(made.status, await made.clone().text()).toBe(201);
    const booking = (await made.json()) as BookingDetail;
    await setSuspended(true);
    await setSuspended(false);
    expect((await first(t.db.select().from(bookings).where(eq(bookings.id, booking.id)).limit(1)))?.status).toBe("cancelled");
    const moved = await seekerClient.post(`/api/bookings/${booking.id}/reschedule`, { scheduledDatetime: zonedInstant("2026-06-05", 14 * 60, NY).toISOString() });
    expect(moved.status).toBe(409);
    expect((await seekerClient.post("/api/bookings", bookingPayload("2026-06-05"))).status).toBe(201);
  });

  test("a practitioner whose address is not verified may still move their own session; its client may not", async () => {
    const unverified = await createPractitioner(t.db, { hourlyRateCents: 8500, isVirtual: true, user: { isEmailVerified: true } });
    const client = await signedIn((await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium" })).id);
    const made = await client.post("/api/bookings", bookingPayload("2026-06-08", { practitionerId: unverified.id }));
    expect(made.status, await made.clone().text()).toBe(201);
    const booking = (await made.json()) as BookingDetail;
    // the address is un-verified afterwards (say, a changed address waiting for its link): unlisted, the owner still sees it
    await atomic(t.db, async (tx) => {
      await tx.update(users).set({ isEmailVerified: false }).where(eq(users.id, unverified.userId));
    });
    const at = (minutes: number) => ({ scheduledDatetime: zonedInstant("2026-06-08", minutes, NY).toISOString() });
    const refused = await client.post(`/api/bookings/${booking.id}/reschedule`, at(14 * 60));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: BOOKING_MESSAGES.practitionerUnavailable });
    const own = await (await signedIn(unverified.userId)).post(`/api/bookings/${booking.id}/reschedule`, at(15 * 60));
    expect(own.status, await own.clone().text()).toBe(200);
  });
});
