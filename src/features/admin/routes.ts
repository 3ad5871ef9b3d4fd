import { Hono } from "hono";
import { adminPaymentsOverview } from "../payments/service";
import { z } from "zod";
import { MODERATION_TEXTS } from "../../../core/admin";
import { moderateGardenPiece, parseReason, reasonSchema, removeReview, suspendAccount } from "./moderation";
import { ADMIN_TEXTS, adminListQuerySchema, adminLoginSchema, simpleAdminLoginSchema, testEmailSchema } from "../../../core/admin";
import { SIMPLE_CSV_COLUMNS, simpleCsvRow, surveyCsvFileName, surveyListQuerySchema } from "../../../core/survey";
import type { AppEnv } from "../../http/app-context";
import type { ApiResponse } from "../../../core/api-routes";
import { atomic } from "../../../db/client";
import { enqueueEmail } from "../../email/outbox";
import { httpError } from "../../http/errors";
import { ipRateLimit } from "../../http/ip-rate-limit";
import { validate } from "../../http/validate";
import { surveyCsvStream } from "../survey/csv";
import { countSurveyResponses, listSurveyResponses } from "../survey/service";
import { adminAccessFirst, requireAdminAccess, simpleAdminFirst } from "./access";
import { closeGateSession, openGateSession, secretMatches } from "./gate";
import { createGateFailureLimit } from "./gate-failures";
import {
  actOnPractitioner,
  adminOutbox,
  adminOverview,
  adminSeedsOverview,
  listAdminGarden,
  listAdminPractitioners,
  listAdminSessions,
  listAdminUsers,
  listAuditLog,
  recordAdminAction,
  setAccountSuspended,
} from "./service";

const practitionerAction = z.object({ id: z.string().min(1).max(100), action: z.enum(["verify", "unverify", "feature", "unfeature"]) });
const accountAction = z.object({ id: z.string().min(1).max(100), action: z.enum(["suspend", "reinstate"]) });
const idOnly = z.object({ id: z.string().min(1).max(100) });
const gardenAction = z.object({ id: z.string().min(1).max(100), decision: z.enum(["approve", "reject"]) });
const optionalReason = z.object({ reason: z.string().trim().max(MODERATION_TEXTS.reasonMax).optional() }).optional();

/** /api/admin: the access-code gate and the dashboard's reads and actions. */
export function adminRoutes() {
  const loginLimit = ipRateLimit("admin-login", (c) => c.var.deps.config.AUTH_RATE_LIMIT, ADMIN_TEXTS.tooManyAttempts);
  const allClients = createGateFailureLimit("dashboard");
  return new Hono<AppEnv>()
    .post("/login", loginLimit, validate("json", adminLoginSchema), async (c) => {
      const secret = c.var.deps.config.ADMIN_ACCESS_CODE;
      if (!secret) return c.json({ success: false, message: ADMIN_TEXTS.codeNotConfigured }, 503);
      await allClients.check(c);
      if (!secretMatches(c.req.valid("json").accessCode, secret)) {
        await allClients.recordFailure(c);
        return c.json({ success: false, message: ADMIN_TEXTS.invalidCode }, 401);
      }
      await openGateSession(c, "dashboard");
      await atomic(c.var.deps.db, async (tx) => recordAdminAction(tx, { label: "access code", userId: c.var.user?.id ?? null }, "login", {}, c.var.deps.now()));
      return c.json({ success: true } satisfies ApiResponse<"POST /api/admin/login">);
    })
    .post("/logout", async (c) => {
      await closeGateSession(c, "dashboard");
      return c.json({ success: true } satisfies ApiResponse<"POST /api/admin/logout">);
    })
    .get("/overview", adminAccessFirst, async (c) => c.json((await adminOverview(c.var.deps.db)) satisfies ApiResponse<"GET /api/admin/overview">))
    .get("/users", adminAccessFirst, validate("query", adminListQuerySchema), async (c) => c.json((await listAdminUsers(c.var.deps.db, c.req.valid("query"))) satisfies ApiResponse<"GET /api/admin/users">))
    .get("/practitioners", adminAccessFirst, validate("query", adminListQuerySchema), async (c) => c.json((await listAdminPractitioners(c.var.deps.db, c.req.valid("query"))) satisfies ApiResponse<"GET /api/admin/practitioners">))
    .get("/sessions", adminAccessFirst, validate("query", adminListQuerySchema), async (c) => c.json((await listAdminSessions(c.var.deps.db, c.req.valid("query"))) satisfies ApiResponse<"GET /api/admin/sessions">))
    .get("/garden-content", adminAccessFirst, validate("query", adminListQuerySchema), async (c) => c.json((await listAdminGarden(c.var.deps.db, c.req.valid("query"))) satisfies ApiResponse<"GET /api/admin/garden-content">))
    .get("/seeds-overview", adminAccessFirst, validate("query", adminListQuerySchema), async (c) => c.json((await adminSeedsOverview(c.var.deps.db, c.req.valid("query"))) satisfies ApiResponse<"GET /api/admin/seeds-overview">))
    .get("/outbox", adminAccessFirst, async (c) => c.json((await adminOutbox(c.var.deps.db)) satisfies ApiResponse<"GET /api/admin/outbox">))
    .get("/payments", adminAccessFirst, async (c) => c.json((await adminPaymentsOverview(c.var.deps.db, c.var.deps.now())) satisfies ApiResponse<"GET /api/admin/payments">))
    .get("/audit-log", adminAccessFirst, validate("query", adminListQuerySchema), async (c) => c.json((await listAuditLog(c.var.deps.db, c.req.valid("query"))) satisfies ApiResponse<"GET /api/admin/audit-log">))
    .post("/practitioners/:id/:action", adminAccessFirst, validate("param", practitionerAction), async (c) => {
      const actor = await requireAdminAccess(c);
      const { id, action } = c.req.valid("param");
      return c.json((await actOnPractitioner(c.var.deps.db, actor, id, action, c.var.deps.now())) satisfies ApiResponse<"POST /api/admin/practitioners/:id/:action">);
    })
    .post("/users/:id/:action", adminAccessFirst, validate("param", accountAction), async (c) => {
      const actor = await requireAdminAccess(c);
      const { id, action } = c.req.valid("param");
      const { db, config, now } = c.var.deps;
      if (action === "reinstate") return c.json({ ...(await setAccountSuspended(db, actor, id, false, now())), message: MODERATION_TEXTS.reinstatedNotice } satisfies ApiResponse<"POST /api/admin/users/:id/reinstate">);
      // a suspension cancels sessions and e-mails people: it needs a reason (the dashboard asks for it with a confirmation)
      const { reason } = parseReason(await c.req.json().catch(() => ({})));
      return c.json((await suspendAccount(db, config, actor, id, reason, now())) satisfies ApiResponse<"POST /api/admin/users/:id/suspend">);
    })
    .post("/garden-content/:id/:decision", adminAccessFirst, validate("param", gardenAction), async (c) => {
      const actor = await requireAdminAccess(c);
      const { id, decision } = c.req.valid("param");
      const body = (await c.req.json().catch(() => ({}))) as unknown;
      const reason = decision === "reject" ? parseReason(body).reason : (optionalReason.safeParse(body).data?.reason ?? null);
      const { db, config, now } = c.var.deps;
      const { authorId: _author, title: _title, ...answer } = await moderateGardenPiece(db, config, actor, id, decision, reason, now());
      // approve and reject answer alike
      return c.json(answer satisfies ApiResponse<"POST /api/admin/garden-content/:id/approve"> & ApiResponse<"POST /api/admin/garden-content/:id/reject">);
    })
    .post("/reviews/:id/remove", adminAccessFirst, validate("param", idOnly), validate("json", reasonSchema, { paths: false }), async (c) => {
      const actor = await requireAdminAccess(c);
      const { db, config, now } = c.var.deps;
      return c.json((await removeReview(db, config, actor, c.req.valid("param").id, c.req.valid("json").reason, now())) satisfies ApiResponse<"POST /api/admin/reviews/:id/remove">);
    })
    .post("/send-test-email", adminAccessFirst, validate("json", testEmailSchema), async (c) => {
      const actor = await requireAdminAccess(c);
      const { email, type, data } = c.req.valid("json");
      const { db, mailer, now } = c.var.deps;
      // through the outbox like every e-mail (decision 024): queued with its audit row in one
      // transaction, sent by the worker after the answer; a failure shows in the Email tab's outbox
      const message = mailer.renderTemplate(type, email, data);
      await atomic(db, async (tx) => {
        await enqueueEmail(tx, message, { now: now() });
        await recordAdminAction(tx, actor, "send-test-email", { type: "email", detail: `${type} to ${email}` }, now());
      });
      return c.json({ success: true, queued: true, message: ADMIN_TEXTS.testEmailQueued(type, email) } satisfies ApiResponse<"POST /api/admin/send-test-email">, 202);
    });
}

/** /api/simple-admin: the password gate and the panel's data calls (checked by cookie on every call). */
export function simpleAdminRoutes() {
  const loginLimit = ipRateLimit("simple-admin-login", (c) => c.var.deps.config.AUTH_RATE_LIMIT, ADMIN_TEXTS.tooManyAttempts);
  const allClients = createGateFailureLimit("simple");
  return new Hono<AppEnv>()
    .post("/login", loginLimit, validate("json", simpleAdminLoginSchema), async (c) => {
      const secret = c.var.deps.config.SIMPLE_ADMIN_PASSWORD;
      if (!secret) return c.json({ message: ADMIN_TEXTS.simpleNotConfigured }, 503);
      await allClients.check(c);
      if (!secretMatches(c.req.valid("json").password, secret)) {
        await allClients.recordFailure(c);
        throw httpError(401, ADMIN_TEXTS.simpleInvalidPassword);
      }
      await openGateSession(c, "simple");
      await atomic(c.var.deps.db, async (tx) => recordAdminAction(tx, { label: "simple admin", userId: null }, "simple-admin-login", {}, c.var.deps.now()));
      return c.json({ success: true, message: ADMIN_TEXTS.simpleSuccessBody } satisfies ApiResponse<"POST /api/simple-admin/login">);
    })
    .post("/logout", async (c) => {
      await closeGateSession(c, "simple");
      return c.json({ success: true, message: ADMIN_TEXTS.simpleLoggedOut } satisfies ApiResponse<"POST /api/simple-admin/logout">);
    })
    .get("/responses", simpleAdminFirst, validate("query", surveyListQuerySchema), async (c) => {
      const { page, ...filters } = c.req.valid("query");
      return c.json((await listSurveyResponses(c.var.deps.db, filters, page)) satisfies ApiResponse<"GET /api/simple-admin/responses">);
    })
    .get("/responses.csv", simpleAdminFirst, async (c) => {
      const { db, now } = c.var.deps;
      const total = await countSurveyResponses(db, {});
      return new Response(surveyCsvStream(db, {}, SIMPLE_CSV_COLUMNS, simpleCsvRow), {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="${surveyCsvFileName(now())}"`,
          "cache-control": "private, no-store",
          "x-export-count": String(total),
        },
      });
    });
}
