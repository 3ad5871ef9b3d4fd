import { Hono } from "hono";
import type { AppEnv } from "../../http/env";
import { listFeaturedPractitioners } from "./service";

export const practitionerRoutes = new Hono<AppEnv>().get("/", (c) => c.json(listFeaturedPractitioners(c.var.deps.db)));
