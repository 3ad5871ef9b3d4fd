import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "../../lib/api";
import type { ApiReview, ReviewEligibility } from "../../../core/reviews";

/** Query factory for reviews; keys are the API paths (SPEC.md section 7). */
export const reviewQueries = {
  forPractitioner: (practitionerId: string) =>
    queryOptions({
      queryKey: ["/api/reviews/practitioner", practitionerId] as const,
      queryFn: () => apiGet<ApiReview[]>(`/api/reviews/practitioner/${encodeURIComponent(practitionerId)}`),
    }),
  eligibility: (practitionerId: string) =>
    queryOptions({
      queryKey: ["/api/reviews/eligibility", practitionerId] as const,
      queryFn: () => apiGet<ReviewEligibility>(`/api/reviews/eligibility/${encodeURIComponent(practitionerId)}`),
    }),
};
