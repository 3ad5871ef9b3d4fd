import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "../../lib/api";
import type { ApiFavorite } from "../../../core/favorites";

/** Query factory for favourites; the key is the API path (SPEC.md section 7). */
export const favoriteQueries = {
  forUser: (userId: string) =>
    queryOptions({
      queryKey: ["/api/favorites", userId] as const,
      queryFn: () => apiGet<ApiFavorite[]>(`/api/favorites/${encodeURIComponent(userId)}`),
    }),
};
