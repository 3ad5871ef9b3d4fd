/**
 * Plans and payments through the real doors: the app's routes over app.request(), a fake Stripe
 * API on 127.0.0.1 (src/testing/fake-stripe.ts) answering the `stripe` package, and webhook
 * events signed with the package's own test-header helper.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { paymentEvents, subscriptions, users } from "../../../db/schema";
import { first } from "../../../db/client";
import { PAYMENT_GRACE_DAYS, paymentsNotSetUp, PAYMENT_TEXTS } from "../../../core/payments";
import { createUser } from "../../testing/factories";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";
import { FAKE_PRICES, startFakeStripe, type FakeStripe } from "../../testing/fake-stripe";
import { accessOfSubscription } from "./service";

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let stripe: FakeStripe;
let plain: TestApp;

beforeAll(async () => {
  stripe = startFakeStripe();
  t = await createTestApp({ env: stripe.env });
  plain = await createTestApp();
  stripe.clock.now = Math.floor(t.clock.now.getTime() / 1000);
  stripe.deliver = (payload, signature) =>
    t.app.request("/api/payments/webhook", { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload });
});
afterAll(() => {
  t.cleanup();
  plain.cleanup();
  stripe.stop();
});

/** Moves the app's clock and the fake Stripe's together. */
function advance(ms: number) {
  t.clock.advance(ms);
  stripe.clock.now = Math.floor(t.clock.now.getTime() / 1000);
}

let n = 0;
const owners = new Map<TestClient, string>();
async function member(): Promise<{ id: string; client: TestClient }> {
  const user = await createUser(t.db, { email: `payer${++n}@example.test`, isEmailVerified: true });
  const client = t.client({ ip: `10.9.0.${n}` });
  await t.loginAs(client, user.id);
  owners.set(client, user.id);
  return { id: user.id, client };
}

/** "subscriptionStatus/accessLevel" as GET /api/auth/user says (signing in again when the clock outran the session). */
async function access(client: TestClient): Promise<string> {
  let res = await client.get("/api/auth/user");
  if (res.status === 401) {
    await t.loginAs(client, owners.get(client)!);
    res = await client.get("/api/auth/user");
  }
  const body = (await res.json()) as { accessLevel: string; subscriptionStatus: string };
  return `${body.subscriptionStatus}/${body.accessLevel}`;
}

async function checkout(client: TestClient, plan = "premium") {
  const res = await client.post("/api/payments/checkout", { plan });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const sessionId = url.split("/").pop()!;
  return sessionId;
}

async function row(userId: string) {
  return (await first(t.db.select().from(users).where(eq(users.id, userId)).limit(1)))!;
}

async function eventCount() {
  return (await t.db.select({ id: paymentEvents.id }).from(paymentEvents)).length;
}

describe("without Stripe configured", () => {
  test("'Upgrade Now' says payments are not set up, naming the plan; the webhook does not exist", async () => {
    const user = await createUser(plain.db, { isEmailVerified: true });
    const client = plain.client();
    await plain.loginAs(client, user.id);
    const res = await client.post("/api/payments/checkout", { plan: "premium" });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toBe(paymentsNotSetUp("Premium"));
    const hook = await plain.app.request("/api/payments/webhook", { method: "POST", body: "{}" });
    expect(hook.status).toBe(404);
  });
});

describe("checkout", () => {
  test("refuses visitors, unknown plans and a price sent by the browser", async () => {
    expect((await t.client().post("/api/payments/checkout", { plan: "premium" })).status).toBe(401);
    const { client } = await member();
    const gold = await client.post("/api/payments/checkout", { plan: "gold" });
    expect(gold.status).toBe(400);
    expect(((await gold.json()) as { message: string }).message).toContain("plan must be basic, premium or unlimited");
    expect((await client.post("/api/payments/checkout", { plan: "premium", priceCents: 1 })).status).toBe(400);
    expect((await client.post("/api/payments/checkout", { plan: "premium", price: FAKE_PRICES.basic })).status).toBe(400);
  });

  test("a completed checkout gives the plan's access; the return page welcomes the member", async () => {
    const { id, client } = await member();
    expect(await access(client)).toBe("free/preview");
    const sessionId = await checkout(client, "premium");
    expect(stripe.sessions.get(sessionId)!.line_items_price).toBe(FAKE_PRICES.premium);
    await stripe.pay(sessionId);
    expect(await access(client)).toBe("premium/premium");
    const user = await row(id);
    expect(user.stripeCustomerId).toStartWith("cus_");
    expect(user.stripeSubscriptionId).toStartWith("sub_");
    expect(user.subscriptionStartDate).not.toBeNull();
    const page = await client.get(`/billing/return?session_id=${sessionId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Welcome to Premium");
    // three events, each stored once and handled
    const stored = await t.db.select().from(paymentEvents).where(eq(paymentEvents.userId, id));
    expect(stored.map((e) => e.outcome)).toEqual(["handled", "handled", "handled"]);
    // a second checkout while paying: 409, switch in the portal instead
    const again = await client.post("/api/payments/checkout", { plan: "basic" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(PAYMENT_TEXTS.alreadySubscribed("Premium"));
  });

  test("the return page brings access in even before any webhook arrives, and refuses another member's checkout", async () => {
    const { client } = await member();
    const sessionId = await checkout(client, "basic");
    await stripe.pay(sessionId, { deliver: false });
    expect(await access(client)).toBe("free/preview");
    const html = await (await client.get(`/billing/return?session_id=${sessionId}`)).text();
    expect(html).toContain("Welcome to Basic");
    expect(await access(client)).toBe("premium/basic");
    const other = await member();
    expect((await other.client.get(`/billing/return?session_id=${sessionId}`)).status).toBe(404);
    expect(await access(other.client)).toBe("free/preview");
  });

  test("a cancelled checkout says so, with a way to try again; an open session is not completed either", async () => {
    const { client } = await member();
    const html = await (await client.get("/billing/return?canceled=1&plan=premium")).text();
    expect(html).toContain("Payment was not completed");
    expect(html).toContain('action="/billing/checkout"');
    expect(html).toContain('value="premium"');
    const sessionId = await checkout(client, "premium");
    expect(await (await client.get(`/billing/return?session_id=${sessionId}`)).text()).toContain("Payment was not completed");
    expect(await access(client)).toBe("free/preview");
    // trying again from the form goes straight to Stripe
    const retry = await client.postForm("/billing/checkout", { plan: "premium" });
    expect(retry.status).toBe(303);
    expect(retry.headers.get("location")).toStartWith(`${stripe.url}/checkout/`);
  });
});

describe("the webhook", () => {
  test("a wrong or stale signature: 400 and nothing changed", async () => {
    const { id, client } = await member();
    const sessionId = await checkout(client);
    const { events } = await stripe.pay(sessionId, { deliver: false });
    const before = await eventCount();
    const forged = await stripe.sign(events[0], { secret: "whsec_someone_else" });
    const post = (payload: string, signature?: string) =>
      t.app.request("/api/payments/webhook", { method: "POST", headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) }, body: payload });
    expect((await post(forged.payload, forged.signature)).status).toBe(400);
    const stale = await stripe.sign(events[0], { timestamp: stripe.clock.now - 10 * 60 });
    expect((await post(stale.payload, stale.signature)).status).toBe(400);
    // a good signature over another body
    const good = await stripe.sign(events[0]);
    expect((await post(good.payload.replace("premium", "unlimited"), good.signature)).status).toBe(400);
    expect((await post(good.payload)).status).toBe(400);
    expect(await eventCount()).toBe(before);
    expect((await row(id)).accessLevel).toBe("preview");
    // it needs no session and no Origin, and a cross-site Origin does not matter to it
    const res = await t.app.request("/api/payments/webhook", { method: "POST", headers: { "stripe-signature": good.signature, origin: "https://evil.example" }, body: good.payload });
    expect(res.status).toBe(200);
    expect((await row(id)).accessLevel).toBe("premium");
  });

  test("a replayed event changes nothing", async () => {
    const { id, client } = await member();
    const { events, subscriptionId } = await stripe.pay(await checkout(client));
    const count = await eventCount();
    // Stripe cancels it; then the old 'created' event is delivered again
    await stripe.send(stripe.update(subscriptionId, { status: "canceled", ended_at: stripe.clock.now, canceled_at: stripe.clock.now }));
    expect(await access(client)).toBe("cancelled/preview");
    const stored = await first(t.db.select().from(paymentEvents).where(eq(paymentEvents.id, events[0].id)).limit(1));
    const replay = await stripe.send(events[0]);
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { message: string }).message).toBe("Already received");
    expect(await eventCount()).toBe(count + 1);
    expect(await first(t.db.select().from(paymentEvents).where(eq(paymentEvents.id, events[0].id)).limit(1))).toEqual(stored);
    expect((await row(id)).subscriptionStatus).toBe("cancelled");
  });

  test("events in any order end in Stripe's current state", async () => {
    const a = await member();
    await stripe.pay(await checkout(a.client, "unlimited"), { order: ["checkout.session.completed", "invoice.paid", "customer.subscription.created"] });
    expect(await access(a.client)).toBe("premium/unlimited");

    // deleted arrives before the update that preceded it
    const b = await member();
    const { subscriptionId } = await stripe.pay(await checkout(b.client, "premium"));
    const cancelling = stripe.update(subscriptionId, { cancel_at_period_end: true });
    const deleted = stripe.update(subscriptionId, { status: "canceled", ended_at: stripe.clock.now });
    await stripe.send(deleted);
    await stripe.send(cancelling);
    expect(await access(b.client)).toBe("cancelled/preview");
    expect((await first(t.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).limit(1)))!.stripeStatus).toBe("canceled");
  });

  test("payment failed: access holds for the grace period with a banner, then falls back to preview; paying restores it", async () => {
    const { client } = await member();
    const { subscriptionId } = await stripe.pay(await checkout(client, "premium"));
    advance(30 * DAY);
    stripe.update(subscriptionId, { status: "past_due", renew: true });
    await stripe.send(stripe.event("invoice.payment_failed", stripe.invoice(subscriptionId, "open")));
    expect(await access(client)).toBe("premium/premium");
    const billing = (await (await client.get("/api/payments/billing")).json()) as { graceEndsOn: string; renewsOn: string | null };
    expect(new Date(billing.graceEndsOn).getTime()).toBe(t.clock.now.getTime() + PAYMENT_GRACE_DAYS * DAY);
    expect(billing.renewsOn).toBeNull();
    expect(await (await client.get("/billing")).text()).toContain("Your last payment failed");
    advance(PAYMENT_GRACE_DAYS * DAY + 60_000);
    expect(await access(client)).toBe("expired/preview");
    // the card is fixed: Stripe retries, the invoice is paid
    stripe.update(subscriptionId, { status: "active" });
    await stripe.send(stripe.event("invoice.paid", stripe.invoice(subscriptionId, "paid")));
    expect(await access(client)).toBe("premium/premium");
    expect(((await (await client.get("/api/payments/billing")).json()) as { graceEndsOn: string | null }).graceEndsOn).toBeNull();
  });

  test("Stripe ending a subscription for non-payment leaves it expired", async () => {
    const { client } = await member();
    const { subscriptionId } = await stripe.pay(await checkout(client, "basic"));
    stripe.update(subscriptionId, { status: "past_due" });
    await stripe.send(stripe.update(subscriptionId, { status: "canceled", ended_at: stripe.clock.now, cancellation_details: { reason: "payment_failed" } }));
    expect(await access(client)).toBe("expired/preview");
  });

  test("cancellation at the period's end: access until then, the date shown, then preview", async () => {
    const { id, client } = await member();
    const { subscriptionId } = await stripe.pay(await checkout(client, "premium"));
    const periodEnd = new Date(stripe.subscriptions.get(subscriptionId)!.items.data[0].current_period_end * 1000);
    await stripe.send(stripe.update(subscriptionId, { cancel_at_period_end: true, canceled_at: stripe.clock.now }));
    expect(await access(client)).toBe("premium/premium");
    expect((await row(id)).subscriptionEndDate).toEqual(periodEnd);
    const billing = (await (await client.get("/api/payments/billing")).json()) as { endsOn: string; renewsOn: string | null };
    expect(billing.endsOn).toBe(periodEnd.toISOString());
    expect(billing.renewsOn).toBeNull();
    const html = await (await client.get("/billing")).text();
    expect(html).toContain("Your Premium access ends on");
    // the end passes before Stripe's news arrives: access ends on the date anyway
    advance(31 * DAY);
    expect(await access(client)).toBe("expired/preview");
    await stripe.send(stripe.update(subscriptionId, { status: "canceled", ended_at: stripe.clock.now }));
    expect(await access(client)).toBe("cancelled/preview");
  });

  test("a plan switch and a renewal follow Stripe", async () => {
    const { id, client } = await member();
    const { subscriptionId } = await stripe.pay(await checkout(client, "basic"));
    await stripe.send(stripe.update(subscriptionId, { price: "unlimited" }));
    expect(await access(client)).toBe("premium/unlimited");
    const before = (await row(id)).subscriptionEndDate!;
    advance(30 * DAY);
    stripe.update(subscriptionId, { renew: true });
    await stripe.send(stripe.event("invoice.paid", stripe.invoice(subscriptionId, "paid")));
    expect((await row(id)).subscriptionEndDate!.getTime()).toBe(before.getTime() + 30 * DAY);
    expect(await access(client)).toBe("premium/unlimited");
  });

  test("an unknown customer: logged, 200, nothing changed", async () => {
    const { client } = await member();
    const sessionId = await checkout(client, "premium");
    const { subscriptionId } = await stripe.pay(sessionId, { deliver: false });
    const sub = stripe.subscriptions.get(subscriptionId)!;
    sub.customer = "cus_nobody";
    sub.metadata = {};
    const res = await stripe.send(stripe.event("customer.subscription.created", structuredClone(sub)));
    expect(res.status).toBe(200);
    expect(await access(client)).toBe("free/preview");
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.subscriptionId, subscriptionId));
    expect(events).toHaveLength(0);
    const last = (await t.db.select().from(paymentEvents)).find((e) => e.detail?.includes("cus_nobody"))!;
    expect(last.outcome).toBe("ignored");
  });

  test("an event this site does not act on is stored as ignored", async () => {
    const res = await stripe.send(stripe.event("customer.created", { id: "cus_x", object: "customer" }));
    expect(res.status).toBe(200);
    const stored = (await t.db.select().from(paymentEvents)).findLast((e) => e.type === "customer.created")!;
    expect(stored.outcome).toBe("ignored");
  });

  test("Stripe unreachable: the event is kept as failed (503, Stripe retries) and handled on the next delivery", async () => {
    const { client } = await member();
    const { events } = await stripe.pay(await checkout(client, "premium"), { deliver: false });
    stripe.down = true;
    try {
      const res = await stripe.send(events[0]);
      expect(res.status).toBe(503);
    } finally {
      stripe.down = false;
    }
    const failed = (await first(t.db.select().from(paymentEvents).where(eq(paymentEvents.id, events[0].id)).limit(1)))!;
    expect(failed.outcome).toBe("failed");
    expect(failed.detail).toContain("down");
    expect(await access(client)).toBe("free/preview");
    const retry = await stripe.send(events[0]);
    expect(retry.status).toBe(200);
    expect(await access(client)).toBe("premium/premium");
    const handled = (await first(t.db.select().from(paymentEvents).where(eq(paymentEvents.id, events[0].id)).limit(1)))!;
    expect([handled.outcome, handled.attempts]).toEqual(["handled", 2]);
  });
});

describe("billing", () => {
  test("the portal opens for the member's own customer only; the summary is the member's own", async () => {
    const { client } = await member();
    expect((await client.post("/api/payments/portal")).status).toBe(404);
    await stripe.pay(await checkout(client, "premium"));
    const res = await client.post("/api/payments/portal");
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const customer = new URL(url).pathname.split("/").pop()!;
    const mine = (await first(t.db.select().from(users).where(eq(users.stripeCustomerId, customer)).limit(1)))!;
    const summary = (await (await client.get("/api/payments/billing")).json()) as { plan: string; priceCents: number; renewsOn: string };
    expect(summary.plan).toBe("premium");
    expect(summary.priceCents).toBe(1999);
    expect(mine.id).toBeDefined();
    expect((await t.client().get("/api/payments/billing")).status).toBe(401);
    // cross-site form posts to the billing forms are refused
    const cross = await client.request("/billing/portal", { method: "POST", headers: { origin: "https://evil.example" }, redirect: "manual" });
    expect(cross.status).toBe(403);
  });
});

describe("administration", () => {
  test("an admin sees live subscriptions per plan, monthly revenue, this month's changes and every event with its outcome; members do not", async () => {
    const admin = await createUser(t.db, { roles: ["admin"], email: "payments-admin@example.test" });
    const client = t.client({ ip: "10.9.9.9" });
    await t.loginAs(client, admin.id);
    const res = await client.get("/api/admin/payments");
    expect(res.status).toBe(200);
    const body = (await res.json()) as import("../../../core/admin").AdminPaymentsOverview;
    const live = await t.db.select().from(subscriptions);
    const granting = live.filter((s) => ["active", "trialing", "past_due"].includes(s.stripeStatus));
    expect(body.activeByPlan.basic + body.activeByPlan.premium + body.activeByPlan.unlimited).toBe(granting.length);
    expect(body.monthlyRecurringRevenue).toBe((granting.reduce((sum, s) => sum + s.amountCents, 0) / 100).toFixed(2));
    expect(body.events.length).toBeGreaterThan(10);
    expect(body.events.some((e) => e.outcome === "handled")).toBe(true);
    expect(body.events.some((e) => e.outcome === "ignored" && e.detail?.includes("cus_nobody"))).toBe(true);
    const users = (await (await client.get("/api/admin/users")).json()) as { rows: Array<{ email: string; subscriptionStatus: string; renewsOrEndsOn: string | null }> };
    const paying = users.rows.find((u) => u.subscriptionStatus === "premium");
    expect(paying?.renewsOrEndsOn).toBeTruthy();
    const { client: memberClient } = await member();
    expect((await memberClient.get("/api/admin/payments")).status).toBe(403);
  });
});

describe("the mapping of Stripe's statuses (decision 026)", () => {
  const now = new Date("2026-01-10T00:00:00Z");
  const base = { plan: "premium" as const, currentPeriodEnd: new Date("2026-02-01T00:00:00Z"), cancelAtPeriodEnd: false, paymentFailedAt: null, endedAt: null };
  test.each([
    ["active", "premium", "premium"],
    ["trialing", "premium", "premium"],
    ["past_due", "premium", "premium"],
    ["canceled", "cancelled", "preview"],
    ["unpaid", "expired", "preview"],
    ["incomplete_expired", "expired", "preview"],
    ["paused", "expired", "preview"],
  ])("%s → %s, %s", (stripeStatus, status, level) => {
    const access = accessOfSubscription({ ...base, stripeStatus }, now)!;
    expect(access.subscriptionStatus).toBe(status as never);
    expect(access.accessLevel).toBe(level as never);
  });
  test("incomplete changes nothing", () => {
    expect(accessOfSubscription({ ...base, stripeStatus: "incomplete" }, now)).toBeNull();
  });
});
