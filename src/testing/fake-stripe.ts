/**
 * A fake Stripe on 127.0.0.1 for tests: the Stripe simulator (src/features/payments/simulator.ts)
 * served over HTTP. The `stripe` package is pointed at it with STRIPE_API_BASE; the browser tests
 * open its hosted checkout and portal pages. Its events are signed with the package's own
 * test-header helper and delivered where the test says (`deliver`).
 */
import type { PaidLevel } from "../../core/payments";
import { createStripeSimulator, type StripeSimulator } from "../features/payments/simulator";

export type { FakeSubscription } from "../features/payments/simulator";

export const FAKE_STRIPE_SECRET_KEY = "sk_test_pollinate_fake";
export const FAKE_WEBHOOK_SECRET = "whsec_pollinate_fake_secret";
export const FAKE_PRICES: Record<PaidLevel, string> = { basic: "price_fake_basic", premium: "price_fake_premium", unlimited: "price_fake_unlimited" };

export interface FakeStripe extends StripeSimulator {
  /** The env that points the app at this Stripe (all five settings, and the API base). */
  env: Record<string, string>;
  stop(): void;
}

export function startFakeStripe(): FakeStripe {
  let simulator: StripeSimulator | null = null;
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      return (await simulator!.handle(req)) ?? new Response("Not found", { status: 404 });
    },
  });
  const url = `http://127.0.0.1:${server.port}`;
  simulator = createStripeSimulator({
    url,
    prefix: "",
    secretKey: FAKE_STRIPE_SECRET_KEY,
    webhookSecret: FAKE_WEBHOOK_SECRET,
    prices: FAKE_PRICES,
    banner: "Test mode: this is a fake Stripe for tests. No card is charged.",
  });
  return Object.assign(simulator, {
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_PRICE_BASIC: FAKE_PRICES.basic,
      STRIPE_PRICE_PREMIUM: FAKE_PRICES.premium,
      STRIPE_PRICE_UNLIMITED: FAKE_PRICES.unlimited,
      STRIPE_API_BASE: url,
    },
    stop: () => server.stop(true),
  });
}
