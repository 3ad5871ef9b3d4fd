import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { HeartIcon } from "../../components/account-icons";
import { apiRequest, errorMessage } from "../../lib/api";
import { practitionerDisplayName, type ApiPractitioner } from "../../../core/types";
import { useToast } from "../toast/toast";
import { favoriteQueries } from "./queries";
import type { ApiFavorite, FavoriteToggleResponse } from "../../../core/favorites";

/**
 * The heart on cards and profiles (signed-in users only). It reads the user's favourites from
 * the shared query cache (the page dehydrates them) and updates that cache from the answer, so
 * every heart and the favourites list agree without a refetch. The island renders <Toaster />.
 */
export function FavoriteButton({ practitioner, userId, size = "md" }: { practitioner: ApiPractitioner; userId: string; size?: "md" | "lg" }) {
  const queryClient = useQueryClient();
  const favorites = favoriteQueries.forUser(userId);
  const { data } = useQuery(favorites);
  const isFavorite = data?.some((f) => f.practitionerId === practitioner.id) ?? false;
  const toast = useToast();

  const toggle = useMutation({
    mutationFn: () => apiRequest<FavoriteToggleResponse>("POST", "/api/favorites", { practitionerId: practitioner.id }),
    onSuccess: (answer) => {
      queryClient.setQueryData<ApiFavorite[]>(favorites.queryKey, (list = []) => {
        const rest = list.filter((f) => f.practitionerId !== answer.practitionerId);
        return answer.isFavorite ? [{ practitionerId: practitioner.id, createdAt: new Date().toISOString(), practitioner }, ...rest] : rest;
      });
      toast({ title: answer.message });
    },
    onError: (error) => toast({ title: errorMessage(error, "Could not update your favorites"), variant: "destructive" }),
  });

  const pressed = toggle.isPending ? !isFavorite : isFavorite;
  const name = practitionerDisplayName(practitioner.id);
  const box = size === "lg" ? "h-11 w-11" : "h-10 w-10";
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={`Favorite ${name}`}
      title={pressed ? "Remove from favorites" : "Add to favorites"}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate()}
      className={`flex ${box} shrink-0 items-center justify-center rounded-full border transition-colors ${
        pressed ? "border-rose bg-rose-light text-[#9b3d4f]" : "border-forest/15 bg-white text-muted hover:border-rose hover:text-[#9b3d4f]"
      }`}
    >
      <HeartIcon className={`h-5 w-5 ${pressed ? "fill-current" : ""}`} />
    </button>
  );
}
