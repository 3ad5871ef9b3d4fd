/**
 * Plans and payments over HTTP (docs/decisions/026-payments.md):
 *   POST /api/payments/checkout {plan}   → {url} of Stripe Checkout (503 with the dialog's sentence when not set up)
 *   GET  /api/payments/billing           → the member's own billing summary
 *   POST /api/payments/portal            → {url} of Stripe's customer portal for the member's own customer
 *   POST /api/payments/webhook           → Stripe's events (mounted before the session and same-origin checks: Stripe posts it)
 *   GET  /billing, GET /billing/return, POST /billing/checkout, POST /billing/portal: the pages and their forms (no JavaScript needed)
 */
import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { PAID_LEVELS, paymentsNotSetUp, planName } from "../../../core/payments";
import { ACCESS_LEVEL_LABELS } from "../../../core/constants";
import { requirePageUser, requireSignedIn, requireUser } from "../../auth/guards";
import { accessInfoFor } from "../../auth/permissions";
import type { AppEnv, CurrentUser } from "../../http/env";
import { ipRateLimit } from "../../http/ip-rate-limit";
import { validate } from "../../http/validate";
import { renderPage } from "../../pages/render";
import { BillingPage, BillingReturnPage, type BillingReturnState, type BillingView } from "../../../web/pages/billing";
import { billingSummary, checkoutOutcome, openBillingPortal, receiveWebhook, startCheckout } from "./service";
import { paymentsFor } from "./stripe";

const planInput = z.object({ plan: z.enum(PAID_LEVELS, { error: "plan must be basic, premium or unlimited" }) }).strict();
const CHECKOUT_RATE_LIMIT = 10;
const limitCheckout = ipRateLimit("checkout", () => CHECKOUT_RATE_LIMIT, "Too many checkout attempts. Please wait a minute and try again.");

/** Payments are not set up, or Stripe could not be reached: a sentence a person can act on (app.onError hides 5xx messages). */
class PaymentsUnavailable extends Error {
  constructor(
    message: string,
    readonly status: 502 | 503,
  ) {
    super(message);
  }
}

function requirePayments(c: Context<AppEnv>, plan?: (typeof PAID_LEVELS)[number]) {
  const payments = paymentsFor(c.var.deps.config);
  if (!payments) throw new PaymentsUnavailable(paymentsNotSetUp(plan ? planName(plan) : "chosen"), 503);
  return payments;
}

/** Runs a Stripe-bound handler, answering its 502/503 with their own message. */
async function speaking(c: Context<AppEnv>, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentsUnavailable) return c.json({ message: error.message }, error.status);
    if (error instanceof HTTPException && error.status === 502) return c.json({ message: error.message }, 502);
    throw error;
  }
}

export const paymentRoutes = new Hono<AppEnv>()
  .post("/checkout", requireSignedIn, limitCheckout, validate("json", planInput), async (c) => {
    const { plan } = c.req.valid("json");
    return speaking(c, async () => c.json(await startCheckout(c.var.deps.db, requirePayments(c, plan), c.var.deps.config, requireUser(c), plan)));
  })
  .get("/billing", requireSignedIn, async (c) => {
    const user = requireUser(c);
    return c.json(await billingSummary(c.var.deps.db, paymentsFor(c.var.deps.config) !== null, user.id));
  })
  .post("/portal", requireSignedIn, limitCheckout, async (c) => {
    const user = requireUser(c);
    return speaking(c, async () => c.json(await openBillingPortal(c.var.deps.db, requirePayments(c), c.var.deps.config, user.id)));
  });

/** Stripe's webhook: the raw body and its signature; no session, no same-origin check (createApp mounts it first). */
export const paymentWebhook = new Hono<AppEnv>().post(
  "/",
  bodyLimit({ maxSize: 512 * 1024, onError: (c) => c.json({ message: "Event too large" }, 413) }),
  async (c) => {
    const payments = paymentsFor(c.var.deps.config);
    if (!payments) return c.json({ message: "Payments are not set up on this server" }, 404);
    const raw = await c.req.text();
    const answer = await receiveWebhook(c.var.deps.db, payments, raw, c.req.header("stripe-signature"), c.var.deps.now());
    return c.json({ message: answer.message }, answer.status);
  },
);

/** The Billing section's data for this request's member (also shown in both dashboards' settings). */
export async function billingView(c: Context<AppEnv>, user: CurrentUser): Promise<BillingView> {
  const summary = await billingSummary(c.var.deps.db, paymentsFor(c.var.deps.config) !== null, user.id);
  const access = accessInfoFor(user, c.var.deps.now());
  return { ...summary, accessName: access.subscriptionStatus === "trial" ? `${ACCESS_LEVEL_LABELS[access.accessLevel].name} trial` : ACCESS_LEVEL_LABELS[access.accessLevel].name };
}

const returnQuery = z.object({
  session_id: z.string().min(1).max(300).optional(),
  canceled: z.literal("1").optional(),
  plan: z.enum(PAID_LEVELS).optional(),
});

export const paymentPages = new Hono<AppEnv>()
  .get("/billing", async (c) => {
    const user = requirePageUser(c);
    return renderPage(c, { title: "Billing · Pollinate", noindex: true, body: <BillingPage user={user} billing={await billingView(c, user)} /> });
  })
  .get("/billing/return", validate("query", returnQuery), async (c) => {
    const user = requirePageUser(c);
    const query = c.req.valid("query");
    let state: BillingReturnState = { kind: "not-completed", plan: query.plan ?? null };
    const payments = paymentsFor(c.var.deps.config);
    if (query.session_id && !query.canceled && payments) {
      state = await checkoutOutcome(c.var.deps.db, payments, user, query.session_id, c.var.deps.now());
    }
    const title = state.kind === "welcome" ? `Welcome to ${planName(state.plan)}` : state.kind === "pending" ? "Finishing your payment" : "Payment was not completed";
    return renderPage(c, { title: `${title} · Pollinate`, noindex: true, body: <BillingReturnPage user={user} state={state} /> });
  })
  .post("/billing/checkout", limitCheckout, validate("form", planInput), async (c) => {
    const user = requirePageUser(c, { redirectTo: "/billing" });
    const { plan } = c.req.valid("form");
    return formAnswer(c, user, async () => (await startCheckout(c.var.deps.db, requirePayments(c, plan), c.var.deps.config, user, plan)).url);
  })
  .post("/billing/portal", limitCheckout, async (c) => {
    const user = requirePageUser(c, { redirectTo: "/billing" });
    return formAnswer(c, user, async () => (await openBillingPortal(c.var.deps.db, requirePayments(c), c.var.deps.config, user.id)).url);
  });

/** A billing form: a 303 to Stripe, or the billing page again with the reason (409, 404, 502, 503). */
async function formAnswer(c: Context<AppEnv>, user: CurrentUser, work: () => Promise<string>): Promise<Response> {
  try {
    return c.redirect(await work(), 303);
  } catch (error) {
    const status = error instanceof PaymentsUnavailable ? error.status : error instanceof HTTPException ? error.status : 500;
    if (status === 500 || !(error instanceof Error)) throw error;
    return renderPage(c, { title: "Billing · Pollinate", status: status as 409, noindex: true, body: <BillingPage user={user} billing={await billingView(c, user)} error={error.message} /> });
  }
}
