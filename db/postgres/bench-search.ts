/**
 * Keyword search on PostgreSQL against SQLite, on the same practitioners:
 *
 *   bun db/postgres/bench-search.ts [--practitioners 10000] [--runs 15] [--keep]
 *
 * (docs/decisions/025-postgresql-driver.md, "Search on PostgreSQL"; under db/ because only code
 * under db/ may open a driver: decision 024's seam test scans scripts/.) Seeds a temporary SQLite
 * file with the bulk generator (src/demo/bulk.ts), copies the same users and practitioners, in the
 * same order, into a fresh PostgreSQL database `pollinate_search_bench` (PG_URL, default
 * postgres://pollinate:pollinate@127.0.0.1:5432), then times one directory page (12 ids and the
 * counts) for scripts/bench-search.ts's searches on:
 * - SQLite through searchDirectory, answered by the in-memory index (what the app does);
 * - SQLite's FTS5 alone (countDirectory + pageDirectory: the index set aside);
 * - PostgreSQL through db/postgres/practitioner-search.ts (tsvector + pg_trgm, one pool of 4).
 * Each search: 3 warm-up runs, then `runs` timed ones, in rounds that alternate the engines.
 * It also checks that the engines agree: the same totals, and the same pages in every sort but
 * relevance (whose order within equal-looking matches differs by design; see db/search-cases.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { SQL } from "bun";
import { asc, sql } from "drizzle-orm";
import { effectiveSort, EMPTY_DIRECTORY_FILTERS, type DirectoryFilters } from "../../core/directory-params";
import { decimalToCents } from "../../core/money";
import { DIRECTORY_PAGE_SIZE } from "../../core/constants";
import { seedBulkPractitioners } from "../../src/demo/bulk";
import { openDatabase, sqliteConnectionOf, type Db } from "../client";
import { directorySearchReady, optimizePractitionerSearch as optimizeSqlite, searchDirectory as searchSqlite } from "../practitioner-search";
import { practitioners as sqlitePractitioners, users as sqliteUsers } from "../schema";
import { countDirectory, pageDirectory, type DirectoryQuery } from "../sqlite/practitioner-search";
import { keywordSearch } from "../sqlite/practitioner-search-text";
import { openPostgres } from "./client";
import { optimizePractitionerSearch as optimizePostgres, searchDirectory as searchPostgres } from "./practitioner-search";
import * as pgSchema from "./schema";

const { values: args } = parseArgs({
  options: { practitioners: { type: "string", default: "10000" }, runs: { type: "string", default: "15" }, keep: { type: "boolean", default: false } },
  strict: true,
});
const COUNT = Number(args.practitioners);
const RUNS = Number(args.runs);
const BASE_URL = process.env.PG_URL ?? "postgres://pollinate:pollinate@127.0.0.1:5432";
const DATABASE = "pollinate_search_bench";

/** scripts/bench-search.ts's searches: words, phrases, prefixes, places, broad and empty. */
const KEYWORDS = [
  "reiki", "breathwork", "trauma", "grief", "portland", "sound healing", "butterfly", "somatic", "heal", "coach",
  "anxiety", "yoga", "shadow work", "medit", "life transitions", "nervous system", "sedona", "xyzzy",
];
/** Text found only inside words (trigrams). */
const SUBSTRINGS = ["therapy", "ness", "ounding", "or reiki"];
/** With the Hive's filters and sorts. */
const FILTERED: Partial<DirectoryFilters>[] = [
  { q: "healing", archetype: "bee" },
  { q: "trauma", level: "wise", sort: "rating" },
  { q: "coach", minPrice: 50, maxPrice: 150, sort: "price-low" },
  { q: "session", sort: "newest" },
  { q: "grief", archetype: "butterfly", level: "evolving", page: 3 },
];

function urlFor(database: string): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

const filtersOf = (over: Partial<DirectoryFilters>): DirectoryFilters => ({ ...EMPTY_DIRECTORY_FILTERS, ...over });
const requestOf = (filters: DirectoryFilters) => ({ filters, sort: effectiveSort(filters), visibleLimit: null, pageSize: DIRECTORY_PAGE_SIZE });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const tempDir = mkdtempSync(join(tmpdir(), "pollinate-bench-pg-search-"));
const sqlite = await openDatabase(join(tempDir, "bench.db"));
const admin = new SQL({ url: urlFor("postgres"), max: 1 });
await admin.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
await admin.unsafe(`CREATE DATABASE ${DATABASE}`);
const postgres = await openPostgres(urlFor(DATABASE), { max: 4 });
const pgDb = postgres.db as unknown as Db;

try {
  let started = performance.now();
  await seedBulkPractitioners(sqlite.db, COUNT);
  await optimizeSqlite(sqlite.db);
  console.log(`SQLite: ${COUNT.toLocaleString("en-US")} practitioners seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // the same rows, in the same order (so the directory's doc ids, the sorts' tie-break, agree)
  started = performance.now();
  const users = await sqlite.db.select().from(sqliteUsers).orderBy(asc(sqliteUsers.createdAt), asc(sqliteUsers.id));
  const profiles = await sqlite.db.select().from(sqlitePractitioners).orderBy(asc(sqlitePractitioners.createdAt), asc(sqlitePractitioners.id));
  for (let i = 0; i < users.length; i += 500) await postgres.db.insert(pgSchema.users).values(users.slice(i, i + 500));
  for (let i = 0; i < profiles.length; i += 500) await postgres.db.insert(pgSchema.practitioners).values(profiles.slice(i, i + 500));
  await optimizePostgres(pgDb);
  console.log(`PostgreSQL: the same rows copied in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const [{ n: listed }] = [...((await postgres.db.execute(sql`SELECT count(*)::int AS n FROM practitioner_directory`)) as unknown as { n: number }[])];
  console.log(`Listed: ${listed} on PostgreSQL`);

  started = performance.now();
  while (!(await directorySearchReady(sqlite.db))) await Bun.sleep(20);
  console.log(`SQLite in-memory index ready after ${(performance.now() - started).toFixed(0)} ms`);

  const reader = sqliteConnectionOf(sqlite.db);
  const fts5 = (filters: DirectoryFilters) => {
    const keyword = keywordSearch(filters.q);
    const query: DirectoryQuery = {
      keyword,
      archetype: filters.archetype,
      level: filters.level,
      minRateCents: filters.minPrice === null ? null : decimalToCents(filters.minPrice),
      maxRateCents: filters.maxPrice === null ? null : decimalToCents(filters.maxPrice),
      sort: effectiveSort(filters),
    };
    const total = keyword === null ? 0 : countDirectory(reader, query);
    const offset = (filters.page - 1) * DIRECTORY_PAGE_SIZE;
    return keyword === null ? [] : pageDirectory(reader, query, total, offset, Math.max(0, Math.min(DIRECTORY_PAGE_SIZE, total - offset)));
  };

  const engines: Record<string, (filters: DirectoryFilters) => Promise<unknown>> = {
    "SQLite (in-memory index)": (f) => searchSqlite(sqlite.db, requestOf(f)),
    "SQLite (FTS5 only)": async (f) => fts5(f),
    PostgreSQL: (f) => searchPostgres(pgDb, requestOf(f)),
  };

  // agreement first
  let agreeTotals = 0;
  let agreePages = 0;
  let sortedCompared = 0;
  const all = [...KEYWORDS, ...SUBSTRINGS].map((q) => filtersOf({ q })).concat(FILTERED.map(filtersOf));
  const sorts = ["rating", "newest", "price-low", "experience"] as const;
  for (const filters of all) {
    const a = await searchSqlite(sqlite.db, requestOf(filters));
    const b = await searchPostgres(pgDb, requestOf(filters));
    if (a.total === b.total) agreeTotals++;
    else console.log(`  totals differ for ${JSON.stringify(filters.q)}: SQLite ${a.total}, PostgreSQL ${b.total}`);
    for (const sort of sorts) {
      const sorted = { ...filters, sort };
      const x = await searchSqlite(sqlite.db, requestOf(sorted));
      const y = await searchPostgres(pgDb, requestOf(sorted));
      sortedCompared++;
      if (JSON.stringify(x.ids) === JSON.stringify(y.ids)) agreePages++;
      else console.log(`  pages differ for ${JSON.stringify(sorted)}`);
    }
  }
  console.log(`Agreement: totals ${agreeTotals}/${all.length}; sorted pages ${agreePages}/${sortedCompared}`);

  const sets: Record<string, DirectoryFilters[]> = {
    keyword: KEYWORDS.map((q) => filtersOf({ q })),
    substring: SUBSTRINGS.map((q) => filtersOf({ q })),
    filtered: FILTERED.map(filtersOf),
  };
  const times: Record<string, Record<string, number[]>> = {};
  const perQuery: Record<string, Record<string, number[]>> = {};
  for (const [setName, set] of Object.entries(sets)) {
    for (const filters of set) {
      for (const [engine, run] of Object.entries(engines)) for (let i = 0; i < 3; i++) await run(filters);
      for (let round = 0; round < RUNS; round++) {
        const order = Object.entries(engines);
        if (round % 2) order.reverse();
        for (const [engine, run] of order) {
          const t0 = performance.now();
          await run(filters);
          const ms = performance.now() - t0;
          ((times[setName] ??= {})[engine] ??= []).push(ms);
          ((perQuery[`${setName}: ${filters.q}${filters.archetype || filters.level || filters.sort ? " (filtered)" : ""}`] ??= {})[engine] ??= []).push(ms);
        }
      }
    }
  }
  console.log(`\nKeyword search, ${COUNT.toLocaleString("en-US")} practitioners, one directory page (${RUNS} runs per search):`);
  console.log("| searches | engine | median ms | p95 ms |");
  console.log("|---|---|---:|---:|");
  for (const [setName, byEngine] of Object.entries(times)) {
    for (const [engine, list] of Object.entries(byEngine)) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(`| ${setName} (${sets[setName]!.length}) | ${engine} | ${percentile(sorted, 50).toFixed(2)} | ${percentile(sorted, 95).toFixed(2)} |`);
    }
  }
  console.log("\nMedian ms per search (SQLite index / FTS5 / PostgreSQL):");
  for (const [name, byEngine] of Object.entries(perQuery)) {
    const medians = Object.values(byEngine).map((list) => percentile([...list].sort((a, b) => a - b), 50).toFixed(2));
    console.log(`  ${name}: ${medians.join(" / ")}`);
  }
} finally {
  sqlite.close();
  rmSync(tempDir, { recursive: true, force: true });
  await postgres.close();
  // --keep: the PostgreSQL database stays, for EXPLAIN (dropped by the next run)
  if (!args.keep) await admin.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.close();
}
