import { afterAll, expect, test } from "bun:test";
import Stripe from "stripe";
import { FAKE_STRIPE_SECRET_KEY, startFakeStripe } from "../src/testing/fake-stripe";
import { ensurePlanPrices } from "./stripe-setup";

const fake = startFakeStripe();
afterAll(() => fake.stop());

test("creates the three monthly prices once, by lookup key; a second run finds them", async () => {
  const base = new URL(fake.url);
  const stripe = new Stripe(FAKE_STRIPE_SECRET_KEY, { host: base.hostname, port: base.port, protocol: "http", maxNetworkRetries: 0 });
  const first = await ensurePlanPrices(stripe);
  expect(first.map((p) => [p.level, p.created])).toEqual([["basic", true], ["premium", true], ["unlimited", true]]);
  const second = await ensurePlanPrices(stripe);
  expect(second.map((p) => p.created)).toEqual([false, false, false]);
  expect(second.map((p) => p.priceId)).toEqual(first.map((p) => p.priceId));
  expect(fake.requests.filter((r) => r === "POST /v1/prices")).toHaveLength(3);
});
