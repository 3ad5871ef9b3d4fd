/**
 * 'Highest rated' sorts by the confidence-weighted rating (issue 26; core/search-meaning.ts
 * relevanceRatingFactor, decision 029): a single 5-star review does not beat forty 4.8s.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { DirectoryResponse } from "../../../core/practitioners";
import { relevanceRatingFactor } from "../../../core/search-meaning";
import { createPractitioner, createUser, type Practitioner } from "../../testing/factories";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";

let t: TestApp;
let client: TestClient;
let once: Practitioner;
let forty: Practitioner;
let unrated: Practitioner;

beforeAll(async () => {
  t = await createTestApp();
  const common = { specializations: ["Breathwork"], bio: "Breathwork for calm days and hard ones.", hourlyRateCents: 9000 };
  forty = await createPractitioner(t.db, { ...common, averageRating: 4.8, totalSessions: 40, createdAt: new Date(Date.UTC(2025, 0, 1)) });
  // newer than the 4.8, so the raw average or a tie-break on the newest would put it first
  once = await createPractitioner(t.db, { ...common, averageRating: 5, totalSessions: 1, createdAt: new Date(Date.UTC(2025, 5, 1)) });
  unrated = await createPractitioner(t.db, { ...common, averageRating: null, totalSessions: 0, createdAt: new Date(Date.UTC(2025, 6, 1)) });
  client = t.client();
  await t.loginAs(client, (await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium" })).id);
});
afterAll(() => t.cleanup());

async function order(query: string): Promise<string[]> {
  const res = await client.get(`/api/practitioners/all?${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as DirectoryResponse).practitioners.map((p) => p.id).filter((id) => [once.id, forty.id, unrated.id].includes(id));
}

describe("'Highest rated' (sort=rating)", () => {
  test("the formula: 4.8 over 40 sessions weighs more than 5.0 over one", () => {
    expect(relevanceRatingFactor(4.8, 40)).toBeGreaterThan(relevanceRatingFactor(5, 1));
  });

  test("forty 4.8s come before a single 5, unrated last: without a keyword (SQL) and with one (the in-memory index)", async () => {
    expect(await order("sort=rating&pageSize=48")).toEqual([forty.id, once.id, unrated.id]);
    expect(await order("q=breathwork&sort=rating&pageSize=48")).toEqual([forty.id, once.id, unrated.id]);
  });
});
