/**
 * db/search-cases-meaning.ts on PostgreSQL (`npm run test:postgres`): the meaning fixture written
 * through the schema twin in its order, and every case through db/postgres/practitioner-search.ts
 * (the neutral request, expanded by engineRequest as the neutral module does): the same keys as on
 * SQLite. Where the two ranking formulas legitimately differ (bm25 weighs word rarity and document
 * length, ts_rank_cd cover density), a case says so with `postgresIds` in the unordered-group form
 * of db/search-cases.ts (matchExpected): the same ids, a group's ids in any order at its places.
 * PG_URL, default postgres://pollinate:pollinate@127.0.0.1:5432 (a role with CREATEDB); creates and
 * drops pollinate_search_meaning_<pid>.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { EMPTY_DIRECTORY_FILTERS, effectiveSort, normalisePriceRange, type DirectoryFilters } from "../../core/directory-params";
import { relevanceRatingFactor } from "../../core/search-meaning";
import type { Db } from "../client";
import { matchExpected } from "../search-cases";
import { MEANING_CASES, MEANING_FIXTURE, type MeaningCase, type MeaningFixtureKey } from "../search-cases-meaning";
import { openPostgres, type OpenedPostgres, type PostgresDb } from "./client";
import { RATING_FACTOR, searchDirectory } from "./practitioner-search";
import * as schema from "./schema";
import { sql } from "drizzle-orm";

const BASE_URL = process.env.PG_URL ?? "postgres://pollinate:pollinate@127.0.0.1:5432";
const DATABASE = `pollinate_search_meaning_${process.pid}`;

function urlFor(database: string): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

let admin: SQL;
let opened: OpenedPostgres;
let pg: PostgresDb;
let db: Db;
const keyOf = new Map<string, MeaningFixtureKey>();

beforeAll(async () => {
  admin = new SQL({ url: urlFor("postgres"), max: 1 });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${DATABASE}`);
  opened = await openPostgres(urlFor(DATABASE), { max: 4 });
  pg = opened.db;
  db = pg as unknown as Db;
  let minute = 0;
  for (const [key, fields] of Object.entries(MEANING_FIXTURE) as [MeaningFixtureKey, (typeof MEANING_FIXTURE)[MeaningFixtureKey]][]) {
    const [user] = await pg.insert(schema.users).values({ email: `meaning-${key}@example.test`, firstName: "Test", lastName: key, isEmailVerified: true }).returning();
    await pg.insert(schema.userRoles).values({ userId: user!.id, role: "practitioner" });
    const [row] = await pg
      .insert(schema.practitioners)
      .values({ ...fields, userId: user!.id, createdAt: new Date(Date.UTC(2025, 0, 1, 0, minute++)) })
      .returning();
    keyOf.set(row!.id, key);
  }
});

afterAll(async () => {
  await opened?.close();
  await admin?.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin?.close();
});

/** A case's filters as the one reader leaves them (core/directory-params-schema.ts: prices normalised). */
function filtersOf(c: MeaningCase): DirectoryFilters {
  const filters = { ...EMPTY_DIRECTORY_FILTERS, ...c.filters, q: c.keyword };
  return { ...filters, ...normalisePriceRange(filters.minPrice, filters.maxPrice) };
}
const keys = (ids: string[]) => ids.map((id) => keyOf.get(id) ?? id);

describe("relevance by meaning (db/search-cases-meaning.ts) on PostgreSQL", () => {
  for (const c of MEANING_CASES) {
    const expected = c.postgresIds ?? c.expectedIdsInOrder;
    const label = `${JSON.stringify(c.keyword)}${c.filters ? ` ${JSON.stringify(c.filters)}` : ""} → ${JSON.stringify(expected)}`;
    test(label, async () => {
      const filters = filtersOf(c);
      const found = await searchDirectory(db, { filters, sort: effectiveSort(filters), visibleLimit: null, pageSize: 48 });
      expect(matchExpected(keys(found.ids), expected)).toEqual(keys(found.ids));
      expect(found.total).toBe(c.expectedIdsInOrder.length);
      // the same set as SQLite's in every case
      expect([...keys(found.ids)].sort()).toEqual([...c.expectedIdsInOrder].sort());
      // a 1.5-star practitioner never leads a search it matches
      if (found.ids.length > 1) expect(keys(found.ids)[0]).not.toBe("lossLowRated");
    });
  }

  test("the rating factor in SQL is relevanceRatingFactor's double, bit for bit", async () => {
    const samples: [number | null, number][] = [[null, 0], [4.8, 40], [1.5, 10], [4.6, 25], [5, 100], [4.2, 12], [0, 0], [3.5, 7]];
    for (const [rating, sessions] of samples) {
      const [row] = [
        ...((await pg.execute(sql`SELECT ${RATING_FACTOR} AS f FROM (SELECT ${rating}::real AS average_rating, ${sessions}::int AS total_sessions) m`)) as unknown as { f: number }[]),
      ];
      expect(row!.f).toBe(relevanceRatingFactor(rating, sessions));
    }
  });

  test("without meaning (the typed words only) 'grief' finds one practitioner: what the expansion adds", async () => {
    const filters = { ...EMPTY_DIRECTORY_FILTERS, q: "grief" };
    const before = await searchDirectory(db, { filters, sort: "relevance", visibleLimit: null, pageSize: 48, meaning: false });
    expect(keys(before.ids)).toEqual(["griefWise"]);
  });

  test("a limited viewer's fixed set and other sorts keep the groups and the session filter", async () => {
    const filters = { ...EMPTY_DIRECTORY_FILTERS, q: "grief", session: "virtual" as const, sort: "price-low" as const };
    const sorted = await searchDirectory(db, { filters, sort: "price-low", visibleLimit: null, pageSize: 48 });
    expect(keys(sorted.ids)).toEqual(["lossLowRated", "griefWise", "mourning"]);
    const limited = await searchDirectory(db, { filters: { ...filters, sort: null }, sort: "relevance", visibleLimit: 4, pageSize: 48 });
    // the first 4 in the featured order (creation order here) that match: griefWise, lossLowRated (lossInBio is in person only; mourning 4th)
    expect(keys(limited.ids).sort()).toEqual(["griefWise", "lossLowRated", "mourning"]);
    const unfiltered = await searchDirectory(db, { filters: { ...EMPTY_DIRECTORY_FILTERS, session: "in-person" }, sort: "featured", visibleLimit: null, pageSize: 48 });
    expect(unfiltered.total).toBe(Object.values(MEANING_FIXTURE).filter((p) => p.isInPerson).length);
  });
});
