/**
 * The shared search cases (db/search-cases.ts) on PostgreSQL: `npm run test:postgres`, not `npm
 * test`. The same dataset as db/sqlite/search-cases.test.ts, written in the same order through the
 * schema twin, and every case through db/postgres/practitioner-search.ts and garden-search.ts
 * (tsvector + pg_trgm): the same ids as on SQLite. Then what only this engine's code does: the
 * ranked bound at SEARCH_RANK_ALL_MAX, rebuilding the directory, rows in order.
 * PG_URL, default postgres://pollinate:pollinate@127.0.0.1:5432 (a role with CREATEDB); creates and
 * drops pollinate_search_cases_<pid>.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { and, eq, sql } from "drizzle-orm";
import { SEARCH_RANK_ALL_MAX, SEARCH_RANKED_MATCHES } from "../../core/constants";
import { effectiveSort, type DirectoryFilters } from "../../core/directory-params";
import type { Db } from "../client";
import {
  caseFilters,
  DIRECTORY_CASES,
  fixtureGardenValues,
  fixtureOwnerValues,
  fixturePractitionerValues,
  GARDEN_CASES,
  matchExpected,
  SEARCH_FIXTURE_GARDEN,
  SEARCH_FIXTURE_PRACTITIONERS,
  type DirectoryCase,
} from "../search-cases";
import { atomicPostgres, openPostgres, type OpenedPostgres, type PostgresDb } from "./client";
import { gardenKeyword } from "./garden-search";
import {
  directorySearchReady,
  optimizePractitionerSearch,
  practitionersInOrder,
  rebuildPractitionerSearch,
  searchDirectory,
  warmDirectorySearch,
} from "./practitioner-search";
import * as schema from "./schema";

const BASE_URL = process.env.PG_URL ?? "postgres://pollinate:pollinate@127.0.0.1:5432";
const DATABASE = `pollinate_search_cases_${process.pid}`;

function urlFor(database: string): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

let admin: SQL;
let opened: OpenedPostgres;
let pg: PostgresDb;
/** The handle as services hold it (db/client.ts casts PostgreSQL's drizzle to `Db`). */
let db: Db;

/** The fixture of db/search-cases.ts through the schema twin, in its order (so the doc ids are SQLite's). */
async function buildPostgresSearchFixture(target: PostgresDb): Promise<void> {
  for (const [i, p] of SEARCH_FIXTURE_PRACTITIONERS.entries()) {
    const [user] = await target
      .insert(schema.users)
      .values({ email: `search-fixture-${i}@example.test`, firstName: "Test", lastName: p.id, ...fixtureOwnerValues(p) })
      .returning();
    await target.insert(schema.userRoles).values({ userId: user!.id, role: "practitioner" });
    await target.insert(schema.practitioners).values({ ...fixturePractitionerValues(p), userId: user!.id });
  }
  const [author] = await target.insert(schema.users).values({ email: "search-fixture-author@example.test", isEmailVerified: true }).returning();
  for (const g of SEARCH_FIXTURE_GARDEN) await target.insert(schema.gardenContent).values({ ...fixtureGardenValues(g), authorId: author!.id });
}

beforeAll(async () => {
  admin = new SQL({ url: urlFor("postgres"), max: 1 });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${DATABASE}`);
  opened = await openPostgres(urlFor(DATABASE), { max: 4 });
  pg = opened.db;
  db = pg as unknown as Db;
  await buildPostgresSearchFixture(pg);
});

afterAll(async () => {
  await opened?.close();
  await admin?.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin?.close();
});

async function run(c: DirectoryCase, handle: Db = db) {
  const filters = caseFilters(c);
  // the shared cases pin what each engine does with the words as typed; meaning has its own cases
  const result = await searchDirectory(handle, { filters, sort: effectiveSort(filters), visibleLimit: c.visibleLimit ?? null, pageSize: c.pageSize ?? 12, meaning: false });
  const total = c.total ?? c.ids.flat().length;
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

describe("the shared directory cases on PostgreSQL", () => {
  test("every case answers the expected ids and counts, in SQL and from the in-memory index", async () => {
    // inside a transaction the index is never used: every case in SQL (tsvector, the words table)
    await atomicPostgres(pg, async (tx) => {
      for (const c of DIRECTORY_CASES) {
        const { actual, expected } = await run(c, tx as unknown as Db);
        expect(actual, `${c.name} (SQL)`).toEqual(expected);
      }
    });
    expect(await warmDirectorySearch(db)).toBeLessThan(5000);
    expect(await directorySearchReady(db)).toBe(true);
    for (const c of DIRECTORY_CASES) {
      const { actual, expected } = await run(c);
      expect(actual, `${c.name} (index)`).toEqual(expected);
    }
  });
});

describe("the shared Garden cases on PostgreSQL", () => {
  test.each(GARDEN_CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const keyword = await gardenKeyword(db, c.q);
    if (c.ids === null) {
      expect(keyword).toBeNull();
      return;
    }
    const g = schema.gardenContent;
    const where = and(eq(g.status, "approved"), eq(g.isPublic, true), c.contentType ? eq(g.contentType, c.contentType) : undefined)!;
    expect(await keyword!.pageIds(where, c.limit ?? 20, c.offset ?? 0)).toEqual(c.ids);
    expect(await keyword!.countUpTo(where, 1000)).toBe(c.total ?? c.ids.length);
  });

  test("matching keeps the pieces that match, in their order", async () => {
    const keyword = (await gardenKeyword(db, "medit"))!;
    const pieces = await pg.select({ id: schema.gardenContent.id, docId: schema.gardenContent.searchDocId }).from(schema.gardenContent).orderBy(schema.gardenContent.id);
    // pending and private pieces match too: the caller's conditions decide who sees them
    expect((await keyword.matching(pieces)).map((p) => p.id)).toEqual(["g01", "g05", "g07", "g08", "g11"]);
  });
});

const filters = (over: Partial<DirectoryFilters>): DirectoryFilters => ({ q: "", archetype: null, level: null, minPrice: null, maxPrice: null, sort: null, session: null, page: 1, ...over }) as DirectoryFilters;
const search = (over: Partial<DirectoryFilters>, pageSize = 12) => searchDirectory(db, { filters: filters(over), sort: effectiveSort(filters(over)), visibleLimit: null, pageSize, meaning: false });

describe("rows, rebuilds and listing", () => {
  test("practitionersInOrder answers the rows in the order asked, leaving out unknown ids", async () => {
    const rows = await practitionersInOrder(db, ["p13", "nope", "p01", "p30"]);
    expect(rows.map((r) => r.id)).toEqual(["p13", "p01", "p30"]);
    expect(rows[0]!.specializations).toEqual(["Breathwork"]);
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
    expect(await practitionersInOrder(db, [])).toEqual([]);
  });

  test("rebuildPractitionerSearch restores a lost directory, unlisted owners kept out, the same answers", async () => {
    await warmDirectorySearch(db);
    const before = await Promise.all(DIRECTORY_CASES.map(async (c) => (await run(c)).actual));
    const version = async () => Number((await pg.select().from(schema.practitionerDirectoryVersion))[0]!.version);
    const v0 = await version();
    await pg.execute(sql`DELETE FROM practitioner_directory`);
    expect((await search({ q: "grief" })).total).toBe(0);
    await rebuildPractitionerSearch(db);
    expect(await version()).toBeGreaterThan(v0);
    // compared through the same path as before (the index, rebuilt for the new version)
    await warmDirectorySearch(db);
    const after = await Promise.all(DIRECTORY_CASES.map(async (c) => (await run(c)).actual));
    expect(after).toEqual(before);
    const docIds = (await pg.select({ docId: schema.practitionerDirectory.docId }).from(schema.practitionerDirectory).orderBy(schema.practitionerDirectory.docId)).map((r) => r.docId);
    expect(docIds[0]).toBe(1);
    expect(docIds).toHaveLength(28);
    await optimizePractitionerSearch(db);
  });

  test("the cached unfiltered total follows writes (the directory's version)", async () => {
    const before = (await search({})).total;
    const [owner] = await pg.insert(schema.users).values({ email: "late@example.test", isEmailVerified: true }).returning();
    await pg.insert(schema.practitioners).values({ id: "late", userId: owner!.id, archetype: "bee", experienceLevel: "rising", specializations: ["Zygomorphic gardening"] });
    expect((await search({})).total).toBe(before + 1);
    expect((await search({ q: "zygomorph" })).ids).toEqual(["late"]);
    await pg.update(schema.users).set({ suspendedAt: new Date() }).where(eq(schema.users.id, owner!.id));
    expect((await search({})).total).toBe(before);
    expect((await search({ q: "gomorph" })).ids).toEqual([]);
    await pg.delete(schema.users).where(eq(schema.users.id, owner!.id));
  });
});

describe("the ranked bound", () => {
  test("a strong older match outranks newer passing mentions; beyond SEARCH_RANK_ALL_MAX matches only the newest SEARCH_RANKED_MATCHES word matches are ranked", async () => {
    const [strongOwner] = await pg.insert(schema.users).values({ email: "kelp@example.test", isEmailVerified: true }).returning();
    await pg.insert(schema.practitioners).values({
      id: "kelp-strong",
      userId: strongOwner!.id,
      archetype: "bee",
      experienceLevel: "rising",
      specializations: ["Kelp foraging"],
      professionalCategories: ["herbalism"],
      bio: "Kelp, kelp and more kelp: foraging walks on the shore.",
      createdAt: new Date(Date.UTC(2020, 0, 1)),
    });
    // passing mentions, all newer (one statement; the triggers list each)
    const addWeak = async (from: number, to: number) => {
      await pg.execute(sql`INSERT INTO users (id, email, is_email_verified, created_at, updated_at)
        SELECT 'kelp-user-' || i, 'kelp' || i || '@example.test', true, now(), now() FROM generate_series(${from}::int, ${to}::int) i`);
      await pg.execute(sql`INSERT INTO practitioners (id, user_id, archetype, experience_level, bio, specializations, professional_categories, created_at, updated_at)
        SELECT 'kelp-weak-' || i, 'kelp-user-' || i, 'bee', 'rising',
          'A long bio about many things, one of which is kelp, among ' || i || ' other topics of a wide and varied practice.',
          '["Stress release"]', '["reiki"]', timestamptz '2024-01-01' + i * interval '1 second', now()
        FROM generate_series(${from}::int, ${to}::int) i`);
    };
    await addWeak(1, SEARCH_RANKED_MATCHES + 100);
    let found = await search({ q: "kelp" });
    expect(found.total).toBe(SEARCH_RANKED_MATCHES + 101);
    expect(found.ids[0]).toBe("kelp-strong");
    expect(found.available).toBe(found.total);

    await addWeak(SEARCH_RANKED_MATCHES + 101, SEARCH_RANK_ALL_MAX + 10);
    found = await search({ q: "kelp" });
    expect(found.total).toBe(SEARCH_RANK_ALL_MAX + 11);
    // the strong match is older than the newest 2,000: no longer ranked, and paging stops at the bound
    expect(found.ids).not.toContain("kelp-strong");
    expect(found.available).toBe(SEARCH_RANKED_MATCHES);
    expect(found.totalPages).toBe(Math.ceil(SEARCH_RANKED_MATCHES / 12));
    const last = await search({ q: "kelp", page: 999 });
    expect(last.page).toBe(Math.ceil(SEARCH_RANKED_MATCHES / 12));
    expect(last.ids).toHaveLength(SEARCH_RANKED_MATCHES - (last.page - 1) * 12);
    // other sorts see every match
    const byNewest = await search({ q: "kelp", sort: "newest", page: 999 });
    expect(byNewest.available).toBe(SEARCH_RANK_ALL_MAX + 11);
    expect(byNewest.ids.at(-1)).toBe("kelp-strong");
    await pg.execute(sql`DELETE FROM users WHERE id LIKE 'kelp%' OR email = 'kelp@example.test'`);
  }, 60_000);
});
