import { FavoriteButton } from "../features/favorites/favorite-button";
import { Toaster } from "../features/toast/toast";
import type { ApiPractitioner } from "../../core/types";

/** The heart on a profile page (signed-in users only). */
export default function FavoriteToggle({ practitioner, userId }: { practitioner: ApiPractitioner; userId: string }) {
  return (
    <>
      <FavoriteButton practitioner={practitioner} userId={userId} size="lg" />
      <Toaster />
    </>
  );
}
