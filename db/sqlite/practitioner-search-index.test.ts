import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { atomic } from "../client";
import { readConnectionOf, withWriteConnection } from "./testing";
import { ARCHETYPES, EXPERIENCE_LEVELS } from "../../core/enums";
import { DIRECTORY_SORTS, SEARCH_RANK_ALL_MAX } from "../../core/constants";
import { practitioners } from "../schema/tables";
import { seedBulkPractitioners } from "../../src/demo/bulk";
import { createPractitioner } from "../../src/testing/factories";
import { createTestDatabase, type TestDatabase } from "../../src/testing/test-db";
import { countDirectory, pageDirectory, type DirectoryQuery } from "./practitioner-search";
import { keywordSearch, keywordSearchOfGroups } from "./practitioner-search-text";
import { expandSearch } from "../../core/search-meaning";
import { DirectoryIndex, IndexKeeper, REBUILD_GAP_FACTOR, directoryVersion, type IndexQuery } from "./practitioner-search-index";

// Enough practitioners that broad words pass every threshold: more than 3,000 matches (the sort's
// order is walked) and more than SEARCH_RANK_ALL_MAX (relevance ranks only the newest matches).
const BULK = SEARCH_RANK_ALL_MAX + 1200;

let t: TestDatabase;
/** The connection the searches and the index read (the read-only one with POLLINATE_SEPARATE_READER=1). */
const reader = () => readConnectionOf(t.db);
let index: DirectoryIndex;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedBulkPractitioners(t.db, BULK);
  await withWriteConnection(t.db, (sqlite) => sqlite.exec(`UPDATE practitioners SET average_rating = (abs(random()) % 5) + 1, total_sessions = abs(random()) % 7, is_featured = (abs(random()) % 10 = 0) WHERE abs(random()) % 3 > 0`));
  // text the generator never writes: diacritics, words inside words, digits
  await createPractitioner(t.db, { bio: "Crème brûlée breathwork and Psychotherapy in Zürich, 2nd floor.", specializations: ["Café circles"], archetype: "butterfly", experienceLevel: "wise" });
  await createPractitioner(t.db, { bio: "Psychotherapist; cafe owner.", specializations: ["Somatic psychotherapy"], hourlyRateCents: null });
  index = DirectoryIndex.build(reader());
}, 120_000);
afterAll(() => t.cleanup());

const TEXTS = [
  "ing", // broad: more than SEARCH_RANK_ALL_MAX matches
  "healing", // more than 3,000 matches
  "session",
  "grounding",
  "ound", // only inside words
  "therapy",
  "medit",
  "sound healing",
  "in ground", // a short word is a word prefix
  "a reiki", // a single character is a whole word
  "creme", // diacritics folded
  "ZÜRICH",
  "café psychotherapy",
  "🐝 stress",
  "2nd",
  "xyzzy",
];

function sqlAnswer(query: DirectoryQuery, offset: number, limit: number) {
  const total = countDirectory(reader(), query);
  return { total, ids: pageDirectory(reader(), query, total, offset, limit) };
}

function indexAnswer(query: IndexQuery, offset: number, limit: number) {
  const found = index.search(query, () => ({ offset, limit }))!;
  return { total: found.total, ids: found.docs.map((doc) => index.practitionerId(doc)) };
}

describe("the in-memory directory index", () => {
  test("answers every keyword search exactly as the FTS5 tables do: counts, bm25 order, every sort, filters, pages", () => {
    let compared = 0;
    let broad = 0;
    for (const text of TEXTS) {
      for (const [archetype, level] of [[null, null], [ARCHETYPES[2], null], [null, EXPERIENCE_LEVELS[2]], [ARCHETYPES[0], EXPERIENCE_LEVELS[0]]] as const) {
        for (const price of [null, [6000, 15000]] as const) {
          for (const sort of DIRECTORY_SORTS) {
            const query: DirectoryQuery & IndexQuery = {
              text,
              keyword: keywordSearch(text),
              archetype,
              level,
              minRateCents: price?.[0] ?? null,
              maxRateCents: price?.[1] ?? null,
              sort,
            };
            for (const offset of [0, 12, 1990]) {
              const expected = sqlAnswer(query, offset, 12);
              expect(indexAnswer(query, offset, 12), JSON.stringify({ text, archetype, level, price, sort, offset })).toEqual(expected);
              if (expected.total > SEARCH_RANK_ALL_MAX) broad++;
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBe(TEXTS.length * 4 * 2 * DIRECTORY_SORTS.length * 3);
    expect(broad).toBeGreaterThan(0);
  }, 240_000);

  test("past the ranked word matches come the matches found only inside words, newest first", () => {
    const query: DirectoryQuery & IndexQuery = { text: "ound", keyword: keywordSearch("ound"), archetype: null, level: null, minRateCents: null, maxRateCents: null, sort: "relevance" };
    const { total } = sqlAnswer(query, 0, 1);
    expect(total).toBeGreaterThan(0);
    expect(indexAnswer(query, 0, total)).toEqual(sqlAnswer(query, 0, total));
  });

  test("a search finds the diacritics-folded text of one practitioner", () => {
    const query: IndexQuery = { text: "brulee", archetype: null, level: null, minRateCents: null, maxRateCents: null, sort: "relevance" };
    expect(indexAnswer(query, 0, 12).total).toBe(1);
  });
});

describe("the in-memory index and FTS5 agree on searches by meaning", () => {
  test("groups of alternatives (core/search-meaning.ts), relevance weighed by rating, the session filter: counts and pages", () => {
    let compared = 0;
    for (const text of ["grief", "can't sleep", "burnout", "panic attacks", "stress and sleep", "breath in", "healing", "ound"]) {
      const groups = expandSearch(text).groups;
      for (const session of [null, "virtual", "in-person"] as const) {
        for (const price of [null, [6000, 15000]] as const) {
          for (const sort of ["relevance", "rating", "price-low"] as const) {
            const query: DirectoryQuery & IndexQuery = {
              groups,
              keyword: keywordSearchOfGroups(groups),
              archetype: null,
              level: session === "virtual" ? EXPERIENCE_LEVELS[1] : null,
              minRateCents: price?.[0] ?? null,
              maxRateCents: price?.[1] ?? null,
              session,
              sort,
              rankByRating: true,
            };
            for (const offset of [0, 12]) {
              const expected = sqlAnswer(query, offset, 12);
              expect(indexAnswer(query, offset, 12), JSON.stringify({ text, session, price, sort, offset })).toEqual(expected);
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBe(8 * 3 * 2 * 3 * 2);
  }, 120_000);
});

describe("IndexKeeper", () => {
  test("answers only while the directory is unchanged, and rebuilds in slices after a change", async () => {
    const keeper = new IndexKeeper(reader(), 500);
    expect(keeper.current()).toBeNull(); // building
    let built: DirectoryIndex | null = null;
    for (let i = 0; i < 2000 && built === null; i++) {
      await Bun.sleep(1);
      built = keeper.current();
    }
    expect(built).not.toBeNull();
    expect(built!.version).toBe(directoryVersion(reader()));
    const query: IndexQuery = { text: "zanzibarish", archetype: null, level: null, minRateCents: null, maxRateCents: null, sort: "relevance" };
    expect(built!.search(query, () => ({ offset: 0, limit: 12 }))!.total).toBe(0);

    const [first] = await t.db.select({ id: practitioners.id }).from(practitioners).limit(1);
    await atomic(t.db, async (tx) => {
      await tx.update(practitioners).set({ bio: "Zanzibarish drumming circles." }).where(eq(practitioners.id, first.id));
    });
    expect(keeper.current()).toBeNull(); // stale: the caller searches in SQLite

    let rebuilt: DirectoryIndex | null = null;
    // the rebuild waits REBUILD_GAP_FACTOR times the first build's working time (seconds on a busy
    // machine), then builds in slices: wait by the clock, not by a count of 1 ms sleeps
    const deadline = performance.now() + 30_000;
    while (rebuilt === null && performance.now() < deadline) {
      await Bun.sleep(1);
      rebuilt = keeper.current();
    }
    const found = rebuilt!.search(query, () => ({ offset: 0, limit: 12 }))!;
    expect(found.docs.map((doc) => rebuilt!.practitionerId(doc))).toEqual([first.id]);
  }, 60_000);

  test("after a rebuild, the next one waits REBUILD_GAP_FACTOR times its working time (searches stay in SQLite meanwhile)", async () => {
    let clock = 0;
    // every reading of the clock moves it by 1: each slice of the build "works" for 1
    const keeper = new IndexKeeper(reader(), 1000, () => ++clock);
    const settle = async () => {
      for (let i = 0; i < 2000 && keeper.rebuilding; i++) await Bun.sleep(1);
    };
    expect(keeper.current()).toBeNull();
    await settle();
    expect(keeper.current()).not.toBeNull();

    const [first] = await t.db.select({ id: practitioners.id }).from(practitioners).limit(1);
    await atomic(t.db, async (tx) => {
      await tx.update(practitioners).set({ totalSessions: 99 }).where(eq(practitioners.id, first.id));
    });
    expect(keeper.current()).toBeNull();
    expect(keeper.rebuilding).toBe(false); // too soon: no rebuild yet
    clock += REBUILD_GAP_FACTOR * 1000;
    expect(keeper.current()).toBeNull();
    expect(keeper.rebuilding).toBe(true);
    await settle();
    expect(keeper.current()?.version).toBe(directoryVersion(reader()));
  }, 60_000);

  test("stale searches build the index themselves, a slice each, when the timers get no turn (a server under load)", () => {
    const keeper = new IndexKeeper(reader(), 500);
    let index: DirectoryIndex | null = null;
    let searches = 0;
    // no await: the keeper's timer slices never run here
    while (index === null && searches < 10_000) {
      index = keeper.current();
      searches++;
    }
    expect(index?.version).toBe(directoryVersion(reader()));
    expect(searches).toBeGreaterThan(10); // many small slices, not one big one
  });

  test("a change to a sort column alone (a new rating) also makes the index stale", async () => {
    const before = directoryVersion(reader());
    const [first] = await t.db.select({ id: practitioners.id }).from(practitioners).limit(1);
    await atomic(t.db, async (tx) => {
      await tx.update(practitioners).set({ averageRating: 4.25 }).where(eq(practitioners.id, first.id));
    });
    expect(directoryVersion(reader())).toBe(before + 1);
  });
});

describe("the directory's unfiltered total", () => {
  test("follows every listing change, and only those (the directory version)", async () => {
    const own = await createTestDatabase();
    try {
      const everyone: DirectoryQuery = { keyword: null, archetype: null, level: null, minRateCents: null, maxRateCents: null, sort: "featured" };
      await createPractitioner(own.db);
      expect(countDirectory(readConnectionOf(own.db), everyone)).toBe(1);
      const second = await createPractitioner(own.db);
      expect(countDirectory(readConnectionOf(own.db), everyone)).toBe(2);
      await atomic(own.db, async (tx) => {
        await tx.delete(practitioners).where(eq(practitioners.id, second.id));
      });
      expect(countDirectory(readConnectionOf(own.db), everyone)).toBe(1);
    } finally {
      await own.cleanup();
    }
  });
});
