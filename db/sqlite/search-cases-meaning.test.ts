/**
 * db/search-cases-meaning.ts on SQLite: every case through the neutral search (the in-memory
 * index once warm) and through the FTS5 tables directly (countDirectory / pageDirectory), which
 * must give the expected keys in order.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { EMPTY_DIRECTORY_FILTERS, effectiveSort, normalisePriceRange, type DirectoryFilters } from "../../core/directory-params";
import { decimalToCents } from "../../core/money";
import { createPractitioner } from "../../src/testing/factories";
import { createTestDatabase, type TestDatabase } from "../../src/testing/test-db";
import { engineRequest, searchDirectory, warmDirectorySearch } from "../practitioner-search";
import { MEANING_CASES, MEANING_FIXTURE, type MeaningFixtureKey } from "../search-cases-meaning";
import { countDirectory, pageDirectory, type DirectoryQuery } from "./practitioner-search";
import { keywordSearchOfGroups, normaliseGroups } from "./practitioner-search-text";
import { readConnectionOf } from "./testing";

let t: TestDatabase;
const keyOf = new Map<string, MeaningFixtureKey>();
beforeAll(async () => {
  t = await createTestDatabase();
  let minute = 0;
  for (const [key, fields] of Object.entries(MEANING_FIXTURE) as [MeaningFixtureKey, (typeof MEANING_FIXTURE)[MeaningFixtureKey]][]) {
    const row = await createPractitioner(t.db, { ...fields, createdAt: new Date(Date.UTC(2025, 0, 1, 0, minute++)) });
    keyOf.set(row.id, key);
  }
  await warmDirectorySearch(t.db);
});
afterAll(() => t.cleanup());

/** A case's filters as the one reader leaves them (core/directory-params-schema.ts: prices normalised). */
function filtersOf(c: (typeof MEANING_CASES)[number]): DirectoryFilters {
  const filters = { ...EMPTY_DIRECTORY_FILTERS, ...c.filters, q: c.keyword };
  return { ...filters, ...normalisePriceRange(filters.minPrice, filters.maxPrice) };
}
const keys = (ids: string[]) => ids.map((id) => keyOf.get(id) ?? id);

describe("relevance by meaning (db/search-cases-meaning.ts) on SQLite", () => {
  for (const c of MEANING_CASES) {
    const label = `${JSON.stringify(c.keyword)}${c.filters ? ` ${JSON.stringify(c.filters)}` : ""} → ${c.expectedIdsInOrder.join(", ") || "nothing"}`;
    test(label, async () => {
      const filters = filtersOf(c);
      const found = await searchDirectory(t.db, { filters, sort: effectiveSort(filters), visibleLimit: null, pageSize: 48 });
      expect(keys(found.ids)).toEqual(c.expectedIdsInOrder);
      expect(found.total).toBe(c.expectedIdsInOrder.length);

      // the FTS5 tables give the same answer as the in-memory index
      const request = engineRequest({ filters, sort: effectiveSort(filters), visibleLimit: null, pageSize: 48 });
      const query: DirectoryQuery = {
        keyword: keywordSearchOfGroups(normaliseGroups(request.keywordGroups!)),
        archetype: filters.archetype,
        level: filters.level,
        minRateCents: filters.minPrice === null ? null : decimalToCents(filters.minPrice),
        maxRateCents: filters.maxPrice === null ? null : decimalToCents(filters.maxPrice),
        session: filters.session,
        sort: "relevance",
        rankByRating: true,
      };
      const total = countDirectory(readConnectionOf(t.db), query);
      expect(keys(pageDirectory(readConnectionOf(t.db), query, total, 0, 48))).toEqual(c.expectedIdsInOrder);
    });
  }

  test("a 1.5-star practitioner never leads a search it matches", async () => {
    for (const c of MEANING_CASES) {
      if (c.expectedIdsInOrder.includes("lossLowRated") && c.expectedIdsInOrder.length > 1) expect(c.expectedIdsInOrder[0]).not.toBe("lossLowRated");
    }
  });

  test("without meaning (the typed words only, bm25 alone) 'grief' finds one practitioner: what the expansion adds", async () => {
    const filters = { ...EMPTY_DIRECTORY_FILTERS, q: "grief" };
    const before = await searchDirectory(t.db, { filters, sort: "relevance", visibleLimit: null, pageSize: 48, meaning: false });
    expect(keys(before.ids)).toEqual(["griefWise"]);
  });
});
