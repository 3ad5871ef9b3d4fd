import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { atomic } from "../../../db/client";
import { practitioners, users } from "../../../db/schema";
import type { DirectoryResponse } from "../../../core/practitioners";
import type { ApiPractitioner } from "../../../core/types";
import { createPractitioner, createUser, type Practitioner } from "../../testing/factories";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";

let t: TestApp;
const p: Record<string, Practitioner> = {};
const DAY = 24 * 60 * 60 * 1000;
const base = Date.UTC(2025, 0, 1);

beforeAll(async () => {
  t = await createTestApp();
  p.reiki = await createPractitioner(t.db, {
    archetype: "bee",
    experienceLevel: "rising",
    bio: "Gentle sessions to settle a busy mind.",
    specializations: ["Reiki", "Sleep support"],
    professionalCategories: ["reiki"],
    hourlyRateCents: 8500,
    location: "Portland, OR",
    averageRating: 4.8,
    totalSessions: 20,
    isFeatured: true,
    createdAt: new Date(base),
  });
  p.intuitive = await createPractitioner(t.db, {
    archetype: "hummingbird",
    experienceLevel: "wise",
    bio: "Clear intuitive readings for a crossroads moment.",
    specializations: ["Clarity sessions"],
    professionalCategories: ["spiritual_counseling"],
    hourlyRateCents: 15000,
    location: "Sedona, AZ",
    averageRating: 4.2,
    totalSessions: 60,
    createdAt: new Date(base + DAY),
  });
  p.transitions = await createPractitioner(t.db, {
    archetype: "butterfly",
    experienceLevel: "evolving",
    bio: "I walk with people through grief, endings and new chapters; reiki is not part of my work.",
    specializations: ["Grief support", "Career change", "New parenthood", "Midlife renewal"],
    professionalCategories: ["life_coaching", "counseling"],
    hourlyRateCents: 12000,
    location: "London, UK",
    averageRating: null,
    totalSessions: 5,
    createdAt: new Date(base + 2 * DAY),
  });
  p.shadow = await createPractitioner(t.db, {
    archetype: "beetle",
    experienceLevel: "wise",
    bio: "Deep, patient shadow work and trauma integration.",
    specializations: ["Shadow work", "Trauma integration"],
    professionalCategories: ["somatic_experiencing", "emdr"],
    hourlyRateCents: 25000,
    location: "Brooklyn, NY",
    averageRating: 5,
    totalSessions: 100,
    createdAt: new Date(base + 3 * DAY),
  });
  p.massage = await createPractitioner(t.db, {
    archetype: "bee",
    experienceLevel: "evolving",
    bio: "Massage for chronic tension and meditation for the mind.",
    specializations: ["Chronic tension"],
    professionalCategories: ["massage_therapy"],
    hourlyRateCents: 6000,
    location: "Zürich, CH",
    averageRating: 3.9,
    totalSessions: 12,
    createdAt: new Date(base + 4 * DAY),
  });
  // eight more plain Bees, so that every access limit and page boundary is crossed
  for (let i = 0; i < 8; i++) {
    p[`bee${i}`] = await createPractitioner(t.db, { bio: `Grounding support number ${i}.`, specializations: ["Stress release"], professionalCategories: ["breathwork"], location: "Austin, TX", hourlyRateCents: 7000 + i * 100, createdAt: new Date(base + (5 + i) * DAY) });
  }
  // words found only inside other words: 'therapy' in Psychotherapy, 'ness' in wellness
  p.psycho = await createPractitioner(t.db, {
    archetype: "hummingbird",
    experienceLevel: "evolving",
    bio: "Integrative psychotherapy for lasting wellness.",
    specializations: ["Psychotherapy", "Mindfulness"],
    professionalCategories: ["psychology"],
    hourlyRateCents: 17500,
    location: "Oslo, NO",
    averageRating: null,
    totalSessions: 30,
    createdAt: new Date(base + 13 * DAY),
  });
});
afterAll(() => t.cleanup());

const TOTAL = 14;
/** The featured practitioner, then the earliest: the set every visitor and preview user sees. */
const PREVIEW_SET = () => [p.reiki.id, p.intuitive.id, p.transitions.id];
const BASIC_SET = () => [p.reiki.id, p.intuitive.id, p.transitions.id, p.shadow.id, p.massage.id, ...[0, 1, 2, 3, 4].map((i) => p[`bee${i}`].id)];

async function directory(client: TestClient, query = ""): Promise<DirectoryResponse> {
  const res = await client.get(`/api/practitioners/all${query ? `?${query}` : ""}`);
  expect(res.status).toBe(200);
  return (await res.json()) as DirectoryResponse;
}

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}): Promise<TestClient> {
  const client = t.client();
  await t.loginAs(client, (await createUser(t.db, overrides)).id);
  return client;
}

const premium = () => signedIn({ accessLevel: "premium", subscriptionStatus: "premium" });
const ids = (r: DirectoryResponse) => r.practitioners.map((x) => x.id);

describe("GET /api/practitioners (featured)", () => {
  test("answers the first 3, featured first", async () => {
    const res = await t.client().get("/api/practitioners");
    const list = (await res.json()) as ApiPractitioner[];
    expect(list).toHaveLength(3);
    expect(list[0].id).toBe(p.reiki.id);
  });
});

describe("GET /api/practitioners/all: access limits are enforced by the API", () => {
  test("a visitor sees 3 of all, with an upgrade required", async () => {
    const r = await directory(t.client());
    expect(ids(r)).toEqual(PREVIEW_SET());
    expect(r.accessInfo).toEqual({ upgradeRequired: true, shown: 3, total: TOTAL, accessLevel: "preview" });
    expect(r.pagination).toMatchObject({ page: 1, totalPages: 1, available: 3 });
  });

  test("a preview user sees 3, also on later pages and with a large page size", async () => {
    const client = await signedIn({ accessLevel: "preview" });
    expect((await directory(client)).practitioners).toHaveLength(3);
    const page2 = await directory(client, "page=2&pageSize=2");
    expect(page2.practitioners).toHaveLength(1);
    expect(page2.pagination).toMatchObject({ page: 2, totalPages: 2 });
    const beyond = await directory(client, "page=3&pageSize=2");
    expect(beyond.pagination.page).toBe(2);
    expect(beyond.practitioners).toHaveLength(1);
    expect((await directory(client, "pageSize=48")).practitioners).toHaveLength(3);
  });

  test("the limit is a fixed set: changing filters, sorts, keywords and pages never shows a fourth practitioner", async () => {
    const client = t.client();
    const seen = new Set<string>();
    const queries = [
      "",
      "level=wise",
      "level=evolving",
      "archetype=beetle",
      "archetype=bee",
      "archetype=butterfly&level=evolving",
      "minPrice=200",
      "maxPrice=80",
      "q=shadow",
      "q=grounding",
      "q=therapy",
      "q=ness",
      "q=reiki",
      "q=stress",
      ...["rating", "price-low", "price-high", "experience", "newest", "sessions", "featured"].map((sort) => `sort=${sort}`),
      "sort=newest&pageSize=1&page=2",
      "sort=rating&pageSize=1&page=3",
    ];
    for (const query of queries) {
      const r = await directory(client, query);
      for (const id of ids(r)) seen.add(id);
      expect(r.accessInfo.shown, query).toBeLessThanOrEqual(3);
      expect(r.accessInfo.total, query).toBeGreaterThanOrEqual(r.accessInfo.shown);
      expect(r.accessInfo.upgradeRequired, query).toBe(r.accessInfo.total > r.accessInfo.shown);
    }
    expect([...seen].sort()).toEqual(PREVIEW_SET().sort());
  });

  test("filters, sorts and keywords apply within the set; total counts the whole directory", async () => {
    const client = t.client();
    const wise = await directory(client, "level=wise");
    expect(ids(wise)).toEqual([p.intuitive.id]);
    expect(wise.accessInfo).toEqual({ upgradeRequired: true, shown: 1, total: 2, accessLevel: "preview" });
    const beetles = await directory(client, "archetype=beetle");
    expect(beetles.practitioners).toEqual([]);
    expect(beetles.accessInfo).toMatchObject({ upgradeRequired: true, shown: 0, total: 1 });
    expect((await directory(client, "q=shadow")).accessInfo).toMatchObject({ shown: 0, total: 1, upgradeRequired: true });
    expect(ids(await directory(client, "q=reiki"))).toEqual([p.reiki.id, p.transitions.id]);
    expect(ids(await directory(client, "sort=rating"))).toEqual([p.reiki.id, p.intuitive.id, p.transitions.id]);
    expect(ids(await directory(client, "sort=price-high"))).toEqual([p.intuitive.id, p.transitions.id, p.reiki.id]);
    expect(ids(await directory(client, "sort=newest"))).toEqual([p.transitions.id, p.intuitive.id, p.reiki.id]);
  });

  test("no upgrade is asked when every match is in the set", async () => {
    const r = await directory(t.client(), "archetype=butterfly");
    expect(ids(r)).toEqual([p.transitions.id]);
    expect(r.accessInfo).toMatchObject({ upgradeRequired: false, shown: 1, total: 1 });
  });

  test("a basic user sees the first 10, whatever the filters", async () => {
    const client = await signedIn({ accessLevel: "basic", subscriptionStatus: "premium" });
    const r = await directory(client, "pageSize=48");
    expect(ids(r)).toEqual(BASIC_SET());
    expect(r.accessInfo).toMatchObject({ upgradeRequired: true, shown: 10, total: TOTAL, accessLevel: "basic" });
    const stress = await directory(client, "q=stress&sort=price-high");
    expect(stress.accessInfo).toMatchObject({ shown: 5, total: 8, upgradeRequired: true });
    expect(ids(stress)).toEqual([4, 3, 2, 1, 0].map((i) => p[`bee${i}`].id));
    expect((await directory(client, "q=psychotherapy")).accessInfo).toMatchObject({ shown: 0, total: 1 });
  });

  test("premium and unlimited users see all, paged", async () => {
    const client = await premium();
    const first = await directory(client);
    expect(first.practitioners).toHaveLength(12);
    expect(first.accessInfo).toEqual({ upgradeRequired: false, shown: TOTAL, total: TOTAL, accessLevel: "premium" });
    expect(first.pagination).toEqual({ page: 1, pageSize: 12, totalPages: 2, available: TOTAL });
    const second = await directory(client, "page=2");
    expect(second.practitioners).toHaveLength(TOTAL - 12);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(TOTAL);
    const unlimited = await directory(await signedIn({ accessLevel: "unlimited", subscriptionStatus: "premium" }), "pageSize=48");
    expect(unlimited.practitioners).toHaveLength(TOTAL);
  });

  test("a trial that has ended counts as preview", async () => {
    const r = await directory(await signedIn({ accessLevel: "premium", subscriptionStatus: "trial", trialEndDate: new Date(Date.now() - DAY) }));
    expect(r.accessInfo.accessLevel).toBe("preview");
    expect(ids(r)).toEqual(PREVIEW_SET());
  });

  test("a profile stays public at every level: the indexable landing pages (decision 006)", async () => {
    const res = await t.client().get(`/api/practitioners/${p.psycho.id}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ApiPractitioner).id).toBe(p.psycho.id);
  });
});

describe("GET /api/practitioners/all: filters and sorts", () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await premium();
  });

  test("archetype and level filters match exactly", async () => {
    expect(ids(await directory(client, "archetype=beetle"))).toEqual([p.shadow.id]);
    expect(new Set(ids(await directory(client, "level=wise")))).toEqual(new Set([p.intuitive.id, p.shadow.id]));
    expect(ids(await directory(client, "archetype=bee&level=evolving"))).toEqual([p.massage.id]);
  });

  test("price range in dollars, bounds included", async () => {
    const r = await directory(client, "minPrice=120&maxPrice=150&sort=price-low");
    expect(ids(r)).toEqual([p.transitions.id, p.intuitive.id]);
    expect(ids(await directory(client, "minPrice=250"))).toEqual([p.shadow.id]);
    expect((await directory(client, "maxPrice=60")).practitioners.map((x) => x.hourlyRate)).toEqual(["60.00"]);
  });

  test("sorts: rating (unrated last), prices, experience, newest, sessions, featured", async () => {
    const all = "pageSize=48";
    const rating = (await directory(client, `${all}&sort=rating`)).practitioners;
    expect(rating.slice(0, 4).map((x) => x.id)).toEqual([p.shadow.id, p.reiki.id, p.intuitive.id, p.massage.id]);
    expect(rating.at(-1)!.averageRating).toBeNull();
    const low = (await directory(client, `${all}&sort=price-low`)).practitioners.map((x) => Number(x.hourlyRate));
    expect(low).toEqual([...low].sort((a, b) => a - b));
    const high = (await directory(client, `${all}&sort=price-high`)).practitioners.map((x) => Number(x.hourlyRate));
    expect(high).toEqual([...high].sort((a, b) => b - a));
    const rank = { wise: 3, evolving: 2, rising: 1 } as const;
    const experience = (await directory(client, `${all}&sort=experience`)).practitioners.map((x) => rank[x.experienceLevel]);
    expect(experience).toEqual([...experience].sort((a, b) => b - a));
    expect(experience[0]).toBe(3);
    const newest = (await directory(client, `${all}&sort=newest`)).practitioners.map((x) => x.createdAt);
    expect(newest).toEqual([...newest].sort().reverse());
    expect(ids(await directory(client, "sort=sessions")).slice(0, 2)).toEqual([p.shadow.id, p.intuitive.id]);
    expect(ids(await directory(client, "sort=featured"))[0]).toBe(p.reiki.id);
  });

  test("invalid parameters are refused with a readable 400", async () => {
    for (const [query, text] of [
      ["archetype=dragon", "archetype must be one of"],
      ["level=master", "level must be one of"],
      ["sort=random", "sort must be one of"],
      ["page=0", "page must be"],
      ["pageSize=49", "pageSize must be"],
      ["minPrice=-1", "negative"],
      ["minPrice=abc", "Prices are numbers"],
      [`q=${"a".repeat(201)}`, "at most 200"],
    ]) {
      const res = await client.get(`/api/practitioners/all?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { message: string }).message, query).toContain(text);
    }
  });
});

describe("GET /api/practitioners/all: keyword search", () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await premium();
  });
  const search = async (q: string, extra = "") => directory(client, `q=${encodeURIComponent(q)}${extra}`);

  test("matches bio and specializations, case-insensitively (the spec's floor)", async () => {
    // 'crossroads' is also a seeker's word for a life transition (core/search-meaning.ts): 'Career change' and
    // 'new chapters' match too, and a specialization weighs more than the word in a bio
    expect(new Set(ids(await search("CROSSROADS")))).toEqual(new Set([p.intuitive.id, p.transitions.id]));
    expect(ids(await search("clarity"))).toEqual([p.intuitive.id]);
    expect(ids(await search("midlife"))).toEqual([p.transitions.id]);
  });

  test("also matches professional categories, archetype names and essences, and location", async () => {
    expect(new Set(ids(await search("counseling")))).toEqual(new Set([p.transitions.id, p.intuitive.id]));
    expect(ids(await search("emdr"))).toEqual([p.shadow.id]);
    expect(new Set(ids(await search("hummingbird")))).toEqual(new Set([p.intuitive.id, p.psycho.id]));
    expect(ids(await search("transformation"))).toEqual([p.transitions.id]);
    expect(ids(await search("sedona"))).toEqual([p.intuitive.id]);
    expect(ids(await search("zurich"))).toEqual([p.massage.id]);
  });

  test("substrings (the spec's 'contains'): 'therapy' in Psychotherapy, 'ness' in wellness, any case, diacritics folded", async () => {
    // massage_therapy is a word match and ranks first; Psychotherapy only contains the text
    expect(ids(await search("therapy"))).toEqual([p.massage.id, p.psycho.id]);
    expect(ids(await search("ness"))).toEqual([p.psycho.id]);
    expect(ids(await search("RAPY"))).toEqual([p.psycho.id, p.massage.id]);
    expect(ids(await search("arenthood"))).toEqual([p.transitions.id]);
    expect(ids(await search("rossroad"))).toEqual([p.intuitive.id]);
    expect(ids(await search("ürich"))).toEqual([p.massage.id]);
    expect(ids(await search("therapy", "&sort=price-high"))).toEqual([p.psycho.id, p.massage.id]);
    expect(ids(await search("therapy", "&archetype=hummingbird"))).toEqual([p.psycho.id]);
    expect(ids(await search("ness", "&level=wise"))).toEqual([]);
    expect((await search("therapy", "&maxPrice=100")).accessInfo.total).toBe(1);
  });

  test("words of 1-2 characters stay word prefixes (trigrams need 3)", async () => {
    expect(ids(await search("se"))).toContain(p.intuitive.id); // Sedona
    expect(ids(await search("sl"))).toEqual([p.reiki.id]); // Sleep support
    expect(ids(await search("ep"))).toEqual([]); // inside 'sleep', but too short for a substring
  });

  test("word prefixes: 'medit' finds meditation, 'integrat' finds integration", async () => {
    expect(ids(await search("medit"))).toEqual([p.massage.id]);
    expect(ids(await search("integrat"))).toEqual([p.shadow.id, p.psycho.id]);
    expect(ids(await search("shadow trauma"))).toEqual([p.shadow.id]);
  });

  test("ranks by relevance: a specialization outweighs a passing mention in a bio", async () => {
    const r = await search("reiki");
    expect(ids(r)).toEqual([p.reiki.id, p.transitions.id]);
    expect(r.sort).toBe("relevance");
  });

  test("combines with filters and other sorts", async () => {
    expect(ids(await search("reiki", "&archetype=butterfly"))).toEqual([p.transitions.id]);
    expect(ids(await search("wise"))).toHaveLength(2);
    expect(ids(await search("reiki", "&sort=price-high"))).toEqual([p.transitions.id, p.reiki.id]);
    expect(ids(await search("reiki", "&maxPrice=100"))).toEqual([p.reiki.id]);
    expect((await search("reiki", "&level=wise")).practitioners).toEqual([]);
  });

  test("odd input never fails: quotes, operators, syntax, emoji, SQL", async () => {
    const odd = [
      '"',
      '"reiki',
      'reiki"',
      "*",
      "reiki*",
      "AND",
      "OR reiki",
      "NOT",
      "NEAR(reiki sleep)",
      "reiki -bee",
      "bio:reiki",
      "^reiki",
      "(",
      "))((",
      "{reiki}",
      "reiki + sleep",
      "'; DROP TABLE practitioners; --",
      "🦄",
      "💆‍♀️ reiki",
      "ﬁ", // a ligature: NFKC turns it into letters
      "a",
      "x".repeat(200),
    ];
    // a control character is refused in every text a person sends (issue 26), a search included
    expect((await client.get(`/api/practitioners/all?q=${encodeURIComponent("\u0000")}`)).status).toBe(400);
    for (const q of odd) {
      const res = await client.get(`/api/practitioners/all?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    expect(ids(await search('"reiki'))).toContain(p.reiki.id);
    // operators are words like any other: 'or' matches Portland, OR
    expect(ids(await search("OR reiki"))).toEqual([p.reiki.id]);
    expect(ids(await search("🦄"))).toEqual([]);
    expect(ids(await search("🪲"))).toEqual([p.shadow.id]);
    expect(ids(await search("'; DROP TABLE practitioners; --"))).toEqual([]);
    expect((await directory(client)).accessInfo.total).toBe(TOTAL);
  });
});

describe("GET /api/practitioners/{id}", () => {
  test("answers the spec's shape", async () => {
    const res = await t.client().get(`/api/practitioners/${p.reiki.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: p.reiki.id,
      archetype: "bee",
      experienceLevel: "rising",
      hourlyRate: "85.00",
      averageRating: "4.80",
      isVirtual: true,
      isInPerson: false,
      location: "Portland, OR",
      specializations: ["Reiki", "Sleep support"],
    });
  });

  test("404 'Practitioner not found'", async () => {
    const res = await t.client().get("/api/practitioners/no-such-id");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Practitioner not found" });
  });
});

describe("the search index follows every write", () => {
  test("an update by any writer is searchable at once; a deleted account disappears", async () => {
    const client = await premium();
    const extra = await createPractitioner(t.db, { bio: "Qigong in the park.", specializations: ["Qigong"] });
    expect(ids(await directory(client, "q=qigong"))).toEqual([extra.id]);
    await atomic(t.db, async (tx) => {
      await tx.update(practitioners).set({ bio: "Forest bathing walks.", specializations: ["Forest bathing"] }).where(eq(practitioners.id, extra.id));
    });
    expect(ids(await directory(client, "q=qigong"))).toEqual([]);
    expect(ids(await directory(client, "q=forest"))).toEqual([extra.id]);
    await atomic(t.db, async (tx) => {
      await tx.update(practitioners).set({ averageRating: 5, totalSessions: 1000 }).where(eq(practitioners.id, extra.id));
    });
    // 'Highest rated' weighs the rating by its evidence: a 5.0 over 1,000 sessions comes first
    expect(ids(await directory(client, "sort=rating"))[0]).toBe(extra.id);
    await atomic(t.db, async (tx) => {
      await tx.delete(users).where(eq(users.id, extra.userId));
    });
    expect(ids(await directory(client, "q=forest"))).toEqual([]);
    expect((await directory(client)).accessInfo.total).toBe(TOTAL);
  });
});
