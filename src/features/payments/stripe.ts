/**
 * The one Stripe client of the app, built from the configuration (docs/decisions/026-payments.md).
 * Everything Stripe-shaped the services need goes through here: the client, the plan of a price,
 * and the verification of a webhook's signature.
 */
import Stripe from "stripe";
import type { Config } from "../../config";
import type { PaidLevel } from "../../../core/payments";

export type { Stripe };

export interface Payments {
  stripe: Stripe;
  webhookSecret: string;
  /** The Price id of each plan, and back. */
  priceOf: Record<PaidLevel, string>;
  planOfPrice(priceId: string): PaidLevel | null;
}

const clients = new WeakMap<Config, Payments | null>();

/** Stripe for this configuration, or null when payments are not set up (the dialog says so). */
export function paymentsFor(config: Config): Payments | null {
  if (clients.has(config)) return clients.get(config)!;
  let payments: Payments | null = null;
  if (config.paymentsEnabled) {
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

/** The id of an expandable field (a string, or the expanded object). */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** Seconds since the epoch (Stripe's timestamps) as a Date. */
export function fromUnix(seconds: number | null | undefined): Date | null {
  return seconds == null ? null : new Date(seconds * 1000);
}
