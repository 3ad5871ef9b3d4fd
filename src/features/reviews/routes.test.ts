import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { REVIEW_REFUSAL_MESSAGES, type ApiReview } from "../../../core/reviews";
import type { ApiPractitioner } from "../../../core/types";
import { createBooking, createPractitioner, createReview, createUser, type Booking, type Practitioner, type User } from "../../testing/factories";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";
import { reviewerName } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

function clientOf(user: User): TestClient {
  const client = t.client();
  t.loginAs(client, user.id);
  return client;
}

const HOUR = 3_600_000;

/**
 * What each test starts from, its own: a practitioner without reviews and Clara, signed in, with
 * `completed` past sessions with that practitioner (the latest first). No test depends on another.
 */
async function scene({ completed = 0 }: { completed?: number } = {}): Promise<{ practitioner: Practitioner; clara: User; claraClient: TestClient; sessions: Booking[] }> {
  const practitioner = await createPractitioner(t.db, { averageRating: null });
  const clara = await createUser(t.db, { firstName: "Clara", lastName: "whitmore" });
  const sessions: Booking[] = [];
  for (let i = 0; i < completed; i++) {
    sessions.push(await createBooking(t.db, { clientId: clara.id, practitionerId: practitioner.id, status: "completed", scheduledDatetime: new Date(Date.now() - (i + 1) * 24 * HOUR) }));
  }
  return { practitioner, clara, claraClient: clientOf(clara), sessions };
}

const eligibilityOf = async (client: TestClient, practitionerId: string) => (await client.get(`/api/reviews/eligibility/${practitionerId}`)).json();
const averageOf = async (practitionerId: string) => ((await (await t.client().get(`/api/practitioners/${practitionerId}`)).json()) as ApiPractitioner).averageRating;

describe("reviewerName", () => {
  test("first name and last initial; initials; a fallback without names", () => {
    expect(reviewerName("Clara", "whitmore")).toEqual({ clientName: "Clara W.", clientInitials: "CW" });
    expect(reviewerName("Robin", null)).toEqual({ clientName: "Robin", clientInitials: "R" });
    expect(reviewerName(null, null)).toEqual({ clientName: "Pollinate member", clientInitials: "PM" });
  });
});

describe("POST /api/reviews: only after a completed session, once per session", () => {
  test("a visitor gets 401", async () => {
    const { practitioner } = await scene({ completed: 1 });
    const res = await t.client().post("/api/reviews", { practitionerId: practitioner.id, rating: 5 });
    expect(res.status).toBe(401);
  });

  test("a visitor gets 401 before the body is checked: a bad or malformed body is not a 400", async () => {
    expect((await t.client().post("/api/reviews", { rating: "five" })).status).toBe(401);
    expect((await t.client().post("/api/reviews", {})).status).toBe(401);
    const malformed = await t.client().request("/api/reviews", { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" });
    expect(malformed.status).toBe(401);
  });

  test("a signed-in user's malformed JSON is a 400 that says so", async () => {
    const { claraClient } = await scene({ completed: 1 });
    const res = await claraClient.request("/api/reviews", { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "The request body is not valid JSON" });
  });

  test("without a completed session the review is refused with 403 (a scheduled one does not count)", async () => {
    const { practitioner, clara, claraClient } = await scene();
    await createBooking(t.db, { clientId: clara.id, practitionerId: practitioner.id, status: "scheduled" });
    expect(await eligibilityOf(claraClient, practitioner.id)).toEqual({ canReview: false, reason: "no-completed-session" });
    const res = await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 5, comment: "Lovely" });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(REVIEW_REFUSAL_MESSAGES["no-completed-session"]);
  });

  test("after a completed session: 201, the review, and the practitioner's average rating", async () => {
    const { practitioner, claraClient } = await scene({ completed: 1 });
    expect(await eligibilityOf(claraClient, practitioner.id)).toEqual({ canReview: true, reason: null });
    const res = await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 4, comment: "  Calm and kind.  " });
    expect(res.status).toBe(201);
    const review = (await res.json()) as ApiReview;
    expect(review).toMatchObject({ rating: 4, comment: "Calm and kind.", clientName: "Clara W.", clientInitials: "CW", practitionerId: practitioner.id });
    expect(await averageOf(practitioner.id)).toBe("4.00");
  });

  test("a second review of the same session is a 409", async () => {
    const { practitioner, claraClient } = await scene({ completed: 1 });
    expect((await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 4 })).status).toBe(201);
    expect(await eligibilityOf(claraClient, practitioner.id)).toEqual({ canReview: false, reason: "already-reviewed" });
    const res = await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 5 });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(REVIEW_REFUSAL_MESSAGES["already-reviewed"]);
    expect(await averageOf(practitioner.id)).toBe("4.00");
  });

  test("another completed session allows another review; the average follows (2 decimals)", async () => {
    const { practitioner, claraClient } = await scene({ completed: 2 });
    const other = await createUser(t.db, { firstName: "Robin" });
    await createBooking(t.db, { clientId: other.id, practitionerId: practitioner.id, status: "completed" });
    expect((await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 4 })).status).toBe(201);
    expect(await eligibilityOf(claraClient, practitioner.id)).toEqual({ canReview: true, reason: null });
    expect((await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 5, comment: "" })).status).toBe(201);
    expect((await clientOf(other).post("/api/reviews", { practitionerId: practitioner.id, rating: 5 })).status).toBe(201);
    expect(await averageOf(practitioner.id)).toBe("4.67");
    expect(await eligibilityOf(claraClient, practitioner.id)).toEqual({ canReview: false, reason: "already-reviewed" });
  });

  test("the practitioner cannot review themselves", async () => {
    const { practitioner } = await scene();
    const own = clientOf({ id: practitioner.userId } as User);
    await createBooking(t.db, { clientId: practitioner.userId, practitionerId: practitioner.id, status: "completed" });
    const res = await own.post("/api/reviews", { practitionerId: practitioner.id, rating: 5 });
    expect(res.status).toBe(403);
    expect(await (await own.get(`/api/reviews/eligibility/${practitioner.id}`)).json()).toEqual({ canReview: false, reason: "own-profile" });
  });

  test("rating must be a whole number from 1 to 5; comments are bounded; the practitioner must exist", async () => {
    const { practitioner, claraClient } = await scene({ completed: 1 });
    for (const rating of [0, 6, 3.5, "5", null]) {
      const res = await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating });
      expect(res.status, String(rating)).toBe(400);
      expect((await res.json()).message).toContain("Choose a rating from 1 to 5 stars");
    }
    const long = await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 5, comment: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect((await long.json()).message).toContain("2000 characters");
    expect((await claraClient.post("/api/reviews", { rating: 5 })).status).toBe(400);
    const missing = await claraClient.post("/api/reviews", { practitionerId: "nope", rating: 5 });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe("Practitioner not found");
    expect(await eligibilityOf(claraClient, practitioner.id)).toEqual({ canReview: true, reason: null });
  });

  test("a visitor's eligibility asks to sign in", async () => {
    const { practitioner } = await scene({ completed: 1 });
    expect(await (await t.client().get(`/api/reviews/eligibility/${practitioner.id}`)).json()).toEqual({ canReview: false, reason: "sign-in" });
  });
});

describe("GET /api/reviews/practitioner/{id}", () => {
  test("public, newest first, with client name and initials only", async () => {
    const { practitioner, clara } = await scene();
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);
    const older = await createReview(t.db, { clientId: clara.id, practitionerId: practitioner.id, rating: 3, createdAt: at(48) });
    const newest = await createReview(t.db, { clientId: clara.id, practitionerId: practitioner.id, rating: 5, createdAt: at(1) });
    const middle = await createReview(t.db, { clientId: clara.id, practitionerId: practitioner.id, rating: 4, createdAt: at(24) });
    const res = await t.client().get(`/api/reviews/practitioner/${practitioner.id}`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as ApiReview[];
    expect(list.map((r) => r.id)).toEqual([newest.id, middle.id, older.id]);
    expect(list[0]).toMatchObject({ clientName: "Clara W.", clientInitials: "CW", rating: 5 });
    expect(JSON.stringify(list)).not.toContain("whitmore");
    expect(Object.keys(list[0]).sort()).toEqual(["clientInitials", "clientName", "comment", "createdAt", "id", "practitionerId", "rating"]);
  });

  test("404 for an unknown practitioner", async () => {
    expect((await t.client().get("/api/reviews/practitioner/nope")).status).toBe(404);
  });
});

describe("reviews of a practitioner who is not listed yet", () => {
  test("404 for everyone but its owner, as its profile answers (its existence is not told)", async () => {
    const unlisted = await createPractitioner(t.db, { user: { isEmailVerified: false } });
    const stranger = clientOf(await createUser(t.db));
    for (const path of [`/api/practitioners/${unlisted.id}`, `/api/reviews/practitioner/${unlisted.id}`, `/api/reviews/eligibility/${unlisted.id}`]) {
      expect((await t.client().get(path)).status).toBe(404);
      expect((await stranger.get(path)).status).toBe(404);
    }
    const owner = t.client();
    t.loginAs(owner, unlisted.userId);
    expect(await (await owner.get(`/api/reviews/practitioner/${unlisted.id}`)).json()).toEqual([]);
    expect((await owner.get(`/api/reviews/eligibility/${unlisted.id}`)).status).toBe(200);
  });
});

describe("posting a review of a practitioner who is not listed (suspended or unverified)", () => {
  test("404 'Practitioner not found', as its reviews and eligibility answer; nothing is written; reinstated, the review goes in", async () => {
    const { practitioner, clara, claraClient } = await scene({ completed: 1 });
    const admin = clientOf(await createUser(t.db, { roles: ["admin"] }));
    expect((await admin.post(`/api/admin/users/${practitioner.userId}/suspend`)).status).toBe(200);
    const res = await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 1, comment: "Hidden" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Practitioner not found" });
    expect((await claraClient.get(`/api/reviews/eligibility/${practitioner.id}`)).status).toBe(404);
    expect(await (await claraClient.get(`/api/reviews/client/${clara.id}`)).json()).toEqual([]);

    expect((await admin.post(`/api/admin/users/${practitioner.userId}/reinstate`)).status).toBe(200);
    expect((await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 5 })).status).toBe(201);
    expect(await averageOf(practitioner.id)).toBe("5.00");
  });

  test("an unverified practitioner's session cannot be reviewed either", async () => {
    const unlisted = await createPractitioner(t.db, { user: { isEmailVerified: false } });
    const robin = await createUser(t.db, { firstName: "Robin" });
    await createBooking(t.db, { clientId: robin.id, practitionerId: unlisted.id, status: "completed", scheduledDatetime: new Date(Date.now() - 24 * HOUR) });
    const res = await clientOf(robin).post("/api/reviews", { practitionerId: unlisted.id, rating: 5 });
    expect(res.status).toBe(404);
    expect(await (await clientOf(robin).get(`/api/reviews/client/${robin.id}`)).json()).toEqual([]);
  });
});

describe("GET /api/reviews/client/{id}: that client or an admin only", () => {
  test("the client reads their own reviews", async () => {
    const { practitioner, clara, claraClient } = await scene({ completed: 1 });
    const written = (await (await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 4, comment: "Calm." })).json()) as ApiReview;
    const res = await claraClient.get(`/api/reviews/client/${clara.id}`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as ApiReview[];
    expect(list.map((r) => [r.id, r.clientName, r.comment])).toEqual([[written.id, "Clara W.", "Calm."]]);
  });

  test("another user gets 403, a visitor 401, an admin 200", async () => {
    const { practitioner, clara } = await scene();
    await createReview(t.db, { clientId: clara.id, practitionerId: practitioner.id, rating: 4 });
    const other = clientOf(await createUser(t.db));
    const refused = await other.get(`/api/reviews/client/${clara.id}`);
    expect(refused.status).toBe(403);
    expect((await t.client().get(`/api/reviews/client/${clara.id}`)).status).toBe(401);
    const admin = clientOf(await createUser(t.db, { roles: ["admin"] }));
    const asAdmin = await admin.get(`/api/reviews/client/${clara.id}`);
    expect(asAdmin.status).toBe(200);
    expect(((await asAdmin.json()) as ApiReview[]).map((r) => r.rating)).toEqual([4]);
  });

  test("reviews written by the seed show too", async () => {
    const { practitioner } = await scene();
    const seeded = await createUser(t.db);
    await createReview(t.db, { clientId: seeded.id, practitionerId: practitioner.id, rating: 3 });
    expect(((await (await clientOf(seeded).get(`/api/reviews/client/${seeded.id}`)).json()) as ApiReview[]).map((r) => r.rating)).toEqual([3]);
  });
});
