/**
 * The practitioners directory's search, whichever engine answers it: the rest of the code imports
 * this module, and the engine's own search (SQLite: FTS5 and an in-memory index,
 * db/sqlite/practitioner-search*.ts) stays behind it (docs/decisions/024-data-seam.md; decisions
 * 003, 009, 017 and 019 describe the search itself).
 */
import type { DirectoryFilters, DirectorySort } from "../core/directory-params";
import { inArray } from "drizzle-orm";
import { atomic, isPostgres, sqliteConnectionOf, type Db } from "./client";
import * as postgres from "./postgres/practitioner-search";
import { practitioners } from "./schema";
import { expandSearch } from "../core/search-meaning";
import {
  directoryIndexReady as directoryIndexReadySqlite,
  optimizePractitionerSearch as optimizePractitionerSearchSqlite,
  practitionersByIds,
  rebuildPractitionerSearch as rebuildPractitionerSearchSqlite,
  searchDirectory as searchDirectorySqlite,
} from "./sqlite/practitioner-search";

/** What the service asks of the directory search. */
export interface DirectorySearchRequest {
  filters: DirectoryFilters;
  /** The sort in force (effectiveSort, computed once by the caller). */
  sort: DirectorySort;
  /** An access level's fixed set: the first N in the featured order; null for the whole directory. */
  visibleLimit: number | null;
  pageSize: number;
  /**
   * Search by meaning (the default): the keyword is expanded by core/search-meaning.ts into groups
   * of alternatives ('grief' also finds 'bereavement' and 'loss'), and relevance weighs each match
   * by the practitioner's rating and its confidence (relevanceRatingFactor). false: the typed words
   * only, bm25 alone (the relevance script's 'before').
   */
  meaning?: boolean;
}

/**
 * What each engine receives: the request, plus the keyword as groups of alternatives (every group
 * must match, any alternative of it does: single lower-case words, each matched as the engine
 * matches a typed word) and whether relevance multiplies by the rating factor.
 */
export interface EngineSearchRequest extends DirectorySearchRequest {
  /** null: each word of filters.q is its own group. */
  keywordGroups: string[][] | null;
  rankByRating: boolean;
}

/** The engine's request for a directory request: the meaning work is done here, once for every engine. */
export function engineRequest(request: DirectorySearchRequest): EngineSearchRequest {
  const meaning = request.meaning ?? true;
  const groups = meaning && request.filters.q ? expandSearch(request.filters.q).groups : [];
  // text with no words the vocabulary reads (a pollinator emoji: '🐝' is 'bee' to the engine) is searched as typed
  return { ...request, keywordGroups: groups.length > 0 ? groups : null, rankByRating: meaning };
}

/** One page of ids, in order, and the counts the response reports. */
export interface DirectorySearchResult {
  ids: string[];
  /** Matches in the whole directory. */
  total: number;
  /** Matches this viewer may see (the fixed set's matches, or total). */
  shown: number;
  /** What can be paged through in this order (relevance stops at the ranked bound). */
  available: number;
  /** The page answered: the asked one, or the last when it was past the end. */
  page: number;
  totalPages: number;
  /**
   * PostgreSQL: the directory version these ids were read at, when the page was read with it in one
   * statement; practitionersInOrder reuses rows read at that version.
   */
  version?: number;
}

/**
 * The directory's page for these filters: the ids of one page in order, and the counts (only
 * listed practitioners: see migrations 0004 and 0012).
 */
export async function searchDirectory(db: Db, request: DirectorySearchRequest): Promise<DirectorySearchResult> {
  if (isPostgres(db)) return postgres.searchDirectory(db, engineRequest(request));
  return searchDirectorySqlite(sqliteConnectionOf(db), engineRequest(request));
}

/**
 * The practitioners' rows of these ids, in the order of `ids` (ids with no row are left out): one
 * prepared statement for any page size.
 */
export async function practitionersInOrder(db: Db, ids: string[], version?: number): Promise<(typeof practitioners.$inferSelect)[]> {
  if (ids.length === 0) return [];
  if (isPostgres(db)) return postgres.practitionersInOrder(db, ids, version);
  const rows = await practitionersByIds(db).execute({ ids: JSON.stringify(ids) });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Builds the in-memory keyword index at server start (in slices: the server answers meanwhile);
 * resolves with the milliseconds it took once keyword searches use it.
 */
export async function warmDirectorySearch(db: Db): Promise<number> {
  const started = performance.now();
  while (!(await directorySearchReady(db))) await Bun.sleep(50);
  return performance.now() - started;
}

/**
 * True once keyword searches of the whole directory are answered by the in-memory index (it is
 * current); asking starts or helps its (re)build. For the server's warm-up, benchmarks and tests.
 */
export async function directorySearchReady(db: Db): Promise<boolean> {
  if (isPostgres(db)) return postgres.directorySearchReady(db);
  return directoryIndexReadySqlite(sqliteConnectionOf(db));
}

/**
 * Rebuilds the directory and its search indexes from the listed practitioners (owner verified and
 * not suspended: `isListed` in src/features/practitioners/service.ts): repair after restoring a
 * copy, or after writing practitioners with the triggers dropped. One transaction (the caller's
 * when `db` is one), then the indexes are compacted (optimizePractitionerSearch).
 */
export async function rebuildPractitionerSearch(db: Db): Promise<void> {
  if (isPostgres(db)) return postgres.rebuildPractitionerSearch(db);
  await atomic(db, async (tx) => rebuildPractitionerSearchSqlite(sqliteConnectionOf(tx)));
  await optimizePractitionerSearch(db);
}

/** Compacts the search indexes (SQLite: merges each FTS index's segments): run after bulk inserts, queries get faster. */
export async function optimizePractitionerSearch(db: Db): Promise<void> {
  if (isPostgres(db)) return postgres.optimizePractitionerSearch(db);
  await atomic(db, async (tx) => optimizePractitionerSearchSqlite(sqliteConnectionOf(tx)));
}
