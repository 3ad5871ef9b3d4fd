import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { gardenContent, gardenInteractions, seedsTransactions, seedsWallets } from "../../../db/schema";
import { atomic, first as firstRow } from "../../../db/client";
import type { GardenLikeResponse, GardenListResponse, GardenShareResponse, GardenViewResponse, ApiGardenReviewItem, ApiGardenContent } from "../../../core/garden";
import { GARDEN_LIMITS, GARDEN_TEXTS } from "../../../core/garden";
import { BROAD_MATCHES } from "../../../db/garden-search";
import { createGardenContent, createPractitioner, createUser, type User } from "../../testing/factories";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";

let t: TestApp;
let premium: User;
let basic: User;
let preview: User;
let admin: User;
let practitionerUser: User;
let premiumClient: TestClient;
let basicClient: TestClient;
let previewClient: TestClient;
let adminClient: TestClient;
let practitionerClient: TestClient;
let otherAuthor: User;

const share = (overrides: Record<string, unknown> = {}) => ({
  title: "Morning grounding",
  description: "A tiny routine",
  content: "Feet on the floor.\n\nBreathe out longer than in.",
  contentType: "exercise",
  tags: ["grounding", "morning"],
  ...overrides,
});

function signedIn(user: User): TestClient {
  const client = t.client();
  t.loginAs(client, user.id);
  return client;
}

async function list(client: TestClient, query = ""): Promise<GardenListResponse> {
  const res = await client.get(`/api/garden/content${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as GardenListResponse;
}

beforeAll(async () => {
  t = await createTestApp();
  premium = await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium", firstName: "Clara", lastName: "Whitmore" });
  basic = await createUser(t.db, { accessLevel: "basic", subscriptionStatus: "premium" });
  preview = await createUser(t.db);
  admin = await createUser(t.db, { roles: ["admin"], accessLevel: "unlimited", subscriptionStatus: "premium" });
  const practitionerUserId = (await createPractitioner(t.db, { archetype: "hummingbird", user: { accessLevel: "premium", subscriptionStatus: "premium" } })).userId;
  practitionerUser = { id: practitionerUserId } as User;
  otherAuthor = await createUser(t.db);
  premiumClient = signedIn(premium);
  basicClient = signedIn(basic);
  previewClient = signedIn(preview);
  adminClient = signedIn(admin);
  practitionerClient = signedIn(practitionerUser);
});
afterAll(() => t.cleanup());

describe("POST /api/garden/content", () => {
  test("a visitor gets 401 before the body is read; a basic or preview user gets 403 with the upgrade message", async () => {
    expect((await t.client().post("/api/garden/content", share())).status).toBe(401);
    expect((await t.client().post("/api/garden/content", { title: 42 })).status).toBe(401);
    for (const client of [basicClient, previewClient]) {
      const res = await client.post("/api/garden/content", share());
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe("This feature requires upgraded access");
    }
    expect((await t.db.select().from(gardenContent).where(eq(gardenContent.authorId, basic.id)))).toEqual([]);
  });

  test("a premium client shares: pending, 25 Seeds paid in the ledger and the wallet, with the spec's toast texts", async () => {
    const res = await premiumClient.post("/api/garden/content", share());
    expect(res.status).toBe(201);
    const body = (await res.json()) as GardenShareResponse;
    expect(body.message).toBe("Content shared!");
    expect(body.description).toBe("You earned 25 Seeds for sharing to the Garden.");
    expect(body.seedsEarned).toBe(25);
    expect(body.content.status).toBe("pending");
    expect(body.content.tags).toEqual(["grounding", "morning"]);
    expect(body.content.author).toEqual({ firstName: "Clara", lastName: "W." });
    const ledger = (await t.db.select().from(seedsTransactions).where(eq(seedsTransactions.userId, premium.id)));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amount: 25, type: "earned", reason: "garden_upload", referenceId: body.content.id, balanceAfter: 25 });
    const wallet = (await firstRow(t.db.select().from(seedsWallets).where(eq(seedsWallets.userId, premium.id))))!;
    expect(wallet).toMatchObject({ seedsBalance: 25, totalEarned: 25, currentTier: "seedling", nextTierThreshold: 100 });
  });

  test("a practitioner earns 50 (the 2x multiplier)", async () => {
    const body = (await (await practitionerClient.post("/api/garden/content", share({ title: "Precision breath" }))).json()) as GardenShareResponse;
    expect(body.seedsEarned).toBe(50);
    expect(body.description).toBe("You earned 50 Seeds for sharing to the Garden.");
    expect(body.content.seedsReward).toBe(50);
    expect(body.content.authorArchetype).toBe("hummingbird");
  });

  test("pending content is listed only for its author, marked pending, first", async () => {
    const mine = await list(premiumClient);
    expect(mine.content[0]).toMatchObject({ title: "Morning grounding", status: "pending", isMine: true });
    for (const client of [t.client(), basicClient]) {
      const theirs = await list(client);
      expect(theirs.content.some((c) => c.title === "Morning grounding")).toBe(false);
    }
  });

  test("tags are trimmed, empties dropped, repeats removed; HTML is kept as text", async () => {
    const body = (await (
      await premiumClient.post("/api/garden/content", share({ title: "  <b>Bold</b> idea  ", content: "<script>alert(1)</script>", tags: [" calm ", "", "   ", "Calm", "sleep"] }))
    ).json()) as GardenShareResponse;
    expect(body.content.tags).toEqual(["calm", "sleep"]);
    expect(body.content.title).toBe("<b>Bold</b> idea");
    expect(body.content.content).toBe("<script>alert(1)</script>");
  });

  test("bad input is a 400 with a readable message, and nothing is written", async () => {
    const before = (await t.db.select().from(gardenContent)).length;
    const ledgerBefore = (await t.db.select().from(seedsTransactions)).length;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [share({ title: "x".repeat(GARDEN_LIMITS.titleMax + 1) }), /title must be at most 120 characters/],
      [share({ title: "   " }), /title is required/],
      [share({ content: "" }), /content is required/],
      [share({ content: "y".repeat(GARDEN_LIMITS.contentMax + 1) }), /content must be at most/],
      [share({ contentType: "podcast" }), /contentType must be one of/],
      [share({ tags: Array.from({ length: 11 }, (_, i) => `tag${i}`) }), /^Add at most 10 tags\.$/],
      [share({ tags: ["calm", "x".repeat(31), "y".repeat(31)] }), /^Each tag can be at most 30 characters\.$/],
      [share({ tags: "calm, sleep" }), /^Tags must be a list of text\.$/],
      [share({ title: "broken \ud800 surrogate" }), /malformed characters/],
      [share({ content: "nul \u0000 byte" }), /control character/],
      [share({ title: "two\nlines" }), /one line/],
    ];
    for (const [body, message] of cases) {
      const res = await premiumClient.post("/api/garden/content", body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(message);
    }
    const malformed = await premiumClient.request("/api/garden/content", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(malformed.status).toBe(400);
    expect((await t.db.select().from(gardenContent)).length).toBe(before);
    expect((await t.db.select().from(seedsTransactions)).length).toBe(ledgerBefore);
  });

  test("a cross-site write is refused", async () => {
    const res = await premiumClient.post("/api/garden/content", share(), { origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });

  test("a retry with the same Idempotency-Key shares and pays once", async () => {
    const headers = { "idempotency-key": "retry-key-0001" };
    const first = (await (await premiumClient.post("/api/garden/content", share({ title: "Once only" }), headers)).json()) as GardenShareResponse;
    const second = (await (await premiumClient.post("/api/garden/content", share({ title: "Once only" }), headers)).json()) as GardenShareResponse;
    expect(second.content.id).toBe(first.content.id);
    expect((await t.db.select().from(gardenContent).where(eq(gardenContent.title, "Once only")))).toHaveLength(1);
    expect((await premiumClient.post("/api/garden/content", share(), { "idempotency-key": "bad key!" })).status).toBe(400);
  });

  test("the same Idempotency-Key with a different body is a 422 and shares nothing; the same body still replays", async () => {
    const headers = { "idempotency-key": "reused-key-0001" };
    const first = await premiumClient.post("/api/garden/content", share({ title: "First piece" }), headers);
    expect(first.status).toBe(201);
    const firstAnswer = (await first.json()) as GardenShareResponse;
    const ledgerBefore = (await t.db.select().from(seedsTransactions)).length;
    for (const other of [share({ title: "Second piece" }), share({ title: "First piece", tags: ["evening"] }), share({ title: "First piece", contentType: "meditation" })]) {
      const reused = await premiumClient.post("/api/garden/content", other, headers);
      expect(reused.status).toBe(422);
      expect((await reused.json()).message).toBe(GARDEN_TEXTS.idempotencyKeyReused);
    }
    expect((await t.db.select().from(gardenContent).where(eq(gardenContent.title, "Second piece")))).toHaveLength(0);
    expect((await t.db.select().from(seedsTransactions)).length).toBe(ledgerBefore);
    // a retry of the same content (other key order, spacing validation trims) answers the first share again
    const { tags, title, ...rest } = share({ title: "  First piece " });
    const again = await premiumClient.request("/api/garden/content", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ tags, ...rest, title }) });
    expect(again.status).toBe(201);
    expect(((await again.json()) as GardenShareResponse).content.id).toBe(firstAnswer.content.id);
    // keys are per user: another member's same key is theirs
    expect((await practitionerClient.post("/api/garden/content", share({ title: "Second piece" }), headers)).status).toBe(201);
  });

  test("the per-user rate limit answers 429 and writes nothing", async () => {
    const author = await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium" });
    const client = signedIn(author);
    for (let i = 0; i < GARDEN_LIMITS.uploadsPerHour; i++) expect((await client.post("/api/garden/content", share({ title: `Note ${i}` }))).status).toBe(201);
    const refused = await client.post("/api/garden/content", share({ title: "One too many" }));
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/sharing quickly/);
    expect((await t.db.select().from(gardenContent).where(eq(gardenContent.authorId, author.id)))).toHaveLength(GARDEN_LIMITS.uploadsPerHour);
    t.clock.advance(61 * 60 * 1000);
    expect((await client.post("/api/garden/content", share({ title: "An hour later" }))).status).toBe(201);
  });
});

describe("GET /api/garden/content", () => {
  let approvedIds: string[] = [];
  beforeAll(async () => {
    const author = await createUser(t.db, { firstName: "Ada", lastName: "Lovelace" });
    approvedIds = [
      (await createGardenContent(t.db, { authorId: author.id, title: "Singing bowls for sleep", contentType: "audio", tags: ["sleep"], createdAt: new Date(Date.now() - 5000) })).id,
      (await createGardenContent(t.db, { authorId: author.id, title: "How I found my practitioner", contentType: "article", tags: ["Success Story"], createdAt: new Date(Date.now() - 4000) })).id,
      (await createGardenContent(t.db, { authorId: author.id, title: "Loving kindness", contentType: "meditation", content: "May you be well. ".repeat(40), createdAt: new Date(Date.now() - 3000) })).id,
    ];
    await createGardenContent(t.db, { authorId: otherAuthor.id, title: "Rejected piece", status: "rejected" });
    await createGardenContent(t.db, { authorId: otherAuthor.id, title: "Private piece", isPublic: false });
  });

  test("everyone sees approved public content newest first, never rejected or private items", async () => {
    const body = await list(t.client());
    const titles = body.content.map((c) => c.title);
    expect(titles).toContain("Loving kindness");
    expect(titles).not.toContain("Rejected piece");
    expect(titles).not.toContain("Private piece");
    expect(body.content.every((c) => c.status === "approved")).toBe(true);
    expect(body.total).toBe(3);
    expect(titles.slice(0, 3)).toEqual(["Loving kindness", "How I found my practitioner", "Singing bowls for sleep"]);
  });

  test("content type, category and keyword filter on the server", async () => {
    expect((await list(t.client(), "?contentType=audio")).content.map((c) => c.title)).toEqual(["Singing bowls for sleep"]);
    expect((await list(t.client(), "?category=success-stories")).content.map((c) => c.title)).toEqual(["How I found my practitioner"]);
    expect((await list(t.client(), "?category=insights")).content.map((c) => c.title)).toEqual([]);
    expect((await list(t.client(), "?category=meditations")).content.map((c) => c.title)).toEqual(["Loving kindness"]);
    expect((await list(t.client(), "?q=sing")).content.map((c) => c.title)).toEqual(["Singing bowls for sleep"]);
    expect((await list(t.client(), "?q=" + encodeURIComponent('"kindness" (*'))).content.map((c) => c.title)).toEqual(["Loving kindness"]);
    expect((await list(t.client(), "?q=zzzz")).total).toBe(0);
  });

  test("a search with no letters or digits (a lone emoji, '***', a quote) finds nothing, as in the directory, not every piece", async () => {
    const author = await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium" });
    const client = signedIn(author);
    expect((await client.post("/api/garden/content", share({ title: "My own 🌻 piece" }))).status).toBe(201);
    for (const q of ["🌻", "***", '"', "-- !"]) {
      for (const viewer of [t.client(), client]) {
        const body = await list(viewer, `?q=${encodeURIComponent(q)}`);
        expect({ q, total: body.total, titles: body.content.map((c) => c.title) }).toEqual({ q, total: 0, titles: [] });
      }
    }
  });

  test("limit and offset page on the server and are bounded", async () => {
    const page = await list(t.client(), "?limit=1&offset=1");
    expect(page.content.map((c) => c.title)).toEqual(["How I found my practitioner"]);
    expect(page.total).toBe(3);
    for (const bad of ["?limit=0", "?limit=51", "?limit=abc", "?offset=-1", "?offset=99999999", "?contentType=podcast", "?category=nope", `?q=${"a".repeat(201)}`]) {
      const res = await t.client().get(`/api/garden/content${bad}`);
      expect(res.status).toBe(400);
      expect(typeof (await res.json()).message).toBe("string");
    }
  });

  test("an author's pending items come first and page with the rest", async () => {
    const author = await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium" });
    const client = signedIn(author);
    for (const title of ["Pending one", "Pending two"]) {
      t.clock.advance(1000);
      await client.post("/api/garden/content", share({ title }));
    }
    const all = await list(client, "?limit=50");
    expect(all.content.slice(0, 2).map((c) => [c.title, c.status])).toEqual([["Pending two", "pending"], ["Pending one", "pending"]]);
    expect(all.total).toBe(5);
    const second = await list(client, "?limit=2&offset=2");
    expect(second.content.map((c) => c.title)).toEqual(["Loving kindness", "How I found my practitioner"]);
    expect((await list(client, "?limit=2&offset=1")).content.map((c) => c.title)).toEqual(["Pending one", "Loving kindness"]);
  });

  test("visitors and preview accounts see an excerpt; basic and up read the whole text", async () => {
    const long = (await list(t.client(), "?category=meditations")).content[0];
    expect(long.contentLocked).toBe(true);
    expect(long.content!.length).toBeLessThanOrEqual(GARDEN_LIMITS.excerptLength + 1);
    expect((await list(previewClient, "?category=meditations")).content[0].contentLocked).toBe(true);
    const full = (await list(basicClient, "?category=meditations")).content[0];
    expect(full.contentLocked).toBe(false);
    expect(full.content).toBe("May you be well. ".repeat(40));
  });

  test("GET /api/garden/content/{id}: visible items only", async () => {
    expect((await t.client().get(`/api/garden/content/${approvedIds[0]}`)).status).toBe(200);
    const rejected = (await firstRow(t.db.select().from(gardenContent).where(eq(gardenContent.title, "Rejected piece"))))!;
    expect((await t.client().get(`/api/garden/content/${rejected.id}`)).status).toBe(404);
    expect((await t.client().get(`/api/garden/content/nope`)).status).toBe(404);
  });
});

describe("likes", async () => {
  let item: string;
  beforeAll(async () => {
    item = (await createGardenContent(t.db, { authorId: otherAuthor.id, title: "Likeable" })).id;
  });

  const likeRows = async () => (await t.db.select().from(gardenInteractions).where(and(eq(gardenInteractions.contentId, item), eq(gardenInteractions.interactionType, "like")))).length;
  const likeCount = async () => (await firstRow(t.db.select().from(gardenContent).where(eq(gardenContent.id, item))))!.likeCount;

  test("a visitor is asked to sign in", async () => {
    const res = await t.client().post(`/api/garden/content/${item}/like`);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe("Please sign in to like content");
  });

  test("a first press likes, a second unlikes; the count equals the like rows", async () => {
    const liked = (await (await basicClient.post(`/api/garden/content/${item}/like`)).json()) as GardenLikeResponse;
    expect(liked).toEqual({ contentId: item, liked: true, likeCount: 1, message: "Content liked!" });
    expect((await list(basicClient, "?q=likeable")).content[0].likedByMe).toBe(true);
    await premiumClient.post(`/api/garden/content/${item}/like`);
    expect([await likeRows(), await likeCount()]).toEqual([2, 2]);
    const unliked = (await (await basicClient.post(`/api/garden/content/${item}/like`)).json()) as GardenLikeResponse;
    expect(unliked.liked).toBe(false);
    expect([await likeRows(), await likeCount()]).toEqual([1, 1]);
  });

  test("100 concurrent likes by one user leave exactly one like; the counter equals the rows", async () => {
    const user = await createUser(t.db);
    const client = signedIn(user);
    const mine = async () =>
      (await t.db.select().from(gardenInteractions).where(and(eq(gardenInteractions.contentId, item), eq(gardenInteractions.userId, user.id), eq(gardenInteractions.interactionType, "like")))).length;
    const answers = await Promise.all(Array.from({ length: 100 }, () => client.post(`/api/garden/content/${item}/like`, { liked: true })));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(await mine()).toBe(1);
    expect(await likeCount()).toBe(await likeRows());
    // plain presses toggle: 101 concurrent presses from "liked" end unliked, never with two rows
    await Promise.all(Array.from({ length: 101 }, () => client.post(`/api/garden/content/${item}/like`)));
    expect(await mine()).toBe(0);
    expect(await likeCount()).toBe(await likeRows());
    expect((await client.post(`/api/garden/content/${item}/like`, { liked: "yes" })).status).toBe(400);
  });

  test("pending, rejected and unknown content cannot be liked (404); a cross-site like is refused", async () => {
    const pending = (await createGardenContent(t.db, { authorId: otherAuthor.id, status: "pending" })).id;
    expect((await basicClient.post(`/api/garden/content/${pending}/like`)).status).toBe(404);
    expect((await basicClient.post(`/api/garden/content/nope/like`)).status).toBe(404);
    expect((await basicClient.post(`/api/garden/content/${item}/like`, undefined, { origin: "https://evil.example" })).status).toBe(403);
  });
});

describe("POST /api/garden/interaction (views)", () => {
  let item: string;
  beforeAll(async () => {
    item = (await createGardenContent(t.db, { authorId: otherAuthor.id, title: "Viewable" })).id;
  });

  test("signed-in only; counted once per user per item per day", async () => {
    expect((await t.client().post("/api/garden/interaction", { contentId: item, interactionType: "view" })).status).toBe(401);
    const first = (await (await basicClient.post("/api/garden/interaction", { contentId: item, interactionType: "view" })).json()) as GardenViewResponse;
    expect(first).toEqual({ contentId: item, counted: true, viewCount: 1, downloadCount: 0 });
    const again = (await (await basicClient.post("/api/garden/interaction", { contentId: item, interactionType: "view" })).json()) as GardenViewResponse;
    expect(again).toEqual({ contentId: item, counted: false, viewCount: 1, downloadCount: 0 });
    const concurrent = await Promise.all(Array.from({ length: 20 }, () => premiumClient.post("/api/garden/interaction", { contentId: item, interactionType: "view" })));
    expect(concurrent.every((r) => r.status === 200)).toBe(true);
    expect((await firstRow(t.db.select().from(gardenContent).where(eq(gardenContent.id, item))))!.viewCount).toBe(2);
    t.clock.advance(24 * 60 * 60 * 1000);
    expect(((await (await basicClient.post("/api/garden/interaction", { contentId: item, interactionType: "view" })).json()) as GardenViewResponse).counted).toBe(true);
  });

  test("only 'view' is accepted; unknown content is a 404", async () => {
    expect((await basicClient.post("/api/garden/interaction", { contentId: item, interactionType: "like" })).status).toBe(400);
    expect((await basicClient.post("/api/garden/interaction", { contentId: item })).status).toBe(400);
    expect((await basicClient.post("/api/garden/interaction", { contentId: "nope", interactionType: "view" })).status).toBe(404);
  });
});

describe("the review queue", () => {
  test("admin only: visitors 401, others 403", async () => {
    expect((await t.client().get("/api/garden/review-queue")).status).toBe(401);
    expect((await premiumClient.get("/api/garden/review-queue")).status).toBe(403);
    const someId = (await firstRow(t.db.select().from(gardenContent).where(eq(gardenContent.status, "pending"))))!.id;
    expect((await premiumClient.post(`/api/garden/content/${someId}/approve`)).status).toBe(403);
    expect((await t.client().post(`/api/garden/content/${someId}/reject`, { reason: "Not a fit for the Garden" })).status).toBe(401);
    expect((await firstRow(t.db.select().from(gardenContent).where(eq(gardenContent.id, someId))))!.status).toBe("pending");
  });

  test("approve makes it visible to everyone with status approved; approving twice is a 409", async () => {
    const author = await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium" });
    const shared = (await (await signedIn(author).post("/api/garden/content", share({ title: "To approve" }))).json()) as GardenShareResponse;
    const queue = (await (await adminClient.get("/api/garden/review-queue")).json()) as ApiGardenReviewItem[];
    expect(queue.find((q) => q.id === shared.content.id)).toMatchObject({ title: "To approve", authorEmail: author.email, seedsReward: 25, status: "pending" });
    const res = await adminClient.post(`/api/garden/content/${shared.content.id}/approve`);
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe("approved");
    const seen = (await list(t.client(), "?q=approve")).content.find((c) => c.id === shared.content.id) as ApiGardenContent;
    expect(seen.status).toBe("approved");
    expect((await adminClient.post(`/api/garden/content/${shared.content.id}/approve`)).status).toBe(409);
    expect((await adminClient.post(`/api/garden/content/nope/approve`)).status).toBe(404);
  });

  test("reject hides it and reverses the reward with a new ledger row; the wallet equals its ledger", async () => {
    const author = await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium" });
    const client = signedIn(author);
    const shared = (await (await client.post("/api/garden/content", share({ title: "To reject" }))).json()) as GardenShareResponse;
    const res = await adminClient.post(`/api/garden/content/${shared.content.id}/reject`, { reason: "Not a fit for the Garden" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "rejected", seedsReversed: 25 });
    const ledger = (await t.db.select().from(seedsTransactions).where(eq(seedsTransactions.userId, author.id)));
    expect(ledger.map((r) => [r.amount, r.balanceAfter])).toEqual([[25, 25], [-25, 0]]);
    expect(ledger[1].description).toMatch(/not approved/);
    const wallet = (await firstRow(t.db.select().from(seedsWallets).where(eq(seedsWallets.userId, author.id))))!;
    expect(wallet.seedsBalance).toBe(0);
    expect(wallet.totalEarned).toBe(0);
    expect((await list(client)).content.some((c) => c.id === shared.content.id)).toBe(false);
    expect((await adminClient.post(`/api/garden/content/${shared.content.id}/reject`, { reason: "Not a fit for the Garden" })).status).toBe(409);
  });
});

describe("keyword search", () => {
  test("a word prefix of any length finds the piece, in any script; the middle of a word does not", async () => {
    const author = await createUser(t.db);
    const { id } = await createGardenContent(t.db, { authorId: author.id, title: "Wayfinding meditation", content: "ध्यान और श्वास", tags: ["Überraschung"] });
    for (const q of ["wa", "way", "wayf", "wayfi", "wayfin", "wayfind", "wayfinding", "WAYFINDING meditation", "ध्यान", "श्वा", "uberrasch"]) {
      expect({ q, ids: (await list(t.client(), `?q=${encodeURIComponent(q)}`)).content.map((c) => c.id) }).toEqual({ q, ids: [id] });
    }
    for (const q of ["ayfinding", "wayfindingx"]) expect((await list(t.client(), `?q=${encodeURIComponent(q)}`)).content.map((c) => c.id)).not.toContain(id);
  });
});

describe("keyword search with many matches", () => {
  test("a broad keyword (over BROAD_MATCHES word matches) pages newest first; counts stop at the window past the page", async () => {
    const author = await createUser(t.db);
    const base = Date.now() + 10_000_000;
    const row = (title: string, status: "pending" | "approved", at: number) => ({
      authorId: author.id,
      title,
      contentType: "article" as const,
      content: "x",
      status,
      createdAt: new Date(at),
      updatedAt: new Date(at),
    });
    const rows = [
      ...Array.from({ length: BROAD_MATCHES + 100 }, (_, i) => row(`Tidepool note ${i}`, i % 10 === 0 ? "pending" : "approved", base + i * 1000)),
      // newer than every match, so a page that ignored the keyword would start with these
      ...Array.from({ length: 5 }, (_, i) => row(`Unrelated newest ${i}`, "approved", base + 10_000_000 + i)),
    ];
    await atomic(t.db, async (tx) => {
      for (let i = 0; i < rows.length; i += 500) await tx.insert(gardenContent).values(rows.slice(i, i + 500));
    });
    const approved = BROAD_MATCHES + 100 - Math.ceil((BROAD_MATCHES + 100) / 10);
    const step = GARDEN_LIMITS.keywordCountStep;
    expect(approved).toBeGreaterThan(step);
    expect(approved).toBeLessThan(2 * step);
    const first = await list(t.client(), "?q=tidepool&limit=3");
    // counted up to the first window only: '1,000+ pieces'
    expect([first.total, first.totalExact]).toEqual([step, false]);
    expect(first.content.map((c) => c.title)).toEqual([`Tidepool note ${BROAD_MATCHES + 99}`, `Tidepool note ${BROAD_MATCHES + 98}`, `Tidepool note ${BROAD_MATCHES + 97}`]);
    const last = await list(t.client(), `?q=tidepool&limit=3&offset=${approved - 1}`);
    expect(last.content.map((c) => c.title)).toEqual(["Tidepool note 1"]);
    // the page past the first window counts up to the second, which holds every match: exact
    expect([last.total, last.totalExact]).toEqual([approved, true]);
    const filtered = await list(t.client(), "?q=tidepool&category=insights&limit=1");
    expect([filtered.total, filtered.totalExact]).toEqual([step, false]);
    expect(await list(t.client(), `?q=tidepool&category=insights&limit=1&offset=${step}`)).toMatchObject({ total: approved, totalExact: true });
    // a type the matches do not have: nothing, exactly
    expect(await list(t.client(), "?q=tidepool&contentType=audio")).toMatchObject({ total: 0, totalExact: true, content: [] });
  });
});
