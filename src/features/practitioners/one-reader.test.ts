/**
 * One reader for the directory's URL (core/directory-params-schema.ts): the same query string sent
 * to GET /api/practitioners/all and to the pages /practitioners and /hive gives the same count and
 * the same ids, for a table of edge cases; the session filter (virtual / in person) on both.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { DirectoryResponse } from "../../../core/practitioners";
import { createPractitioner, createUser, type Practitioner } from "../../testing/factories";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";

let t: TestApp;
let client: TestClient;
const p: Record<string, Practitioner> = {};

beforeAll(async () => {
  t = await createTestApp();
  const base = Date.UTC(2025, 0, 1);
  p.cheap = await createPractitioner(t.db, { hourlyRateCents: 5000, isVirtual: true, isInPerson: false, specializations: ["Grief support"], createdAt: new Date(base) });
  p.dear = await createPractitioner(t.db, { hourlyRateCents: 35000, isVirtual: false, isInPerson: true, specializations: ["Burnout recovery"], createdAt: new Date(base + 1000) });
  p.both = await createPractitioner(t.db, { hourlyRateCents: 12000, isVirtual: true, isInPerson: true, archetype: "butterfly", specializations: ["Moving forward after loss"], createdAt: new Date(base + 2000) });
  client = t.client();
  await t.loginAs(client, (await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium" })).id);
});
afterAll(() => t.cleanup());

async function fromApi(query: string): Promise<{ status: number; total?: number; ids?: string[] }> {
  const res = await client.get(`/api/practitioners/all?${query}`);
  if (res.status !== 200) return { status: res.status };
  const body = (await res.json()) as DirectoryResponse;
  return { status: 200, total: body.accessInfo.total, ids: body.practitioners.map((x) => x.id) };
}

/** The page's own data: the directory response it rendered, dehydrated for the island. */
async function fromPage(path: string, query: string): Promise<{ total: number; ids: string[] }> {
  const res = await client.get(`${path}?${query}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const json = /<script type="application\/json" id="__QUERY_STATE__">([\s\S]*?)<\/script>/.exec(html)![1];
  const state = JSON.parse(json) as { queries: { state: { data: unknown } }[] };
  const body = state.queries.map((q) => q.state.data).find((d): d is DirectoryResponse => typeof d === "object" && d !== null && "accessInfo" in d)!;
  return { total: body.accessInfo.total, ids: body.practitioners.map((x) => x.id) };
}

// [query, what both must answer (keys), or 'refused' when the API answers 400 and the page leaves the value out]
const EDGE_CASES: [string, string[]][] = [
  ["maxPrice=300", ["cheap", "dear", "both"]], // the slider's top, '$300+', is no bound (the example)
  ["maxPrice=299", ["cheap", "both"]],
  ["maxPrice=100000", ["cheap", "dear", "both"]],
  ["minPrice=0", ["cheap", "dear", "both"]],
  ["minPrice=200&maxPrice=100", ["both"]], // inverted: swapped
  ["minPrice=100&maxPrice=200", ["both"]],
  ["minPrice=&maxPrice=", ["cheap", "dear", "both"]], // empty strings are no value
  ["maxPrice=80&maxPrice=400", ["cheap"]], // repeated: the first counts
  ["archetype=", ["cheap", "dear", "both"]],
  ["session=virtual", ["cheap", "both"]],
  ["session=in-person", ["dear", "both"]],
  ["session=", ["cheap", "dear", "both"]],
  ["q=grief", ["cheap", "both"]], // by meaning: 'loss' is grief work
  ["q=grief&session=in-person", ["both"]],
  ["q=burnout&maxPrice=300", ["dear"]],
  ["q=grief&archetype=butterfly&maxPrice=150", ["both"]],
];

describe("the API and the pages read one URL the same way", () => {
  test.each(EDGE_CASES)("%p", async (query, keys) => {
    const expected = keys.map((k) => p[k].id);
    const api = await fromApi(query);
    expect(api.status).toBe(200);
    expect(new Set(api.ids)).toEqual(new Set(expected));
    expect(api.total).toBe(expected.length);
    for (const path of ["/practitioners", "/hive"]) {
      const page = await fromPage(path, query);
      expect(page.total, path).toBe(api.total!);
      expect(page.ids, path).toEqual(api.ids!);
    }
  });

  test("a value the schema refuses: the API says why (400), the page leaves it out", async () => {
    for (const query of ["archetype=dragon", "session=teleport", "level=guru", "minPrice=-5"]) {
      expect((await fromApi(query)).status, query).toBe(400);
      expect((await fromPage("/practitioners", query)).total, query).toBe(3);
    }
  });
});
