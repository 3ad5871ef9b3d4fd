/**
 * Buying a plan in Chromium (issue 24): the upgrade dialog, a fake Stripe's hosted checkout on
 * 127.0.0.1 (src/testing/fake-stripe.ts) that delivers signed events to the real server's webhook,
 * the return page, the Billing section and the portal's cancellation; 390 and 1280 px, keyboard, axe.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { DEMO_ACCOUNTS } from "../../src/demo/demo-data";
import { startFakeStripe } from "../../src/testing/fake-stripe";
import { DESKTOP, loginAs, openPage, PHONE, queryDb, seriousA11yViolations, useServerAndBrowser } from "./fixtures";

setDefaultTimeout(60_000);

const PREVIEW = DEMO_ACCOUNTS.preview.email;
const stripe = startFakeStripe();
const suite = useServerAndBrowser(stripe.env);

beforeAll(() => {
  stripe.deliver = (payload, signature) =>
    fetch(`${suite.server.url}/api/payments/webhook`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload });
});
afterAll(() => stripe.stop());

function access(email: string) {
  return queryDb<{ subscription_status: string; access_level: string }>(suite.server, "select subscription_status, access_level from users where email = ?", email)[0];
}

describe("buying a plan", () => {
  test("a preview member picks Premium with the keyboard, leaves checkout, tries again, pays and has Premium at once (1280 px)", async () => {
    const { page, problems, context } = await openPage(suite.browser, DESKTOP);
    await loginAs(context, suite.server, PREVIEW);
    await page.goto(`${suite.server.url}/dashboard/client`);
    await page.getByTestId("access-card").getByRole("button", { name: "Upgrade" }).click();
    const dialog = page.getByRole("dialog", { name: "Upgrade Your Access" });
    await dialog.waitFor();
    // the keyboard: from Basic (preselected) to Premium with an arrow, then Upgrade Now
    await dialog.getByRole("radio", { name: /^Basic/ }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await dialog.getByRole("radio", { name: /^Premium/ }).isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Upgrade Now" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${stripe.url}/checkout/**`);
    await page.getByText("Premium · $19.99 per month").waitFor();
    await page.getByText("No card is charged").waitFor();

    // leaving checkout: nothing changed, and a way to try again
    await page.getByRole("button", { name: "Back to Pollinate" }).click();
    await page.waitForURL(`${suite.server.url}/billing/return?**`);
    await page.getByRole("heading", { name: "Payment was not completed" }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(access(PREVIEW)).toEqual({ subscription_status: "free", access_level: "preview" });
    const retry = page.getByRole("button", { name: "Try again: Premium" });
    await retry.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${stripe.url}/checkout/**`);

    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL(`${suite.server.url}/billing/return?session_id=**`);
    await page.getByRole("heading", { name: "Welcome to Premium" }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(access(PREVIEW)).toEqual({ subscription_status: "premium", access_level: "premium" });
    // the webhook's three events each stored once
    const events = queryDb<{ type: string; outcome: string }>(suite.server, "select type, outcome from payment_events order by type");
    expect(events).toEqual([
      { type: "checkout.session.completed", outcome: "handled" },
      { type: "customer.subscription.created", outcome: "handled" },
      { type: "invoice.paid", outcome: "handled" },
    ]);

    // premium access: the dashboard says so, the directory shows more than the preview's three
    await page.goto(`${suite.server.url}/dashboard/client`);
    await page.getByTestId("access-card").getByText("Premium", { exact: true }).waitFor();
    expect(await page.locator("[data-locked-feature]").count()).toBe(0);
    const billing = page.getByRole("region", { name: "Billing" });
    await billing.getByText("$19.99/month").waitFor();
    await billing.getByText("Renews on").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the member cancels in the portal and sees the end date; the access holds until then (390 px)", async () => {
    const { page, problems, context } = await openPage(suite.browser, PHONE);
    await loginAs(context, suite.server, PREVIEW);
    await page.goto(`${suite.server.url}/billing`);
    const billing = page.getByRole("region", { name: "Billing" });
    await billing.getByText("Premium", { exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await billing.getByRole("button", { name: "Manage billing" }).click();
    await page.waitForURL(`${stripe.url}/portal/**`);
    await page.getByRole("button", { name: "Cancel plan" }).click();
    await page.getByText("Cancels at the end of the period").waitFor();
    await page.getByRole("link", { name: "Return to Pollinate" }).click();
    await page.waitForURL(`${suite.server.url}/billing`);
    await billing.getByText(/^Your Premium access ends on [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor();
    expect(access(PREVIEW)).toEqual({ subscription_status: "premium", access_level: "premium" });
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
