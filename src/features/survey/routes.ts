import { Hono } from "hono";
import { requireRoleFirst } from "../../auth/guards";
import type { AppEnv } from "../../http/app-context";
import type { ApiResponse } from "../../../core/api-routes";
import { ipRateLimit } from "../../http/ip-rate-limit";
import { validate } from "../../http/validate";
import { ADMIN_CSV_COLUMNS, adminCsvRow, SURVEY_TEXTS, surveyCsvFileName, surveyFiltersSchema, surveyInputSchema, surveyListQuerySchema } from "../../../core/survey";
import { countSurveyResponses, listSurveyResponses, submitSurveyResponse, surveyCountries } from "./service";
import { surveyCsvStream } from "./csv";

/** Survey submissions per minute from one address. */
export const SURVEY_SUBMISSIONS_PER_MINUTE = 5;
const SURVEY_RATE_MESSAGE = "Too many survey submissions from your network. Please wait a minute and try again.";

/** /api/survey: the submission (anyone, rate-limited per address) and the admin list and export. */
export function surveyRoutes() {
  return new Hono<AppEnv>()
    .post("/", ipRateLimit("survey", () => SURVEY_SUBMISSIONS_PER_MINUTE, SURVEY_RATE_MESSAGE), validate("json", surveyInputSchema), async (c) => {
      const { db, now } = c.var.deps;
      const user = c.var.user;
      const { id, updated } = await submitSurveyResponse(db, user?.id ?? null, c.req.valid("json"), now());
      const body = { id, updated, message: updated ? SURVEY_TEXTS.updatedNote : SURVEY_TEXTS.submitSuccessBody } satisfies ApiResponse<"POST /api/survey">;
      return c.json(body, updated ? 200 : 201);
    })
    .get("/responses", requireRoleFirst("admin"), validate("query", surveyListQuerySchema), async (c) => {
      const { page, ...filters } = c.req.valid("query");
      return c.json((await listSurveyResponses(c.var.deps.db, filters, page)) satisfies ApiResponse<"GET /api/survey/responses">);
    })
    .get("/countries", requireRoleFirst("admin"), async (c) => c.json((await surveyCountries(c.var.deps.db)) satisfies ApiResponse<"GET /api/survey/countries">))
    .get("/responses.csv", requireRoleFirst("admin"), validate("query", surveyFiltersSchema), async (c) => {
      const filters = c.req.valid("query");
      const { db, now } = c.var.deps;
      const total = await countSurveyResponses(db, filters);
      return new Response(surveyCsvStream(db, filters, ADMIN_CSV_COLUMNS, adminCsvRow), {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="${surveyCsvFileName(now())}"`,
          "cache-control": "private, no-store",
          "x-export-count": String(total),
        },
      });
    });
}
