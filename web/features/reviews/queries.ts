import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** Query factory for reviews: keys from generic to specific, each key with its function. */
export const reviewQueries = {
  all: () => ["reviews"] as const,
  /** Everything about one practitioner's reviews: the list and who may write one. */
  practitioner: (practitionerId: string) => [...reviewQueries.all(), "practitioner", practitionerId] as const,
  forPractitioner: (practitionerId: string) =>
    queryOptions({
      queryKey: [...reviewQueries.practitioner(practitionerId), "list"] as const,
      queryFn: () => api.get("/api/reviews/practitioner/:id", { params: { id: practitionerId } }),
    }),
  eligibility: (practitionerId: string) =>
    queryOptions({
      queryKey: [...reviewQueries.practitioner(practitionerId), "eligibility"] as const,
      queryFn: () => api.get("/api/reviews/eligibility/:id", { params: { id: practitionerId } }),
    }),
};
