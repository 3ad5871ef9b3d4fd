import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "../../lib/api";
import type { ApiFavorite } from "../../../core/favorites";

/** Query factory for favourites: keys from generic to specific, each key with its function. */
export const favoriteQueries = {
  all: () => ["favorites"] as const,
  forUser: (userId: string) =>
    queryOptions({
      queryKey: [...favoriteQueries.all(), userId] as const,
      queryFn: () => apiGet<ApiFavorite[]>(`/api/favorites/${encodeURIComponent(userId)}`),
    }),
};
