import { and, desc, eq, or, sql } from "drizzle-orm";
import { atomic, preparedPerDatabase, type Db } from "../../../db/client";
import { favoritePractitioners, practitioners, users } from "../../../db/schema";
import { FAVORITES_UPDATED, type ApiFavorite, type FavoriteToggleResponse } from "../../../core/favorites";
import { PRACTITIONER_NOT_FOUND } from "../../../core/constants";
import { notFound } from "../../http/errors";
import { apiPractitioners, isListed, visiblePractitionerIn } from "../practitioners/service";

// read on every signed-in directory page: prepared once (db/client.ts). Only practitioners the user
// may see (findVisiblePractitioner's rule: listed, or their own): one whose owner is suspended or
// unverified does not exist for anyone else, so its card (profile and booking links) is not shown;
// the favourite itself is kept, and comes back when the practitioner is listed again.
const favoritesOfUser = preparedPerDatabase((db) =>
  db
    .select({ createdAt: favoritePractitioners.createdAt, practitioner: practitioners })
    .from(favoritePractitioners)
    .innerJoin(practitioners, eq(practitioners.id, favoritePractitioners.practitionerId))
    .innerJoin(users, eq(users.id, practitioners.userId))
    .where(and(eq(favoritePractitioners.userId, sql.placeholder("userId")), or(isListed, eq(practitioners.userId, sql.placeholder("userId")))))
    .orderBy(desc(favoritePractitioners.createdAt), desc(favoritePractitioners.id))
    .prepare(),
);

/** A user's favourite practitioners that they may see (listed, or their own), the latest first. */
export async function listFavorites(db: Db, userId: string): Promise<ApiFavorite[]> {
  const rows = await favoritesOfUser(db).execute({ userId });
  const shown = await apiPractitioners(db, rows.map((row) => row.practitioner));
  return rows.map((row, i) => ({ practitionerId: row.practitioner.id, createdAt: row.createdAt.toISOString(), practitioner: shown[i] }));
}

/**
 * Adds the practitioner to the user's favourites (favourited at `now`), or removes it when already
 * there. Only a practitioner the user may see can be added (else 404, as its profile answers); an
 * existing favourite can always be removed (a heart still on screen when its owner was suspended).
 */
export async function toggleFavorite(db: Db, userId: string, practitionerId: string, now: Date): Promise<FavoriteToggleResponse> {
  return atomic(db, async (tx) => {
    const visible = await visiblePractitionerIn(tx, practitionerId, userId);
    const mine = and(eq(favoritePractitioners.userId, userId), eq(favoritePractitioners.practitionerId, practitionerId));
    const removed = await tx.delete(favoritePractitioners).where(mine).returning({ id: favoritePractitioners.id });
    if (removed.length === 0 && !visible) throw notFound(PRACTITIONER_NOT_FOUND);
    if (removed.length === 0) await tx.insert(favoritePractitioners)
      .values({ userId, practitionerId, createdAt: now });
    return { practitionerId, isFavorite: removed.length === 0, message: FAVORITES_UPDATED };
  });
}
