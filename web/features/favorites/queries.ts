import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** Query factory for favourites: keys from generic to specific, each key with its function. */
export const favoriteQueries = {
  all: () => ["favorites"] as const,
  forUser: (userId: string) =>
    queryOptions({
      queryKey: [...favoriteQueries.all(), userId] as const,
      queryFn: () => api.get("/api/favorites/:userId", { params: { userId } }),
    }),
};
