import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { surveyFiltersQuery } from "../../../core/survey";

/** What the admin view filters by, as the inputs hold it. */
export interface SurveyFilterValues {
  identityType: string;
  country: string;
  from: string;
  to: string;
  search: string;
}

export const EMPTY_SURVEY_FILTERS: SurveyFilterValues = { identityType: "", country: "", from: "", to: "", search: "" };

/** Query factory of the admin survey view; the key holds the filters and the page. */
export const surveyQueries = {
  responses: (filters: SurveyFilterValues, page: number) =>
    queryOptions({
      queryKey: ["/api/survey/responses", { ...filters, page }] as const,
      queryFn: () => api.get("/api/survey/responses", { query: surveyFiltersQuery({ ...filters, page }).slice(1) }),
      // SPEC.md section 7: this read is retried once
      retry: 1,
    }),
  countries: () => queryOptions({ queryKey: ["/api/survey/countries"] as const, queryFn: () => api.get("/api/survey/countries") }),
};
