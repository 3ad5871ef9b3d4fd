import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { apiGet } from "../../lib/api";
import { gardenApiSearch, type ApiGardenContent, type GardenFilters, type GardenListResponse } from "../../../core/garden";
import type { ApiSeedsWallet } from "../../../core/seeds";

/** Query factory for the Garden and the Seeds wallet; keys are the API paths (SPEC.md section 7). */
export const gardenQueries = {
  lists: () => ["/api/garden/content"] as const,
  list: (filters: GardenFilters) => {
    const search = gardenApiSearch(filters);
    return queryOptions({
      queryKey: ["/api/garden/content", search] as const,
      queryFn: () => apiGet<GardenListResponse>(`/api/garden/content?${search}`),
    });
  },
  item: (id: string) =>
    queryOptions({
      queryKey: ["/api/garden/content/item", id] as const,
      queryFn: () => apiGet<ApiGardenContent>(`/api/garden/content/${encodeURIComponent(id)}`),
    }),
  wallet: (userId: string) =>
    queryOptions({
      queryKey: ["/api/seeds/wallet", userId] as const,
      queryFn: () => apiGet<ApiSeedsWallet>(`/api/seeds/wallet/${encodeURIComponent(userId)}`),
    }),
};

/** Applies a change to every cached copy of a piece (the lists and the single item). */
export function updateCachedItem(queryClient: QueryClient, id: string, change: (item: ApiGardenContent) => ApiGardenContent): void {
  queryClient.setQueriesData<GardenListResponse>({ queryKey: gardenQueries.lists() }, (old) =>
    old && "content" in old && Array.isArray(old.content) ? { ...old, content: old.content.map((c) => (c.id === id ? change(c) : c)) } : old,
  );
  queryClient.setQueryData<ApiGardenContent>(gardenQueries.item(id).queryKey, (old) => (old ? change(old) : old));
}
