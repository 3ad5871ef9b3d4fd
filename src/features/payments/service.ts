/**
 * Plans bought through Stripe (docs/decisions/026-payments.md). Stripe holds the truth about a
 * subscription; this module reads it from Stripe's API (never from an event's copy, so events may
 * arrive in any order) and records it, with the event that caused the read, in one transaction.
 * Network calls to Stripe happen before or after a transaction, never inside one.
 */
import { and, desc, eq, gte, inArray, ne, or } from "drizzle-orm";
import { atomic, first, type Db } from "../../../db/client";
import { billingCustomers, paymentEvents, subscriptions, users } from "../../../db/schema";
import { isUniqueViolation } from "../../../db/errors";
import { PLANS } from "../../../core/constants";
import type { AccessLevel, SubscriptionStatus } from "../../../core/enums";
import { PAYMENT_GRACE_DAYS, PAYMENT_TEXTS, planName, type PaidLevel, type PaymentEventOutcome } from "../../../core/payments";
import type { Config } from "../../config";
import type { AdminPaymentsOverview } from "../../../core/admin";
import { centsToDecimal } from "../../../core/money";
import type { CurrentUser } from "../../http/app-context";
import { conflict, httpError, notFound } from "../../http/errors";
import { fromUnix, idOf, type Payments, type Stripe } from "./stripe";

const DAY_MS = 24 * 60 * 60 * 1000;
export const GRACE_MS = PAYMENT_GRACE_DAYS * DAY_MS;

/** Stripe statuses under which the plan's access holds (past_due: for the grace period). */
const GRANTING = new Set(["active", "trialing", "past_due"]);

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** What a subscription's state means for the member's row (the spec's fields); null: leave the row alone. */
export interface MemberAccess {
  subscriptionStatus: SubscriptionStatus;
  accessLevel: AccessLevel;
  /** The end of paid access (grace included) for a live plan, or when it ended. */
  subscriptionEndDate: Date;
}

/**
 * Stripe's status → the spec's subscriptionStatus and accessLevel (the table of decision 026):
 * active, trialing → premium with the plan's level, until the period's end (+ the grace period,
 * for a renewal whose news is late; exactly the period's end when it is set to cancel);
 * past_due → premium with the plan's level until PAYMENT_GRACE_DAYS after the first failure;
 * canceled → cancelled (expired when Stripe ended it for non-payment); unpaid,
 * incomplete_expired, paused → expired; all preview. incomplete (the first payment not yet made)
 * changes nothing.
 */
export function accessOfSubscription(
  row: Pick<SubscriptionRow, "stripeStatus" | "plan" | "currentPeriodEnd" | "cancelAtPeriodEnd" | "paymentFailedAt" | "endedAt">,
  now: Date,
  endedForNonPayment = false,
): MemberAccess | null {
  const periodEnd = row.currentPeriodEnd ?? now;
  switch (row.stripeStatus) {
    case "active":
    case "trialing":
      return {
        subscriptionStatus: "premium",
        accessLevel: row.plan,
        subscriptionEndDate: row.cancelAtPeriodEnd ? periodEnd : new Date(periodEnd.getTime() + GRACE_MS),
      };
    case "past_due": {
      const graceEnd = new Date((row.paymentFailedAt ?? now).getTime() + GRACE_MS);
      return { subscriptionStatus: "premium", accessLevel: row.plan, subscriptionEndDate: graceEnd };
    }
    case "canceled":
      return { subscriptionStatus: endedForNonPayment ? "expired" : "cancelled", accessLevel: "preview", subscriptionEndDate: row.endedAt ?? now };
    case "unpaid":
    case "incomplete_expired":
    case "paused":
      return { subscriptionStatus: "expired", accessLevel: "preview", subscriptionEndDate: row.endedAt ?? now };
    default:
      return null;
  }
}

/** The member's Stripe customer id, creating the customer at Stripe on the first checkout. */
async function customerOf(db: Db, payments: Payments, user: CurrentUser): Promise<string> {
  const known = await first(db.select({ id: billingCustomers.customerId }).from(billingCustomers).where(eq(billingCustomers.userId, user.id)).limit(1));
  if (known) return known.id;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || undefined;
  // the same key for the same member: a double click makes one customer at Stripe
  const customer = await payments.stripe.customers.create({ email: user.email, name, metadata: { userId: user.id } }, { idempotencyKey: `pollinate-customer-${user.id}` });
  return atomic(db, async (tx) => {
    const mine = await first(tx.select({ id: billingCustomers.customerId }).from(billingCustomers).where(eq(billingCustomers.userId, user.id)).limit(1));
    if (mine) return mine.id;
    await tx.insert(billingCustomers).values({ customerId: customer.id, userId: user.id });
    await tx.update(users).set({ stripeCustomerId: customer.id }).where(eq(users.id, user.id));
    return customer.id;
  });
}

/** The member's subscription that grants access now, if any (the newest first). */
export async function liveSubscriptionOf(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  return first(
    db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.stripeStatus, [...GRANTING])))
      .orderBy(desc(subscriptions.updatedAt))
      .limit(1),
  );
}

/** A 502 with a sentence, when Stripe cannot be reached or refuses (logged with its reason). */
function providerError(error: unknown) {
  console.error("[payments] Stripe call failed:", error instanceof Error ? error.message : error);
  return httpError(502, PAYMENT_TEXTS.providerUnavailable);
}

/**
 * Starts Stripe Checkout for a monthly plan: the price comes from the server's configuration by
 * the plan's name (a price sent by the browser is never read). 409 when the member already pays
 * for a plan (switching is Stripe's portal's, prorated).
 */
export async function startCheckout(db: Db, payments: Payments, config: Config, user: CurrentUser, plan: PaidLevel): Promise<{ url: string }> {
  const live = await liveSubscriptionOf(db, user.id);
  if (live) throw conflict(PAYMENT_TEXTS.alreadySubscribed(planName(live.plan)));
  try {
    const customer = await customerOf(db, payments, user);
    const session = await payments.stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: user.id,
      line_items: [{ price: payments.priceOf[plan], quantity: 1 }],
      success_url: `${config.APP_URL}/billing/return?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${config.APP_URL}/billing/return?canceled=1&plan=${plan}`,
      metadata: { userId: user.id, plan },
      subscription_data: { metadata: { userId: user.id, plan } },
    });
    if (!session.url) throw new Error("Checkout session without a url");
    return { url: session.url };
  } catch (error) {
    if (error instanceof Error && "status" in error && (error as { status: number }).status === 409) throw error;
    throw providerError(error);
  }
}

/** Opens Stripe's customer portal (card, invoices, cancel, switch plan) for the member's own customer. */
export async function openBillingPortal(db: Db, payments: Payments, config: Config, userId: string): Promise<{ url: string }> {
  const known = await first(db.select({ id: billingCustomers.customerId }).from(billingCustomers).where(eq(billingCustomers.userId, userId)).limit(1));
  if (!known) throw notFound("You have no billing account yet: choose a plan first.");
  try {
    const session = await payments.stripe.billingPortal.sessions.create({ customer: known.id, return_url: `${config.APP_URL}/billing` });
    return { url: session.url };
  } catch (error) {
    throw providerError(error);
  }
}

/** A webhook event being recorded with its effects. */
interface EventRecord {
  id: string;
  type: string;
  createdAt: Date;
}

export interface SyncResult {
  outcome: PaymentEventOutcome;
  detail: string;
  userId: string | null;
  plan?: PaidLevel;
  stripeStatus?: string;
}

/** Who a subscription belongs to: its metadata's member (when it exists) or the customer's. */
async function ownerOf(db: Db, subscription: Stripe.Subscription): Promise<string | null> {
  const fromMetadata = subscription.metadata?.userId;
  if (fromMetadata) {
    const user = await first(db.select({ id: users.id }).from(users).where(eq(users.id, fromMetadata)).limit(1));
    if (user) return user.id;
  }
  const customerId = idOf(subscription.customer);
  if (!customerId) return null;
  const customer = await first(db.select({ userId: billingCustomers.userId }).from(billingCustomers).where(eq(billingCustomers.customerId, customerId)).limit(1));
  return customer?.userId ?? null;
}

/**
 * Records an event's outcome (once per id) and runs its effects in the same transaction. Answers
 * false, changing nothing, when the event was already recorded (a replay) — unless it failed,
 * in which case this delivery retries it.
 */
async function recordEvent(tx: Db, event: EventRecord | null, result: SyncResult, now: Date): Promise<boolean> {
  if (!event) return true;
  const prior = await first(tx.select({ outcome: paymentEvents.outcome, attempts: paymentEvents.attempts }).from(paymentEvents).where(eq(paymentEvents.id, event.id)).limit(1));
  const fields = { outcome: result.outcome, detail: result.detail.slice(0, 500), userId: result.userId, receivedAt: now };
  if (prior) {
    if (prior.outcome !== "failed") return false;
    await tx.update(paymentEvents).set({ ...fields, attempts: prior.attempts + 1 }).where(eq(paymentEvents.id, event.id));
    return true;
  }
  await tx.insert(paymentEvents).values({ id: event.id, type: event.type, stripeCreatedAt: event.createdAt, ...fields });
  return true;
}

/**
 * Reads a subscription from Stripe and records its state and what it means for the member,
 * with the event (if any) in the same transaction. Whatever order events arrive in, the state
 * stored is Stripe's current one.
 */
export async function syncSubscription(db: Db, payments: Payments, subscriptionId: string, now: Date, event: EventRecord | null = null): Promise<SyncResult & { replay?: boolean }> {
  let subscription: Stripe.Subscription;
  try {
    subscription = await payments.stripe.subscriptions.retrieve(subscriptionId);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404) return finish(db, event, { outcome: "ignored", detail: `Stripe knows no subscription ${subscriptionId}`, userId: null }, now);
    throw error;
  }
  const userId = await ownerOf(db, subscription);
  if (!userId) {
    console.warn(`[payments] ${event?.id ?? "sync"}: subscription ${subscription.id} of unknown customer ${idOf(subscription.customer)}; nothing changed`);
    return finish(db, event, { outcome: "ignored", detail: `Unknown customer ${idOf(subscription.customer)}: nothing changed`, userId: null }, now);
  }
  const item = subscription.items.data[0];
  const plan = item ? payments.planOfPrice(item.price.id) : null;
  if (!item || !plan) {
    return finish(db, event, { outcome: "ignored", detail: `Subscription ${subscription.id} is for price ${item?.price.id ?? "none"}, not one of the site's plans`, userId }, now);
  }
  const cancelAt = fromUnix(subscription.cancel_at);
  const periodEnd = fromUnix(item.current_period_end);
  const endsAt = cancelAt && periodEnd && cancelAt < periodEnd ? cancelAt : periodEnd;
  const endedForNonPayment = subscription.cancellation_details?.reason === "payment_failed";

  try {
    return await atomic(db, async (tx) => {
      const existing = await first(tx.select().from(subscriptions).where(eq(subscriptions.id, subscription.id)).limit(1));
      const failing = subscription.status === "past_due" || subscription.status === "unpaid";
      const state = {
        userId,
        customerId: idOf(subscription.customer)!,
        plan,
        priceId: item.price.id,
        stripeStatus: subscription.status,
        amountCents: item.price.unit_amount ?? PLANS.find((p) => p.level === plan)!.priceCents,
        currentPeriodEnd: endsAt,
        cancelAtPeriodEnd: subscription.cancel_at_period_end || cancelAt !== null,
        paymentFailedAt: failing ? (existing?.paymentFailedAt ?? now) : null,
        startedAt: fromUnix(subscription.start_date),
        endedAt: fromUnix(subscription.ended_at),
      };
      const access = accessOfSubscription(state, now, endedForNonPayment);
      const result: SyncResult = { outcome: "handled", detail: "", userId, plan, stripeStatus: subscription.status };

      const member = await first(tx.select({ current: users.stripeSubscriptionId }).from(users).where(eq(users.id, userId)).limit(1));
      const current = member?.current && member.current !== subscription.id
        ? await first(tx.select({ status: subscriptions.stripeStatus }).from(subscriptions).where(eq(subscriptions.id, member.current)).limit(1))
        : undefined;
      if (!access) result.detail = `${planName(plan)} subscription ${subscription.id} is ${subscription.status}: access unchanged`;
      else if (current && GRANTING.has(current.status) && !GRANTING.has(subscription.status)) {
        result.detail = `Older subscription ${subscription.id} is ${subscription.status}; the member's current one is unchanged`;
      } else {
        result.detail = `${planName(plan)} subscription ${subscription.id} is ${subscription.status}: ${access.subscriptionStatus}, ${access.accessLevel} access until ${access.subscriptionEndDate.toISOString()}`;
      }
      if (!(await recordEvent(tx, event, result, now))) return { ...result, replay: true };

      await tx.insert(subscriptions).values({ id: subscription.id, ...state }).onConflictDoUpdate({ target: subscriptions.id, set: state });
      if (access && !result.detail.startsWith("Older")) {
        await tx
          .update(users)
          .set({
            ...access,
            stripeSubscriptionId: subscription.id,
            stripeCustomerId: state.customerId,
            subscriptionStartDate: state.startedAt,
          })
          .where(eq(users.id, userId));
      }
      return result;
    });
  } catch (error) {
    // two deliveries of one event at once: the other one recorded it
    if (event && isUniqueViolation(error)) return { outcome: "handled", detail: "replay", userId, replay: true };
    throw error;
  }
}

/** Records an event that changes nothing (ignored), in a transaction of its own. */
async function finish(db: Db, event: EventRecord | null, result: SyncResult, now: Date): Promise<SyncResult & { replay?: boolean }> {
  if (!event) return result;
  try {
    const fresh = await atomic(db, (tx) => recordEvent(tx, event, result, now));
    return fresh ? result : { ...result, replay: true };
  } catch (error) {
    if (isUniqueViolation(error)) return { ...result, replay: true };
    throw error;
  }
}

/** The subscription an event is about, or null for an event this site does not act on. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      return session.mode === "subscription" ? idOf(session.subscription) : null;
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return event.data.object.id;
    case "invoice.paid":
    case "invoice.payment_failed":
      return idOf(event.data.object.parent?.subscription_details?.subscription ?? null);
    default:
      return null;
  }
}

/** Stripe's own default: a signature older than five minutes is refused (a captured request replayed later). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface WebhookAnswer {
  status: 200 | 400 | 503;
  message: string;
}

/**
 * POST /api/payments/webhook: verifies the signature over the raw body (400 and nothing changed
 * when it is wrong or older than Stripe's 5-minute tolerance), records each event id once, and
 * brings the subscription it names to Stripe's current state. 503 when Stripe cannot be read (the
 * event is kept as failed with the reason; Stripe delivers it again).
 */
export async function receiveWebhook(db: Db, payments: Payments, rawBody: string, signature: string | undefined, now: Date): Promise<WebhookAnswer> {
  if (!signature) return { status: 400, message: "Missing Stripe-Signature header" };
  let event: Stripe.Event;
  try {
    event = await payments.stripe.webhooks.constructEventAsync(rawBody, signature, payments.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, now.getTime());
  } catch {
    return { status: 400, message: "Invalid or expired Stripe signature" };
  }
  const record: EventRecord = { id: event.id, type: event.type, createdAt: new Date(event.created * 1000) };
  const prior = await first(db.select({ outcome: paymentEvents.outcome }).from(paymentEvents).where(eq(paymentEvents.id, event.id)).limit(1));
  if (prior && prior.outcome !== "failed") return { status: 200, message: "Already received" };

  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId) {
    const result = await finish(db, record, { outcome: "ignored", detail: `${event.type}: not an event this site acts on`, userId: null }, now);
    return { status: 200, message: result.replay ? "Already received" : "Ignored" };
  }
  try {
    const result = await syncSubscription(db, payments, subscriptionId, now, record);
    return { status: 200, message: result.replay ? "Already received" : result.outcome === "handled" ? "Handled" : "Ignored" };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`[payments] ${event.id} (${event.type}) failed:`, reason);
    await finish(db, record, { outcome: "failed", detail: reason, userId: null }, now).catch(() => {});
    return { status: 503, message: "The event could not be processed now; Stripe will deliver it again." };
  }
}

/** What the return page says after Checkout. */
export type CheckoutOutcome = { kind: "welcome"; plan: PaidLevel } | { kind: "pending" } | { kind: "not-completed"; plan: PaidLevel | null };

/**
 * The return from Checkout: the session must be the member's own (404 otherwise). A completed
 * one brings the subscription in at once (the same code as the webhook; whichever comes first).
 */
export async function checkoutOutcome(db: Db, payments: Payments, user: CurrentUser, sessionId: string, now: Date): Promise<CheckoutOutcome> {
  let session: Stripe.Checkout.Session;
  try {
    session = await payments.stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw notFound("No such checkout");
    throw providerError(error);
  }
  if (session.client_reference_id !== user.id) throw notFound("No such checkout");
  const plan = (session.metadata?.plan as PaidLevel | undefined) ?? null;
  if (session.status !== "complete") return { kind: "not-completed", plan };
  const subscriptionId = idOf(session.subscription);
  if (!subscriptionId) return { kind: "pending" };
  try {
    const result = await syncSubscription(db, payments, subscriptionId, now);
    if (result.outcome === "handled" && result.plan && (result.stripeStatus === "active" || result.stripeStatus === "trialing")) return { kind: "welcome", plan: result.plan };
  } catch (error) {
    console.error("[payments] return sync failed:", error instanceof Error ? error.message : error);
  }
  return { kind: "pending" };
}

/** The Billing section's data: the member's plan as last read from Stripe. */
export interface BillingSummary {
  configured: boolean;
  plan: PaidLevel | null;
  planName: string | null;
  priceCents: number | null;
  stripeStatus: string | null;
  /** Renews on (a live plan not set to cancel). */
  renewsOn: string | null;
  /** Access ends on (set to cancel, or ended). */
  endsOn: string | null;
  /** A failed payment: access holds until then. */
  graceEndsOn: string | null;
  hasCustomer: boolean;
}

export async function billingSummary(db: Db, configured: boolean, userId: string): Promise<BillingSummary> {
  const latest =
    (await liveSubscriptionOf(db, userId)) ??
    (await first(db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.updatedAt)).limit(1)));
  const customer = await first(db.select({ id: billingCustomers.customerId }).from(billingCustomers).where(eq(billingCustomers.userId, userId)).limit(1));
  const live = latest && GRANTING.has(latest.stripeStatus);
  return {
    configured,
    plan: latest?.plan ?? null,
    planName: latest ? planName(latest.plan) : null,
    priceCents: latest?.amountCents ?? null,
    stripeStatus: latest?.stripeStatus ?? null,
    renewsOn: live && !latest.cancelAtPeriodEnd && latest.stripeStatus !== "past_due" ? (latest.currentPeriodEnd?.toISOString() ?? null) : null,
    endsOn: latest && (latest.cancelAtPeriodEnd || !live) ? ((live ? latest.currentPeriodEnd : (latest.endedAt ?? latest.updatedAt))?.toISOString() ?? null) : null,
    graceEndsOn: latest?.stripeStatus === "past_due" && latest.paymentFailedAt ? new Date(latest.paymentFailedAt.getTime() + GRACE_MS).toISOString() : null,
    hasCustomer: Boolean(customer),
  };
}

/** How many webhook events the admin list shows (newest first). */
export const ADMIN_PAYMENT_EVENTS = 50;

/**
 * The admin's payments overview from the stored state: live subscriptions per plan, monthly
 * recurring revenue, new and cancelled this month (UTC), and the latest webhook events with their
 * outcome, so an admin can see why someone's access did or did not change.
 */
export async function adminPaymentsOverview(db: Db, now: Date): Promise<AdminPaymentsOverview> {
  const live = await db.select({ plan: subscriptions.plan, amountCents: subscriptions.amountCents }).from(subscriptions).where(inArray(subscriptions.stripeStatus, [...GRANTING]));
  const activeByPlan: Record<PaidLevel, number> = { basic: 0, premium: 0, unlimited: 0 };
  let mrr = 0;
  for (const row of live) {
    activeByPlan[row.plan] += 1;
    mrr += row.amountCents;
  }
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const newThisMonth = (await db.select({ id: subscriptions.id }).from(subscriptions).where(and(gte(subscriptions.startedAt, monthStart), ne(subscriptions.stripeStatus, "incomplete")))).length;
  const cancelledThisMonth = (
    await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(or(gte(subscriptions.endedAt, monthStart), and(eq(subscriptions.cancelAtPeriodEnd, true), gte(subscriptions.updatedAt, monthStart))))
  ).length;
  const events = await db
    .select({
      id: paymentEvents.id,
      type: paymentEvents.type,
      receivedAt: paymentEvents.receivedAt,
      outcome: paymentEvents.outcome,
      detail: paymentEvents.detail,
      userEmail: users.email,
      attempts: paymentEvents.attempts,
    })
    .from(paymentEvents)
    .leftJoin(users, eq(users.id, paymentEvents.userId))
    .orderBy(desc(paymentEvents.receivedAt), desc(paymentEvents.id))
    .limit(ADMIN_PAYMENT_EVENTS);
  return {
    activeByPlan,
    monthlyRecurringRevenue: centsToDecimal(mrr),
    newThisMonth,
    cancelledThisMonth,
    events: events.map((e) => ({ ...e, receivedAt: e.receivedAt.toISOString() })),
  };
}
