/**
 * Creates the three plans' products and monthly prices in Stripe once, by lookup key
 * (pollinate_basic_monthly, …): run it again and it finds them instead of creating more. Prints
 * the STRIPE_PRICE_* lines for the environment file (docs/decisions/026-payments.md).
 *
 *   STRIPE_SECRET_KEY=sk_live_… bun scripts/stripe-setup.ts
 */
import Stripe from "stripe";
import { loadConfig } from "../src/config";
import { PLANS } from "../core/constants";
import type { PaidLevel } from "../core/payments";

export const lookupKeyOf = (level: PaidLevel) => `pollinate_${level}_monthly`;

/** Finds or creates each plan's price; answers the price id of each plan and whether it was created now. */
export async function ensurePlanPrices(stripe: Stripe): Promise<Array<{ level: PaidLevel; priceId: string; created: boolean }>> {
  const found = await stripe.prices.list({ lookup_keys: PLANS.map((p) => lookupKeyOf(p.level)), active: true, limit: 10 });
  const results: Array<{ level: PaidLevel; priceId: string; created: boolean }> = [];
  for (const plan of PLANS) {
    const existing = found.data.find((p) => p.lookup_key === lookupKeyOf(plan.level));
    if (existing) {
      if (existing.unit_amount !== plan.priceCents) throw new Error(`${lookupKeyOf(plan.level)} costs ${existing.unit_amount} cents at Stripe, not ${plan.priceCents}: fix it in Stripe's dashboard`);
      results.push({ level: plan.level, priceId: existing.id, created: false });
      continue;
    }
    const product = await stripe.products.create({ name: `Pollinate ${plan.name}`, metadata: { plan: plan.level } }, { idempotencyKey: `pollinate-product-${plan.level}` });
    const price = await stripe.prices.create(
      { product: product.id, unit_amount: plan.priceCents, currency: "usd", recurring: { interval: "month" }, lookup_key: lookupKeyOf(plan.level), metadata: { plan: plan.level } },
      { idempotencyKey: `pollinate-price-${plan.level}-${plan.priceCents}` },
    );
    results.push({ level: plan.level, priceId: price.id, created: true });
  }
  return results;
}

if (import.meta.main) {
  const config = loadConfig();
  if (!config.STRIPE_SECRET_KEY) {
    console.error("Set STRIPE_SECRET_KEY (sk_test_… to try it in Stripe's test mode).");
    process.exit(1);
  }
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  const stripe = new Stripe(config.STRIPE_SECRET_KEY, base ? { host: base.hostname, port: base.port, protocol: base.protocol === "https:" ? "https" : "http" } : {});
  const prices = await ensurePlanPrices(stripe);
  for (const p of prices) console.log(`STRIPE_PRICE_${p.level.toUpperCase()}=${p.priceId}${p.created ? "   # created now" : ""}`);
}
