/**
 * A small Stripe API on 127.0.0.1 standing in for api.stripe.com in tests (the `stripe` package is
 * pointed at it with STRIPE_API_BASE): customers, Checkout sessions, subscriptions and billing
 * portal sessions, answered in the shapes of the package's own types, plus a hosted checkout page
 * and portal page for browser tests. Webhook events are built as Stripe builds them and signed
 * with the package's own test-header helper.
 */
import Stripe from "stripe";
import { PLANS } from "../../core/constants";
import type { PaidLevel } from "../../core/payments";

export const FAKE_STRIPE_SECRET_KEY = "sk_test_pollinate_fake";
export const FAKE_WEBHOOK_SECRET = "whsec_pollinate_fake_secret";
export const FAKE_PRICES: Record<PaidLevel, string> = { basic: "price_fake_basic", premium: "price_fake_premium", unlimited: "price_fake_unlimited" };

const DAY = 24 * 60 * 60;

type Customer = Pick<Stripe.Customer, "id" | "object" | "email" | "name" | "metadata" | "created">;
type Price = Pick<Stripe.Price, "id" | "object" | "unit_amount" | "currency">;
type Item = Pick<Stripe.SubscriptionItem, "id" | "object" | "current_period_start" | "current_period_end" | "quantity"> & { price: Price };
export type FakeSubscription = Pick<
  Stripe.Subscription,
  "id" | "object" | "status" | "cancel_at" | "cancel_at_period_end" | "canceled_at" | "start_date" | "ended_at" | "metadata" | "created"
> & { customer: string; items: { object: "list"; data: Item[] }; cancellation_details: Pick<Stripe.Subscription.CancellationDetails, "reason"> | null };
type Session = Pick<
  Stripe.Checkout.Session,
  "id" | "object" | "mode" | "status" | "payment_status" | "url" | "success_url" | "cancel_url" | "client_reference_id" | "metadata" | "created"
> & { customer: string; subscription: string | null; line_items_price: string; subscription_metadata: Record<string, string> };
type Invoice = Pick<Stripe.Invoice, "id" | "object" | "status" | "amount_due" | "amount_paid" | "created"> & {
  customer: string;
  parent: { type: "subscription_details"; subscription_details: { subscription: string; metadata: Record<string, string> | null } };
};

export interface FakeStripe {
  url: string;
  /** The env that points the app at this Stripe (all five settings, and the API base). */
  env: Record<string, string>;
  customers: Map<string, Customer>;
  sessions: Map<string, Session>;
  subscriptions: Map<string, FakeSubscription>;
  /** While true, the API answers 500 as an outage would. */
  down: boolean;
  /** Every request received, "METHOD /path". */
  requests: string[];
  /** Where events are delivered (set by a test: an app.request or a URL); null keeps them in `events` only. */
  deliver: ((payload: string, signature: string) => Promise<Response> | Response) | null;
  /** Events built so far, oldest first. */
  events: Stripe.Event[];
  /** The clock of the fake (seconds): tests move it with the app's. */
  clock: { now: number };
  /** Completes a checkout as a paying customer would; delivers the events Stripe sends, in the given order. */
  pay(sessionId: string, options?: { order?: string[]; deliver?: boolean }): Promise<{ subscriptionId: string; events: Stripe.Event[] }>;
  /** Changes a subscription (status, cancellation, price) as Stripe would, and builds the event that says so. */
  update(subscriptionId: string, change: Partial<Pick<FakeSubscription, "status" | "cancel_at_period_end" | "cancel_at" | "ended_at" | "canceled_at" | "cancellation_details">> & { price?: PaidLevel; renew?: boolean }): Stripe.Event;
  /** An event of a type about an object, as Stripe builds it. */
  event(type: string, object: unknown, previous?: Record<string, unknown>): Stripe.Event;
  invoice(subscriptionId: string, status: "paid" | "open"): Invoice;
  /** The payload and Stripe-Signature header of an event, signed with `secret` (default: the webhook secret). */
  sign(event: Stripe.Event | string, options?: { secret?: string; timestamp?: number }): Promise<{ payload: string; signature: string }>;
  /** Signs and delivers an event (through `deliver`). */
  send(event: Stripe.Event): Promise<Response>;
  stop(): void;
}

/** Parses Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

function stripeError(status: number, message: string, code = "resource_missing") {
  return Response.json({ error: { type: "invalid_request_error", code, message } }, { status });
}

export function startFakeStripe(): FakeStripe {
  const stripe = new Stripe(FAKE_STRIPE_SECRET_KEY);
  let counter = 0;
  const newId = (prefix: string) => `${prefix}_fake${Date.now().toString(36)}${(++counter).toString(36)}`;
  const customers = new Map<string, Customer>();
  const sessions = new Map<string, Session>();
  const subscriptions = new Map<string, FakeSubscription>();
  const requests: string[] = [];
  const events: Stripe.Event[] = [];
  const clock = { now: Math.floor(Date.now() / 1000) };
  const planOfPrice = (price: string) => (Object.keys(FAKE_PRICES) as PaidLevel[]).find((p) => FAKE_PRICES[p] === price);
  const priceObject = (id: string): Price => ({ id, object: "price", unit_amount: PLANS.find((p) => p.level === planOfPrice(id))?.priceCents ?? 100, currency: "usd" });

  const fake: FakeStripe = {
    url: "",
    env: {},
    customers,
    sessions,
    subscriptions,
    requests,
    down: false,
    deliver: null,
    events,
    clock,
    event(type, object, previous) {
      const event = {
        id: newId("evt"),
        object: "event",
        api_version: "2026-10-28.endive",
        created: clock.now,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object, ...(previous ? { previous_attributes: previous } : {}) },
      } as unknown as Stripe.Event;
      events.push(event);
      return event;
    },
    invoice(subscriptionId, status) {
      const sub = subscriptions.get(subscriptionId)!;
      const amount = sub.items.data[0].price.unit_amount ?? 0;
      return {
        id: newId("in"),
        object: "invoice",
        status,
        amount_due: amount,
        amount_paid: status === "paid" ? amount : 0,
        created: clock.now,
        customer: sub.customer,
        parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      };
    },
    async pay(sessionId, { order, deliver = true } = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const subscriptionId = newId("sub");
      const price = priceObject(session.line_items_price);
      subscriptions.set(subscriptionId, {
        id: subscriptionId,
        object: "subscription",
        status: "active",
        customer: session.customer,
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        cancellation_details: null,
        start_date: clock.now,
        ended_at: null,
        created: clock.now,
        metadata: session.subscription_metadata,
        items: { object: "list", data: [{ id: newId("si"), object: "subscription_item", quantity: 1, current_period_start: clock.now, current_period_end: clock.now + 30 * DAY, price }] },
      });
      Object.assign(session, { status: "complete", payment_status: "paid", subscription: subscriptionId });
      const built: Record<string, Stripe.Event> = {
        "customer.subscription.created": fake.event("customer.subscription.created", structuredClone(subscriptions.get(subscriptionId))),
        "invoice.paid": fake.event("invoice.paid", fake.invoice(subscriptionId, "paid")),
        "checkout.session.completed": fake.event("checkout.session.completed", structuredClone(session)),
      };
      const sequence = (order ?? Object.keys(built)).map((type) => built[type]);
      if (deliver) for (const event of sequence) await fake.send(event);
      return { subscriptionId, events: sequence };
    },
    update(subscriptionId, change) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`no subscription ${subscriptionId}`);
      const previous: Record<string, unknown> = {};
      const { price, renew, ...fields } = change;
      for (const key of Object.keys(fields) as Array<keyof typeof fields>) previous[key] = sub[key];
      Object.assign(sub, fields);
      if (price) sub.items.data[0].price = priceObject(FAKE_PRICES[price]);
      if (renew) {
        const item = sub.items.data[0];
        item.current_period_start = item.current_period_end;
        item.current_period_end = item.current_period_end + 30 * DAY;
      }
      const type = sub.status === "canceled" ? "customer.subscription.deleted" : "customer.subscription.updated";
      return fake.event(type, structuredClone(sub), previous);
    },
    async sign(event, { secret = FAKE_WEBHOOK_SECRET, timestamp = clock.now } = {}) {
      const payload = typeof event === "string" ? event : JSON.stringify(event, null, 2);
      const signature = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp });
      return { payload, signature };
    },
    async send(event) {
      if (!fake.deliver) throw new Error("fake Stripe has nowhere to deliver events");
      const { payload, signature } = await fake.sign(event);
      return fake.deliver(payload, signature);
    },
    stop: () => server.stop(true),
  };

  async function api(req: Request, url: URL): Promise<Response> {
    if (fake.down) return Response.json({ error: { type: "api_error", message: "Stripe is down (fake outage)" } }, { status: 500 });
    if (req.headers.get("authorization") !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) return stripeError(401, "Invalid API Key provided", "api_key_invalid");
    const body = req.method === "POST" ? parseForm(await req.text()) : {};
    const path = url.pathname;
    let match: RegExpMatchArray | null;
    if (path === "/v1/customers" && req.method === "POST") {
      const customer: Customer = { id: newId("cus"), object: "customer", email: String(body.email ?? ""), name: (body.name as string) ?? null, metadata: (body.metadata as Record<string, string>) ?? {}, created: clock.now };
      customers.set(customer.id, customer);
      return Response.json(customer);
    }
    if (path === "/v1/checkout/sessions" && req.method === "POST") {
      const items = body.line_items as Record<string, { price: string }> | undefined;
      const price = items?.["0"]?.price;
      if (!price || !planOfPrice(price)) return stripeError(400, `No such price: '${price}'`);
      if (!customers.has(String(body.customer))) return stripeError(400, `No such customer: '${body.customer}'`);
      const id = newId("cs_test");
      const session: Session = {
        id,
        object: "checkout.session",
        mode: "subscription",
        status: "open",
        payment_status: "unpaid",
        url: `${fake.url}/checkout/${id}`,
        success_url: String(body.success_url),
        cancel_url: String(body.cancel_url),
        client_reference_id: (body.client_reference_id as string) ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        created: clock.now,
        customer: String(body.customer),
        subscription: null,
        line_items_price: price,
        subscription_metadata: ((body.subscription_data as { metadata?: Record<string, string> })?.metadata) ?? {},
      };
      sessions.set(id, session);
      return Response.json(session);
    }
    if ((match = path.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/)) && req.method === "GET") {
      const session = sessions.get(match[1]);
      return session ? Response.json(session) : stripeError(404, `No such checkout.session: '${match[1]}'`);
    }
    if ((match = path.match(/^\/v1\/subscriptions\/([\w-]+)$/)) && req.method === "GET") {
      const sub = subscriptions.get(match[1]);
      return sub ? Response.json(sub) : stripeError(404, `No such subscription: '${match[1]}'`);
    }
    if (path === "/v1/billing_portal/sessions" && req.method === "POST") {
      const customer = String(body.customer);
      if (!customers.has(customer)) return stripeError(400, `No such customer: '${customer}'`);
      const returnUrl = String(body.return_url ?? "");
      return Response.json({ id: newId("bps"), object: "billing_portal.session", customer, return_url: returnUrl, url: `${fake.url}/portal/${customer}?return=${encodeURIComponent(returnUrl)}` });
    }
    return stripeError(404, `Unrecognized request URL (${req.method}: ${path})`, "unknown");
  }

  function page(title: string, body: string): Response {
    return new Response(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${title}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem"><main><h1>${title}</h1><p>Test mode: this is a fake Stripe for tests. No card is charged.</p>${body}</main></body></html>`,
      { headers: { "content-type": "text/html; charset=utf-8" } },
    );
  }

  async function hosted(req: Request, url: URL): Promise<Response | null> {
    let match: RegExpMatchArray | null;
    if ((match = url.pathname.match(/^\/checkout\/([\w-]+)(\/(pay|cancel))?$/))) {
      const session = sessions.get(match[1]);
      if (!session) return new Response("No such checkout", { status: 404 });
      const plan = PLANS.find((p) => p.level === planOfPrice(session.line_items_price))!;
      if (req.method === "GET") {
        return page(
          "Pay Pollinate",
          `<p>${plan.name} · $${(plan.priceCents / 100).toFixed(2)} per month</p><form method="post" action="/checkout/${session.id}/pay"><button type="submit">Subscribe</button></form><form method="post" action="/checkout/${session.id}/cancel"><button type="submit">Back to Pollinate</button></form>`,
        );
      }
      if (match[3] === "pay") {
        await fake.pay(session.id, { deliver: fake.deliver !== null });
        return Response.redirect(session.success_url!.replace("{CHECKOUT_SESSION_ID}", session.id), 303);
      }
      return Response.redirect(session.cancel_url!, 303);
    }
    if ((match = url.pathname.match(/^\/portal\/([\w-]+)(\/cancel)?$/))) {
      const customer = match[1];
      const back = url.searchParams.get("return") ?? "/";
      const sub = [...subscriptions.values()].findLast((s) => s.customer === customer && s.status !== "canceled");
      if (req.method === "POST" && sub) {
        const event = fake.update(sub.id, { cancel_at_period_end: true, canceled_at: clock.now });
        if (fake.deliver) await fake.send(event);
        return Response.redirect(`${fake.url}/portal/${customer}?return=${encodeURIComponent(back)}`, 303);
      }
      const status = sub ? (sub.cancel_at_period_end ? "Cancels at the end of the period" : "Active") : "No plan";
      return page(
        "Manage billing",
        `<p>${status}</p>${sub && !sub.cancel_at_period_end ? `<form method="post" action="/portal/${customer}/cancel?return=${encodeURIComponent(back)}"><button type="submit">Cancel plan</button></form>` : ""}<p><a href="${back}">Return to Pollinate</a></p>`,
      );
    }
    return null;
  }

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      requests.push(`${req.method} ${url.pathname}`);
      if (url.pathname.startsWith("/v1/")) return api(req, url);
      return (await hosted(req, url)) ?? new Response("Not found", { status: 404 });
    },
  });
  fake.url = `http://127.0.0.1:${server.port}`;
  fake.env = {
    STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_PRICE_BASIC: FAKE_PRICES.basic,
    STRIPE_PRICE_PREMIUM: FAKE_PRICES.premium,
    STRIPE_PRICE_UNLIMITED: FAKE_PRICES.unlimited,
    STRIPE_API_BASE: fake.url,
  };
  return fake;
}
