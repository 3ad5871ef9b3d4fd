/**
 * The billing pages and their forms (issue 24; no JavaScript needed): /billing (the plan, 'Manage
 * billing'), /billing/return (where Stripe Checkout comes back), POST /billing/checkout and POST
 * /billing/portal (a 303 to Stripe's hosted pages, or the billing page again with the reason).
 */
import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { z } from "zod";
import { ACCESS_LEVEL_LABELS } from "../../core/constants";
import { PAID_LEVELS, planName } from "../../core/payments";
import { requirePageRole, requirePageUser } from "../auth/guards";
import { PAYMENT_INSTRUCTIONS_MAX } from "../../core/payments";
import { credentialsOf } from "../features/credentials/service";
import { ProfileEditorPage } from "../../web/pages/discover/profile-editor";
import { apiPractitioner, findPractitionerByUserId } from "../features/practitioners/service";
import { paymentSettingsOf, saveMyPaymentSettings } from "../features/payments/sessions";
import { accessInfoFor } from "../auth/permissions";
import type { AppEnv, CurrentUser } from "../http/app-context";
import { validate } from "../http/validate";
import { renderPage } from "./render";
import { BillingPage, BillingReturnPage, type BillingReturnState, type BillingView } from "../../web/pages/billing";
import { billingSummary, checkoutOutcome, openBillingPortal, startCheckout } from "../features/payments/service";
import { limitCheckout, PaymentsUnavailable, planInput, requirePayments } from "../features/payments/routes";
import { paymentsFor } from "../features/payments/stripe";

/** The Billing section's data for this request's member (also shown in both dashboards' settings). */
export async function billingView(c: Context<AppEnv>, user: CurrentUser): Promise<BillingView> {
  const summary = await billingSummary(c.var.deps.db, paymentsFor(c.var.deps.config) !== null, user.id);
  const access = accessInfoFor(user, c.var.deps.now());
  return { ...summary, accessName: access.subscriptionStatus === "trial" ? `${ACCESS_LEVEL_LABELS[access.accessLevel].name} trial` : ACCESS_LEVEL_LABELS[access.accessLevel].name };
}

// the cancellation policy is edited with the hours now (decision 028); a form that still sends it is heard
const instructionsForm = z.object({ paymentInstructions: z.string().max(20_000), cancellationPolicy: z.string().max(20_000).optional() });

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
  .post("/dashboard/practitioner/payment-instructions", validate("form", instructionsForm), async (c) => {
    const user = requirePageRole(c, "practitioner", "Only facilitator accounts have payment instructions.");
    const input = c.req.valid("form");
    const refused = (input.paymentInstructions.length > PAYMENT_INSTRUCTIONS_MAX || (input.cancellationPolicy ?? "").length > PAYMENT_INSTRUCTIONS_MAX)
      ? `Payment instructions and the cancellation policy can each be at most ${PAYMENT_INSTRUCTIONS_MAX.toLocaleString("en-US")} characters.`
      : null;
    const row = await findPractitionerByUserId(c.var.deps.db, user.id);
    if (!row) return c.redirect("/dashboard/practitioner/profile", 303);
    if (refused) {
      return renderPage(c, {
        title: "Edit your practitioner profile · Pollinate",
        status: 400,
        noindex: true,
        body: <ProfileEditorPage user={user} profile={await apiPractitioner(c.var.deps.db, row)} payments={{ ...(await paymentSettingsOf(c.var.deps.db, row.id)), paymentInstructions: input.paymentInstructions, error: refused }} credentials={await credentialsOf(c.var.deps.db, row.id)} />,
      });
    }
    await saveMyPaymentSettings(c.var.deps.db, user.id, { paymentInstructions: input.paymentInstructions, cancellationPolicy: input.cancellationPolicy });
    return c.redirect("/dashboard/practitioner/profile?payments=saved#payment-instructions", 303);
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
