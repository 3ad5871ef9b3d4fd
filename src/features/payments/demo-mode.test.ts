/**
 * The demo payment mode (docs/decisions/026-payments.md): with no Stripe configured, a checkout
 * marked as a demo, where no card is charged, drives the real webhook route through signed events.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { paymentEvents } from "../../../db/schema";
import { loadConfig } from "../../config";
import { createUser } from "../../testing/factories";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { DEMO_BANNER } from "./stripe";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENTS_DEMO: "true" } });
});
afterAll(() => t.cleanup());

describe("the demo payment mode", () => {
  test("is on for a local demo only: not over https unless set, not under tests, never with Stripe configured", () => {
    const mode = (env: Record<string, string>) => loadConfig({ NODE_ENV: "production", ...env }).paymentsMode;
    expect(mode({})).toBe("demo");
    expect(mode({ APP_URL: "https://pollinate.example" })).toBe("off");
    expect(mode({ APP_URL: "https://pollinate.example", PAYMENTS_DEMO: "true" })).toBe("demo");
    expect(mode({ PAYMENTS_DEMO: "false" })).toBe("off");
    expect(loadConfig({ NODE_ENV: "test" }).paymentsMode).toBe("off");
    const stripe = { STRIPE_SECRET_KEY: "sk_x", STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_PRICE_BASIC: "a", STRIPE_PRICE_PREMIUM: "b", STRIPE_PRICE_UNLIMITED: "c" };
    expect(mode({ ...stripe, PAYMENTS_DEMO: "true" })).toBe("stripe");
  });

  test("a member buys Premium on the demo checkout: the real webhook route handles the signed events", async () => {
    const user = await createUser(t.db, { isEmailVerified: true });
    const client = t.client();
    await t.loginAs(client, user.id);
    const res = await client.post("/api/payments/checkout", { plan: "premium" });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toStartWith("http://localhost/demo-stripe/checkout/cs_");
    const path = new URL(url).pathname;
    const page = await (await client.get(path)).text();
    expect(page).toContain(DEMO_BANNER);
    expect(page).toContain("Premium · $19.99 per month");
    const paid = await client.postForm(`${path}/pay`, {});
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get("location")!);
    expect(back.pathname).toBe("/billing/return");
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.userId, user.id));
    expect(events.map((e) => e.outcome)).toEqual(["handled", "handled", "handled"]);
    const me = (await (await client.get("/api/auth/user")).json()) as { accessLevel: string; subscriptionStatus: string };
    expect([me.subscriptionStatus, me.accessLevel]).toEqual(["premium", "premium"]);
    expect(await (await client.get(back.pathname + back.search)).text()).toContain("Welcome to Premium");
  });
});
