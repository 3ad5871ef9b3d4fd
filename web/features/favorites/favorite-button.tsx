import { useMutation, useMutationState, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { HeartIcon } from "../../components/account-icons";
import { api, errorMessage } from "../../lib/api";
import { practitionerHeading, type ApiPractitioner } from "../../../core/types";
import { useToast } from "../toast/toast";
import { favoriteQueries } from "./queries";
import type { ApiFavorite } from "../../../core/favorites";

type HeartSize = "md" | "lg";

/**
 * The hearts of one signed-in user for a whole list of cards: one query, one mutation and one
 * toast hook for every heart (per heart they were a fifth of a directory page's render:
 * docs/performance.md). It reads the favourites from the shared query cache (the page dehydrates
 * them) and updates that cache from the answer, so every heart and the favourites list agree
 * without a refetch. Hearts being saved show their new state and wait, each on its own. The
 * island renders <Toaster />.
 */
export function useFavoriteHearts(userId: string) {
  const queryClient = useQueryClient();
  const favorites = favoriteQueries.forUser(userId);
  const list = useQuery(favorites);
  const toast = useToast();
  const mutationKey = [...favorites.queryKey, "toggle"];
  const saving = useMutationState({ filters: { mutationKey, status: "pending" }, select: (m) => (m.state.variables as ApiPractitioner).id });

  const toggle = useMutation({
    mutationKey,
    mutationFn: (practitioner: ApiPractitioner) => api.send("POST", "/api/favorites", { body: { practitionerId: practitioner.id } }),
    onSuccess: (answer, practitioner) => {
      queryClient.setQueryData<ApiFavorite[]>(favorites.queryKey, (list = []) => {
        const rest = list.filter((f) => f.practitionerId !== answer.practitionerId);
        return answer.isFavorite ? [{ practitionerId: practitioner.id, createdAt: new Date().toISOString(), practitioner }, ...rest] : rest;
      });
      toast({ title: answer.message });
    },
    onError: (error) => toast({ title: errorMessage(error, "Could not update your favorites"), variant: "destructive" }),
  });

  const heartFor = (practitioner: ApiPractitioner, size: HeartSize = "md"): ReactNode => {
    const isFavorite = list.data?.some((f) => f.practitionerId === practitioner.id) ?? false;
    const isSaving = saving.includes(practitioner.id);
    return <FavoriteHeart name={practitionerHeading(practitioner)} pressed={isSaving ? !isFavorite : isFavorite} disabled={isSaving} size={size} onToggle={() => toggle.mutate(practitioner)} />;
  };
  // the favourites list too, for a list of favourites (no second observer of the same query)
  return { list, heartFor };
}

/** The heart on one card or profile (signed-in users only); a list of cards calls useFavoriteHearts once. */
export function FavoriteButton({ practitioner, userId, size = "md" }: { practitioner: ApiPractitioner; userId: string; size?: HeartSize }) {
  return useFavoriteHearts(userId).heartFor(practitioner, size);
}

function FavoriteHeart({ name, pressed, disabled, size, onToggle }: { name: string; pressed: boolean; disabled: boolean; size: HeartSize; onToggle: () => void }) {
  const box = size === "lg" ? "h-11 w-11" : "h-10 w-10";
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={`Favorite ${name}`}
      title={pressed ? "Remove from favorites" : "Add to favorites"}
      // waiting for its answer, the heart ignores presses but keeps the keyboard focus (a disabled
      // button loses it to the page's body, and the next Tab starts again from the top)
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onToggle();
      }}
      className={`flex ${box} shrink-0 items-center justify-center rounded-full border transition-colors ${
        pressed ? "border-rose bg-rose-light text-[#9b3d4f]" : "border-forest/15 bg-white text-muted hover:border-rose hover:text-[#9b3d4f]"
      }`}
    >
      <HeartIcon className={`h-5 w-5 ${pressed ? "fill-current" : ""}`} />
    </button>
  );
}
