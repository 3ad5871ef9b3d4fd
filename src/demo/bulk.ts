/**
 * Bulk practitioners for load tests of the directory and search: generated here, written by the
 * engine's bulk loader (db/bulk.ts: ~4.7 s for 100k rows on SQLite).
 */
import type { Db } from "../../db/client";
import { highestNumberedEmail, insertBulkPractitioners } from "../../db/bulk";
import { ARCHETYPES, EXPERIENCE_LEVELS } from "../../core/enums";
import { FIRST_NAMES, LAST_NAMES, generatePractitionerProfile } from "./profiles";
import { DemoRandom, ID_NAMESPACES, deterministicUuid } from "./random";

const BULK_SEED = 0xb01c_5eed;
const BULK_EMAIL_PREFIX = "bulk-practitioner-";
const BULK_EMAIL_DOMAIN = "@pollinate.example";

/**
 * Inserts `count` generated practitioners with their users (no passwords, no bookings) in one
 * transaction: for load tests of the directory and search. Row N is always the same practitioner;
 * a second run continues after the last bulk row.
 */
export async function seedBulkPractitioners(db: Db, count: number): Promise<{ first: number; last: number }> {
  // The highest bulk index already in the database, so repeated runs continue instead of colliding.
  const first = (await highestNumberedEmail(db, BULK_EMAIL_PREFIX, BULK_EMAIL_DOMAIN)) + 1;
  const startedAt = Date.now() - count;
  await insertBulkPractitioners(db, count, (offset) => {
    const index = first + offset;
    const random = new DemoRandom(BULK_SEED ^ Math.imul(index, 0x9e3779b1));
    const userId = deterministicUuid(ID_NAMESPACES.bulkUser, index, random);
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const createdAt = startedAt + offset;
    const user = { id: userId, email: `${BULK_EMAIL_PREFIX}${index}${BULK_EMAIL_DOMAIN}`, firstName, lastName, createdAt };
    const roleId = deterministicUuid(ID_NAMESPACES.bulkUserRole, index, random);
    const archetype = random.pick(ARCHETYPES);
    const level = random.pick(EXPERIENCE_LEVELS);
    const profile = generatePractitionerProfile(random, archetype, level);
    const practitioner = {
      id: deterministicUuid(ID_NAMESPACES.bulkPractitioner, index, random),
      archetype,
      experienceLevel: level,
      bio: profile.bio,
      specializations: profile.specializations,
      professionalCategories: profile.professionalCategories,
      hourlyRateCents: profile.hourlyRateCents,
      location: profile.location,
      isVirtual: profile.isVirtual,
      isInPerson: profile.isInPerson,
      isVerified: profile.isVerified,
      responseTimeHours: profile.responseTimeHours,
      yearsActive: profile.yearsActive,
    };
    return { user, roleId, practitioner };
  });
  return { first, last: first + count - 1 };
}
