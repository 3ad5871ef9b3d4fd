/**
 * The directory's filters as they live in the URL (/practitioners?q=…&archetype=bee&page=2), shared
 * by the server pages, the API's query key and the browser island, so that all three agree on one
 * canonical query string.
 */
import { ARCHETYPES, EXPERIENCE_LEVELS, type Archetype, type ExperienceLevel } from "./enums";
import { DIRECTORY_SORTS, HIVE_PRICE_RANGE, SEARCH_TEXT_MAX_LENGTH } from "./constants";

export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

export interface DirectoryFilters {
  /** Trimmed keyword text; "" for none. */
  q: string;
  archetype: Archetype | null;
  level: ExperienceLevel | null;
  /** Whole or decimal dollars; null means no bound. */
  minPrice: number | null;
  maxPrice: number | null;
  /** null: relevance with a keyword, featured without. */
  sort: DirectorySort | null;
  page: number;
}

export const EMPTY_DIRECTORY_FILTERS: DirectoryFilters = {
  q: "",
  archetype: null,
  level: null,
  minPrice: null,
  maxPrice: null,
  sort: null,
  page: 1,
};

/** The sort in force: an explicit choice, else relevance for a keyword search, else featured. */
export function effectiveSort(filters: Pick<DirectoryFilters, "q" | "sort">): DirectorySort {
  if (filters.sort && (filters.sort !== "relevance" || filters.q)) return filters.sort;
  return filters.q ? "relevance" : "featured";
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

function price(value: string | null): number | null {
  if (value === null || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) / 100 : null;
}

/**
 * Normalises a price range: a lower bound of 0 and an upper bound at the top of the Hive's slider
 * (300, shown as '$300+') are no bounds; reversed bounds are swapped.
 */
export function normalisePriceRange(minPrice: number | null, maxPrice: number | null): { minPrice: number | null; maxPrice: number | null } {
  let min = minPrice !== null && minPrice > HIVE_PRICE_RANGE.min ? minPrice : null;
  let max = maxPrice !== null && maxPrice < HIVE_PRICE_RANGE.max ? maxPrice : null;
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  return { minPrice: min, maxPrice: max };
}

/** Reads filters from a URL's query; anything unknown or malformed is ignored rather than refused. */
export function parseDirectoryParams(params: URLSearchParams): DirectoryFilters {
  const page = Number(params.get("page"));
  return {
    q: (params.get("q") ?? "").trim().slice(0, SEARCH_TEXT_MAX_LENGTH),
    archetype: oneOf(ARCHETYPES, params.get("archetype")),
    level: oneOf(EXPERIENCE_LEVELS, params.get("level")),
    ...normalisePriceRange(price(params.get("minPrice")), price(params.get("maxPrice"))),
    sort: oneOf(DIRECTORY_SORTS, params.get("sort")),
    page: Number.isInteger(page) && page > 1 ? Math.min(page, 100_000) : 1,
  };
}

/** The canonical query string (no leading '?'): only what differs from the defaults, in a fixed order. */
export function directorySearchString(filters: DirectoryFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.archetype) params.set("archetype", filters.archetype);
  if (filters.level) params.set("level", filters.level);
  const { minPrice, maxPrice } = normalisePriceRange(filters.minPrice, filters.maxPrice);
  if (minPrice !== null) params.set("minPrice", String(minPrice));
  if (maxPrice !== null) params.set("maxPrice", String(maxPrice));
  const sort = effectiveSort(filters);
  if (sort !== effectiveSort({ q: filters.q, sort: null })) params.set("sort", sort);
  if (filters.page > 1) params.set("page", String(filters.page));
  return params.toString();
}

/** A page URL of the directory or the Hive for these filters. */
export function directoryHref(path: string, filters: DirectoryFilters): string {
  const search = directorySearchString(filters);
  return search ? `${path}?${search}` : path;
}

/** True when any filter narrows the list (the page number aside). */
export function hasActiveFilters(filters: DirectoryFilters): boolean {
  return Boolean(filters.q || filters.archetype || filters.level || filters.minPrice !== null || filters.maxPrice !== null);
}
