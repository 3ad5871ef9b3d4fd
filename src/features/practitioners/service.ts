import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { practitioners } from "../../../db/schema";
import type { AccessLevel } from "../../../core/enums";
import { effectiveSort, type DirectoryFilters } from "../../../core/directory-params";
import type { DirectoryResponse } from "../../../core/practitioners";
import { DIRECTORY_PAGE_SIZE, FEATURED_PRACTITIONERS_COUNT } from "../../../core/constants";
import { centsToDecimal, decimalToCents } from "../../../core/money";
import type { ApiPractitioner } from "../../../core/types";
import { practitionerViewLimit } from "../../auth/permissions";
import { countDirectory, listVisibleSet, pageDirectory, rankedMatchesCap, type DirectoryQuery } from "./directory-query";
import { keywordSearch } from "./search-text";

export type PractitionerRow = typeof practitioners.$inferSelect;

/** The API's JSON shape of a practitioner: money and rating as decimal text, dates as ISO. */
export function toApiPractitioner(row: PractitionerRow): ApiPractitioner {
  return {
    id: row.id,
    archetype: row.archetype,
    experienceLevel: row.experienceLevel,
    bio: row.bio,
    specializations: row.specializations,
    professionalCategories: row.professionalCategories,
    hourlyRate: row.hourlyRateCents === null ? null : centsToDecimal(row.hourlyRateCents),
    averageRating: row.averageRating === null ? null : row.averageRating.toFixed(2),
    totalSessions: row.totalSessions,
    isFeatured: row.isFeatured,
    isVerified: row.isVerified,
    isVirtual: row.isVirtual,
    isInPerson: row.isInPerson,
    location: row.location,
    yearsActive: row.yearsActive,
    responseTimeHours: row.responseTimeHours,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The home page's featured practitioners: those marked featured first, then the earliest. */
export function listFeaturedPractitioners(db: Db): ApiPractitioner[] {
  return db
    .select()
    .from(practitioners)
    .orderBy(desc(practitioners.isFeatured), asc(practitioners.createdAt), asc(practitioners.id))
    .limit(FEATURED_PRACTITIONERS_COUNT)
    .all()
    .map(toApiPractitioner);
}

/** One practitioner in the API shape, or null. */
export function getPractitioner(db: Db, id: string): ApiPractitioner | null {
  const row = db.select().from(practitioners).where(eq(practitioners.id, id)).get();
  return row ? toApiPractitioner(row) : null;
}

/** The practitioner profile of a user account, or null when it has none yet. */
export function findPractitionerByUserId(db: Db, userId: string): PractitionerRow | null {
  return db.select().from(practitioners).where(eq(practitioners.userId, userId)).get() ?? null;
}

function toDirectoryQuery(filters: DirectoryFilters): DirectoryQuery | "no-words" {
  let keyword: DirectoryQuery["keyword"] = null;
  if (filters.q) {
    keyword = keywordSearch(filters.q);
    // Text with no letters or digits at all ('***', '"', a lone emoji) matches nothing.
    if (keyword === null) return "no-words";
  }
  return {
    keyword,
    archetype: filters.archetype,
    level: filters.level,
    minRateCents: filters.minPrice === null ? null : decimalToCents(filters.minPrice),
    maxRateCents: filters.maxPrice === null ? null : decimalToCents(filters.maxPrice),
    sort: effectiveSort(filters),
  };
}

/**
 * The directory and the Hive: filtered, sorted and paged on the server, limited to what the
 * viewer's access level may see. A limited level (visitors and preview 3, basic 10) sees a fixed
 * set, the first N practitioners in the featured order, whatever the filters, sort, keyword or
 * page; those apply within the set (docs/decisions/006-access-limits.md). `total` counts the
 * matches in the whole directory, `shown` what this viewer gets. Pages past the end answer the
 * last page.
 */
export function listDirectory(
  db: Db,
  filters: DirectoryFilters,
  accessLevel: AccessLevel,
  pageSize: number = DIRECTORY_PAGE_SIZE,
): DirectoryResponse {
  const sort = effectiveSort(filters);
  const query = toDirectoryQuery(filters);
  const total = query === "no-words" ? 0 : countDirectory(db.$client, query);
  const limit = practitionerViewLimit(accessLevel);
  const visible = limit === null || query === "no-words" ? null : listVisibleSet(db.$client, query, limit);
  const shown = visible === null ? (limit === null ? total : 0) : visible.length;
  const cap = query === "no-words" || visible !== null ? null : rankedMatchesCap(query, total);
  const available = cap === null ? shown : Math.min(shown, cap);
  const totalPages = Math.max(1, Math.ceil(available / pageSize));
  const page = Math.min(Math.max(1, filters.page), totalPages);
  const offset = (page - 1) * pageSize;

  let ids: string[] = [];
  if (visible !== null) ids = visible.slice(offset, offset + pageSize);
  else if (query !== "no-words") ids = pageDirectory(db.$client, query, total, offset, Math.min(pageSize, available - offset));
  return {
    practitioners: loadInOrder(db, ids),
    accessInfo: { upgradeRequired: limit !== null && total > shown, shown, total, accessLevel },
    pagination: { page, pageSize, totalPages, available },
    sort,
  };
}

function loadInOrder(db: Db, ids: string[]): ApiPractitioner[] {
  if (ids.length === 0) return [];
  const rows = new Map(db.select().from(practitioners).where(inArray(practitioners.id, ids)).all().map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toApiPractitioner(row)] : [];
  });
}
