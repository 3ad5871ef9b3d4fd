/**
 * The one Stripe client of the app, built from the configuration (docs/decisions/026-payments.md).
 * Everything Stripe-shaped the services need goes through here: the client, the plan of a price,
 * and the verification of a webhook's signature.
 */
import { dirname, join } from "node:path";
import Stripe from "stripe";
import type { Config } from "../../config";
import type { PaidLevel } from "../../../core/payments";
import { createStripeSimulator, type StripeSimulator } from "./simulator";

export type { Stripe };

export interface Payments {
  stripe: Stripe;
  webhookSecret: string;
  /** The Price id of each plan, and back. */
  priceOf: Record<PaidLevel, string>;
  planOfPrice(priceId: string): PaidLevel | null;
  /** The demo payment mode's in-process Stripe (its hosted pages under DEMO_STRIPE_PREFIX); absent with real Stripe. */
  demo?: StripeSimulator;
}

/** Where the demo's checkout and portal pages live on the site. */
export const DEMO_STRIPE_PREFIX = "/demo-stripe";
export const DEMO_BANNER = "Demo checkout: this is not Stripe and no card is charged. Pollinate's demo mode pretends the payment went through.";

const clients = new WeakMap<Config, Payments | null>();

/** Stripe for this configuration, or null when payments are not set up (the dialog says so). */
export function paymentsFor(config: Config): Payments | null {
  if (clients.has(config)) return clients.get(config)!;
  let payments: Payments | null = null;
  if (config.paymentsMode === "demo") payments = demoPayments(config);
  else if (config.paymentsMode === "stripe") {
    const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
    const stripe = new Stripe(config.STRIPE_SECRET_KEY!, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      ...(base ? { host: base.hostname, port: base.port || (base.protocol === "https:" ? 443 : 80), protocol: base.protocol === "https:" ? "https" : "http" } : {}),
    });
    const priceOf: Record<PaidLevel, string> = {
      basic: config.STRIPE_PRICE_BASIC!,
      premium: config.STRIPE_PRICE_PREMIUM!,
      unlimited: config.STRIPE_PRICE_UNLIMITED!,
    };
    payments = {
      stripe,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      priceOf,
      planOfPrice: (priceId) => (Object.keys(priceOf) as PaidLevel[]).find((level) => priceOf[level] === priceId) ?? null,
    };
  }
  clients.set(config, payments);
  return payments;
}

/**
 * The demo payment mode: the app's Stripe client answered in-process by the simulator (no network,
 * no card), its state kept beside the database (demo-stripe.json) so a restart keeps the plans.
 */
function demoPayments(config: Config): Payments {
  const priceOf: Record<PaidLevel, string> = { basic: "price_demo_basic", premium: "price_demo_premium", unlimited: "price_demo_unlimited" };
  const secretKey = "sk_demo_pollinate";
  // events are signed and checked in this process only: a fresh secret per start
  const webhookSecret = `whsec_demo_${crypto.randomUUID()}`;
  const demo = createStripeSimulator({
    url: `${config.APP_URL}${DEMO_STRIPE_PREFIX}`,
    prefix: DEMO_STRIPE_PREFIX,
    secretKey,
    webhookSecret,
    prices: priceOf,
    banner: DEMO_BANNER,
    statePath: join(dirname(config.DATABASE_PATH), "demo-stripe.json"),
  });
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 0,
    telemetry: false,
    httpClient: Stripe.createFetchHttpClient((async (input: RequestInfo | URL, init?: RequestInit) => (await demo.handle(new Request(input, init))) ?? new Response("Not found", { status: 404 })) as typeof fetch),
  });
  // the demo's Stripe keeps the real time
  Object.defineProperty(demo.clock, "now", { get: () => Math.floor(Date.now() / 1000), set: () => {} });
  return {
    stripe,
    webhookSecret,
    priceOf,
    planOfPrice: (priceId) => (Object.keys(priceOf) as PaidLevel[]).find((level) => priceOf[level] === priceId) ?? null,
    demo,
  };
}

/** The id of an expandable field (a string, or the expanded object). */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** Seconds since the epoch (Stripe's timestamps) as a Date. */
export function fromUnix(seconds: number | null | undefined): Date | null {
  return seconds == null ? null : new Date(seconds * 1000);
}
