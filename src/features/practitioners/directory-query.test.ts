import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { ARCHETYPES, EXPERIENCE_LEVELS } from "../../../db/schema/enums";
import { DIRECTORY_SORTS } from "../../../web/lib/constants";
import { seedBulkPractitioners } from "../../demo/seed";
import { createPractitioner } from "../../testing/factories";
import { createTestDatabase, type TestDatabase } from "../../testing/test-db";
import { countDirectory, pageDirectory, rebuildPractitionerSearch, type DirectoryQuery } from "./directory-query";
import { ftsMatchExpression } from "./search-text";

let t: TestDatabase;
beforeAll(() => {
  t = createTestDatabase();
  seedBulkPractitioners(t.sqlite, 400);
  // bulk rows have no ratings or sessions: give some, with ties, so that every sort has work to do
  t.sqlite.exec(`UPDATE practitioners SET average_rating = (abs(random()) % 5) + 1, total_sessions = abs(random()) % 7, is_featured = (abs(random()) % 10 = 0) WHERE abs(random()) % 3 > 0`);
});
afterAll(() => t.cleanup());

function queries(): DirectoryQuery[] {
  const out: DirectoryQuery[] = [];
  for (const q of [null, "grounding", "session"]) {
    for (const archetype of [null, ARCHETYPES[1]]) {
      for (const level of [null, ...EXPERIENCE_LEVELS]) {
        for (const price of [null, [6000, 15000]] as const) {
          for (const sort of DIRECTORY_SORTS) {
            if (sort === "relevance" && !q) continue;
            out.push({ match: q ? ftsMatchExpression(q) : null, archetype, level, minRateCents: price?.[0] ?? null, maxRateCents: price?.[1] ?? null, sort });
          }
        }
      }
    }
  }
  return out;
}

describe("pageDirectory", () => {
  test("both plans (collect-and-sort for few matches, walk the sort index for many) give the same pages", () => {
    let compared = 0;
    for (const query of queries()) {
      const matches = countDirectory(t.sqlite, query);
      for (const offset of [0, 12, 36]) {
        const collected = pageDirectory(t.sqlite, query, 1, offset, 12);
        const walked = pageDirectory(t.sqlite, query, 1_000_000, offset, 12);
        expect(walked, JSON.stringify({ query, offset })).toEqual(collected);
        expect(collected.length).toBe(Math.max(0, Math.min(12, matches - offset)));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  test("pages never overlap and cover every match once", () => {
    const query: DirectoryQuery = { match: null, archetype: "bee", level: null, minRateCents: null, maxRateCents: null, sort: "rating" };
    const total = countDirectory(t.sqlite, query);
    const seen: string[] = [];
    for (let offset = 0; offset < total; offset += 12) seen.push(...pageDirectory(t.sqlite, query, total, offset, 12));
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });
});

describe("rebuildPractitionerSearch", () => {
  test("restores a lost index from the practitioners table", () => {
    const query: DirectoryQuery = { match: ftsMatchExpression("grounding"), archetype: null, level: "wise", minRateCents: null, maxRateCents: null, sort: "newest" };
    const before = pageDirectory(t.sqlite, query, countDirectory(t.sqlite, query), 0, 12);
    expect(before.length).toBeGreaterThan(0);
    t.sqlite.exec(`INSERT INTO practitioner_search(practitioner_search) VALUES ('delete-all')`);
    t.sqlite.exec(`DELETE FROM practitioner_directory`);
    expect(countDirectory(t.sqlite, query)).toBe(0);
    rebuildPractitionerSearch(t.sqlite);
    expect(pageDirectory(t.sqlite, query, countDirectory(t.sqlite, query), 0, 12)).toEqual(before);
  });
});

describe("countDirectory", () => {
  test("the cached unfiltered total follows writes of this and of other connections", () => {
    const all: DirectoryQuery = { match: null, archetype: null, level: null, minRateCents: null, maxRateCents: null, sort: "featured" };
    const before = countDirectory(t.sqlite, all);
    const added = createPractitioner(t.db);
    expect(countDirectory(t.sqlite, all)).toBe(before + 1);
    const other = new Database(t.path);
    try {
      other.exec("PRAGMA foreign_keys = ON");
      other.query("DELETE FROM users WHERE id = ?").run(added.userId);
    } finally {
      other.close();
    }
    expect(countDirectory(t.sqlite, all)).toBe(before);
  });
});
