/**
 * The shared search cases (db/search-cases.ts) on SQLite: every directory case through the neutral
 * searchDirectory, first answered by FTS5 (the in-memory index not built yet), then by the
 * in-memory index once it is current; every Garden case through gardenKeyword. The same cases run
 * on PostgreSQL in db/postgres/search-cases.pgtest.ts: both engines answer the same ids.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { effectiveSort } from "../../core/directory-params";
import { createTestDatabase, type TestDatabase } from "../../src/testing/test-db";
import { gardenKeyword } from "../garden-search";
import { directorySearchReady, searchDirectory, warmDirectorySearch } from "../practitioner-search";
import { gardenContent } from "../schema";
import { countDirectory, pageDirectory, type DirectoryQuery } from "./practitioner-search";
import { keywordSearch } from "./practitioner-search-text";
import { readConnectionOf } from "./testing";
import { decimalToCents } from "../../core/money";
import { buildSearchFixture, caseFilters, DIRECTORY_CASES, GARDEN_CASES, matchExpected, type DirectoryCase } from "../search-cases";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await buildSearchFixture(t.db);
});
afterAll(() => t.cleanup());

async function run(c: DirectoryCase) {
  const filters = caseFilters(c);
  // the shared cases pin what each engine does with the words as typed; meaning has its own cases
  const result = await searchDirectory(t.db, { filters, sort: effectiveSort(filters), visibleLimit: c.visibleLimit ?? null, pageSize: c.pageSize ?? 12, meaning: false });
  const count = c.ids.flat().length;
  const total = c.total ?? count;
  return {
    actual: { ids: result.ids, total: result.total, shown: result.shown, page: result.page, totalPages: result.totalPages },
    expected: {
      ids: matchExpected(result.ids, c.ids),
      total,
      shown: c.shown ?? total,
      page: c.page ?? filters.page,
      totalPages: c.totalPages ?? Math.max(1, Math.ceil(Math.min(c.shown ?? total, total) / (c.pageSize ?? 12))),
    },
  };
}

describe("the shared directory cases on SQLite", () => {
  test("the whole directory's keyword pages straight from FTS5 (the in-memory index set aside)", async () => {
    let compared = 0;
    for (const c of DIRECTORY_CASES) {
      const filters = caseFilters(c);
      if (c.visibleLimit != null || !filters.q || !keywordSearch(filters.q)) continue;
      const query: DirectoryQuery = {
        keyword: keywordSearch(filters.q),
        archetype: filters.archetype,
        level: filters.level,
        minRateCents: filters.minPrice === null ? null : decimalToCents(filters.minPrice),
        maxRateCents: filters.maxPrice === null ? null : decimalToCents(filters.maxPrice),
        sort: effectiveSort(filters),
      };
      const total = countDirectory(readConnectionOf(t.db), query);
      const pageSize = c.pageSize ?? 12;
      const offset = ((c.page ?? filters.page) - 1) * pageSize;
      const ids = pageDirectory(readConnectionOf(t.db), query, total, offset, Math.min(pageSize, total - offset));
      expect({ ids, total }, c.name).toEqual({ ids: matchExpected(ids, c.ids), total: c.total ?? c.ids.flat().length });
      compared++;
    }
    expect(compared).toBeGreaterThan(30);
  });

  test("through searchDirectory (the in-memory index once it is current)", async () => {
    await warmDirectorySearch(t.db);
    expect(await directorySearchReady(t.db)).toBe(true);
    for (const c of DIRECTORY_CASES) {
      const { actual, expected } = await run(c);
      expect(actual, c.name).toEqual(expected);
    }
  });
});

describe("the shared Garden cases on SQLite", () => {
  test.each(GARDEN_CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const keyword = await gardenKeyword(t.db, c.q);
    if (c.ids === null) {
      expect(keyword).toBeNull();
      return;
    }
    const where = and(eq(gardenContent.status, "approved"), eq(gardenContent.isPublic, true), c.contentType ? eq(gardenContent.contentType, c.contentType) : undefined)!;
    expect(await keyword!.pageIds(where, c.limit ?? 20, c.offset ?? 0)).toEqual(c.ids);
    expect(await keyword!.countUpTo(where, 1000)).toBe(c.total ?? c.ids.length);
  });
});
