import { and, asc, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { first, type Db } from "../../../db/client";
import { practitionerAvailability, practitioners, users } from "../../../db/schema";
import type { AccessLevel } from "../../../core/enums";
import { effectiveSort, type DirectoryFilters } from "../../../core/directory-params";
import type { DirectoryResponse } from "../../../core/practitioners";
import { DIRECTORY_PAGE_SIZE, FEATURED_PRACTITIONERS_COUNT } from "../../../core/constants";
import { centsToDecimal } from "../../../core/money";
import type { ApiPractitioner } from "../../../core/types";
import { practitionerPhotoUrl } from "../../../core/practitioner-photo";
import { practitionerViewLimit } from "../../auth/permissions";
import { practitionersInOrder, searchDirectory } from "../../../db/practitioner-search";

export type PractitionerRow = typeof practitioners.$inferSelect;

/** A rating as the API writes it: decimal text with 2 places ("4.80"), null before the first review. */
export const averageRatingText = (rating: number | null): string | null => (rating === null ? null : rating.toFixed(2));

/**
 * The API's JSON shape of a practitioner: money and rating as decimal text, dates as ISO.
 * `takingBookings`: false until they saved their hours once (apiPractitioners reads it).
 */
export function toApiPractitioner(row: PractitionerRow, takingBookings: boolean): ApiPractitioner {
  return {
    id: row.id,
    archetype: row.archetype,
    experienceLevel: row.experienceLevel,
    bio: row.bio,
    specializations: row.specializations,
    professionalCategories: row.professionalCategories,
    hourlyRate: row.hourlyRateCents === null ? null : centsToDecimal(row.hourlyRateCents),
    averageRating: averageRatingText(row.averageRating),
    totalSessions: row.totalSessions,
    isFeatured: row.isFeatured,
    isVerified: row.isVerified,
    isVirtual: row.isVirtual,
    isInPerson: row.isInPerson,
    location: row.location,
    yearsActive: row.yearsActive,
    responseTimeHours: row.responseTimeHours,
    createdAt: row.createdAt.toISOString(),
    displayName: row.displayName,
    photoUrl: row.photoVersion ? practitionerPhotoUrl(row.id, row.photoVersion) : null,
    takingBookings,
  };
}

/**
 * Rows in the API shape with whether each takes bookings (decision 028: a practitioner created in
 * the app is not bookable until they save their hours; no availability row: the defaults, bookable).
 * One query for the whole list; pass a transaction's `tx` inside one.
 */
export async function apiPractitioners(db: Db, rows: PractitionerRow[]): Promise<ApiPractitioner[]> {
  if (rows.length === 0) return [];
  const waiting = await db
    .select({ id: practitionerAvailability.practitionerId })
    .from(practitionerAvailability)
    .where(and(inArray(practitionerAvailability.practitionerId, rows.map((r) => r.id)), eq(practitionerAvailability.takingBookings, false)));
  const notYet = new Set(waiting.map((w) => w.id));
  return rows.map((row) => toApiPractitioner(row, !notYet.has(row.id)));
}

/** One row in the API shape (apiPractitioners). */
export async function apiPractitioner(db: Db, row: PractitionerRow): Promise<ApiPractitioner> {
  return (await apiPractitioners(db, [row]))[0];
}

/**
 * A practitioner is listed (in the directory, search, the Hive and the featured list, on its public
 * page, for availability, booking and favourites) while its owner's e-mail address is verified (a
 * made-up address publishes nothing) and the account is not suspended by an admin. One rule: the
 * directory's tables hold the same set, kept by triggers (migrations 0004 and 0012), and
 * `rebuildPractitionerSearch` rebuilds them with it. A condition on `users`: join it on the owner.
 */
export const isListed = and(eq(users.isEmailVerified, true), isNull(users.suspendedAt))!;

/** The home page's featured practitioners: those marked featured first, then the earliest; listed ones only. */
export async function listFeaturedPractitioners(db: Db): Promise<ApiPractitioner[]> {
  const rows = await db
    .select({ practitioner: practitioners })
    .from(practitioners)
    .innerJoin(users, eq(users.id, practitioners.userId))
    .where(isListed)
    .orderBy(desc(practitioners.isFeatured), asc(practitioners.createdAt), asc(practitioners.id))
    .limit(FEATURED_PRACTITIONERS_COUNT);
  return apiPractitioners(db, rows.map((row) => row.practitioner));
}

/**
 * Who sees a practitioner: a listed one everyone, one not listed (unverified address) its owner only.
 * A suspended owner cannot sign in (its sessions stop working), so the exception never shows a
 * suspended practitioner to anyone. Needs `users` joined on the owner.
 */
export const visibleTo = (viewerId: string | null) => (viewerId === null ? isListed : or(isListed, eq(practitioners.userId, viewerId))!);

/**
 * The practitioner's row if `viewerId` may see it, else undefined: a practitioner that is not
 * listed (owner unverified or suspended) is found only by its owner; for everyone else (its
 * profile, its availability, a booking) it does not exist.
 */
export async function findVisiblePractitioner(db: Db, id: string, viewerId: string | null): Promise<PractitionerRow | undefined> {
  const row = await first(
    db
      .select({ practitioner: practitioners })
      .from(practitioners)
      .innerJoin(users, eq(users.id, practitioners.userId))
      .where(and(eq(practitioners.id, id), visibleTo(viewerId)))
      .limit(1),
  );
  return row?.practitioner;
}

/**
 * findVisiblePractitioner's rule inside a transaction (booking, favourite, review): the
 * practitioner's id and owner if `viewerId` may see it, else undefined.
 */
export async function visiblePractitionerIn(tx: Db, id: string, viewerId: string): Promise<{ id: string; userId: string } | undefined> {
  return first(
    tx
      .select({ id: practitioners.id, userId: practitioners.userId })
      .from(practitioners)
      .innerJoin(users, eq(users.id, practitioners.userId))
      .where(and(eq(practitioners.id, id), visibleTo(viewerId)))
      .limit(1),
  );
}

/** One practitioner in the API shape, or null when `viewerId` may not see it (findVisiblePractitioner). */
export async function getPractitioner(db: Db, id: string, viewerId: string | null): Promise<ApiPractitioner | null> {
  const row = await findVisiblePractitioner(db, id, viewerId);
  return row ? apiPractitioner(db, row) : null;
}

/** The practitioner profile of a user account, or null when it has none yet. */
export async function findPractitionerByUserId(db: Db, userId: string): Promise<PractitionerRow | null> {
  return (await first(db.select().from(practitioners).where(eq(practitioners.userId, userId)).limit(1))) ?? null;
}

/**
 * The directory and the Hive: filtered, sorted and paged on the server, limited to what the
 * viewer's access level may see. A limited level (visitors and preview 3, basic 10) sees a fixed
 * set, the first N practitioners in the featured order, whatever the filters, sort, keyword or
 * page; those apply within the set (docs/decisions/006-access-limits.md). `total` counts the
 * matches in the whole directory, `shown` what this viewer gets. Pages past the end answer the
 * last page. Only listed practitioners are in the directory (migrations 0004 and 0012 keep the
 * others out of its tables).
 */
export async function listDirectory(
  db: Db,
  filters: DirectoryFilters,
  accessLevel: AccessLevel,
  pageSize: number = DIRECTORY_PAGE_SIZE,
): Promise<DirectoryResponse> {
  const sort = effectiveSort(filters);
  const limit = practitionerViewLimit(accessLevel);
  const found = await searchDirectory(db, { filters, sort, visibleLimit: limit, pageSize });
  return {
    practitioners: await apiPractitioners(db, await practitionersInOrder(db, found.ids, found.version)),
    accessInfo: { upgradeRequired: limit !== null && found.total > found.shown, shown: found.shown, total: found.total, accessLevel },
    pagination: { page: found.page, pageSize, totalPages: found.totalPages, available: found.available },
    sort,
  };
}
