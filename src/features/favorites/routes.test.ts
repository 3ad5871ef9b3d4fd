import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { ApiFavorite, FavoriteToggleResponse } from "../../../core/favorites";
import { createPractitioner, createUser, type Practitioner, type User } from "../../testing/factories";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";

let t: TestApp;
let first: Practitioner;
let second: Practitioner;
let user: User;
let client: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  first = await createPractitioner(t.db);
  second = await createPractitioner(t.db, { archetype: "beetle", experienceLevel: "wise" });
  user = await createUser(t.db);
  client = t.client();
  t.loginAs(client, user.id);
});
afterAll(() => t.cleanup());

async function favorites(c: TestClient, userId: string) {
  const res = await c.get(`/api/favorites/${userId}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ApiFavorite[];
}

describe("POST /api/favorites toggles", () => {
  test("a visitor gets 401", async () => {
    expect((await t.client().post("/api/favorites", { practitionerId: first.id })).status).toBe(401);
  });

  test("a visitor gets 401 before the body is checked: a bad or malformed body is not a 400", async () => {
    expect((await t.client().post("/api/favorites", {})).status).toBe(401);
    expect((await t.client().post("/api/favorites", { practitionerId: 42 })).status).toBe(401);
    const malformed = await t.client().request("/api/favorites", { method: "POST", headers: { "content-type": "application/json" }, body: "[1," });
    expect(malformed.status).toBe(401);
  });

  test("adds, lists with the card data (latest first), and removes", async () => {
    const added = await client.post("/api/favorites", { practitionerId: first.id });
    expect(added.status).toBe(200);
    expect((await added.json()) as FavoriteToggleResponse).toEqual({ practitionerId: first.id, isFavorite: true, message: "Favorites updated!" });
    t.clock.advance(60_000);
    await client.post("/api/favorites", { practitionerId: second.id });

    const list = await favorites(client, user.id);
    // in the order the API answers: the one added a minute later first
    expect(list.map((f) => f.practitionerId)).toEqual([second.id, first.id]);
    expect(list.map((f) => f.createdAt)).toEqual([new Date(t.clock.now).toISOString(), new Date(t.clock.now.getTime() - 60_000).toISOString()]);
    expect(list.find((f) => f.practitionerId === second.id)!.practitioner).toMatchObject({ archetype: "beetle", hourlyRate: "85.00" });

    const removed = (await (await client.post("/api/favorites", { practitionerId: first.id })).json()) as FavoriteToggleResponse;
    expect(removed.isFavorite).toBe(false);
    expect((await favorites(client, user.id)).map((f) => f.practitionerId)).toEqual([second.id]);
  });

  test("an unknown practitioner is a 404; a missing id a 400", async () => {
    const res = await client.post("/api/favorites", { practitionerId: "nope" });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe("Practitioner not found");
    expect((await client.post("/api/favorites", {})).status).toBe(400);
  });
});

describe("a practitioner who is not listed yet", () => {
  test("cannot be added to anyone's favourites (404, as its profile), so its profile never comes back through them", async () => {
    const unlisted = await createPractitioner(t.db, { bio: "Not listed yet: my private draft.", user: { isEmailVerified: false } });
    const stranger = await createUser(t.db);
    const browser = t.client();
    t.loginAs(browser, stranger.id);
    const res = await browser.post("/api/favorites", { practitionerId: unlisted.id });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe("Practitioner not found");
    expect(JSON.stringify(await favorites(browser, stranger.id))).not.toContain("private draft");
  });
});

describe("GET /api/favorites/{userId}: that user or an admin only", () => {
  test("another user gets 403, a visitor 401, an admin 200", async () => {
    const other = t.client();
    t.loginAs(other, (await createUser(t.db)).id);
    const refused = await other.get(`/api/favorites/${user.id}`);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("You can only see your own data");
    expect((await t.client().get(`/api/favorites/${user.id}`)).status).toBe(401);
    const admin = t.client();
    t.loginAs(admin, (await createUser(t.db, { roles: ["admin"] })).id);
    expect((await favorites(admin, user.id)).map((f) => f.practitionerId)).toEqual([second.id]);
  });
});
