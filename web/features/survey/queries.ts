import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "../../lib/api";
import { surveyFiltersQuery, type SurveyListResponse } from "../../../core/survey";

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
      queryFn: () => apiGet<SurveyListResponse>(`/api/survey/responses${surveyFiltersQuery({ ...filters, page })}`),
      // SPEC.md section 7: this read is retried once
      retry: 1,
    }),
  countries: () => queryOptions({ queryKey: ["/api/survey/countries"] as const, queryFn: () => apiGet<string[]>("/api/survey/countries") }),
};
