import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { apiGet } from "../../lib/api";
import type { ApiPractitioner } from "../../../core/types";
import { directorySearchString, type DirectoryFilters } from "../../../core/directory-params";
import type { DirectoryResponse } from "../../../core/practitioners";

/** Query factory for practitioner reads; keys are the API paths (SPEC.md section 7). */
export const practitionerQueries = {
  all: () => ["/api/practitioners"] as const,
  featured: () =>
    queryOptions({
      queryKey: ["/api/practitioners"] as const,
      queryFn: () => apiGet<ApiPractitioner[]>("/api/practitioners"),
    }),
  /** The directory and the Hive: the key holds the canonical query string, shared with the server. */
  directory: (filters: DirectoryFilters) => {
    const search = directorySearchString(filters);
    return queryOptions({
      queryKey: ["/api/practitioners/all", search] as const,
      queryFn: () => apiGet<DirectoryResponse>(`/api/practitioners/all${search ? `?${search}` : ""}`),
    });
  },
  detail: (id: string) =>
    queryOptions({
      queryKey: ["/api/practitioners", id] as const,
      queryFn: () => apiGet<ApiPractitioner>(`/api/practitioners/${encodeURIComponent(id)}`),
    }),
};

/** After a write that changes practitioners (a review, a profile edit): both lists and the profiles. */
export function invalidatePractitionerLists(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: practitionerQueries.all() }),
    queryClient.invalidateQueries({ queryKey: ["/api/practitioners/all"] }),
  ]);
}
