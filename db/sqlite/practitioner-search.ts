/**
 * The directory's search on SQLite: filters, sorts, counts and pages over `practitioner_directory`
 * (a narrow, indexed copy of the listed practitioners) and the FTS5 indexes `practitioner_search`
 * (word prefixes, relevance) and `practitioner_substring` (trigrams: substrings), returning the ids
 * of one page. SQLite-only (FTS5, bm25, planner hints): the rest of the code calls the neutral
 * db/practitioner-search.ts, and a PostgreSQL port adds db/postgres/practitioner-search.ts behind
 * the same entry points (docs/decisions/024-data-seam.md).
 * Only fixed fragments are concatenated; every value is a bound parameter, and the few SQL shapes
 * are cached as prepared statements by bun:sqlite.
 */
import type { Database } from "bun:sqlite";
import { sql } from "drizzle-orm";
import { preparedPerDatabase } from "../client";
import { practitioners } from "../schema/tables";
import type { Archetype, ExperienceLevel } from "../../core/enums";
import { SEARCH_RANK_ALL_MAX, SEARCH_RANKED_MATCHES } from "../../core/constants";
import type { DirectoryFilters, DirectorySort } from "../../core/directory-params";
import { decimalToCents } from "../../core/money";
import type { DirectorySearchResult, EngineSearchRequest } from "../practitioner-search";
import { currentDirectoryIndex, directoryVersion, type DirectoryIndex, type IndexQuery } from "./practitioner-search-index";
import { ARCHETYPE_INDEX_TEXT, ratingFactorSql, keywordSearchOfGroups, normaliseGroups, searchWords, withFacetTerms, withSubstringFacetTerms, type KeywordSearch } from "./practitioner-search-text";
import type { SessionFilter } from "../../core/directory-params";

/** The directory's page for these filters (only listed practitioners: see migrations 0004 and 0012). */
export function searchDirectory(sqlite: Database, request: EngineSearchRequest): DirectorySearchResult {
  const { filters, sort, visibleLimit, pageSize } = request;
  const groups = filters.q ? normaliseGroups(request.keywordGroups ?? searchWords(filters.q).map((w) => [w])) : [];
  const query = toDirectoryQuery(filters, sort, groups, request.rankByRating ?? false);
  // a keyword search of the whole directory: the in-memory index while it is current
  if (query !== "no-words" && query.keyword !== null && visibleLimit === null && filters.q) {
    const index = currentDirectoryIndex(sqlite);
    if (index !== null) return searchIndex(index, { ...query, groups }, filters.page, pageSize);
  }
  const total = query === "no-words" ? 0 : countDirectory(sqlite, query);
  const visible = visibleLimit === null || query === "no-words" ? null : listVisibleSet(sqlite, query, visibleLimit);
  const shown = visible === null ? (visibleLimit === null ? total : 0) : visible.length;
  const cap = query === "no-words" || visible !== null ? null : rankedMatchesCap(query, total);
  const place = pagePlace(shown, cap, filters.page, pageSize);

  let ids: string[] = [];
  if (visible !== null) ids = visible.slice(place.offset, place.offset + pageSize);
  else if (query !== "no-words") ids = pageDirectory(sqlite, query, total, place.offset, place.limit);
  return { ids, total, shown, available: place.available, page: place.page, totalPages: place.totalPages };
}

/**
 * Where the asked page stands among `shown` matches, of which at most `cap` can be paged through
 * (null: all): the page answered (the last when asked past the end), its offset and size.
 */
function pagePlace(shown: number, cap: number | null, askedPage: number, pageSize: number) {
  const available = cap === null ? shown : Math.min(shown, cap);
  const totalPages = Math.max(1, Math.ceil(available / pageSize));
  const page = Math.min(Math.max(1, askedPage), totalPages);
  const offset = (page - 1) * pageSize;
  return { available, totalPages, page, offset, limit: Math.min(pageSize, available - offset) };
}

/** True once keyword searches of this connection's directory use the in-memory index (asking starts its build). */
export function directoryIndexReady(sqlite: Database): boolean {
  return currentDirectoryIndex(sqlite) !== null;
}

function searchIndex(index: DirectoryIndex, query: DirectoryQuery & IndexQuery, askedPage: number, pageSize: number): DirectorySearchResult {
  let place = pagePlace(0, null, askedPage, pageSize);
  const found = index.search(query, (total) => (place = pagePlace(total, rankedMatchesCap(query, total), askedPage, pageSize)));
  const total = found?.total ?? 0;
  const { available, page, totalPages } = place;
  return { ids: (found?.docs ?? []).map((doc) => index.practitionerId(doc)), total, shown: total, available, page, totalPages };
}

function toDirectoryQuery(filters: DirectoryFilters, sort: DirectorySort, groups: string[][], rankByRating: boolean): DirectoryQuery | "no-words" {
  let keyword: DirectoryQuery["keyword"] = null;
  if (filters.q) {
    keyword = keywordSearchOfGroups(groups);
    // Text with no letters or digits at all ('***', '"', a lone emoji) matches nothing.
    if (keyword === null) return "no-words";
  }
  return {
    keyword,
    archetype: filters.archetype,
    level: filters.level,
    minRateCents: filters.minPrice === null ? null : decimalToCents(filters.minPrice),
    maxRateCents: filters.maxPrice === null ? null : decimalToCents(filters.maxPrice),
    session: filters.session,
    sort,
    rankByRating,
  };
}

export interface DirectoryQuery {
  /** The keyword's FTS5 expressions from keywordSearch(); null without a keyword. */
  keyword: KeywordSearch | null;
  archetype: Archetype | null;
  level: ExperienceLevel | null;
  minRateCents: number | null;
  maxRateCents: number | null;
  /** Only practitioners offering this kind of session; null or absent: either. */
  session?: SessionFilter | null;
  sort: DirectorySort;
  /** Relevance multiplies each match's bm25 by RATING_FACTOR_SQL (core/search-meaning.ts: relevanceRatingFactor). */
  rankByRating?: boolean;
}

/**
 * bm25 column weights in the FTS column order: a word in a specialization or category says
 * more about a practitioner than the same word somewhere in a bio.
 */
const BM25 = "bm25(practitioner_search, 4.0, 3.0, 3.0, 2.0, 1.0)";

/**
 * core/search-meaning.ts's relevanceRatingFactor on the directory row `d`, in the same order of
 * operations (the in-memory index computes it in JavaScript: the same doubles).
 */
export const RATING_FACTOR_SQL = ratingFactorSql("d.average_rating", "d.total_sessions");

/**
 * 'Highest rated' (issue 26): rated practitioners first, by the same confidence-weighted rating
 * (relevanceRatingFactor: one 5-star review on one session does not outrank forty at 4.8), then
 * newest; no rating last. The in-memory index and PostgreSQL order by the same value.
 */
const RATING_ORDER_SQL = `d.average_rating IS NULL, ${RATING_FACTOR_SQL} DESC, d.doc_id DESC`;

/** The session filter as a condition on the directory row `d` (the practitioners row holds what is offered). */
const SESSION_SQL: Record<SessionFilter, string> = {
  virtual: "EXISTS (SELECT 1 FROM practitioners p WHERE p.id = d.practitioner_id AND p.is_virtual = 1)",
  "in-person": "EXISTS (SELECT 1 FROM practitioners p WHERE p.id = d.practitioner_id AND p.is_in_person = 1)",
};

/**
 * At or below this many matches a page is found by collecting the matches and sorting them
 * (sorting 3,000 narrow rows takes about a millisecond); above it, by walking the sort's index
 * and skipping non-matches, which stops after one page because matches are then common.
 */
const COLLECT_AND_SORT_MAX = 3000;

/**
 * Walking the sort's index, each row can be checked against the keyword by an FTS lookup of its
 * rowid (~15 µs), or against a set of all matching rowids built first (~0.3 µs a match with
 * trigrams). Lookups win while the rows to walk, about (offset + limit) × rows / matches, are
 * fewer than matches / PROBE_COST_RATIO: the first pages of broad searches ('session' sorted by
 * rating at 100k: 0.35 ms instead of 22 ms).
 */
const PROBE_COST_RATIO = 50;

/** How pageDirectory finds a page of a keyword search in a sort other than relevance (tests compare them). */
export type KeywordPlan = "collect" | "probe" | "set";

// Every sort ends with the rowid so that pages never overlap; each matches one index.
const ORDER_BY: Record<Exclude<DirectorySort, "relevance">, string> = {
  featured: "d.is_featured DESC, d.created_at ASC, d.practitioner_id ASC",
  rating: RATING_ORDER_SQL,
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
  if (query.session) where.sql.push(SESSION_SQL[query.session]);
  return where;
}

const and = (conditions: string[]) => (conditions.length ? conditions.join(" AND ") : "1");

/** True when the query has conditions on the directory row beyond the FTS expression (prices, session). */
function hasPriceBounds(query: DirectoryQuery): boolean {
  return query.minRateCents !== null || query.maxRateCents !== null || Boolean(query.session);
}

/**
 * The unfiltered total is read on every default directory page and costs a scan of 100k index
 * entries (~0.8 ms). It is kept until the directory changes: the same version counter the
 * in-memory index follows (migration 0009).
 */
const totalCache = new WeakMap<Database, { version: number; total: number }>();

function unfilteredTotal(sqlite: Database): number {
  const version = directoryVersion(sqlite);
  const cached = totalCache.get(sqlite);
  if (cached?.version === version) return cached.total;
  const { n } = sqlite.query(`SELECT count(*) AS n FROM practitioner_directory`).get() as { n: number };
  totalCache.set(sqlite, { version, total: n });
  return n;
}

/**
 * Where a keyword's matches come from: the trigram index when a word has 3+ characters (its
 * substring match contains the word-prefix match), else the word index; the archetype and level
 * filters are terms of the same MATCH. `alsoWords` requires the 1-2 character words of a mixed
 * search (e.g. 'OR reiki') in the word index; '+' keeps SQLite from turning that set into
 * per-row lookups of the FTS table.
 */
interface MatchSource {
  table: "practitioner_search" | "practitioner_substring";
  /** Conditions on `s`, the FTS table. */
  sql: string;
  params: string[];
}

function matchSource(keyword: KeywordSearch, facets: { archetype: Archetype | null; level: ExperienceLevel | null }): MatchSource {
  if (keyword.substring === null) {
    return { table: "practitioner_search", sql: "practitioner_search MATCH ?", params: [withFacetTerms(keyword.words, facets)] };
  }
  const source: MatchSource = { table: "practitioner_substring", sql: "practitioner_substring MATCH ?", params: [withSubstringFacetTerms(keyword.substring, facets)] };
  if (keyword.shortWords !== null) {
    source.sql += " AND +s.rowid IN (SELECT rowid FROM practitioner_search WHERE practitioner_search MATCH ?)";
    source.params.push(keyword.shortWords);
  }
  return source;
}

/** How many practitioners match in the whole directory (before any access limit). */
export function countDirectory(sqlite: Database, query: DirectoryQuery): number {
  if (query.keyword === null && !query.archetype && !query.level && !hasPriceBounds(query)) return unfilteredTotal(sqlite);
  if (query.keyword === null) {
    const where = directoryWhere(query, { facets: true, walkSortIndex: false });
    const row = sqlite.query(`SELECT count(*) AS n FROM practitioner_directory d WHERE ${and(where.sql)}`).get(...where.params) as { n: number };
    return row.n;
  }
  const source = matchSource(query.keyword, query);
  if (!hasPriceBounds(query)) {
    const row = sqlite.query(`SELECT count(*) AS n FROM ${source.table} s WHERE ${source.sql}`).get(...source.params) as { n: number };
    return row.n;
  }
  const where = directoryWhere(query, { facets: false, walkSortIndex: false });
  const row = sqlite
    .query(`SELECT count(*) AS n FROM ${source.table} s CROSS JOIN practitioner_directory d ON d.doc_id = s.rowid WHERE ${source.sql} AND ${and(where.sql)}`)
    .get(...source.params, ...where.params) as { n: number };
  return row.n;
}

const ids = (rows: unknown[]) => (rows as { id: string }[]).map((r) => r.id);
const docIds = (rows: unknown[]) => (rows as { docId: number }[]).map((r) => r.docId);

/**
 * The practitioner ids of one page, in order. `matches` is countDirectory's answer, which picks
 * the plan (and, for relevance, whether every match is ranked: see rankedMatchesCap).
 */
export function pageDirectory(sqlite: Database, query: DirectoryQuery, matches: number, offset: number, limit: number, forcePlan?: KeywordPlan): string[] {
  if (limit <= 0 || matches === 0) return [];
  const order = orderBy(query);

  if (query.keyword === null) {
    const where = directoryWhere(query, { facets: true, walkSortIndex: matches > COLLECT_AND_SORT_MAX });
    return ids(sqlite.query(`SELECT d.practitioner_id AS id FROM practitioner_directory d WHERE ${and(where.sql)} ORDER BY ${order} LIMIT ? OFFSET ?`).all(...where.params, limit, offset));
  }

  if (query.sort === "relevance") return practitionerIds(sqlite, relevancePage(sqlite, query, matches, offset, limit));

  const plan = forcePlan ?? keywordPlan(sqlite, matches, offset, limit);
  const source = matchSource(query.keyword, query);
  if (plan === "collect") {
    // CROSS JOIN keeps the FTS index as the outer loop: probing it once per directory row is ruinous.
    const where = directoryWhere(query, { facets: false, walkSortIndex: false });
    return ids(
      sqlite
        .query(
          `SELECT d.practitioner_id AS id FROM ${source.table} s CROSS JOIN practitioner_directory d ON d.doc_id = s.rowid
           WHERE ${source.sql} AND ${and(where.sql)} ORDER BY ${order} LIMIT ? OFFSET ?`,
        )
        .all(...source.params, ...where.params, limit, offset),
    );
  }
  const where = directoryWhere(query, { facets: true, walkSortIndex: true });
  if (plan === "probe") {
    // the directory's own conditions first, then one FTS lookup per remaining row
    const probe = matchSource(query.keyword, { archetype: null, level: null });
    return ids(
      sqlite
        .query(
          `SELECT d.practitioner_id AS id FROM practitioner_directory d
           WHERE ${and(where.sql)} AND EXISTS (SELECT 1 FROM ${probe.table} s WHERE ${probe.sql} AND s.rowid = d.doc_id)
           ORDER BY ${order} LIMIT ? OFFSET ?`,
        )
        .all(...where.params, ...probe.params, limit, offset),
    );
  }
  // The set of matching rowids is built once (an ephemeral index), and the sort's index is
  // walked checking membership; '+' keeps SQLite from driving the loop by that set.
  return ids(
    sqlite
      .query(
        `SELECT d.practitioner_id AS id FROM practitioner_directory d
         WHERE +d.doc_id IN (SELECT s.rowid FROM ${source.table} s WHERE ${source.sql}) AND ${and(where.sql)}
         ORDER BY ${order} LIMIT ? OFFSET ?`,
      )
      .all(...source.params, ...where.params, limit, offset),
  );
}

function keywordPlan(sqlite: Database, matches: number, offset: number, limit: number): KeywordPlan {
  if (matches <= COLLECT_AND_SORT_MAX) return "collect";
  const rowsToWalk = ((offset + limit) * unfilteredTotal(sqlite)) / matches;
  return rowsToWalk * PROBE_COST_RATIO <= matches ? "probe" : "set";
}

/**
 * Best match first. Matches where every word starts a word come first, ranked by bm25 on the
 * word index; matches only found inside words (the trigram index: 'therapy' in 'Psychotherapy')
 * follow, newest first. Every word match is ranked while there are at most SEARCH_RANK_ALL_MAX
 * matches; beyond that only the newest SEARCH_RANKED_MATCHES word matches are (bm25 costs about
 * 0.5 µs a match: 60,000 take 30 ms), and paging stops there (rankedMatchesCap).
 */
function relevancePage(sqlite: Database, query: DirectoryQuery, matches: number, offset: number, limit: number): number[] {
  const keyword = query.keyword!;
  const pool = matches > SEARCH_RANK_ALL_MAX ? SEARCH_RANKED_MATCHES : null;
  const where = directoryWhere(query, { facets: false, walkSortIndex: false });
  const wordMatches = hasPriceBounds(query) || query.rankByRating
    ? `FROM practitioner_search s CROSS JOIN practitioner_directory d ON d.doc_id = s.rowid WHERE practitioner_search MATCH ? AND ${and(where.sql)}`
    : `FROM practitioner_search s WHERE practitioner_search MATCH ?`;
  const wordMatch = withFacetTerms(keyword.words, query);
  const scored = `SELECT s.rowid AS doc_id, ${BM25}${query.rankByRating ? ` * ${RATING_FACTOR_SQL}` : ""} AS score ${wordMatches}`;
  const candidates = pool === null ? scored : `SELECT doc_id, score FROM (${scored} ORDER BY s.rowid DESC LIMIT ${pool})`;
  const ranked = docIds(
    sqlite
      .query(`SELECT doc_id AS docId FROM (${candidates}) ORDER BY score, doc_id DESC LIMIT ? OFFSET ?`)
      .all(wordMatch, ...where.params, limit, offset),
  );
  if (ranked.length === limit || keyword.substring === null) return ranked;

  // past the ranked word matches: the substring-only matches, newest first
  let ranksAll: number;
  if (ranked.length > 0) ranksAll = offset + ranked.length;
  else {
    const row = sqlite.query(`SELECT count(*) AS n FROM (SELECT s.rowid ${wordMatches}${pool === null ? "" : ` LIMIT ${pool}`})`).get(wordMatch, ...where.params) as { n: number };
    ranksAll = row.n;
  }
  const source = matchSource(keyword, query);
  const priced = hasPriceBounds(query) ? `CROSS JOIN practitioner_directory d ON d.doc_id = s.rowid` : "";
  const rest = docIds(
    sqlite
      .query(
        `SELECT s.rowid AS docId FROM ${source.table} s ${priced}
         WHERE ${source.sql} AND ${and(hasPriceBounds(query) ? where.sql : [])}
           AND +s.rowid NOT IN (SELECT rowid FROM practitioner_search WHERE practitioner_search MATCH ?)
         ORDER BY s.rowid DESC LIMIT ? OFFSET ?`,
      )
      .all(...source.params, ...(hasPriceBounds(query) ? where.params : []), wordMatch, limit - ranked.length, Math.max(0, offset - ranksAll)),
  );
  return [...ranked, ...rest];
}

/** Practitioner ids of directory rowids, in the same order. */
function practitionerIds(sqlite: Database, rowids: number[]): string[] {
  if (rowids.length === 0) return [];
  const rows = sqlite.query(`SELECT doc_id AS docId, practitioner_id AS id FROM practitioner_directory WHERE doc_id IN (${rowids.map(() => "?").join(",")})`).all(...rowids) as { docId: number; id: string }[];
  const byDoc = new Map(rows.map((r) => [r.docId, r.id]));
  return rowids.flatMap((docId) => byDoc.get(docId) ?? []);
}

/**
 * How many results of this query can be paged through in its order: relevance stops at the
 * ranked bound when there are more than SEARCH_RANK_ALL_MAX matches; null when all can.
 */
export function rankedMatchesCap(query: DirectoryQuery, matches: number): number | null {
  return query.keyword !== null && query.sort === "relevance" && matches > SEARCH_RANK_ALL_MAX ? SEARCH_RANKED_MATCHES : null;
}

/**
 * An access level's fixed set (docs/decisions/006-access-limits.md): of the first `visible`
 * practitioners in the featured order, the ids of those matching the filters and keyword, in the
 * query's order. At most `visible` rows are checked, each by a rowid lookup in the FTS indexes.
 * Relevance within the set: matches where every word starts a word first, then the featured order.
 */
export function listVisibleSet(sqlite: Database, query: DirectoryQuery, visible: number): string[] {
  if (visible <= 0) return [];
  const where = directoryWhere(query, { facets: true, walkSortIndex: false });
  const params: (string | number)[] = [visible];
  const conditions = [...where.sql];
  let order = orderBy(query);
  if (query.keyword !== null) {
    const source = matchSource(query.keyword, { archetype: null, level: null });
    conditions.push(`EXISTS (SELECT 1 FROM ${source.table} s WHERE ${source.sql} AND s.rowid = d.doc_id)`);
    params.push(...where.params, ...source.params);
    if (query.sort === "relevance") {
      order = `NOT EXISTS (SELECT 1 FROM practitioner_search WHERE practitioner_search MATCH ? AND rowid = d.doc_id), ${ORDER_BY.featured}`;
      params.push(query.keyword.words);
    }
  } else {
    params.push(...where.params);
  }
  return ids(
    sqlite
      .query(
        `SELECT d.practitioner_id AS id
         FROM (SELECT d.doc_id FROM practitioner_directory d ORDER BY ${ORDER_BY.featured} LIMIT ?) visible
         CROSS JOIN practitioner_directory d ON d.doc_id = visible.doc_id
         WHERE ${and(conditions)} ORDER BY ${order}`,
      )
      .all(...params),
  );
}

/**
 * Rebuilds the directory and both search indexes from the listed `practitioners` (owner verified and
 * not suspended: the rule of migrations 0004 and 0012 and of `isListed` in service.ts; repair after
 * restoring a copy, or after writing practitioners with the triggers dropped), and merges the
 * indexes' segments. `sqlite` is the write connection inside a transaction (db/practitioner-search.ts).
 */
export function rebuildPractitionerSearch(sqlite: Database): void {
  const archetypeText = `CASE p.archetype ${Object.entries(ARCHETYPE_INDEX_TEXT)
    .map(([archetype, text]) => `WHEN '${archetype}' THEN '${text}'`)
    .join(" ")} ELSE p.archetype END || ' ' || p.experience_level`;
  {
    sqlite.exec(`INSERT INTO practitioner_search(practitioner_search) VALUES ('delete-all')`);
    sqlite.exec(`INSERT INTO practitioner_substring(practitioner_substring) VALUES ('delete-all')`);
    sqlite.exec(`DELETE FROM practitioner_directory`);
    sqlite.exec(`
      INSERT INTO practitioner_directory (practitioner_id, archetype, experience_level, experience_rank, hourly_rate_cents, average_rating, total_sessions, is_featured, created_at)
      SELECT p.id, p.archetype, p.experience_level, CASE p.experience_level WHEN 'wise' THEN 3 WHEN 'evolving' THEN 2 ELSE 1 END,
        p.hourly_rate_cents, p.average_rating, p.total_sessions, p.is_featured, p.created_at
      FROM practitioners p JOIN users u ON u.id = p.user_id
      WHERE u.is_email_verified = 1 AND u.suspended_at IS NULL
      ORDER BY p.created_at, p.id`);
    for (const table of ["practitioner_search", "practitioner_substring"]) {
      sqlite.exec(`
        INSERT INTO ${table} (rowid, specializations, categories, archetype, location, bio)
        SELECT d.doc_id, p.specializations, p.professional_categories, ${archetypeText}, p.location, p.bio
        FROM practitioner_directory d JOIN practitioners p ON p.id = d.practitioner_id`);
    }
  }
}

/** Merges each FTS index's segments into one: run after bulk inserts (queries get faster). */
export function optimizePractitionerSearch(sqlite: Database): void {
  sqlite.exec(`INSERT INTO practitioner_search(practitioner_search) VALUES ('optimize')`);
  sqlite.exec(`INSERT INTO practitioner_substring(practitioner_substring) VALUES ('optimize')`);
}

/**
 * The rows of a page's ids (a JSON array: one prepared statement for any page size), in no
 * particular order.
 */
export const practitionersByIds = preparedPerDatabase((db) =>
  db
    .select()
    .from(practitioners)
    .where(sql`${practitioners.id} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`)
    .prepare(),
);
