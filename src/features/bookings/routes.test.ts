import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Role } from "../../../core/enums";
import type { ApiBooking } from "../../../core/bookings";
import { BOOKINGS_LIST_DEFAULT_LIMIT, BOOKINGS_LIST_MAX_LIMIT } from "../../../core/constants";
import { createBooking, createPractitioner, createReview, createUser, type Booking, type Practitioner, type User } from "../../testing/factories";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";

const DAY = 86_400_000;

let t: TestApp;
let sage: Practitioner;
let other: Practitioner;
let clara: User;
let robin: User;
let claraPast: Booking;
let claraNext: Booking;
let claraCancelled: Booking;
let robinNext: Booking;

function clientOf(userId: string): TestClient {
  const client = t.client();
  t.loginAs(client, userId);
  return client;
}

async function userWith(roles: Role[]): Promise<TestClient> {
  return clientOf((await createUser(t.db, { roles })).id);
}

async function list(client: TestClient, query = ""): Promise<ApiBooking[]> {
  const res = await client.get(`/api/bookings${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ApiBooking[];
}

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now.getTime();
  sage = await createPractitioner(t.db, { hourlyRateCents: 8500 });
  other = await createPractitioner(t.db, { hourlyRateCents: 6000 });
  clara = await createUser(t.db, { firstName: "Clara", lastName: "Whitmore" });
  robin = await createUser(t.db, { firstName: "Robin", lastName: "Ashby" });
  claraPast = await createBooking(t.db, { clientId: clara.id, practitionerId: sage.id, status: "completed", duration: 90, scheduledDatetime: new Date(now - 10 * DAY) });
  claraNext = await createBooking(t.db, { clientId: clara.id, practitionerId: sage.id, status: "scheduled", scheduledDatetime: new Date(now + 3 * DAY) });
  claraCancelled = await createBooking(t.db, { clientId: clara.id, practitionerId: other.id, status: "cancelled", isVirtual: false, scheduledDatetime: new Date(now - 2 * DAY) });
  robinNext = await createBooking(t.db, { clientId: robin.id, practitionerId: sage.id, status: "confirmed", scheduledDatetime: new Date(now + 5 * DAY) });
});
afterAll(() => t.cleanup());

describe("GET /api/bookings: signed-in only", () => {
  test("a visitor gets 401, before any check of the query", async () => {
    for (const query of ["", "?limit=0", "?role=admin"]) {
      const res = await t.client().get(`/api/bookings${query}`);
      expect(res.status, query).toBe(401);
      expect((await res.json()).message).toBe("Please sign in to continue");
    }
  });
});

describe("as a client", () => {
  test("only the user's own bookings, the latest date first; another client's never appear", async () => {
    const clarasList = await list(clientOf(clara.id));
    expect(clarasList.map((b) => b.id)).toEqual([claraNext.id, claraCancelled.id, claraPast.id]);
    expect(clarasList.map((b) => b.id)).not.toContain(robinNext.id);
    expect((await list(clientOf(robin.id))).map((b) => b.id)).toEqual([robinNext.id]);
  });

  test("the spec's listed shape: ISO date, decimal text amount, display names", async () => {
    const [, cancelled, past] = await list(clientOf(clara.id));
    expect(Object.keys(past).sort()).toEqual([
      "address", "cancellationPolicy", "cancellationReason", "cancellationWindowHours", "cancelledBy", "clientId", "clientName", "clientTimeZone", "duration", "expiresAt", "id", "isVirtual",
      "lateCancellation", "location", "meetingLink", "notes", "payment", "paymentInstructions", "practitionerId", "practitionerName", "reviewed", "scheduledDatetime", "status", "timeZone", "totalAmount",
    ]);
    expect(past).toMatchObject({
      id: claraPast.id,
      status: "completed",
      scheduledDatetime: claraPast.scheduledDatetime.toISOString(),
      duration: 90,
      isVirtual: true,
      totalAmount: "127.50",
      practitionerName: `Practitioner #${sage.id.slice(-6)}`,
      clientName: "Clara Whitmore",
    });
    expect(cancelled).toMatchObject({ status: "cancelled", isVirtual: false, totalAmount: "60.00", practitionerName: `Practitioner #${other.id.slice(-6)}` });
  });

  test("a completed session says whether the client has reviewed it", async () => {
    const client = clientOf(clara.id);
    expect((await list(client)).find((b) => b.id === claraPast.id)).toMatchObject({ reviewed: false });
    await createReview(t.db, { sessionId: claraPast.id, clientId: clara.id, practitionerId: sage.id, rating: 5 });
    expect((await list(client)).find((b) => b.id === claraPast.id)).toMatchObject({ reviewed: true });
    expect((await list(client)).find((b) => b.id === claraNext.id)).toMatchObject({ reviewed: false });
    const detail = await client.get(`/api/bookings/${claraPast.id}`);
    expect(await detail.json()).toMatchObject({ id: claraPast.id, reviewed: true });
  });

  test("a client with no bookings gets an empty list", async () => {
    expect(await list((await userWith(["client"])))).toEqual([]);
  });
});

describe("as a practitioner", () => {
  test("the bookings of the user's practitioner profile, with each client's name", async () => {
    const bookings = await list(clientOf(sage.userId));
    expect(bookings.map((b) => b.id)).toEqual([robinNext.id, claraNext.id, claraPast.id]);
    expect(bookings.map((b) => b.clientName)).toEqual(["Robin Ashby", "Clara Whitmore", "Clara Whitmore"]);
    expect(await list(clientOf(other.userId), "?role=practitioner")).toHaveLength(1);
  });

  test("a practitioner without a profile yet has no bookings", async () => {
    expect(await list((await userWith(["practitioner"])))).toEqual([]);
  });

  test("with both roles the practitioner view is the default and ?role=client switches", async () => {
    const both = await createUser(t.db, { roles: ["client", "practitioner"] });
    const own = await createPractitioner(t.db, { userId: both.id });
    const asClient = await createBooking(t.db, { clientId: both.id, practitionerId: sage.id });
    const asPractitioner = await createBooking(t.db, { clientId: robin.id, practitionerId: own.id });
    const client = clientOf(both.id);
    expect((await list(client)).map((b) => b.id)).toEqual([asPractitioner.id]);
    expect((await list(client, "?role=practitioner")).map((b) => b.id)).toEqual([asPractitioner.id]);
    expect((await list(client, "?role=client")).map((b) => b.id)).toEqual([asClient.id]);
  });
});

describe("roles the user lacks", () => {
  test("a client asking for the practitioner view, or a practitioner for the client view, gets 403", async () => {
    const asPractitioner = await clientOf(clara.id).get("/api/bookings?role=practitioner");
    expect(asPractitioner.status).toBe(403);
    expect((await asPractitioner.json()).message).toBe("This needs the practitioner role");
    expect((await clientOf(sage.userId).get("/api/bookings?role=client")).status).toBe(403);
  });

  test("a user with neither role (an admin) gets 403 with a reason", async () => {
    const res = await (await userWith(["admin"])).get("/api/bookings");
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("Bookings are listed for client and practitioner accounts");
  });
});

describe("the query is validated", () => {
  test(`limit bounds the list (default ${BOOKINGS_LIST_DEFAULT_LIMIT}, at most ${BOOKINGS_LIST_MAX_LIMIT})`, async () => {
    const client = clientOf(clara.id);
    expect((await list(client, "?limit=1")).map((b) => b.id)).toEqual([claraNext.id]);
    expect(await list(client, `?limit=${BOOKINGS_LIST_MAX_LIMIT}`)).toHaveLength(3);

    const busy = await createUser(t.db);
    for (let i = 0; i < BOOKINGS_LIST_DEFAULT_LIMIT + 2; i++) {
      await createBooking(t.db, { clientId: busy.id, practitionerId: sage.id, status: "completed", scheduledDatetime: new Date(t.clock.now.getTime() - (i + 1) * DAY - 3_600_000) });
    }
    expect(await list(clientOf(busy.id))).toHaveLength(BOOKINGS_LIST_DEFAULT_LIMIT);
  });

  test.each(["0", "101", "-1", "1.5", "abc", ""])("limit=%p is a 400 with a readable message", async (limit) => {
    const res = await clientOf(clara.id).get(`/api/bookings?limit=${limit}`);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(`limit: limit must be a whole number from 1 to ${BOOKINGS_LIST_MAX_LIMIT}`);
  });

  test("an unknown role is a 400", async () => {
    const res = await clientOf(clara.id).get("/api/bookings?role=admin");
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("role: role must be one of client, practitioner");
  });
});
