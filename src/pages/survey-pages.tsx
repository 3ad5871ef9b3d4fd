import { Hono } from "hono";
import { SurveyPage } from "../../web/pages/survey";
import type { AppEnv } from "../http/app-context";
import { renderPage } from "./render";

/** /survey for everyone; answers are linked to the account when signed in. */
export const surveyPages = new Hono<AppEnv>().get("/survey", (c) =>
  renderPage(c, {
    title: "Platform Survey · Pollinate",
    description: "The founding-member survey: fifteen to twenty minutes of your insight to shape pricing, features and the Community Garden.",
    canonicalPath: "/survey",
    body: <SurveyPage user={c.var.user} />,
  }),
);
