/**
 * What one Stripe webhook costs here: a signed customer.subscription.updated delivered through the
 * real route (signature check, the subscription read from a fake Stripe on 127.0.0.1, one
 * transaction with the event row and the member's row), and a replay of it. Median of N.
 *   bun scripts/bench-webhook.ts [N]
 */
import { createUser } from "../src/testing/factories";
import { createTestApp } from "../src/testing/test-app";
import { startFakeStripe } from "../src/testing/fake-stripe";

const N = Number(process.argv[2] ?? 300);
const stripe = startFakeStripe();
const t = await createTestApp({ env: stripe.env });
stripe.clock.now = Math.floor(t.clock.now.getTime() / 1000);
stripe.deliver = (payload, signature) => t.app.request("/api/payments/webhook", { method: "POST", headers: { "stripe-signature": signature }, body: payload });
const user = await createUser(t.db, { isEmailVerified: true });
const client = t.client();
await t.loginAs(client, user.id);
const { url } = (await (await client.post("/api/payments/checkout", { plan: "premium" })).json()) as { url: string };
const { subscriptionId } = await stripe.pay(url.split("/").pop()!);

const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fresh: number[] = [];
const replays: number[] = [];
for (let i = 0; i < N; i++) {
  const event = stripe.update(subscriptionId, { cancel_at_period_end: i % 2 === 0 });
  const signed = await stripe.sign(event);
  const post = () => t.app.request("/api/payments/webhook", { method: "POST", headers: { "stripe-signature": signed.signature }, body: signed.payload });
  let start = performance.now();
  if ((await post()).status !== 200) throw new Error("not handled");
  fresh.push(performance.now() - start);
  start = performance.now();
  await post();
  replays.push(performance.now() - start);
}
console.log(`webhook, ${N} events: handled median ${median(fresh).toFixed(2)} ms, replay median ${median(replays).toFixed(2)} ms`);
t.cleanup();
stripe.stop();
