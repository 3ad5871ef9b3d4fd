import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { apiGet } from "./api";

/** Default read: the key's segments joined with slashes are the URL (SPEC.md section 7). */
export const defaultQueryFn: QueryFunction = ({ queryKey }) => apiGet(queryKey.join("/"));

/** SPEC.md section 9: no refetch interval, no refetch on focus, never stale, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
