import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { ARCHETYPES, EXPERIENCE_LEVELS } from "../../core/enums";
import { DIRECTORY_SORTS, SEARCH_RANK_ALL_MAX, SEARCH_RANKED_MATCHES } from "../../core/constants";
import { seedBulkPractitioners } from "../../src/demo/bulk";
import { createPractitioner } from "../../src/testing/factories";
import { createTestDatabase, type TestDatabase } from "../../src/testing/test-db";
import { countDirectory, pageDirectory, rankedMatchesCap, type DirectoryQuery } from "./practitioner-search";
import { keywordSearch } from "./practitioner-search-text";
import { readConnectionOf, withWriteConnection } from "./testing";
import { rebuildPractitionerSearch as rebuildThroughSeam } from "../practitioner-search";

let t: TestDatabase;
/** The connection the searches read (the read-only one with POLLINATE_SEPARATE_READER=1). */
const reader = () => readConnectionOf(t.db);
beforeAll(async () => {
  t = await createTestDatabase();
  await seedBulkPractitioners(t.db, 400);
  // bulk rows have no ratings or sessions: give some, with ties, so that every sort has work to do
  await withWriteConnection(t.db, (sqlite) => sqlite.exec(`UPDATE practitioners SET average_rating = (abs(random()) % 5) + 1, total_sessions = abs(random()) % 7, is_featured = (abs(random()) % 10 = 0) WHERE abs(random()) % 3 > 0`));
});
afterAll(() => t.cleanup());

function queries(): DirectoryQuery[] {
  const out: DirectoryQuery[] = [];
  for (const q of [null, "grounding", "session", "ound", "in ground"]) {
    for (const archetype of [null, ARCHETYPES[1]]) {
      for (const level of [null, ...EXPERIENCE_LEVELS]) {
        for (const price of [null, [6000, 15000]] as const) {
          for (const sort of DIRECTORY_SORTS) {
            if (sort === "relevance" && !q) continue;
            out.push({ keyword: q ? keywordSearch(q) : null, archetype, level, minRateCents: price?.[0] ?? null, maxRateCents: price?.[1] ?? null, sort });
          }
        }
      }
    }
  }
  return out;
}

describe("pageDirectory", () => {
  test("every plan (collect-and-sort for few matches, walk the sort index for many, with lookups or a set) gives the same pages", () => {
    let compared = 0;
    for (const query of queries()) {
      const matches = countDirectory(reader(), query);
      for (const offset of [0, 12, 36]) {
        const collected = pageDirectory(reader(), query, 1, offset, 12, "collect");
        if (query.keyword === null || query.sort === "relevance") {
          expect(pageDirectory(reader(), query, 1_000_000, offset, 12), JSON.stringify({ query, offset })).toEqual(collected);
        } else {
          expect(pageDirectory(reader(), query, 1_000_000, offset, 12, "set"), JSON.stringify({ query, offset })).toEqual(collected);
          // lookups cost ~15 µs a row walked: compared where they would be chosen, on first pages without a level
          if (offset === 0 && query.level === null) expect(pageDirectory(reader(), query, 1_000_000, offset, 12, "probe"), JSON.stringify({ query, offset })).toEqual(collected);
        }
        expect(collected.length).toBe(Math.max(0, Math.min(12, matches - offset)));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(500);
  }, 60_000); // thousands of queries: ~3 s alone, much longer on a busy machine

  test("pages never overlap and cover every match once", () => {
    const query: DirectoryQuery = { keyword: null, archetype: "bee", level: null, minRateCents: null, maxRateCents: null, sort: "rating" };
    const total = countDirectory(reader(), query);
    const seen: string[] = [];
    for (let offset = 0; offset < total; offset += 12) seen.push(...pageDirectory(reader(), query, total, offset, 12));
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });
});

describe("relevance", () => {
  const relevance = (q: string, facets: Partial<DirectoryQuery> = {}): DirectoryQuery => ({
    keyword: keywordSearch(q),
    archetype: null,
    level: null,
    minRateCents: null,
    maxRateCents: null,
    sort: "relevance",
    ...facets,
  });

  test("pages cover every match once, across the word matches and the substring-only matches after them", () => {
    for (const query of [relevance("ound"), relevance("ing"), relevance("ground"), relevance("ing", { archetype: "bee", minRateCents: 6000 }), relevance("in ground")]) {
      const total = countDirectory(reader(), query);
      expect(total, JSON.stringify(query.keyword)).toBeGreaterThan(0);
      const seen: string[] = [];
      for (let offset = 0; offset < total; offset += 7) seen.push(...pageDirectory(reader(), query, total, offset, 7));
      expect(seen.length, JSON.stringify(query.keyword)).toBe(total);
      expect(new Set(seen).size).toBe(total);
    }
  });

  test("every match is ranked up to SEARCH_RANK_ALL_MAX matches; beyond, paging stops at the ranked bound", () => {
    const query = relevance("grief");
    expect(rankedMatchesCap(query, SEARCH_RANK_ALL_MAX)).toBeNull();
    expect(rankedMatchesCap(query, SEARCH_RANK_ALL_MAX + 1)).toBe(SEARCH_RANKED_MATCHES);
    expect(rankedMatchesCap({ ...query, sort: "rating" }, SEARCH_RANK_ALL_MAX + 1)).toBeNull();
  });
});

describe("relevance ranks older matches too", () => {
  let big: TestDatabase;
  beforeAll(async () => {
    big = await createTestDatabase();
  });
  afterAll(() => big.cleanup());

  test("a strong older match outranks more than SEARCH_RANKED_MATCHES newer passing mentions", async () => {
    const strong = await createPractitioner(big.db, { specializations: ["Kelp foraging"], professionalCategories: ["herbalism"], bio: "Kelp, kelp and more kelp: foraging walks on the shore.", createdAt: new Date(Date.UTC(2020, 0, 1)) });
    const weak = SEARCH_RANKED_MATCHES + 100;
    await withWriteConnection(big.db, (sqlite) => {
      const insert = sqlite.prepare(
        `INSERT INTO practitioners (id, user_id, archetype, experience_level, bio, specializations, professional_categories, created_at, updated_at)
         VALUES (?, ?, 'bee', 'rising', ?, '["Stress release"]', '["reiki"]', ?, ?)`,
      );
      for (let i = 0; i < weak; i++) {
        const userId = crypto.randomUUID();
        sqlite.prepare(`INSERT INTO users (id, email, is_email_verified, created_at, updated_at) VALUES (?, ?, 1, ?, ?)`).run(userId, `weak${i}@example.test`, Date.UTC(2024, 0, 1) + i, Date.UTC(2024, 0, 1) + i);
        insert.run(crypto.randomUUID(), userId, `A long bio about many things, one of which is kelp, among ${i} other topics of a wide and varied practice.`, Date.UTC(2024, 0, 1) + i, Date.UTC(2024, 0, 1) + i);
      }
    });
    const query: DirectoryQuery = { keyword: keywordSearch("kelp"), archetype: null, level: null, minRateCents: null, maxRateCents: null, sort: "relevance" };
    const total = countDirectory(readConnectionOf(big.db), query);
    expect(total).toBe(weak + 1);
    expect(total).toBeLessThanOrEqual(SEARCH_RANK_ALL_MAX);
    expect(pageDirectory(readConnectionOf(big.db), query, total, 0, 12)[0]).toBe(strong.id);
  });
});

describe("rebuildPractitionerSearch", () => {
  test("restores a lost index from the practitioners table", async () => {
    const query: DirectoryQuery = { keyword: keywordSearch("grounding"), archetype: null, level: "wise", minRateCents: null, maxRateCents: null, sort: "newest" };
    const before = pageDirectory(reader(), query, countDirectory(reader(), query), 0, 12);
    expect(before.length).toBeGreaterThan(0);
    const substring: DirectoryQuery = { ...query, keyword: keywordSearch("roundin"), sort: "relevance" };
    const beforeSubstring = pageDirectory(reader(), substring, countDirectory(reader(), substring), 0, 12);
    expect(beforeSubstring.length).toBeGreaterThan(0);
    await withWriteConnection(t.db, (sqlite) => {
      sqlite.exec(`INSERT INTO practitioner_search(practitioner_search) VALUES ('delete-all')`);
      sqlite.exec(`INSERT INTO practitioner_substring(practitioner_substring) VALUES ('delete-all')`);
      sqlite.exec(`DELETE FROM practitioner_directory`);
    });
    expect(countDirectory(reader(), query)).toBe(0);
    expect(countDirectory(reader(), substring)).toBe(0);
    await rebuildThroughSeam(t.db);
    expect(pageDirectory(reader(), query, countDirectory(reader(), query), 0, 12)).toEqual(before);
    expect(pageDirectory(reader(), substring, countDirectory(reader(), substring), 0, 12)).toEqual(beforeSubstring);
  });
});

describe("countDirectory", () => {
  test("the cached unfiltered total follows writes of this and of other connections", async () => {
    const all: DirectoryQuery = { keyword: null, archetype: null, level: null, minRateCents: null, maxRateCents: null, sort: "featured" };
    const before = countDirectory(reader(), all);
    const added = await createPractitioner(t.db);
    expect(countDirectory(reader(), all)).toBe(before + 1);
    const other = new Database(t.path);
    try {
      other.exec("PRAGMA foreign_keys = ON");
      other.query("DELETE FROM users WHERE id = ?").run(added.userId);
    } finally {
      other.close();
    }
    expect(countDirectory(reader(), all)).toBe(before);
  });
});

describe("only listed practitioners (a verified owner, not suspended) are in the directory and its indexes", () => {
  const byWord = (word: string): DirectoryQuery => ({ keyword: keywordSearch(word), archetype: null, level: null, minRateCents: null, maxRateCents: null, sort: "relevance" });
  const found = (word: string) => pageDirectory(reader(), byWord(word), countDirectory(reader(), byWord(word)), 0, 12);
  const setVerified = (userId: string, verified: boolean) =>
    withWriteConnection(t.db, (sqlite) => sqlite.query("UPDATE users SET is_email_verified = ? WHERE id = ?").run(verified ? 1 : 0, userId));

  test("verifying lists the profile, un-verifying unlists it, and a rebuild keeps unverified owners out", async () => {
    const p = await createPractitioner(t.db, { specializations: ["Marshwillow drumming"], user: { isEmailVerified: false } });
    expect(found("marshwillow")).toEqual([]);
    expect(found("shwill")).toEqual([]);
    await setVerified(p.userId, true);
    expect(found("marshwillow")).toEqual([p.id]);
    expect(found("shwill")).toEqual([p.id]);
    await setVerified(p.userId, false);
    expect(found("marshwillow")).toEqual([]);
    expect(found("shwill")).toEqual([]);
    await rebuildThroughSeam(t.db);
    expect(found("marshwillow")).toEqual([]);
    await setVerified(p.userId, true);
    await rebuildThroughSeam(t.db);
    expect(found("marshwillow")).toEqual([p.id]);
  });

  const setSuspended = (userId: string, suspended: boolean) =>
    withWriteConnection(t.db, (sqlite) => sqlite.query("UPDATE users SET suspended_at = ? WHERE id = ?").run(suspended ? Date.now() : null, userId));
  const version = () => (reader().query("SELECT version FROM practitioner_directory_version").get() as { version: number }).version;

  test("suspending unlists the profile (the directory's version moves), reinstating lists it again while verified; a rebuild keeps suspended owners out", async () => {
    const p = await createPractitioner(t.db, { specializations: ["Quillfern chanting"] });
    expect(found("quillfern")).toEqual([p.id]);
    let before = version();
    await setSuspended(p.userId, true);
    expect(found("quillfern")).toEqual([]);
    expect(found("illfer")).toEqual([]);
    expect(version()).toBeGreaterThan(before);
    // suspending again, or verifying while suspended, lists nothing
    await setSuspended(p.userId, true);
    await setVerified(p.userId, true);
    expect(found("quillfern")).toEqual([]);
    await rebuildThroughSeam(t.db);
    expect(found("quillfern")).toEqual([]);
    before = version();
    await setSuspended(p.userId, false);
    expect(found("quillfern")).toEqual([p.id]);
    expect(found("illfer")).toEqual([p.id]);
    expect(version()).toBeGreaterThan(before);
    // reinstating an unverified owner lists nothing until the address is verified
    await setVerified(p.userId, false);
    await setSuspended(p.userId, true);
    await setSuspended(p.userId, false);
    expect(found("quillfern")).toEqual([]);
    await setVerified(p.userId, true);
    expect(found("quillfern")).toEqual([p.id]);
    // both at once, in one statement: suspended and verified is not listed
    await withWriteConnection(t.db, (sqlite) => {
      sqlite.query("UPDATE users SET is_email_verified = 0, suspended_at = NULL WHERE id = ?").run(p.userId);
      sqlite.query("UPDATE users SET is_email_verified = 1, suspended_at = ? WHERE id = ?").run(Date.now(), p.userId);
    });
    expect(found("quillfern")).toEqual([]);
    await withWriteConnection(t.db, (sqlite) => sqlite.query("UPDATE users SET suspended_at = NULL WHERE id = ?").run(p.userId));
    expect(found("quillfern")).toEqual([p.id]);
  });

  test("a profile created for a suspended account is not listed until the account is reinstated", async () => {
    const p = await createPractitioner(t.db, { specializations: ["Duskbramble rituals"], user: { suspendedAt: new Date() } });
    expect(found("duskbramble")).toEqual([]);
    await withWriteConnection(t.db, (sqlite) => sqlite.query("UPDATE practitioners SET bio = 'Edited while suspended.' WHERE id = ?").run(p.id));
    expect(found("duskbramble")).toEqual([]);
    await setSuspended(p.userId, false);
    expect(found("duskbramble")).toEqual([p.id]);
  });
});
