/** The supply side: a practitioner creates and edits their own profile. */
import { eq } from "drizzle-orm";
import { atomic, first, type Db } from "../../../db/client";
import { practitioners } from "../../../db/schema";
import type { ProfileInput } from "../../../core/practitioner-profile";
import { decimalToCents } from "../../../core/money";
import type { ApiPractitioner } from "../../../core/types";
import { isUniqueViolation } from "../../../db/errors";
import { conflict } from "../../http/errors";
import { apiPractitioner, toApiPractitioner } from "./service";
import { insertDefaultAvailability } from "../bookings/availability";
import { canonicalTimeZone } from "../../../core/time-zones";

/**
 * Creates the user's practitioner profile or updates it, in one transaction (two tabs
 * creating at once: the second updates). The search index follows through the table's triggers.
 */
export async function savePractitionerProfile(db: Db, userId: string, input: ProfileInput, options: { timeZone?: string } = {}): Promise<{ practitioner: ApiPractitioner; created: boolean }> {
  const fields = {
    archetype: input.archetype,
    experienceLevel: input.experienceLevel,
    bio: input.bio,
    specializations: input.specializations,
    professionalCategories: input.professionalCategories,
    hourlyRateCents: decimalToCents(input.hourlyRate),
    location: input.location,
    isVirtual: input.isVirtual,
    isInPerson: input.isInPerson,
  };
  try {
    return await atomic(db, async (tx) => {
      const existing = await first(tx.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, userId)).limit(1));
      if (existing) {
        const [row] = await tx.update(practitioners).set(fields).where(eq(practitioners.id, existing.id)).returning();
        return { practitioner: await apiPractitioner(tx, row), created: false };
      }
      const [row] = await tx
        .insert(practitioners)
        .values({ ...fields, userId })
        .returning();
      // hours in the practitioner's own zone (their browser's), not bookable until they save them once (decision 028)
      await insertDefaultAvailability(tx, row.id, options.timeZone ? canonicalTimeZone(options.timeZone) : undefined, { takingBookings: false });
      return { practitioner: toApiPractitioner(row, false), created: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("Your profile was just created in another window. Reload the page to edit it.");
    throw error;
  }
}
