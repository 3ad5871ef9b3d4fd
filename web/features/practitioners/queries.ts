import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { directorySearchString, type DirectoryFilters } from "../../../core/directory-params";

/**
 * Query factory for practitioner reads (TkDodo's "effective query keys"): keys go from generic to
 * specific, so that one key covers a whole family (`lists()` is the featured list and every
 * directory page), and each query's key and function are defined together.
 */
export const practitionerQueries = {
  /** Everything about practitioners. */
  all: () => ["practitioners"] as const,
  /** The featured list and every directory page (GET /api/practitioners, /api/practitioners/all). */
  lists: () => [...practitionerQueries.all(), "list"] as const,
  featured: () =>
    queryOptions({
      queryKey: [...practitionerQueries.lists(), "featured"] as const,
      queryFn: () => api.get("/api/practitioners"),
    }),
  /** Every page of the directory and the Hive. */
  directories: () => [...practitionerQueries.lists(), "directory"] as const,
  /** One page: the key holds the canonical query string, shared with the server. */
  directory: (filters: DirectoryFilters) => {
    const search = directorySearchString(filters);
    return queryOptions({
      queryKey: [...practitionerQueries.directories(), search] as const,
      queryFn: () => api.get("/api/practitioners/all", { query: search }),
    });
  },
  details: () => [...practitionerQueries.all(), "detail"] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...practitionerQueries.details(), id] as const,
      queryFn: () => api.get("/api/practitioners/:id", { params: { id } }),
    }),
};

/** After a write that changes a practitioner (a review, a profile edit): both lists and its profile. */
export function invalidatePractitioner(queryClient: QueryClient, practitionerId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: practitionerQueries.lists() }),
    queryClient.invalidateQueries({ queryKey: practitionerQueries.detail(practitionerId).queryKey }),
  ]);
}
