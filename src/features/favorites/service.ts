import { and, desc, eq, sql } from "drizzle-orm";
import { preparedPerDatabase, type Db } from "../../../db/client";
import { favoritePractitioners, practitioners } from "../../../db/schema";
import { FAVORITES_UPDATED, type ApiFavorite, type FavoriteToggleResponse } from "../../../core/favorites";
import { PRACTITIONER_NOT_FOUND } from "../../../core/constants";
import { notFound } from "../../http/errors";
import { toApiPractitioner } from "../practitioners/service";

// read on every signed-in directory page: prepared once (db/client.ts)
const favoritesOfUser = preparedPerDatabase((db) =>
  db
    .select({ createdAt: favoritePractitioners.createdAt, practitioner: practitioners })
    .from(favoritePractitioners)
    .innerJoin(practitioners, eq(practitioners.id, favoritePractitioners.practitionerId))
    .where(eq(favoritePractitioners.userId, sql.placeholder("userId")))
    .orderBy(desc(favoritePractitioners.createdAt), desc(favoritePractitioners.id))
    .prepare(),
);

/** A user's favourite practitioners, the latest first. */
export async function listFavorites(db: Db, userId: string): Promise<ApiFavorite[]> {
  return favoritesOfUser(db)
    .all({ userId })
    .map((row) => ({ practitionerId: row.practitioner.id, createdAt: row.createdAt.toISOString(), practitioner: toApiPractitioner(row.practitioner) }));
}

/** Adds the practitioner to the user's favourites (favourited at `now`), or removes it when already there. */
export async function toggleFavorite(db: Db, userId: string, practitionerId: string, now: Date): Promise<FavoriteToggleResponse> {
  return db.transaction(
    (tx) => {
      const practitioner = tx.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.id, practitionerId)).get();
      if (!practitioner) throw notFound(PRACTITIONER_NOT_FOUND);
      const mine = and(eq(favoritePractitioners.userId, userId), eq(favoritePractitioners.practitionerId, practitionerId));
      const removed = tx.delete(favoritePractitioners).where(mine).returning({ id: favoritePractitioners.id }).all();
      if (removed.length === 0) tx.insert(favoritePractitioners).values({ userId, practitionerId, createdAt: now }).run();
      return { practitionerId, isFavorite: removed.length === 0, message: FAVORITES_UPDATED };
    },
    { behavior: "immediate" },
  );
}
