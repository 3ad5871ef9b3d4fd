/**
 * The directory's filters as they live in the URL (/practitioners?q=…&archetype=bee&page=2).
 * Reading them is one zod schema (directory-params-schema.ts: the API, the pages and the island);
 * `directorySearchString` writes them back in one canonical order, so that server and browser
 * agree on one query key. This file has no zod, so that the query factories (loaded on most pages)
 * stay small.
 */
import type { Archetype, ExperienceLevel } from "./enums";
import { DIRECTORY_SORTS, HIVE_PRICE_RANGE } from "./constants";

export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

/** The kinds of session a seeker can ask for: `?session=virtual` or `?session=in-person` (absent: either). */
export const SESSION_FILTERS = ["virtual", "in-person"] as const;
export type SessionFilter = (typeof SESSION_FILTERS)[number];

/** The session filter's labels (the directory's and the Hive's select). */
export const SESSION_FILTER_LABELS: Record<SessionFilter | "", string> = { "": "Virtual or in person", virtual: "Virtual (video)", "in-person": "In person" };

export interface DirectoryFilters {
  /** Trimmed keyword text; "" for none. */
  q: string;
  archetype: Archetype | null;
  level: ExperienceLevel | null;
  /** Whole or decimal dollars; null means no bound. */
  minPrice: number | null;
  maxPrice: number | null;
  /** Only practitioners offering this kind of session; null: either. */
  session: SessionFilter | null;
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
  session: null,
  sort: null,
  page: 1,
};

/** The sort when none is chosen: relevance for a keyword search, featured without. */
function defaultSort(q: string): DirectorySort {
  return q ? "relevance" : "featured";
}

/** A chosen sort that applies to these filters (relevance needs a keyword), else null. */
function chosenSort(filters: Pick<DirectoryFilters, "q" | "sort">): DirectorySort | null {
  return filters.sort && (filters.sort !== "relevance" || filters.q) ? filters.sort : null;
}

/** The sort in force: an explicit choice, else relevance for a keyword search, else featured. */
export function effectiveSort(filters: Pick<DirectoryFilters, "q" | "sort">): DirectorySort {
  return chosenSort(filters) ?? defaultSort(filters.q);
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

/** The canonical query string (no leading '?'): only what differs from the defaults, in a fixed order. */
export function directorySearchString(filters: DirectoryFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.archetype) params.set("archetype", filters.archetype);
  if (filters.level) params.set("level", filters.level);
  const { minPrice, maxPrice } = normalisePriceRange(filters.minPrice, filters.maxPrice);
  if (minPrice !== null) params.set("minPrice", String(minPrice));
  if (maxPrice !== null) params.set("maxPrice", String(maxPrice));
  if (filters.session) params.set("session", filters.session);
  const sort = chosenSort(filters);
  if (sort !== null && sort !== defaultSort(filters.q)) params.set("sort", sort);
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
  return Boolean(filters.q || filters.archetype || filters.level || filters.minPrice !== null || filters.maxPrice !== null || filters.session);
}
