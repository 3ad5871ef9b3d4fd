/**
 * db/search-cases-meaning.ts on SQLite's FTS5 tables directly (countDirectory / pageDirectory),
 * which must give the expected keys in order, as the in-memory index does through the neutral
 * search (db/search-cases-meaning.test.ts, on either engine).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { effectiveSort } from "../../core/directory-params";
import { decimalToCents } from "../../core/money";
import { createPractitioner } from "../../src/testing/factories";
import { createTestDatabase, type TestDatabase } from "../../src/testing/test-db";
import { engineRequest } from "../practitioner-search";
import { MEANING_CASES, insertMeaningFixture, meaningCaseFilters, meaningCaseLabel } from "../search-cases-meaning";
import { countDirectory, pageDirectory, type DirectoryQuery } from "./practitioner-search";
import { keywordSearchOfGroups, normaliseGroups } from "./practitioner-search-text";
import { readConnectionOf } from "./testing";

let t: TestDatabase;
let keys: (ids: string[]) => string[];
beforeAll(async () => {
  t = await createTestDatabase();
  keys = await insertMeaningFixture((fields) => createPractitioner(t.db, fields));
});
afterAll(() => t.cleanup());

describe("relevance by meaning (db/search-cases-meaning.ts) on SQLite's FTS5 tables", () => {
  for (const c of MEANING_CASES) {
    test(meaningCaseLabel(c), async () => {
      const filters = meaningCaseFilters(c);
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
      expect(total).toBe(c.expectedIdsInOrder.length);
      expect(keys(pageDirectory(readConnectionOf(t.db), query, total, 0, 48))).toEqual(c.expectedIdsInOrder);
    });
  }
});
