import { asc, desc } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { practitioners } from "../../../db/schema";
import { FEATURED_PRACTITIONERS_COUNT } from "../../../web/lib/constants";
import { centsToDecimal } from "../../../web/lib/money";
import type { ApiPractitioner } from "../../../web/lib/types";

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
