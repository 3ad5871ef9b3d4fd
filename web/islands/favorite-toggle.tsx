import { FavoriteButton } from "../features/favorites/favorite-button";
import { FavoriteToast } from "../features/favorites/favorite-toast";
import type { ApiPractitioner } from "../../core/types";

/** The heart on a profile page (signed-in users only). */
export default function FavoriteToggle({ practitioner, userId }: { practitioner: ApiPractitioner; userId: string }) {
  return (
    <>
      <FavoriteButton practitioner={practitioner} userId={userId} size="lg" />
      <FavoriteToast />
    </>
  );
}
