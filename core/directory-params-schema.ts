/**
 * The one reader of the directory's URL parameters: GET /api/practitioners/all validates its query
 * with `directoryParamsSchema` (a refused value is a 400), and the pages and the browser island
 * read their URL with `parseDirectoryParams` (the same schema; a refused value is left out). Kept
 * apart from directory-params.ts so that zod reaches the browser only where a URL is parsed.
 */
import { z } from "zod";
import { ARCHETYPES, EXPERIENCE_LEVELS } from "./enums";
import { DIRECTORY_MAX_PAGE_SIZE, DIRECTORY_PAGE_SIZE, DIRECTORY_SORTS, SEARCH_TEXT_MAX_LENGTH } from "./constants";
import { EMPTY_DIRECTORY_FILTERS, normalisePriceRange, SESSION_FILTERS, type DirectoryFilters } from "./directory-params";

/** An empty value (`?level=`, a cleared field of a form sent without JavaScript) is no value. */
const blankIsMissing = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema);

const price = z.coerce
  .number({ error: "Prices are numbers of dollars" })
  .min(0, "Prices cannot be negative")
  .max(100_000, "Prices must be at most 100000");

/** Far past any real directory's last page; a larger number is refused rather than searched. */
const DIRECTORY_MAX_PAGE = 100_000;
const pageMessage = `page must be a whole number from 1 to ${DIRECTORY_MAX_PAGE}`;
const pageSizeMessage = `pageSize must be a whole number from 1 to ${DIRECTORY_MAX_PAGE_SIZE}`;

/** The filters plus the page size (which only the API honours; pages show DIRECTORY_PAGE_SIZE). */
export interface DirectoryParams extends DirectoryFilters {
  pageSize: number;
}

/** A repeated parameter (`?maxPrice=80&maxPrice=400`) counts by its first value, as URLSearchParams.get reads it on a page. */
const firstOfRepeated = (value: unknown) =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([key, v]) => [key, Array.isArray(v) ? v[0] : v]))
    : value;

/** The directory's URL parameters: every one optional; an unknown value is refused, never guessed. */
export const directoryParamsSchema = z.preprocess(firstOfRepeated, z
  .object({
    q: z.string().max(SEARCH_TEXT_MAX_LENGTH, `Search text must be at most ${SEARCH_TEXT_MAX_LENGTH} characters`).optional(),
    archetype: blankIsMissing(z.enum(ARCHETYPES, { error: `archetype must be one of ${ARCHETYPES.join(", ")}` }).optional()),
    level: blankIsMissing(z.enum(EXPERIENCE_LEVELS, { error: `level must be one of ${EXPERIENCE_LEVELS.join(", ")}` }).optional()),
    minPrice: blankIsMissing(price.optional()),
    maxPrice: blankIsMissing(price.optional()),
    session: blankIsMissing(z.enum(SESSION_FILTERS, { error: `session must be one of ${SESSION_FILTERS.join(", ")}` }).optional()),
    sort: blankIsMissing(z.enum(DIRECTORY_SORTS, { error: `sort must be one of ${DIRECTORY_SORTS.join(", ")}` }).optional()),
    page: blankIsMissing(
      z.coerce.number({ error: pageMessage }).int(pageMessage).min(1, pageMessage).max(DIRECTORY_MAX_PAGE, pageMessage).default(1),
    ),
    pageSize: blankIsMissing(z.coerce.number({ error: pageSizeMessage }).int(pageSizeMessage).min(1, pageSizeMessage).max(DIRECTORY_MAX_PAGE_SIZE, pageSizeMessage).default(DIRECTORY_PAGE_SIZE)),
  })
  // the price range means the same to the API and the pages (normalisePriceRange): $0 and the
  // slider's top ('$300+') are no bound, and reversed bounds are swapped
  .transform(
    (v): DirectoryParams => ({
      q: (v.q ?? "").trim(),
      archetype: v.archetype ?? null,
      level: v.level ?? null,
      ...normalisePriceRange(v.minPrice === undefined ? null : Math.round(v.minPrice * 100) / 100, v.maxPrice === undefined ? null : Math.round(v.maxPrice * 100) / 100),
      session: v.session ?? null,
      sort: v.sort ?? null,
      page: v.page,
      pageSize: v.pageSize,
    }),
  ));

/** What a page URL carries (pages show DIRECTORY_PAGE_SIZE cards whatever pageSize says). */
const PAGE_PARAM_KEYS = ["q", "archetype", "level", "minPrice", "maxPrice", "session", "sort", "page"] as const;

/**
 * A page URL's filters, read with the same schema as the API, but a page never fails: a value
 * the schema refuses is left out (the API answers 400 for it). Prices mean the same to both
 * (reversed bounds swapped, the Hive slider's ends $0 and '$300+' no bound).
 */
export function parseDirectoryParams(params: URLSearchParams): DirectoryFilters {
  const raw: Record<string, string> = {};
  for (const key of PAGE_PARAM_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  // cut at the limit, but never through the middle of an emoji (half of it is a malformed character)
  if (raw.q !== undefined) raw.q = raw.q.trim().slice(0, SEARCH_TEXT_MAX_LENGTH).replace(/[\uD800-\uDBFF]$/, "").trimEnd();
  // each round removes at least one refused value, so this ends within PAGE_PARAM_KEYS.length + 1 rounds
  for (let round = 0; round <= PAGE_PARAM_KEYS.length; round++) {
    const result = directoryParamsSchema.safeParse(raw);
    if (result.success) {
      const { pageSize: _pageSize, ...filters } = result.data;
      return filters;
    }
    for (const issue of result.error.issues) {
      delete raw[String(issue.path[0])];
    }
  }
  return EMPTY_DIRECTORY_FILTERS;
}
