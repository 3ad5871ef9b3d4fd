import type { ApiPractitioner } from "./types";

/** GET /api/favorites/{userId}: a favourite (SPEC.md section 3: practitionerId) with its card data. */
export interface ApiFavorite {
  practitionerId: string;
  createdAt: string;
  practitioner: ApiPractitioner;
}

/** POST /api/favorites answers the new state. */
export interface FavoriteToggleResponse {
  practitionerId: string;
  isFavorite: boolean;
  message: string;
}

/** SPEC.md section 8: the success toast of the favourites toggle. */
export const FAVORITES_UPDATED = "Favorites updated!";
