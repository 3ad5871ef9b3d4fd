import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { gardenApiSearch, type ApiGardenContent, type GardenFilters, type GardenListResponse } from "../../../core/garden";

/** Query factory for the Garden and the Seeds wallet; keys are the API paths (SPEC.md section 7). */
export const gardenQueries = {
  lists: () => ["/api/garden/content"] as const,
  list: (filters: GardenFilters) => {
    const search = gardenApiSearch(filters);
    return queryOptions({
      queryKey: ["/api/garden/content", search] as const,
      queryFn: () => api.get("/api/garden/content", { query: search }),
    });
  },
  item: (id: string) =>
    queryOptions({
      queryKey: ["/api/garden/content/item", id] as const,
      queryFn: () => api.get("/api/garden/content/:id", { params: { id } }),
    }),
  wallet: (userId: string) =>
    queryOptions({
      queryKey: ["/api/seeds/wallet", userId] as const,
      queryFn: () => api.get("/api/seeds/wallet/:userId", { params: { userId } }),
    }),
};

/** Applies a change to every cached copy of a piece (the lists and the single item). */
export function updateCachedItem(queryClient: QueryClient, id: string, change: (item: ApiGardenContent) => ApiGardenContent): void {
  queryClient.setQueriesData<GardenListResponse>({ queryKey: gardenQueries.lists() }, (old) =>
    old && "content" in old && Array.isArray(old.content) ? { ...old, content: old.content.map((c) => (c.id === id ? change(c) : c)) } : old,
  );
  queryClient.setQueryData<ApiGardenContent>(gardenQueries.item(id).queryKey, (old) => (old ? change(old) : old));
}
