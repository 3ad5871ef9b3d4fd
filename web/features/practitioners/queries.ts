import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "../../lib/api";
import type { ApiPractitioner } from "../../lib/types";

/** Query factory for practitioner reads; keys are the API paths (SPEC.md section 7). */
export const practitionerQueries = {
  all: () => ["/api/practitioners"] as const,
  featured: () =>
    queryOptions({
      queryKey: ["/api/practitioners"] as const,
      queryFn: () => apiGet<ApiPractitioner[]>("/api/practitioners"),
    }),
};
