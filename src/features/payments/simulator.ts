/**
 * A small Stripe: the part of its API the site calls (customers, Checkout sessions,
 * subscriptions, billing portal sessions), answered in the shapes of the `stripe` package's own
 * types, with a hosted checkout page and portal page, and webhook events built as Stripe builds
 * them and signed with the package's own test-header helper. Two users: the tests' fake Stripe on
 * 127.0.0.1 (src/testing/fake-stripe.ts), and the local demo's payment mode, where it answers the
 * app's Stripe client in-process and no card is ever charged (docs/decisions/026-payments.md).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import Stripe from "stripe";
import { PLANS } from "../../../core/constants";
import type { PaidLevel } from "../../../core/payments";

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

export interface SimulatorOptions {
  /** Where the hosted pages are, as the browser reaches them (origin and path prefix, no trailing slash). */
  url: string;
  /** The path prefix of the hosted pages on the server that answers them ("" or "/demo-stripe"). */
  prefix: string;
  secretKey: string;
  webhookSecret: string;
  prices: Record<PaidLevel, string>;
  /** What the hosted pages say they are (a test fake, or the demo where no card is charged). */
  banner: string;
  /** A JSON file that keeps customers, sessions and subscriptions across restarts (the demo). */
  statePath?: string;
}

export interface StripeSimulator {
  url: string;
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
  /** Answers an API request (/v1/…) or a hosted page under the prefix; null when the path is neither. */
  handle(req: Request): Promise<Response | null>;
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

export function createStripeSimulator(options: SimulatorOptions): StripeSimulator {
  const { prefix, secretKey, webhookSecret, prices, banner, statePath } = options;
  const stripe = new Stripe(secretKey);
  let counter = 0;
  const newId = (prefix: string) => `${prefix}_fake${Date.now().toString(36)}${(++counter).toString(36)}`;
  const customers = new Map<string, Customer>();
  const sessions = new Map<string, Session>();
  const subscriptions = new Map<string, FakeSubscription>();
  const requests: string[] = [];
  const products: Array<{ id: string; name: string }> = [];
  const createdPrices: Array<{ id: string; product: string; unit_amount: number; currency: string; lookup_key: string | null }> = [];
  const events: Stripe.Event[] = [];
  const clock = { now: Math.floor(Date.now() / 1000) };
  const planOfPrice = (price: string) => (Object.keys(prices) as PaidLevel[]).find((p) => prices[p] === price);
  if (statePath && existsSync(statePath)) {
    const saved = JSON.parse(readFileSync(statePath, "utf8")) as { customers: Customer[]; sessions: Session[]; subscriptions: FakeSubscription[] };
    for (const c of saved.customers) customers.set(c.id, c);
    for (const x of saved.sessions) sessions.set(x.id, x);
    for (const x of saved.subscriptions) subscriptions.set(x.id, x);
  }
  const save = () => {
    if (statePath) writeFileSync(statePath, JSON.stringify({ customers: [...customers.values()], sessions: [...sessions.values()], subscriptions: [...subscriptions.values()] }));
  };
  const priceObject = (id: string): Price => ({ id, object: "price", unit_amount: PLANS.find((p) => p.level === planOfPrice(id))?.priceCents ?? 100, currency: "usd" });

  const fake: StripeSimulator = {
    url: options.url,
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
      save();
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
      if (price) sub.items.data[0].price = priceObject(prices[price]);
      if (renew) {
        const item = sub.items.data[0];
        item.current_period_start = item.current_period_end;
        item.current_period_end = item.current_period_end + 30 * DAY;
      }
      save();
      const type = sub.status === "canceled" ? "customer.subscription.deleted" : "customer.subscription.updated";
      return fake.event(type, structuredClone(sub), previous);
    },
    async sign(event, { secret = webhookSecret, timestamp = clock.now } = {}) {
      const payload = typeof event === "string" ? event : JSON.stringify(event, null, 2);
      const signature = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp });
      return { payload, signature };
    },
    async send(event) {
      if (!fake.deliver) throw new Error("the Stripe simulator has nowhere to deliver events");
      const { payload, signature } = await fake.sign(event);
      return fake.deliver(payload, signature);
    },
    async handle(req) {
      const url = new URL(req.url);
      requests.push(`${req.method} ${url.pathname}`);
      if (url.pathname.startsWith("/v1/")) return api(req, url);
      if (prefix && !url.pathname.startsWith(`${prefix}/`)) return null;
      return hosted(req, url, url.pathname.slice(prefix.length));
    },
  };

  async function api(req: Request, url: URL): Promise<Response> {
    if (fake.down) return Response.json({ error: { type: "api_error", message: "Stripe is down (fake outage)" } }, { status: 500 });
    if (req.headers.get("authorization") !== `Bearer ${secretKey}`) return stripeError(401, "Invalid API Key provided", "api_key_invalid");
    const body = req.method === "POST" ? parseForm(await req.text()) : {};
    const path = url.pathname;
    let match: RegExpMatchArray | null;
    if (path === "/v1/customers" && req.method === "POST") {
      const customer: Customer = { id: newId("cus"), object: "customer", email: String(body.email ?? ""), name: (body.name as string) ?? null, metadata: (body.metadata as Record<string, string>) ?? {}, created: clock.now };
      customers.set(customer.id, customer);
      save();
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
      save();
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
    if (path === "/v1/products" && req.method === "POST") {
      const product = { id: newId("prod"), object: "product", name: String(body.name ?? ""), active: true, created: clock.now };
      products.push(product);
      return Response.json(product);
    }
    if (path === "/v1/prices" && req.method === "GET") {
      const keys = [...url.searchParams].filter(([k]) => /^lookup_keys\[\d*\]$/.test(k)).map(([, v]) => v);
      const data = createdPrices.filter((p) => keys.length === 0 || (p.lookup_key !== null && keys.includes(p.lookup_key)));
      return Response.json({ object: "list", data, has_more: false, url: "/v1/prices" });
    }
    if (path === "/v1/prices" && req.method === "POST") {
      const recurring = body.recurring as { interval?: string } | undefined;
      const price = {
        id: newId("price"),
        object: "price" as const,
        product: String(body.product),
        unit_amount: Number(body.unit_amount),
        currency: String(body.currency),
        recurring: recurring?.interval ? { interval: recurring.interval } : null,
        lookup_key: (body.lookup_key as string) ?? null,
        active: true,
      };
      createdPrices.push(price);
      return Response.json(price);
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
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${title}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1f2a1f"><main><p style="background:#fde68a;padding:.75rem;border-radius:.5rem;font-weight:600">${banner}</p><h1>${title}</h1>${body}</main></body></html>`,
      { headers: { "content-type": "text/html; charset=utf-8" } },
    );
  }

  async function hosted(req: Request, url: URL, path: string): Promise<Response | null> {
    let match: RegExpMatchArray | null;
    if ((match = path.match(/^\/checkout\/([\w-]+)(\/(pay|cancel))?$/))) {
      const session = sessions.get(match[1]);
      if (!session) return new Response("No such checkout", { status: 404 });
      const plan = PLANS.find((p) => p.level === planOfPrice(session.line_items_price))!;
      if (req.method === "GET") {
        return page(
          "Pay Pollinate",
          `<p>${plan.name} · $${(plan.priceCents / 100).toFixed(2)} per month</p><form method="post" action="${prefix}/checkout/${session.id}/pay"><button type="submit">Subscribe</button></form><form method="post" action="${prefix}/checkout/${session.id}/cancel"><button type="submit">Back to Pollinate</button></form>`,
        );
      }
      if (match[3] === "pay") {
        await fake.pay(session.id, { deliver: fake.deliver !== null });
        return Response.redirect(session.success_url!.replace("{CHECKOUT_SESSION_ID}", session.id), 303);
      }
      return Response.redirect(session.cancel_url!, 303);
    }
    if ((match = path.match(/^\/portal\/([\w-]+)(\/cancel)?$/))) {
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
        `<p>${status}</p>${sub && !sub.cancel_at_period_end ? `<form method="post" action="${prefix}/portal/${customer}/cancel?return=${encodeURIComponent(back)}"><button type="submit">Cancel plan</button></form>` : ""}<p><a href="${back}">Return to Pollinate</a></p>`,
      );
    }
    return null;
  }

  return fake;
}
