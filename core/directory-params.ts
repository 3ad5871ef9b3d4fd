/**
 * The directory's filters as they live in the URL (/practitioners?q=…&archetype=bee&page=2): one
 * zod schema, `directoryParamsSchema`, reads them for the API (GET /api/practitioners/all, where a
 * value it refuses is a 400), for the server's pages and for the browser island (where a refused
 * value is left out: `parseDirectoryParams`); `directorySearchString` writes them back in one
 * canonical order, so that server and browser agree on one query key.
 */
import { z } from "zod";
import { ARCHETYPES, EXPERIENCE_LEVELS, type Archetype, type ExperienceLevel } from "./enums";
import { DIRECTORY_MAX_PAGE_SIZE, DIRECTORY_PAGE_SIZE, DIRECTORY_SORTS, HIVE_PRICE_RANGE, SEARCH_TEXT_MAX_LENGTH } from "./constants";

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

/** An empty value (`?level=`, a cleared field of a form sent without JavaScript) is no value. */
const blankIsMissing = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema);

const price = z.coerce
  .number({ error: "Prices are numbers of dollars" })
  .min(0, "Prices cannot be negative")
  .max(100_000, "Prices must be at most 100000");

const pageSizeMessage = `pageSize must be a whole number from 1 to ${DIRECTORY_MAX_PAGE_SIZE}`;

/** The filters plus the page size (which only the API honours; pages show DIRECTORY_PAGE_SIZE). */
export interface DirectoryParams extends DirectoryFilters {
  pageSize: number;
}

/** The directory's URL parameters: every one optional; an unknown value is refused, never guessed. */
export const directoryParamsSchema = z
  .object({
    q: z.string().max(SEARCH_TEXT_MAX_LENGTH, `Search text must be at most ${SEARCH_TEXT_MAX_LENGTH} characters`).optional(),
    archetype: blankIsMissing(z.enum(ARCHETYPES, { error: `archetype must be one of ${ARCHETYPES.join(", ")}` }).optional()),
    level: blankIsMissing(z.enum(EXPERIENCE_LEVELS, { error: `level must be one of ${EXPERIENCE_LEVELS.join(", ")}` }).optional()),
    minPrice: blankIsMissing(price.optional()),
    maxPrice: blankIsMissing(price.optional()),
    sort: blankIsMissing(z.enum(DIRECTORY_SORTS, { error: `sort must be one of ${DIRECTORY_SORTS.join(", ")}` }).optional()),
    page: blankIsMissing(
      z.coerce.number({ error: "page must be a whole number from 1" }).int("page must be a whole number from 1").min(1, "page must be a whole number from 1").max(100_000).default(1),
    ),
    pageSize: blankIsMissing(z.coerce.number({ error: pageSizeMessage }).int(pageSizeMessage).min(1, pageSizeMessage).max(DIRECTORY_MAX_PAGE_SIZE, pageSizeMessage).default(DIRECTORY_PAGE_SIZE)),
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    message: "minPrice must not be more than maxPrice",
    path: ["minPrice"],
  })
  .transform(
    (v): DirectoryParams => ({
      q: (v.q ?? "").trim(),
      archetype: v.archetype ?? null,
      level: v.level ?? null,
      minPrice: v.minPrice === undefined ? null : Math.round(v.minPrice * 100) / 100,
      maxPrice: v.maxPrice === undefined ? null : Math.round(v.maxPrice * 100) / 100,
      sort: v.sort ?? null,
      page: v.page,
      pageSize: v.pageSize,
    }),
  );

/** What a page URL carries (pages show DIRECTORY_PAGE_SIZE cards whatever pageSize says). */
const PAGE_PARAM_KEYS = ["q", "archetype", "level", "minPrice", "maxPrice", "sort", "page"] as const;

/**
 * A page URL's filters, read with the same schema as the API, but a page never fails: a value
 * the schema refuses is left out (reversed price bounds are swapped), and the Hive slider's ends
 * ($0, '$300+') mean no bound.
 */
export function parseDirectoryParams(params: URLSearchParams): DirectoryFilters {
  const raw: Record<string, string> = {};
  for (const key of PAGE_PARAM_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  if (raw.q !== undefined) raw.q = raw.q.trim().slice(0, SEARCH_TEXT_MAX_LENGTH);
  // each round removes at least one refused value, so this ends within PAGE_PARAM_KEYS.length + 1 rounds
  for (let round = 0; round <= PAGE_PARAM_KEYS.length; round++) {
    const result = directoryParamsSchema.safeParse(raw);
    if (result.success) {
      const { pageSize: _pageSize, ...filters } = result.data;
      return { ...filters, ...normalisePriceRange(filters.minPrice, filters.maxPrice) };
    }
    for (const issue of result.error.issues) {
      const key = String(issue.path[0]);
      if (issue.code === "custom" && key === "minPrice") [raw.minPrice, raw.maxPrice] = [raw.maxPrice, raw.minPrice];
      else delete raw[key];
    }
  }
  return EMPTY_DIRECTORY_FILTERS;
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
  return Boolean(filters.q || filters.archetype || filters.level || filters.minPrice !== null || filters.maxPrice !== null);
}
