/**
 * db/search-cases-meaning.ts through the neutral search (db/practitioner-search.ts), on whichever
 * engine the run uses: `npm test` on SQLite (the in-memory index once warm), `npm run
 * test:pg-suite` on PostgreSQL (tsvector, pg_trgm and ts_rank_cd). Each case must give the
 * expected keys in order. db/sqlite/search-cases-meaning.test.ts checks SQLite's FTS5 tables
 * directly against the same cases.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { EMPTY_DIRECTORY_FILTERS, effectiveSort } from "../core/directory-params";
import { createPractitioner } from "../src/testing/factories";
import { createTestDatabase, type TestDatabase } from "../src/testing/test-db";
import { searchDirectory, warmDirectorySearch } from "./practitioner-search";
import { MEANING_CASES, insertMeaningFixture, meaningCaseFilters, meaningCaseLabel } from "./search-cases-meaning";

let t: TestDatabase;
let keys: (ids: string[]) => string[];
beforeAll(async () => {
  t = await createTestDatabase();
  keys = await insertMeaningFixture((fields) => createPractitioner(t.db, fields));
  await warmDirectorySearch(t.db);
});
afterAll(() => t.cleanup());

describe("relevance by meaning (db/search-cases-meaning.ts), through the engine's search", () => {
  for (const c of MEANING_CASES) {
    test(meaningCaseLabel(c), async () => {
      const filters = meaningCaseFilters(c);
      const found = await searchDirectory(t.db, { filters, sort: effectiveSort(filters), visibleLimit: null, pageSize: 48 });
      expect(keys(found.ids)).toEqual(c.expectedIdsInOrder);
      expect(found.total).toBe(c.expectedIdsInOrder.length);
    });
  }

  test("a 1.5-star practitioner never leads a search it matches", async () => {
    for (const c of MEANING_CASES) {
      if (c.expectedIdsInOrder.includes("lossLowRated") && c.expectedIdsInOrder.length > 1) expect(c.expectedIdsInOrder[0]).not.toBe("lossLowRated");
    }
  });

  test("without meaning (the typed words only) 'grief' finds one practitioner: what the expansion adds", async () => {
    const filters = { ...EMPTY_DIRECTORY_FILTERS, q: "grief" };
    const before = await searchDirectory(t.db, { filters, sort: "relevance", visibleLimit: null, pageSize: 48, meaning: false });
    expect(keys(before.ids)).toEqual(["griefWise"]);
  });
});
