import { z } from "zod";
import { ARCHETYPES, EXPERIENCE_LEVELS } from "../../../db/schema/enums";
import type { DirectoryFilters } from "../../../web/features/practitioners/directory-params";
import { DIRECTORY_MAX_PAGE_SIZE, DIRECTORY_PAGE_SIZE, DIRECTORY_SORTS, SEARCH_TEXT_MAX_LENGTH } from "../../../web/lib/constants";

const price = z.coerce
  .number({ error: "Prices are numbers of dollars" })
  .min(0, "Prices cannot be negative")
  .max(100_000, "Prices must be at most 100000");

/** GET /api/practitioners/all: every filter optional; unknown values are a 400, not ignored. */
export const directoryQuerySchema = z
  .object({
    q: z.string().max(SEARCH_TEXT_MAX_LENGTH, `Search text must be at most ${SEARCH_TEXT_MAX_LENGTH} characters`).optional(),
    archetype: z.enum(ARCHETYPES, { error: `archetype must be one of ${ARCHETYPES.join(", ")}` }).optional(),
    level: z.enum(EXPERIENCE_LEVELS, { error: `level must be one of ${EXPERIENCE_LEVELS.join(", ")}` }).optional(),
    minPrice: price.optional(),
    maxPrice: price.optional(),
    sort: z.enum(DIRECTORY_SORTS, { error: `sort must be one of ${DIRECTORY_SORTS.join(", ")}` }).optional(),
    page: z.coerce.number({ error: "page must be a whole number from 1" }).int("page must be a whole number from 1").min(1, "page must be a whole number from 1").max(100_000).default(1),
    pageSize: z.coerce
      .number()
      .int(`pageSize must be a whole number from 1 to ${DIRECTORY_MAX_PAGE_SIZE}`)
      .min(1, `pageSize must be a whole number from 1 to ${DIRECTORY_MAX_PAGE_SIZE}`)
      .max(DIRECTORY_MAX_PAGE_SIZE, `pageSize must be a whole number from 1 to ${DIRECTORY_MAX_PAGE_SIZE}`)
      .default(DIRECTORY_PAGE_SIZE),
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    message: "minPrice must not be more than maxPrice",
    path: ["minPrice"],
  });

export type DirectoryQueryInput = z.output<typeof directoryQuerySchema>;

/** The API's query as directory filters: taken literally (the Hive's "$300+" is the page's business). */
export function directoryFiltersFromQuery(query: DirectoryQueryInput): DirectoryFilters {
  return {
    q: (query.q ?? "").trim(),
    archetype: query.archetype ?? null,
    level: query.level ?? null,
    minPrice: query.minPrice ?? null,
    maxPrice: query.maxPrice ?? null,
    sort: query.sort ?? null,
    page: query.page,
  };
}

export const practitionerIdParam = z.object({ id: z.string().min(1).max(100) });
