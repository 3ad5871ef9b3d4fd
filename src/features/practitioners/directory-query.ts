/**
 * The directory's SQL: filters, sorts, counts and pages over `practitioner_directory` (a narrow,
 * indexed copy of the practitioners) and the FTS5 index `practitioner_search`, returning the ids
 * of one page. Only fixed fragments are concatenated; every value is a bound parameter, and the
 * few SQL shapes are cached as prepared statements by bun:sqlite.
 */
import type { Database } from "bun:sqlite";
import type { Archetype, ExperienceLevel } from "../../../db/schema/enums";
import { SEARCH_RANKED_MATCHES } from "../../../web/lib/constants";
import type { DirectorySort } from "../../../web/features/practitioners/directory-params";
import { withFacetTerms } from "./search-text";

export interface DirectoryQuery {
  /** FTS5 expression from ftsMatchExpression(); null without a keyword. */
  match: string | null;
  archetype: Archetype | null;
  level: ExperienceLevel | null;
  minRateCents: number | null;
  maxRateCents: number | null;
  sort: DirectorySort;
}

/**
 * bm25 column weights in the FTS column order: a word in a specialization or category says
 * more about a practitioner than the same word somewhere in a bio.
 */
const BM25 = "bm25(practitioner_search, 4.0, 3.0, 3.0, 2.0, 1.0)";

/**
 * At or below this many matches a page is found by collecting the matches and sorting them
 * (sorting 3,000 narrow rows takes about a millisecond); above it, by walking the sort's index
 * and skipping non-matches, which stops after one page because matches are then common.
 */
const COLLECT_AND_SORT_MAX = 3000;

// Every sort ends with the rowid so that pages never overlap; each matches one index.
const ORDER_BY: Record<Exclude<DirectorySort, "relevance">, string> = {
  featured: "d.is_featured DESC, d.created_at ASC, d.practitioner_id ASC",
  rating: "d.average_rating DESC, d.doc_id DESC",
  "price-low": "d.hourly_rate_cents ASC NULLS LAST, d.doc_id ASC",
  "price-high": "d.hourly_rate_cents DESC, d.doc_id DESC",
  experience: "d.experience_rank DESC, d.doc_id DESC",
  newest: "d.created_at DESC, d.doc_id DESC",
  sessions: "d.total_sessions DESC, d.doc_id DESC",
};

function orderBy(query: DirectoryQuery): string {
  // within one level every rank is equal: the tie-breaker alone is the same order, on the rowid
  if (query.sort === "experience" && query.level) return "d.doc_id DESC";
  return ORDER_BY[query.sort === "relevance" ? "featured" : query.sort];
}

interface Where {
  sql: string[];
  params: (string | number)[];
}

const isPriceSort = (sort: DirectorySort) => sort === "price-low" || sort === "price-high";

/**
 * Conditions on the directory table. With `walkSortIndex`, terms get SQLite's unary '+', which
 * keeps the planner off their indexes so that it walks the sort's index instead. Exception:
 * price follows experience level (rising facilitators charge less), so walking the price index
 * for one level would skip most rows; price sorts keep the level (and archetype) terms usable
 * and get the (level, rate) or (archetype, level, rate) index, already in price order.
 */
function directoryWhere(query: DirectoryQuery, options: { facets: boolean; walkSortIndex: boolean }): Where {
  const where: Where = { sql: [], params: [] };
  const priceSort = isPriceSort(query.sort);
  const usable = (indexed: boolean) => (options.walkSortIndex && !indexed ? "+" : "");
  const levelIndexed = priceSort && query.level !== null;
  if (options.facets && query.archetype) {
    where.sql.push(`${usable(levelIndexed)}d.archetype = ?`);
    where.params.push(query.archetype);
  }
  if (options.facets && query.level) {
    where.sql.push(`${usable(levelIndexed)}d.experience_level = ?`);
    where.params.push(query.level);
  }
  if (query.minRateCents !== null) {
    where.sql.push(`${usable(priceSort)}d.hourly_rate_cents >= ?`);
    where.params.push(query.minRateCents);
  }
  if (query.maxRateCents !== null) {
    where.sql.push(`${usable(priceSort)}d.hourly_rate_cents <= ?`);
    where.params.push(query.maxRateCents);
  }
  return where;
}

const and = (conditions: string[]) => (conditions.length ? conditions.join(" AND ") : "1");

function hasPriceBounds(query: DirectoryQuery): boolean {
  return query.minRateCents !== null || query.maxRateCents !== null;
}

/**
 * The unfiltered total is read on every default directory page and costs a scan of 100k index
 * entries (~0.8 ms). It is kept until the database changes: `data_version` moves when another
 * connection commits, `total_changes()` when this one writes.
 */
const totalCache = new WeakMap<Database, { version: string; total: number }>();

function unfilteredTotal(sqlite: Database): number {
  const { v, c } = sqlite.query(`SELECT (SELECT data_version FROM pragma_data_version) AS v, total_changes() AS c`).get() as { v: number; c: number };
  const version = `${v}:${c}`;
  const cached = totalCache.get(sqlite);
  if (cached?.version === version) return cached.total;
  const { n } = sqlite.query(`SELECT count(*) AS n FROM practitioner_directory`).get() as { n: number };
  totalCache.set(sqlite, { version, total: n });
  return n;
}

/** How many practitioners match (before any access limit). */
export function countDirectory(sqlite: Database, query: DirectoryQuery): number {
  if (query.match === null && !query.archetype && !query.level && !hasPriceBounds(query)) return unfilteredTotal(sqlite);
  if (query.match === null) {
    const where = directoryWhere(query, { facets: true, walkSortIndex: false });
    const row = sqlite.query(`SELECT count(*) AS n FROM practitioner_directory d WHERE ${and(where.sql)}`).get(...where.params) as { n: number };
    return row.n;
  }
  const match = withFacetTerms(query.match, query);
  if (!hasPriceBounds(query)) {
    const row = sqlite.query(`SELECT count(*) AS n FROM practitioner_search WHERE practitioner_search MATCH ?`).get(match) as { n: number };
    return row.n;
  }
  const where = directoryWhere(query, { facets: false, walkSortIndex: false });
  const row = sqlite
    .query(
      `SELECT count(*) AS n FROM practitioner_search s CROSS JOIN practitioner_directory d ON d.doc_id = s.rowid
       WHERE practitioner_search MATCH ? AND ${and(where.sql)}`,
    )
    .get(match, ...where.params) as { n: number };
  return row.n;
}

const ids = (rows: unknown[]) => (rows as { id: string }[]).map((r) => r.id);

/**
 * The practitioner ids of one page, in order. `matches` is countDirectory's answer, which picks
 * the plan. Relevance ranks only the newest SEARCH_RANKED_MATCHES matches (bm25 over 60k
 * matches took 40 ms; over 2,000 about 2 ms), so callers must not page past that bound for this
 * sort (see rankedMatchesCap).
 */
export function pageDirectory(sqlite: Database, query: DirectoryQuery, matches: number, offset: number, limit: number): string[] {
  if (limit <= 0 || matches === 0) return [];
  const order = orderBy(query);

  if (query.match === null) {
    const where = directoryWhere(query, { facets: true, walkSortIndex: matches > COLLECT_AND_SORT_MAX });
    return ids(sqlite.query(`SELECT d.practitioner_id AS id FROM practitioner_directory d WHERE ${and(where.sql)} ORDER BY ${order} LIMIT ? OFFSET ?`).all(...where.params, limit, offset));
  }

  const match = withFacetTerms(query.match, query);
  if (query.sort === "relevance") {
    const where = directoryWhere(query, { facets: false, walkSortIndex: false });
    const candidates = hasPriceBounds(query)
      ? `FROM practitioner_search s CROSS JOIN practitioner_directory d ON d.doc_id = s.rowid WHERE practitioner_search MATCH ? AND ${and(where.sql)}`
      : `FROM practitioner_search s WHERE practitioner_search MATCH ?`;
    return ids(
      sqlite
        .query(
          `SELECT d.practitioner_id AS id FROM (
             SELECT doc_id, score FROM (
               SELECT s.rowid AS doc_id, ${BM25} AS score ${candidates}
               ORDER BY s.rowid DESC LIMIT ${SEARCH_RANKED_MATCHES}
             ) ORDER BY score, doc_id DESC LIMIT ? OFFSET ?
           ) ranked JOIN practitioner_directory d ON d.doc_id = ranked.doc_id
           ORDER BY ranked.score, ranked.doc_id DESC`,
        )
        .all(match, ...where.params, limit, offset),
    );
  }

  if (matches <= COLLECT_AND_SORT_MAX) {
    // CROSS JOIN keeps the FTS index as the outer loop: probing it once per directory row is ruinous.
    const where = directoryWhere(query, { facets: false, walkSortIndex: false });
    return ids(
      sqlite
        .query(
          `SELECT d.practitioner_id AS id FROM practitioner_search s CROSS JOIN practitioner_directory d ON d.doc_id = s.rowid
           WHERE practitioner_search MATCH ? AND ${and(where.sql)} ORDER BY ${order} LIMIT ? OFFSET ?`,
        )
        .all(match, ...where.params, limit, offset),
    );
  }
  // Many matches: the set of matching rowids is built once (an ephemeral index), and the sort's
  // index is walked checking membership; '+' keeps SQLite from driving the loop by that set.
  const where = directoryWhere(query, { facets: true, walkSortIndex: true });
  return ids(
    sqlite
      .query(
        `SELECT d.practitioner_id AS id FROM practitioner_directory d
         WHERE +d.doc_id IN (SELECT rowid FROM practitioner_search WHERE practitioner_search MATCH ?) AND ${and(where.sql)}
         ORDER BY ${order} LIMIT ? OFFSET ?`,
      )
      .all(match, ...where.params, limit, offset),
  );
}

/** How many results of this query can be paged through: relevance stops at the ranked bound. */
export function rankedMatchesCap(query: DirectoryQuery): number | null {
  return query.match !== null && query.sort === "relevance" ? SEARCH_RANKED_MATCHES : null;
}

/**
 * Rebuilds the directory and search index from `practitioners` (repair after restoring a copy,
 * or after writing practitioners with the triggers dropped), and merges the index's segments.
 */
export function rebuildPractitionerSearch(sqlite: Database): void {
  sqlite.transaction(() => {
    sqlite.exec(`INSERT INTO practitioner_search(practitioner_search) VALUES ('delete-all')`);
    sqlite.exec(`DELETE FROM practitioner_directory`);
    sqlite.exec(`
      INSERT INTO practitioner_directory (practitioner_id, archetype, experience_level, experience_rank, hourly_rate_cents, average_rating, total_sessions, is_featured, created_at)
      SELECT id, archetype, experience_level, CASE experience_level WHEN 'wise' THEN 3 WHEN 'evolving' THEN 2 ELSE 1 END,
        hourly_rate_cents, average_rating, total_sessions, is_featured, created_at
      FROM practitioners ORDER BY created_at, id`);
    sqlite.exec(`
      INSERT INTO practitioner_search (rowid, specializations, categories, archetype, location, bio)
      SELECT d.doc_id, p.specializations, p.professional_categories,
        CASE p.archetype WHEN 'bee' THEN 'bee grounding' WHEN 'hummingbird' THEN 'hummingbird precision'
          WHEN 'butterfly' THEN 'butterfly transformation' WHEN 'beetle' THEN 'beetle integration' ELSE p.archetype END
          || ' ' || p.experience_level,
        p.location, p.bio
      FROM practitioner_directory d JOIN practitioners p ON p.id = d.practitioner_id`);
  }).immediate();
  optimizePractitionerSearch(sqlite);
}

/** Merges the FTS index's segments into one: run after bulk inserts (queries get faster). */
export function optimizePractitionerSearch(sqlite: Database): void {
  sqlite.exec(`INSERT INTO practitioner_search(practitioner_search) VALUES ('optimize')`);
}
