/** The supply side: a practitioner creates and edits their own profile. */
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { practitioners } from "../../../db/schema";
import type { ProfileInput } from "../../../core/practitioner-profile";
import { decimalToCents } from "../../../core/money";
import type { ApiPractitioner } from "../../../core/types";
import { isUniqueViolation } from "../../../db/errors";
import { conflict } from "../../http/errors";
import { toApiPractitioner } from "./service";

/**
 * Creates the user's practitioner profile or updates it, in one immediate transaction (two tabs
 * creating at once: the second updates). The search index follows through the table's triggers.
 */
export async function savePractitionerProfile(db: Db, userId: string, input: ProfileInput): Promise<{ practitioner: ApiPractitioner; created: boolean }> {
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
    return db.transaction(
      (tx) => {
        const existing = tx.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, userId)).get();
        if (existing) {
          const row = tx.update(practitioners).set(fields).where(eq(practitioners.id, existing.id)).returning().get();
          return { practitioner: toApiPractitioner(row), created: false };
        }
        const row = tx
          .insert(practitioners)
          .values({ ...fields, userId })
          .returning()
          .get();
        return { practitioner: toApiPractitioner(row), created: true };
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("Your profile was just created in another window. Reload the page to edit it.");
    throw error;
  }
}
