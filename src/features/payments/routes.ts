/**
 * Plans and payments over HTTP (docs/decisions/026-payments.md):
 *   POST /api/payments/checkout {plan}   → {url} of Stripe Checkout (503 with the dialog's sentence when not set up)
 *   GET  /api/payments/billing           → the member's own billing summary
 *   POST /api/payments/portal            → {url} of Stripe's customer portal for the member's own customer
 *   POST /api/payments/webhook           → Stripe's events (mounted before the session and same-origin checks: Stripe posts it)
 * The pages and their forms (/billing, /billing/return) are in src/pages/payment-pages.tsx.
 */
import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { PAID_LEVELS, paymentsNotSetUp, planName } from "../../../core/payments";
import { requireSignedIn, requireUser } from "../../auth/guards";
import type { AppEnv } from "../../http/app-context";
import { ipRateLimit } from "../../http/ip-rate-limit";
import { validate } from "../../http/validate";
import { billingSummary, openBillingPortal, receiveWebhook, startCheckout } from "./service";
import { paymentsFor } from "./stripe";
import { markSessionPayment, myPaymentSettings, saveMyPaymentSettings } from "./sessions";
import { decimalToCents } from "../../../core/money";
import { PAYMENT_INSTRUCTIONS_MAX } from "../../../core/payments";

import { planInput, sessionPaymentInput } from "../../../core/payment-inputs";
import type { ApiResponse } from "../../../core/api-routes";
export { planInput };
const CHECKOUT_RATE_LIMIT = 10;
export const limitCheckout = ipRateLimit("checkout", () => CHECKOUT_RATE_LIMIT, "Too many checkout attempts. Please wait a minute and try again.");

/** Payments are not set up, or Stripe could not be reached: a sentence a person can act on (app.onError hides 5xx messages). */
export class PaymentsUnavailable extends Error {
  constructor(
    message: string,
    readonly status: 502 | 503,
  ) {
    super(message);
  }
}

export function requirePayments(c: Context<AppEnv>, plan?: (typeof PAID_LEVELS)[number]) {
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
    return speaking(c, async () => c.json((await startCheckout(c.var.deps.db, requirePayments(c, plan), c.var.deps.config, requireUser(c), plan)) satisfies ApiResponse<"POST /api/payments/checkout">));
  })
  .get("/billing", requireSignedIn, async (c) => {
    const user = requireUser(c);
    return c.json(await billingSummary(c.var.deps.db, paymentsFor(c.var.deps.config) !== null, user.id));
  })
  .post("/portal", requireSignedIn, limitCheckout, async (c) => {
    const user = requireUser(c);
    return speaking(c, async () => c.json(await openBillingPortal(c.var.deps.db, requirePayments(c), c.var.deps.config, user.id)));
  });

const settingsInput = z
  .object({
    paymentInstructions: z.string().max(PAYMENT_INSTRUCTIONS_MAX, `Payment instructions can be at most ${PAYMENT_INSTRUCTIONS_MAX.toLocaleString("en-US")} characters.`),
    cancellationPolicy: z.string().max(PAYMENT_INSTRUCTIONS_MAX, `The cancellation policy can be at most ${PAYMENT_INSTRUCTIONS_MAX.toLocaleString("en-US")} characters.`).nullable().optional(),
  })
  .strict();
/** Session payments (Pollinate takes no money for sessions): the practitioner's instructions and marks. */
export const sessionPaymentRoutes = new Hono<AppEnv>()
  .get("/instructions", requireSignedIn, async (c) => c.json(await myPaymentSettings(c.var.deps.db, requireUser(c).id)))
  .put("/instructions", requireSignedIn, validate("json", settingsInput, { paths: false }), async (c) => {
    const input = c.req.valid("json");
    return c.json(await saveMyPaymentSettings(c.var.deps.db, requireUser(c).id, { paymentInstructions: input.paymentInstructions, cancellationPolicy: input.cancellationPolicy }));
  })
  .post("/sessions/:bookingId", requireSignedIn, validate("param", z.object({ bookingId: z.string().min(1).max(100) })), validate("json", sessionPaymentInput), async (c) => {
    const input = c.req.valid("json");
    const amountCents = input.amount === undefined ? undefined : decimalToCents(input.amount);
    return c.json((await markSessionPayment(c.var.deps.db, requireUser(c).id, c.req.valid("param").bookingId, { paid: input.paid, amountCents }, c.var.deps.now())) satisfies ApiResponse<"POST /api/payments/sessions/:bookingId">);
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

