/**
 * The directory's search on PostgreSQL: the twin of db/sqlite/practitioner-search.ts behind the
 * same entry points as the neutral db/practitioner-search.ts (docs/decisions/024-data-seam.md,
 * 025-postgresql-driver.md, "Search on PostgreSQL"). Filters, sorts, counts and pages over
 * `practitioner_directory` (the listed practitioners, kept by the triggers of migrations 0001 and
 * 0012), whose rows carry their practitioner's generated `search_vector`:
 * - the vector (tsvector, GIN): every word of the search as a word prefix (`heal:*`; a 1-character
 *   word as a whole word), ranked by `ts_rank_cd` for relevance;
 * - every word of 3+ characters as a substring: the words of `practitioner_search_terms` that hold
 *   it (pg_trgm), matched whole in the vector ('therapy' finds 'psychotherapy').
 * The rules are SQLite's (decision 003 as amended, decision 017): a word of 3+ characters matches
 * as a substring (which contains its word-prefix match), a shorter one as a word prefix; word
 * matches rank first, best first, then the substring-only matches, newest first; every match is
 * ranked up to SEARCH_RANK_ALL_MAX matches, beyond that only the newest SEARCH_RANKED_MATCHES word
 * matches and paging stops there; limited viewers search a fixed set (the first N in the featured
 * order). A keyword search of the whole directory is answered by decision 017's in-memory index
 * while it is current (db/postgres/practitioner-search-index.ts, decision 033); everything else, and
 * every search while the index is rebuilt, by PostgreSQL's own indexes: the directory row's copy of
 * the search vector (GIN) and the vectors' words (pg_trgm) for substrings (migration 0012).
 *
 * The handle's static type is SQLite's drizzle (`Db`); on PostgreSQL it is Bun's SQL client through
 * drizzle, cast to `Db` by db/client.ts, and used here as what it is. Every value is a bound
 * parameter; only fixed fragments (ORDER BY clauses) are written as raw SQL.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import type { practitioners as sqlitePractitioners } from "../schema";
import type { Archetype, ExperienceLevel } from "../../core/enums";
import { SEARCH_RANK_ALL_MAX, SEARCH_RANKED_MATCHES } from "../../core/constants";
import type { DirectoryFilters, DirectorySort, SessionFilter } from "../../core/directory-params";
import { decimalToCents } from "../../core/money";
import { engineRequest, type DirectorySearchRequest, type DirectorySearchResult, type EngineSearchRequest } from "../practitioner-search";
// the words of a search and its groups: one rule for both engines (letters, digits and marks; emoji archetypes; at most 8)
import { isSubstringGroup, normaliseGroups, ratingFactorSql, searchWords } from "../sqlite/practitioner-search-text";
import { atomicPostgres, isTransactionHandle, type PostgresDb } from "./client";
import type { DirectoryIndex } from "../sqlite/practitioner-search-index";
import { currentDirectoryIndex } from "./practitioner-search-index";
import { practitioners } from "./schema";

export type { DirectorySearchRequest, DirectorySearchResult } from "../practitioner-search";

/** The PostgreSQL drizzle behind a `Db` (db/client.ts casts it to SQLite's type). */
function postgresOf(db: Db): PostgresDb {
  return db as unknown as PostgresDb;
}

async function rows<T>(db: PostgresDb, query: SQL): Promise<T[]> {
  return [...((await db.execute(query)) as unknown as T[])];
}

/**
 * A keyword search, as groups of alternatives (docs/decisions/030-search-meaning.md: every group
 * must match, any alternative of a group does; a typed word is a group of itself): the tsquery
 * text of every group as word prefixes (what ranks, and the whole match when no group is a
 * substring group), the groups whose alternatives all have 3+ characters (substrings of
 * search_text), and the tsquery of the other groups, which a match needs too (null when none).
 * The split is SQLite's (isSubstringGroup): a group with a 1-2 character alternative is matched
 * as word prefixes only, like a short word.
 */
export interface KeywordSearch {
  words: string;
  substrings: string[][];
  shortWords: string | null;
}

/**
 * The tsquery text of groups: each alternative a prefix from two characters ('medit:*'), a single
 * character a whole word (as SQLite's prefixExpression); alternatives joined by '|' in
 * parentheses, groups by '&'. The words hold only letters, digits and marks, so nothing in them
 * is tsquery syntax; to_tsquery folds them as the column was folded (pollinate_words: unaccent,
 * then lower case).
 */
function prefixQuery(groups: string[][]): string {
  const term = (w: string) => (w.length >= 2 ? `${w}:*` : w);
  return groups.map((g) => (g.length === 1 ? term(g[0]!) : `(${g.map(term).join(" | ")})`)).join(" & ");
}

/** The search's parts for groups of alternatives, or null when there are no words at all. */
export function keywordSearchOfGroups(input: readonly (readonly string[])[]): KeywordSearch | null {
  const groups = normaliseGroups(input);
  if (groups.length === 0) return null;
  const long = groups.filter(isSubstringGroup);
  const short = groups.filter((g) => !isSubstringGroup(g));
  return { words: prefixQuery(groups), substrings: long, shortWords: long.length && short.length ? prefixQuery(short) : null };
}

/** The search's parts of typed text (each word its own group), or null when the text has no words at all. */
export function keywordSearch(text: string): KeywordSearch | null {
  return keywordSearchOfGroups(searchWords(text).map((w) => [w]));
}

export interface DirectoryQuery {
  keyword: KeywordSearch | null;
  archetype: Archetype | null;
  level: ExperienceLevel | null;
  minRateCents: number | null;
  maxRateCents: number | null;
  /** Only practitioners offering this kind of session; null or absent: either. */
  session?: SessionFilter | null;
  sort: DirectorySort;
  /** Relevance multiplies each word match's ts_rank_cd by RATING_FACTOR (core/search-meaning.ts: relevanceRatingFactor). */
  rankByRating?: boolean;
}

function toDirectoryQuery(filters: DirectoryFilters, sort: DirectorySort, groups: string[][] | null, rankByRating: boolean): DirectoryQuery | "no-words" {
  let keyword: KeywordSearch | null = null;
  if (filters.q) {
    keyword = groups === null ? keywordSearch(filters.q) : keywordSearchOfGroups(groups);
    // Text with no letters or digits at all ('***', '"', a lone emoji) matches nothing.
    if (keyword === null) return "no-words";
  }
  return {
    keyword,
    archetype: filters.archetype,
    level: filters.level,
    minRateCents: filters.minPrice === null ? null : decimalToCents(filters.minPrice),
    maxRateCents: filters.maxPrice === null ? null : decimalToCents(filters.maxPrice),
    session: filters.session ?? null,
    sort,
    rankByRating,
  };
}

/**
 * The directory's page for these filters (only listed practitioners: the directory holds no
 * others). Takes the neutral request (the meaning work is then done here by engineRequest, as the
 * neutral module does for SQLite) or an engine request already expanded.
 */
export async function searchDirectory(db: Db, neutral: DirectorySearchRequest | EngineSearchRequest): Promise<DirectorySearchResult> {
  const pg = postgresOf(db);
  const request = "keywordGroups" in neutral ? neutral : engineRequest(neutral);
  const { filters, sort, visibleLimit, pageSize } = request;
  const query = toDirectoryQuery(filters, sort, filters.q ? request.keywordGroups : null, request.rankByRating ?? false);
  // a keyword search of the whole directory: the in-memory index while it is current (decisions 017 and 033)
  if (query !== "no-words" && query.keyword !== null && visibleLimit === null) {
    const index = await currentDirectoryIndex(pg);
    if (index !== null) return searchIndex(index, query, normaliseGroups(request.keywordGroups ?? searchWords(filters.q).map((w) => [w])), filters.page, pageSize);
  }
  if (query !== "no-words" && query.keyword === null && visibleLimit === null) {
    const quick = await filteredPageInOneStatement(pg, query, filters.page, pageSize);
    if (quick !== null) return quick;
  }
  const total = query === "no-words" ? 0 : await countDirectory(pg, query);
  const visible = visibleLimit === null || query === "no-words" ? null : await listVisibleSet(pg, query, visibleLimit);
  const shown = visible === null ? (visibleLimit === null ? total : 0) : visible.length;
  const cap = query === "no-words" || visible !== null ? null : rankedMatchesCap(query, total);
  const place = pagePlace(shown, cap, filters.page, pageSize);

  let ids: string[] = [];
  if (visible !== null) ids = visible.slice(place.offset, place.offset + pageSize);
  else if (query !== "no-words") ids = await pageDirectory(pg, query, total, place.offset, place.limit);
  return { ids, total, shown, available: place.available, page: place.page, totalPages: place.totalPages };
}

/** A page from the in-memory index (as SQLite's searchIndex), with the version it stands for (practitionersInOrder reuses rows read at it). */
function searchIndex(index: DirectoryIndex, query: DirectoryQuery, groups: string[][], askedPage: number, pageSize: number): DirectorySearchResult {
  let place = pagePlace(0, null, askedPage, pageSize);
  const { keyword: _keyword, ...filters } = query;
  const found = index.search({ ...filters, groups }, (total) => (place = pagePlace(total, rankedMatchesCap(query, total), askedPage, pageSize)));
  const total = found?.total ?? 0;
  const { available, page, totalPages } = place;
  return { ids: (found?.docs ?? []).map((doc) => index.practitionerId(doc)), total, shown: total, available, page, totalPages, version: index.version };
}

/**
 * Counts of filter-only queries (no keyword) at the directory version they were counted at: the
 * default page's unfiltered total and each filter set's (bounded: the most recent 200 filter sets).
 */
const countCache = new WeakMap<object, { version: number; counts: Map<string, number> }>();
const COUNT_CACHE_MAX = 200;

/** The count cache's key: every condition of the query but the keyword and the order (a new filter is in it by itself). */
function filtersKey(query: DirectoryQuery): string {
  const { keyword: _keyword, sort: _sort, ...filters } = query;
  return JSON.stringify(Object.entries(filters).sort(([a], [b]) => (a < b ? -1 : 1)));
}

function cachedCount(db: PostgresDb, key: string): { version: number; total: number } | null {
  const entry = countCache.get(db);
  const total = entry?.counts.get(key);
  return entry && total !== undefined ? { version: entry.version, total } : null;
}

function rememberCount(db: PostgresDb, version: number, key: string, total: number): void {
  let entry = countCache.get(db);
  // a request that read an older version than the kept one (a race with a change) keeps nothing
  if (entry && version < entry.version) return;
  if (!entry || entry.version !== version) countCache.set(db, (entry = { version, counts: new Map() }));
  if (entry.counts.size >= COUNT_CACHE_MAX) entry.counts.delete(entry.counts.keys().next().value!);
  entry.counts.set(key, total);
}

/**
 * A page of a filter-only query (no keyword, no access limit) in ONE round trip when its count is
 * known at some directory version (else counted first, and kept): the page is read with the version
 * in the same statement (one snapshot), and it stands when the version is still the one the count
 * was taken at. When the directory changed in between, it is counted again and the page read
 * again (once; then null, and the caller counts and pages as before). Every page is still read from the database: only the count
 * and the rows of the page (practitionersInOrder) are reused while the version stands.
 */
async function filteredPageInOneStatement(db: PostgresDb, query: DirectoryQuery, askedPage: number, pageSize: number): Promise<DirectorySearchResult | null> {
  const key = filtersKey(query);
  // the newest version seen: a count kept at an older one is counted again (once, then kept)
  let seen = -Infinity;
  for (let attempt = 0; attempt < 2; attempt++) {
    let known = cachedCount(db, key);
    if (known === null || known.version < seen) {
      const [row] = await rows<{ version: number; n: number }>(
        db,
        sql`SELECT (SELECT version::float8 FROM practitioner_directory_version WHERE id = 1) AS version,
                   (SELECT count(*)::int FROM practitioner_directory d WHERE ${directoryWhere(query)}) AS n`,
      );
      rememberCount(db, row!.version, key, row!.n);
      known = { version: row!.version, total: row!.n };
    }
    const place = pagePlace(known.total, null, askedPage, pageSize);
    const page = await rows<{ version: number; id: string | null }>(
      db,
      sql`SELECT v.version, p.id FROM (SELECT version::float8 AS version FROM practitioner_directory_version WHERE id = 1) v
          LEFT JOIN LATERAL (SELECT d.practitioner_id AS id FROM practitioner_directory d WHERE ${directoryWhere(query)}
            ORDER BY ${orderBy(query)} LIMIT ${Math.max(0, place.limit)} OFFSET ${place.offset}) p ON TRUE`,
    );
    const version = page[0]!.version;
    if (version === known.version) {
      const ids = page.flatMap((r) => (r.id === null ? [] : [r.id]));
      return { ids, total: known.total, shown: known.total, available: place.available, page: place.page, totalPages: place.totalPages, version };
    }
    seen = version;
  }
  // the directory keeps changing under this request: count and page as before
  return null;
}

/** As SQLite's: where the asked page stands among `shown` matches, of which at most `cap` can be paged through. */
function pagePlace(shown: number, cap: number | null, askedPage: number, pageSize: number) {
  const available = cap === null ? shown : Math.min(shown, cap);
  const totalPages = Math.max(1, Math.ceil(available / pageSize));
  const page = Math.min(Math.max(1, askedPage), totalPages);
  const offset = (page - 1) * pageSize;
  return { available, totalPages, page, offset, limit: Math.min(pageSize, available - offset) };
}

/**
 * How many results of this query can be paged through in its order: relevance stops at the
 * ranked bound when there are more than SEARCH_RANK_ALL_MAX matches; null when all can.
 */
export function rankedMatchesCap(query: DirectoryQuery, matches: number): number | null {
  return query.keyword !== null && query.sort === "relevance" && matches > SEARCH_RANK_ALL_MAX ? SEARCH_RANKED_MATCHES : null;
}

/**
 * Every sort ends with the doc id so that pages never overlap (as on SQLite). SQLite puts NULLs
 * first in ascending order and last in descending order; PostgreSQL the other way round, so every
 * nullable column says NULLS LAST (a practitioner without a rating or a rate comes last, as there).
 * The database collation is C.UTF-8 (code point order), SQLite's BINARY for the ids' tie-break.
 */
const ORDER_BY: Record<Exclude<DirectorySort, "relevance">, string> = {
  featured: "d.is_featured DESC, d.created_at ASC, d.practitioner_id ASC",
  // 'Highest rated': the confidence-weighted rating (core/search-meaning.ts relevanceRatingFactor, as SQLite), no rating last
  rating: `d.average_rating IS NULL, ${ratingFactorSql("d.average_rating::double precision", "d.total_sessions")} DESC, d.doc_id DESC`,
  "price-low": "d.hourly_rate_cents ASC NULLS LAST, d.doc_id ASC",
  "price-high": "d.hourly_rate_cents DESC NULLS LAST, d.doc_id DESC",
  experience: "d.experience_rank DESC, d.doc_id DESC",
  newest: "d.created_at DESC, d.doc_id DESC",
  sessions: "d.total_sessions DESC, d.doc_id DESC",
};

function orderBy(query: DirectoryQuery): SQL {
  // within one level every rank is equal: the tie-breaker alone is the same order
  if (query.sort === "experience" && query.level) return sql.raw("d.doc_id DESC");
  return sql.raw(ORDER_BY[query.sort === "relevance" ? "featured" : query.sort]);
}

/** The session filter as a condition on the directory row `d` (the practitioners row holds what is offered). */
const SESSION_SQL: Record<SessionFilter, SQL> = {
  virtual: sql`EXISTS (SELECT 1 FROM practitioners sp WHERE sp.id = d.practitioner_id AND sp.is_virtual)`,
  "in-person": sql`EXISTS (SELECT 1 FROM practitioners sp WHERE sp.id = d.practitioner_id AND sp.is_in_person)`,
};

/** The directory's own conditions on `d` (facets, price, session), joined by AND; TRUE when none. */
function directoryWhere(query: DirectoryQuery, options: { facets: boolean } = { facets: true }): SQL {
  const conditions: SQL[] = [];
  if (options.facets && query.archetype) conditions.push(sql`d.archetype = ${query.archetype}`);
  if (options.facets && query.level) conditions.push(sql`d.experience_level = ${query.level}`);
  if (query.minRateCents !== null) conditions.push(sql`d.hourly_rate_cents >= ${query.minRateCents}`);
  if (query.maxRateCents !== null) conditions.push(sql`d.hourly_rate_cents <= ${query.maxRateCents}`);
  if (query.session) conditions.push(SESSION_SQL[query.session]);
  return conditions.length ? sql.join(conditions, sql` AND `) : sql`TRUE`;
}

/** The word-prefix tsquery of a keyword (all its groups), for `@@` and ts_rank_cd. */
function wordQuery(keyword: KeywordSearch): SQL {
  return sql`to_tsquery('pollinate_words', ${keyword.words})`;
}

/**
 * A substring group as the text of a tsquery of whole words: every word of the practitioners'
 * vectors (`practitioner_search_terms`, migration 0012, pg_trgm) holding one of the group's
 * alternatives, joined by '|'; NULL (no match) when no word holds any. A text holds an alternative
 * (letters, digits and marks only) as a substring exactly when one of its words does, so this
 * matches what `search_text LIKE '%…%'` matched, through the vectors' GIN index and without
 * reading any row's text. Each word is quoted as a tsquery lexeme (taken as it is).
 */
function substringGroupQuery(group: string[]): SQL {
  // folded in SQL as the vectors are (pollinate_unaccent, then lower), so that both sides agree
  const like = (w: string) => sql`t.term LIKE '%' || lower(pollinate_unaccent(${w})) || '%'`;
  return sql`(SELECT string_agg(${QUOTED_TERM}, ' | ') FROM practitioner_search_terms t WHERE ${sql.join(group.map(like), sql` OR `)})`;
}

/** `t.term` as a quoted tsquery lexeme: 'word', with ' and \ escaped. */
const QUOTED_TERM = sql.raw(String.raw`'''' || replace(replace(t.term, '\', '\\'), '''', '''''') || ''''`);

/**
 * The keyword's whole match as one tsquery: every substring group (alternatives of 3+ characters)
 * as the words holding one of its alternatives, and the other groups as word prefixes; no
 * substring group: the word query alone. NULL when a substring group is held by no word.
 */
function matchQuery(keyword: KeywordSearch): SQL {
  if (keyword.substrings.length === 0) return wordQuery(keyword);
  const groups = sql.join(
    keyword.substrings.map((g) => sql`'(' || ${substringGroupQuery(g)} || ')'`),
    sql` || ' & ' || `,
  );
  const substrings = sql`(${groups})::tsquery`;
  return keyword.shortWords === null ? substrings : sql`(${substrings} && to_tsquery('pollinate_words', ${keyword.shortWords}))`;
}

/** The keyword's match on the directory row `d` (its practitioner's search vector, migration 0012). */
function keywordMatch(keyword: KeywordSearch): SQL {
  return sql`d.search_vector @@ ${matchQuery(keyword)}`;
}

/**
 * ts_rank_cd's weights for {D, C, B, A}: bio, archetype words and location, categories,
 * specializations; in the proportions of SQLite's bm25 column weights (1, 2–3, 3, 4), as PostgreSQL
 * wants them (at most 1). Cover density, without length normalisation: short, dense mentions of
 * every word rank first.
 */
const RANK = sql.raw(`'{0.25, 0.5, 0.75, 1.0}'`);

/** True when the query has conditions on the directory row beyond the facets (prices, session). */
const hasPriceBounds = (query: DirectoryQuery) => query.minRateCents !== null || query.maxRateCents !== null || Boolean(query.session);

/**
 * core/search-meaning.ts's relevanceRatingFactor on the match row `m` (its directory row's rating
 * and sessions), in the same order of operations as SQLite's RATING_FACTOR_SQL and the in-memory
 * index. The rating column is real (float4) here: read through numeric it is the decimal written
 * (4.8, not 4.800000190734863), the double SQLite holds.
 */
export const RATING_FACTOR = sql.raw(ratingFactorSql("m.average_rating::numeric::float8", "m.total_sessions::float8"));

/**
 * The unfiltered total is read on every default directory page; it is kept until the directory
 * changes, by the version counter the triggers keep (as on SQLite: migration 0009's twin).
 */
async function unfilteredTotal(db: PostgresDb, query: DirectoryQuery): Promise<number> {
  const key = filtersKey(query);
  const cached = cachedCount(db, key);
  if (cached) {
    const [{ version }] = await rows<{ version: number }>(db, sql`SELECT version::float8 AS version FROM practitioner_directory_version WHERE id = 1`);
    if (cached.version === version) return cached.total;
  }
  // one statement, one snapshot: the count is the count at that version
  const [row] = await rows<{ version: number; n: number }>(
    db,
    sql`SELECT (SELECT version::float8 FROM practitioner_directory_version WHERE id = 1) AS version, (SELECT count(*)::int FROM practitioner_directory) AS n`,
  );
  rememberCount(db, row.version, key, row.n);
  return row.n;
}

/** How many practitioners match in the whole directory (before any access limit). */
export async function countDirectory(db: PostgresDb, query: DirectoryQuery): Promise<number> {
  if (query.keyword === null && !query.archetype && !query.level && !hasPriceBounds(query)) return unfilteredTotal(db, query);
  if (query.keyword === null) {
    const [{ n }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM practitioner_directory d WHERE ${directoryWhere(query)}`);
    return n;
  }
  // one narrow table and its GIN index: no join, no practitioner's text read
  const [{ n }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM practitioner_directory d WHERE ${keywordMatch(query.keyword)} AND ${directoryWhere(query)}`);
  return n;
}

const idsOf = (list: { id: string }[]) => list.map((r) => r.id);

/** The practitioner ids of one page, in order. `matches` is countDirectory's answer (it bounds relevance's ranking). */
export async function pageDirectory(db: PostgresDb, query: DirectoryQuery, matches: number, offset: number, limit: number): Promise<string[]> {
  if (limit <= 0 || matches === 0) return [];
  if (query.keyword === null) {
    return idsOf(
      await rows<{ id: string }>(
        db,
        sql`SELECT d.practitioner_id AS id FROM practitioner_directory d WHERE ${directoryWhere(query)} ORDER BY ${orderBy(query)} LIMIT ${limit} OFFSET ${offset}`,
      ),
    );
  }
  if (query.sort === "relevance") return relevancePage(db, query, matches, offset, limit);
  return idsOf(
    await rows<{ id: string }>(
      db,
      sql`SELECT d.practitioner_id AS id FROM practitioner_directory d
          WHERE ${keywordMatch(query.keyword)} AND ${directoryWhere(query)}
          ORDER BY ${orderBy(query)} LIMIT ${limit} OFFSET ${offset}`,
    ),
  );
}

/**
 * Best match first, as SQLite's relevancePage: the matches where every word starts a word, by
 * ts_rank_cd (newest first among equal scores); only the newest SEARCH_RANKED_MATCHES of them when
 * there are more than SEARCH_RANK_ALL_MAX matches; then the matches found only inside words,
 * newest first. Only the word matches are ranked (the pool, read from the directory rows, which
 * carry their vectors) and the page is cut from them; the inside-word matches are read only when
 * the page reaches past the pool (docs/decisions/033-search-at-scale.md).
 */
async function relevancePage(db: PostgresDb, query: DirectoryQuery, matches: number, offset: number, limit: number): Promise<string[]> {
  const keyword = query.keyword!;
  const words = wordQuery(keyword);
  const pool = matches > SEARCH_RANK_ALL_MAX ? SEARCH_RANKED_MATCHES : null;
  const poolLimit = pool === null ? sql`` : sql` ORDER BY d.doc_id DESC LIMIT ${pool}`;
  const poolRows = sql`SELECT d.doc_id, d.practitioner_id, d.average_rating, d.total_sessions, d.search_vector FROM practitioner_directory d
    WHERE d.search_vector @@ ${words} AND ${directoryWhere(query)}${poolLimit}`;
  const ranked = await rows<{ id: string; pooled: number }>(
    db,
    sql`SELECT m.practitioner_id AS id, count(*) OVER ()::int AS pooled FROM (${poolRows}) m
        ORDER BY ts_rank_cd(${RANK}, m.search_vector, ${words})${query.rankByRating ? sql` * ${RATING_FACTOR}` : sql``} DESC, m.doc_id DESC
        LIMIT ${limit} OFFSET ${offset}`,
  );
  const ids = idsOf(ranked);
  // the page ends inside the pool, or the word query is the whole match (no inside-word matches)
  if (ids.length === limit || keyword.substrings.length === 0) return ids;
  const pooled = ranked[0]?.pooled ?? (await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${poolRows}) m`))[0]!.n;
  const rest = await rows<{ id: string }>(
    db,
    sql`SELECT d.practitioner_id AS id FROM practitioner_directory d
        WHERE ${keywordMatch(keyword)} AND NOT (d.search_vector @@ ${words}) AND ${directoryWhere(query)}
        ORDER BY d.doc_id DESC LIMIT ${limit - ids.length} OFFSET ${Math.max(0, offset - pooled)}`,
  );
  return ids.concat(idsOf(rest));
}

/**
 * An access level's fixed set (docs/decisions/006-access-limits.md): of the first `visible`
 * practitioners in the featured order, the ids of those matching the filters and keyword, in the
 * query's order. Relevance within the set: word matches first, then the featured order.
 */
export async function listVisibleSet(db: PostgresDb, query: DirectoryQuery, visible: number): Promise<string[]> {
  if (visible <= 0) return [];
  const keyword = query.keyword;
  const order = keyword !== null && query.sort === "relevance" ? sql`(d.search_vector @@ ${wordQuery(keyword)}) DESC, ${sql.raw(ORDER_BY.featured)}` : orderBy(query);
  return idsOf(
    await rows<{ id: string }>(
      db,
      sql`SELECT d.practitioner_id AS id
          FROM (SELECT d.doc_id FROM practitioner_directory d ORDER BY ${sql.raw(ORDER_BY.featured)} LIMIT ${visible}) visible
          JOIN practitioner_directory d ON d.doc_id = visible.doc_id
          WHERE ${directoryWhere(query)}${keyword === null ? sql`` : sql` AND ${keywordMatch(keyword)}`}
          ORDER BY ${order}`,
    ),
  );
}

type PractitionerRow = typeof sqlitePractitioners.$inferSelect;

/**
 * Rows of listed practitioners read while the directory was at a version: every change to a listed
 * practitioner's row rewrites its directory row (the triggers of migration 0001) and so moves the
 * version, which empties this. Bounded: a few pages' worth of the most recently read rows.
 */
const rowCache = new WeakMap<object, { version: number; rows: Map<string, PractitionerRow> }>();
const ROW_CACHE_MAX = 2_000;

/**
 * The practitioners' rows of these ids, in the order of `ids` (ids with no row are left out): one
 * statement for any page size (the ids as one array parameter). `version` is the directory version
 * the ids were read at (DirectorySearchResult.version): rows read at or after it are reused for
 * other pages read at that version, with no round trip when every row of the page is known.
 */
export async function practitionersInOrder(db: Db, ids: string[], version?: number): Promise<PractitionerRow[]> {
  if (ids.length === 0) return [];
  const pg = postgresOf(db);
  let cache = version === undefined ? undefined : rowCache.get(pg);
  if (version !== undefined && (!cache || cache.version < version)) rowCache.set(pg, (cache = { version, rows: new Map() }));
  const usable = cache !== undefined && cache.version === version ? cache : undefined;
  const missing = usable ? ids.filter((id) => !usable.rows.has(id)) : ids;
  const byId = new Map<string, PractitionerRow>();
  if (missing.length > 0) {
    const found = await pg
      .select()
      .from(practitioners)
      // typed text first: a parameter typed jsonb is encoded by Bun's client as JSON again (a string)
      .where(sql`${practitioners.id} IN (SELECT jsonb_array_elements_text(${JSON.stringify(missing)}::text::jsonb))`);
    // the schema twins' row types are the same (db/postgres/schema-drift.test.ts checks them through tsc)
    for (const row of found as PractitionerRow[]) {
      byId.set(row.id, row);
      if (usable) {
        if (usable.rows.size >= ROW_CACHE_MAX) usable.rows.delete(usable.rows.keys().next().value!);
        usable.rows.set(row.id, row);
      }
    }
  }
  return ids.flatMap((id) => byId.get(id) ?? usable?.rows.get(id) ?? []);
}

/** Builds the in-memory keyword index (searches are answered in SQL meanwhile); resolves with the milliseconds it took once keyword searches use it. */
export async function warmDirectorySearch(db: Db): Promise<number> {
  const started = performance.now();
  while (!(await directorySearchReady(db))) await Bun.sleep(50);
  return performance.now() - started;
}

/** True once keyword searches of the whole directory are answered by the in-memory index (it is current); asking starts its (re)build. */
export async function directorySearchReady(db: Db): Promise<boolean> {
  return (await currentDirectoryIndex(postgresOf(db))) !== null;
}

/**
 * Rebuilds the directory from the listed practitioners (owner verified and not suspended: `isListed`
 * in src/features/practitioners/service.ts): repair after restoring a copy, or after writing
 * practitioners with the triggers disabled (session_replication_role = replica). The search columns
 * are generated from the row and need no rebuild. Doc ids start again at 1 in the order of
 * creation, as on SQLite (a table emptied by DELETE numbers its rowids from 1). One transaction
 * (the caller's when `db` is one), then optimizePractitionerSearch.
 */
export async function rebuildPractitionerSearch(db: Db): Promise<void> {
  await atomicPostgres(postgresOf(db), async (tx) => {
    await tx.execute(sql`DELETE FROM practitioner_directory`);
    await tx.execute(sql`SELECT setval(pg_get_serial_sequence('practitioner_directory', 'doc_id'), 1, false)`);
    await tx.execute(sql`
      INSERT INTO practitioner_directory (practitioner_id, archetype, experience_level, experience_rank, hourly_rate_cents, average_rating, total_sessions, is_featured, created_at, search_vector)
      SELECT p.id, p.archetype, p.experience_level, pollinate_experience_rank(p.experience_level),
        p.hourly_rate_cents, p.average_rating, p.total_sessions, p.is_featured, p.created_at, p.search_vector
      FROM practitioners p JOIN users u ON u.id = p.user_id
      WHERE u.is_email_verified AND u.suspended_at IS NULL
      ORDER BY p.created_at, p.id`);
    for (const statement of DERIVED_SEARCH_FILL) await tx.execute(sql.raw(statement));
  });
  await optimizePractitionerSearch(db);
}

/**
 * After bulk writes (SQLite: merges the FTS segments): moves the GIN indexes' pending entries into
 * the indexes proper (gin_clean_pending_list; fastupdate keeps new entries in a pending list that
 * every search scans) and refreshes the planner's statistics of the tables the search reads.
 */
export async function optimizePractitionerSearch(db: Db): Promise<void> {
  const pg = postgresOf(db);
  await pg.execute(
    sql`SELECT gin_clean_pending_list('practitioners_search_vector_idx'::regclass), gin_clean_pending_list('practitioners_search_text_trgm_idx'::regclass),
      gin_clean_pending_list('practitioner_directory_search_vector_idx'::regclass), gin_clean_pending_list('practitioner_search_terms_trgm_idx'::regclass)`,
  );
  // VACUUM after a bulk load, as autovacuum would in time (not possible inside the caller's transaction)
  if (isTransactionHandle(pg)) await pg.execute(sql`ANALYZE practitioner_directory, practitioner_search_terms`);
  else await pg.execute(sql`VACUUM (ANALYZE) practitioner_directory, practitioner_search_terms`);
  await pg.execute(sql`ANALYZE practitioners`);
}

/**
 * What PostgreSQL derives for the search beyond its generated columns (migration 0012): the
 * directory rows' copy of the search vector and the table of the vectors' words. Kept by triggers;
 * a copy made with the triggers quiet (npm run migrate-to-postgres) leaves them out and fills them
 * afterwards with DERIVED_SEARCH_FILL.
 */
export const DERIVED_SEARCH = {
  tables: ["practitioner_search_terms"],
  columns: { practitioner_directory: ["search_vector"] } as Record<string, string[]>,
};

/** Fills what DERIVED_SEARCH names from the practitioners' rows (one statement each, in order). */
export const DERIVED_SEARCH_FILL = [
  `UPDATE practitioner_directory d SET search_vector = p.search_vector FROM practitioners p
   WHERE p.id = d.practitioner_id AND d.search_vector IS DISTINCT FROM p.search_vector`,
  `INSERT INTO practitioner_search_terms (term) SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM practitioners ON CONFLICT DO NOTHING`,
];
