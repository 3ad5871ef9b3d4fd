import { describe, expect, test } from "bun:test";

import { DESKTOP, loginAs, openPage, PHONE, seriousA11yViolations, useServerAndBrowser } from "./fixtures";

const suite = useServerAndBrowser();

describe("Book Session before online booking opens", () => {
  test("a visitor pressing Book Session is asked to sign in, then lands on the booking page", async () => {
    const { page, context, problems } = await openPage(suite.browser, PHONE);
    await page.goto(suite.server.url + "/practitioners");
    const card = page.locator("article").first();
    const title = (await card.getByRole("heading").first().innerText()).trim();
    await card.getByRole("link", { name: "Book Session" }).click();
    await page.waitForURL(/\/auth\/signin\?reason=booking/);
    await page.getByText("Please sign in to book a session.").waitFor();
    await page.getByLabel("Email").fill("client@pollinate.example");
    await page.getByLabel("Password").fill("pollinate-demo");
    await page.getByRole("button", { name: /sign in/i }).click();
    await page.waitForURL(/\/book\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name: "Online booking opens soon" }).waitFor();
    // the summary names the same practitioner the visitor chose
    await page.getByText(title.replace("Practitioner", "Facilitator")).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a signed-in client reaches it from the profile's Schedule Session", async () => {
    const { page, context, problems } = await openPage(suite.browser, DESKTOP);
    await loginAs(context, suite.server, "client@pollinate.example");
    await page.goto(suite.server.url + "/practitioners");
    await page.locator("article").first().getByRole("link", { name: "View Profile" }).click();
    await page.getByRole("link", { name: "Schedule Session" }).click();
    await page.getByRole("heading", { name: "Online booking opens soon" }).waitFor();
    await page.getByRole("link", { name: "Back to Profile" }).first().click();
    await page.waitForURL(/\/practitioners\/[0-9a-f-]{36}/);
    expect(problems).toEqual([]);
    await context.close();
  });
});
