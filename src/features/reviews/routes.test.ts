import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { REVIEW_REFUSAL_MESSAGES, REVIEW_TEXTS, type ApiReview, type ReviewEligibility } from "../../../core/reviews";
import type { ApiPractitioner } from "../../../core/types";
import { createBooking, createPractitioner, createReview, createUser, type Booking, type Practitioner, type User } from "../../testing/factories";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";
import { reviewerName } from "./service";
import { eq } from "drizzle-orm";
import { atomic } from "../../../db/client";
import { reviews } from "../../../db/schema";

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
    const res = await t.client().post("/api/reviews", { practitionerId: practitioner.id, rating: 5, withoutComment: true });
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
    expect(await eligibilityOf(claraClient, practitioner.id)).toMatchObject({ canReview: false, reason: "no-completed-session" });
    const res = await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 5, comment: "Lovely" });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(REVIEW_REFUSAL_MESSAGES["no-completed-session"]);
  });

  test("after a completed session: 201, the review, and the practitioner's average rating", async () => {
    const { practitioner, claraClient } = await scene({ completed: 1 });
    expect(await eligibilityOf(claraClient, practitioner.id)).toMatchObject({ canReview: true, reason: null });
    const res = await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 4, comment: "  Calm and kind.  " });
    expect(res.status).toBe(201);
    const review = (await res.json()) as ApiReview;
    expect(review).toMatchObject({ rating: 4, comment: "Calm and kind.", clientName: "Clara W.", clientInitials: "CW", practitionerId: practitioner.id });
    expect(await averageOf(practitioner.id)).toBe("4.00");
  });

  test("a second review of the same session is a 409", async () => {
    const { practitioner, claraClient } = await scene({ completed: 1 });
    expect((await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 4, withoutComment: true })).status).toBe(201);
    expect(await eligibilityOf(claraClient, practitioner.id)).toMatchObject({ canReview: false, reason: "already-reviewed" });
    const res = await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 5, withoutComment: true });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(REVIEW_REFUSAL_MESSAGES["already-reviewed"]);
    expect(await averageOf(practitioner.id)).toBe("4.00");
  });

  test("another completed session allows another review; the average follows (2 decimals)", async () => {
    const { practitioner, claraClient } = await scene({ completed: 2 });
    const other = await createUser(t.db, { firstName: "Robin" });
    await createBooking(t.db, { clientId: other.id, practitionerId: practitioner.id, status: "completed" });
    expect((await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 4, withoutComment: true })).status).toBe(201);
    expect(await eligibilityOf(claraClient, practitioner.id)).toMatchObject({ canReview: true, reason: null });
    expect((await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 5, comment: "", withoutComment: true })).status).toBe(201);
    expect((await clientOf(other).post("/api/reviews", { practitionerId: practitioner.id, rating: 5, withoutComment: true })).status).toBe(201);
    expect(await averageOf(practitioner.id)).toBe("4.67");
    expect(await eligibilityOf(claraClient, practitioner.id)).toMatchObject({ canReview: false, reason: "already-reviewed" });
  });

  test("the practitioner cannot review themselves", async () => {
    const { practitioner } = await scene();
    const own = clientOf({ id: practitioner.userId } as User);
    await createBooking(t.db, { clientId: practitioner.userId, practitionerId: practitioner.id, status: "completed" });
    const res = await own.post("/api/reviews", { practitionerId: practitioner.id, rating: 5, withoutComment: true });
    expect(res.status).toBe(403);
    expect(await (await own.get(`/api/reviews/eligibility/${practitioner.id}`)).json()).toMatchObject({ canReview: false, reason: "own-profile" });
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
    expect((await claraClient.post("/api/reviews", { rating: 5, withoutComment: true })).status).toBe(400);
    const missing = await claraClient.post("/api/reviews", { practitionerId: "nope", rating: 5, withoutComment: true });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe("Practitioner not found");
    expect(await eligibilityOf(claraClient, practitioner.id)).toMatchObject({ canReview: true, reason: null });
  });

  test("a visitor's eligibility asks to sign in", async () => {
    const { practitioner } = await scene({ completed: 1 });
    expect(await (await t.client().get(`/api/reviews/eligibility/${practitioner.id}`)).json()).toMatchObject({ canReview: false, reason: "sign-in" });
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
    expect(Object.keys(list[0]).sort()).toEqual(["clientInitials", "clientName", "comment", "createdAt", "editedAt", "id", "practitionerId", "rating", "repliedAt", "reply"]);
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
    expect((await admin.post(`/api/admin/users/${practitioner.userId}/suspend`, { reason: "Test suspension" })).status).toBe(200);
    const res = await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 1, comment: "Hidden" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Practitioner not found" });
    expect((await claraClient.get(`/api/reviews/eligibility/${practitioner.id}`)).status).toBe(404);
    expect(await (await claraClient.get(`/api/reviews/client/${clara.id}`)).json()).toEqual([]);

    expect((await admin.post(`/api/admin/users/${practitioner.userId}/reinstate`)).status).toBe(200);
    expect((await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 5, withoutComment: true })).status).toBe(201);
    expect(await averageOf(practitioner.id)).toBe("5.00");
  });

  test("an unverified practitioner's session cannot be reviewed either", async () => {
    const unlisted = await createPractitioner(t.db, { user: { isEmailVerified: false } });
    const robin = await createUser(t.db, { firstName: "Robin" });
    await createBooking(t.db, { clientId: robin.id, practitionerId: unlisted.id, status: "completed", scheduledDatetime: new Date(Date.now() - 24 * HOUR) });
    const res = await clientOf(robin).post("/api/reviews", { practitionerId: unlisted.id, rating: 5, withoutComment: true });
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

describe("what a review says (issue 26)", () => {
  test("a rating of 1 or 2 needs a comment; an empty comment otherwise only when the person chose none", async () => {
    const { practitioner, claraClient } = await scene({ completed: 3 });
    for (const body of [{ rating: 2 }, { rating: 1, comment: "   " }, { rating: 2, withoutComment: true }]) {
      const res = await claraClient.post("/api/reviews", { practitionerId: practitioner.id, ...body });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(REVIEW_TEXTS.lowRatingNeedsComment);
    }
    const silent = await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 4 });
    expect(silent.status).toBe(400);
    expect((await silent.json()).message).toBe(REVIEW_TEXTS.commentOrNone);
    expect((await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 2, comment: "Late and rushed." })).status).toBe(201);
    expect((await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 5, withoutComment: true })).status).toBe(201);
  });

  test("the text saved is the text sent: every character, trimmed only at the ends", async () => {
    const { practitioner, claraClient } = await scene({ completed: 1 });
    const text = "Hello — a calm, kind session.\nI'd go again 🌿 (ça va).";
    const res = await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 5, comment: `  ${text}  ` });
    expect(((await res.json()) as ApiReview).comment).toBe(text);
  });
});

describe("editing, deleting and replying (issue 26)", () => {
  test("the author edits and deletes within 30 days; nobody else can; after 30 days it is a 409", async () => {
    const { practitioner, claraClient } = await scene({ completed: 2 });
    const review = (await (await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 3, comment: "Fine." })).json()) as ApiReview;
    const eligibility = (await eligibilityOf(claraClient, practitioner.id)) as ReviewEligibility;
    expect(eligibility.ownReview).toMatchObject({ id: review.id, rating: 3, comment: "Fine." });

    const edited = await claraClient.request(`/api/reviews/${review.id}`, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ rating: 5, comment: "Better than I said." }) });
    expect(edited.status).toBe(200);
    const after = (await edited.json()) as ApiReview;
    expect(after).toMatchObject({ rating: 5, comment: "Better than I said." });
    expect(after.editedAt).not.toBeNull();
    expect(await averageOf(practitioner.id)).toBe("5.00");
    // the low-rating rule holds for edits too
    const low = await claraClient.request(`/api/reviews/${review.id}`, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ rating: 1 }) });
    expect(low.status).toBe(400);

    const stranger = clientOf(await createUser(t.db));
    const patchAs = (c: TestClient) => c.request(`/api/reviews/${review.id}`, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ rating: 1, comment: "Hijacked" }) });
    expect((await patchAs(stranger)).status).toBe(403);
    expect((await stranger.request(`/api/reviews/${review.id}`, { method: "DELETE" })).status).toBe(403);
    expect((await t.client().request(`/api/reviews/${review.id}`, { method: "DELETE" })).status).toBe(401);
    expect((await claraClient.request(`/api/reviews/no-such-review`, { method: "DELETE" })).status).toBe(404);

    const age = async (ms: number) =>
      atomic(t.db, async (tx) => {
        await tx.update(reviews).set({ createdAt: new Date(t.clock.now.getTime() - ms) }).where(eq(reviews.id, review.id));
      });
    await age(31 * 24 * HOUR);
    const late = await patchAs(claraClient);
    expect(late.status).toBe(409);
    expect((await late.json()).message).toBe(REVIEW_TEXTS.editWindowClosed);
    expect((await claraClient.request(`/api/reviews/${review.id}`, { method: "DELETE" })).status).toBe(409);
    expect(((await eligibilityOf(claraClient, practitioner.id)) as ReviewEligibility).ownReview).toBeUndefined();
    await age(29 * 24 * HOUR);
    expect((await claraClient.request(`/api/reviews/${review.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await (await t.client().get(`/api/reviews/practitioner/${practitioner.id}`)).json()).toEqual([]);
    expect(await averageOf(practitioner.id)).toBeNull();
  });

  test("the reviewed practitioner posts one public reply and may change it; nobody else can reply", async () => {
    const { practitioner, claraClient } = await scene({ completed: 1 });
    const review = (await (await claraClient.post("/api/reviews", { practitionerId: practitioner.id, rating: 4, comment: "Kind." })).json()) as ApiReview;
    const owner = clientOf({ id: practitioner.userId } as User);
    expect(((await eligibilityOf(owner, practitioner.id)) as ReviewEligibility).canReply).toBe(true);
    const other = await createPractitioner(t.db);
    for (const c of [claraClient, clientOf({ id: other.userId } as User)]) expect((await c.post(`/api/reviews/${review.id}/reply`, { reply: "Not mine to give" })).status).toBe(403);
    expect((await t.client().post(`/api/reviews/${review.id}/reply`, { reply: "Anyone?" })).status).toBe(401);
    expect((await owner.post(`/api/reviews/${review.id}/reply`, { reply: "  " })).status).toBe(400);
    expect((await owner.post(`/api/reviews/${review.id}/reply`, { reply: "Thank you, Clara." })).status).toBe(201);
    const again = await owner.post(`/api/reviews/${review.id}/reply`, { reply: "Twice" });
    expect(again.status).toBe(409);
    const changed = await owner.request(`/api/reviews/${review.id}/reply`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ reply: "Thank you, Clara. See you soon." }) });
    expect(changed.status).toBe(200);
    const [listed] = (await (await t.client().get(`/api/reviews/practitioner/${practitioner.id}`)).json()) as ApiReview[];
    expect(listed.reply).toBe("Thank you, Clara. See you soon.");
    expect(listed.repliedAt).not.toBeNull();
    // a reply is text: markup stays as typed, control characters are refused
    expect((await owner.request(`/api/reviews/${review.id}/reply`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ reply: "a\u0000b" }) })).status).toBe(400);
  });
});
