import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import PostalMime from "postal-mime";
import type { Browser, Page } from "playwright-core";
import { VERIFY_OTHER_ACCOUNT_TEXTS } from "../../core/auth";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../src/demo/demo-data";
import { startFakeGoogle, type FakeGoogle } from "../../src/testing/fake-google";
import { DESKTOP, launchBrowser, loginAs, openPage, PHONE, seriousA11yViolations, startServer, type TestServer, settled } from "./fixtures";

let google: FakeGoogle;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  google = startFakeGoogle({ sub: "google-e2e-1", email: "nova.reed@example.test", email_verified: true, given_name: "Nova", family_name: "Reed" });
  server = await startServer(google.env);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (process.env.E2E_SERVER_LOG) await Bun.write(process.env.E2E_SERVER_LOG, server?.output() ?? "");
  await server?.stop();
  google?.stop();
});

let sequence = 0;
const freshEmail = (name: string) => `${name}.${Date.now()}.${++sequence}@example.test`;

/** Waits for the newest .eml in the server's outbox addressed to `to` and returns its first link. */
async function linkFromOutbox(to: string, subject: string): Promise<string> {
  const outbox = join(server.dataDir, "outbox");
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (existsSync(outbox)) {
      for (const file of readdirSync(outbox).sort().reverse()) {
        const mail = await PostalMime.parse(readFileSync(join(outbox, file), "utf8"));
        if (mail.to?.some((a) => a.address === to) && mail.subject === subject) {
          const link = mail.text?.match(/https?:\/\/[^\s<>"]+/)?.[0];
          if (!link) throw new Error(`no link in ${file}`);
          return link;
        }
      }
    }
    await Bun.sleep(100);
  }
  throw new Error(`no "${subject}" e-mail to ${to} in ${outbox}`);
}

/** Islands mark their form once React has hydrated it. */
async function hydratedForm(page: Page) {
  await page.locator('form[data-hydrated="true"]').waitFor();
}

async function signUpThroughForm(page: Page, fields: { first: string; last: string; email: string; password: string }) {
  await hydratedForm(page);
  await page.getByLabel("First name").fill(fields.first);
  await page.getByLabel("Last name").fill(fields.last);
  await page.getByLabel("Email").fill(fields.email);
  await page.getByLabel("Password", { exact: true }).fill(fields.password);
  await page.getByLabel("Confirm password").fill(fields.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL(`${server.url}/auth/verify-email`);
  await page.getByRole("heading", { name: "Check Your Email" }).waitFor();
}

/** Sign-up does not sign in: confirming the e-mailed link does (so a taken address gets the same answer). */
async function confirmFromOutbox(page: Page, email: string) {
  await page.goto(await linkFromOutbox(email, "Confirm your e-mail address for Pollinate"));
  await page.getByRole("button", { name: "Confirm my e-mail" }).click();
  await page.getByRole("heading", { name: "Email Verified" }).waitFor();
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/auth/signin`);
  await hydratedForm(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function openUserMenu(page: Page) {
  await page.getByTestId("user-menu").locator("button[popovertarget]").click();
  await page.locator("#user-menu-panel").waitFor({ state: "visible" });
  return page.getByTestId("user-menu");
}

describe("accounts in Chromium", () => {
  test("a client signs up, verifies from the outbox, signs out, signs in and sees their menu", async () => {
    const { page, problems, context } = await openPage(browser, DESKTOP);
    const email = freshEmail("maya");
    await page.goto(`${server.url}/auth/signup`);
    // the form shows the spec's messages before anything is sent
    await hydratedForm(page);
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm password").fill("different");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Password must be at least 8 characters long").waitFor();
    await page.getByText("Passwords do not match").waitFor();

    await signUpThroughForm(page, { first: "Maya", last: "Hart", email, password: "maya-password" });
    // not signed in until the link is confirmed
    expect(await page.getByTestId("user-menu").count()).toBe(0);

    const link = await linkFromOutbox(email, "Confirm your e-mail address for Pollinate");
    expect(link.startsWith(`${server.url}/auth/verify-email?token=`)).toBe(true);
    // opening the link only shows a button (mail scanners open links too); pressing it verifies
    await page.goto(link);
    await page.getByRole("heading", { name: "Confirm Your Email" }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Confirm my e-mail" }).click();
    await page.getByRole("heading", { name: "Email Verified" }).waitFor();
    await page.getByText("Thank you! Your email address is now verified.").waitFor();

    await page.goto(`${server.url}/`);
    // a brand-new member's first visit (issue 27): 'Welcome', not 'Welcome back'
    await page.getByRole("heading", { name: "Welcome, Maya" }).waitFor();
    expect(await page.getByRole("heading", { name: /Welcome back/ }).count()).toBe(0);
    expect(await page.getByTestId("email-card").getByText("Verified").isVisible()).toBe(true);
    const menu = await openUserMenu(page);
    expect((await menu.locator("button[popovertarget]").innerText()).trim()).toBe("Maya");
    const links = (await menu.getByRole("link").allInnerTexts()).map((l) => l.trim());
    expect(links).toEqual(["Dashboard", "Client Dashboard", "Find Practitioners", "Messages"]);
    // the form posts to /api/auth/logout and is redirected back to / (the same URL as now)
    await Promise.all([page.waitForResponse((r) => r.url().endsWith("/api/auth/logout")), menu.getByRole("button", { name: "Sign Out" }).click()]);
    await page.getByRole("link", { name: "Find Your Match" }).first().waitFor();
    expect(await page.getByTestId("user-menu").count()).toBe(0);

    // signed in again: now a returning member
    await signInThroughForm(page, email, "maya-password");
    await page.getByRole("heading", { name: "Welcome back, Maya" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test("someone sent to sign in from Book Session signs up instead and continues to the booking", async () => {
    const { page, problems, context } = await openPage(browser, PHONE);
    const email = freshEmail("wren");
    await page.goto(`${server.url}/practitioners`);
    await page.locator("article").first().getByRole("link", { name: "Book Session" }).click();
    await page.waitForURL(/\/auth\/signin\?reason=booking/);
    const bookingPath = new URL(page.url()).searchParams.get("next")!;
    expect(bookingPath).toMatch(/^\/book\/[0-9a-f-]{36}$/);

    await page.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL(`${server.url}/auth/signup?next=${encodeURIComponent(bookingPath)}`);
    await hydratedForm(page);
    await page.getByLabel("First name").fill("Wren");
    await page.getByLabel("Last name").fill("Field");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("wren-password");
    await page.getByLabel("Confirm password").fill("wren-password");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(`${server.url}/auth/verify-email?next=${encodeURIComponent(bookingPath)}`);
    await page.getByRole("heading", { name: "Check Your Email" }).waitFor();

    // the e-mailed link leads back to the booking too
    const link = await linkFromOutbox(email, "Confirm your e-mail address for Pollinate");
    expect(new URL(link).searchParams.get("next")).toBe(bookingPath);
    await page.goto(link);
    await page.getByRole("button", { name: "Confirm my e-mail" }).click();
    await page.getByRole("heading", { name: "Email Verified" }).waitFor();
    await page.getByRole("link", { name: "Continue where you left off" }).click();
    await page.waitForURL(server.url + bookingPath);
    await page.getByRole("heading", { level: 1, name: "Book a Session" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a verification link confirmed while signed in as someone else says so and does not lead them to the other account's page", async () => {
    const email = freshEmail("facilitator");
    const signUp = await fetch(`${server.url}/api/auth/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ firstName: "Fern", lastName: "Other", email, password: "fern-password", role: "practitioner", next: "/dashboard/practitioner/profile" }),
    });
    expect(signUp.status).toBe(201);
    const { page, problems, context } = await openPage(browser, PHONE);
    await loginAs(context, server, "client@pollinate.example");
    await page.goto(await linkFromOutbox(email, "Confirm your e-mail address for Pollinate"));
    await page.getByText(VERIFY_OTHER_ACCOUNT_TEXTS.confirm("client@pollinate.example")).waitFor();
    await page.getByRole("button", { name: "Confirm my e-mail" }).click();
    await page.getByRole("heading", { name: "Email Verified" }).waitFor();
    await page.getByText(VERIFY_OTHER_ACCOUNT_TEXTS.verified).waitFor();
    // the link's next (the facilitator's profile editor) would answer this client 403
    expect(await page.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href")).toBe("/");
    expect(await page.getByRole("link", { name: "Continue where you left off" }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the verification pages fit a 320 px screen with a 64-letter e-mail name", async () => {
    const email = `${"v".repeat(50)}${Date.now()}@example.test`;
    const signUp = await fetch(`${server.url}/api/auth/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ firstName: "Vera", lastName: "Long", email, password: "vera-password", role: "client" }),
    });
    expect(signUp.status).toBe(201);
    const { page, problems, context } = await openPage(browser, { width: 320, height: 800 });
    await page.goto(await linkFromOutbox(email, "Confirm your e-mail address for Pollinate"));
    await page.getByText(`Confirm that ${email} is your address.`).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "confirm").toBe(320);
    await page.getByRole("button", { name: "Confirm my e-mail" }).click();
    await page.getByText(`${email} is confirmed.`).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "verified").toBe(320);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("signing up with a taken address looks like any sign-up, and the owner is told by e-mail", async () => {
    const { page, problems, context } = await openPage(browser, PHONE);
    await page.goto(`${server.url}/auth/signup`);
    await signUpThroughForm(page, { first: "Not", last: "Owner", email: DEMO_ACCOUNTS.client.email, password: "someone-else" });
    expect(await page.getByTestId("user-menu").count()).toBe(0);
    const link = await linkFromOutbox(DEMO_ACCOUNTS.client.email, "Someone tried to sign up to Pollinate with your address");
    expect(link).toBe(`${server.url}/auth/signin`);
    // the owner's password still works
    await signInThroughForm(page, DEMO_ACCOUNTS.client.email, DEMO_PASSWORD);
    await page.waitForURL(`${server.url}/`);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a wrong password shows the server's message; the Sign In button pressed from the keyboard keeps the focus", async () => {
    const { page, context } = await openPage(browser, PHONE);
    await page.goto(`${server.url}/auth/signin`);
    await hydratedForm(page);
    await page.getByLabel("Email").fill(DEMO_ACCOUNTS.client.email);
    await page.getByLabel("Password").fill("not the password");
    const signIn = page.getByRole("button", { name: "Sign In" });
    await signIn.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
    expect((await page.getByRole("alert").innerText()).trim()).toBe("Invalid email or password");
    // it once fell to the page's body while the button was disabled for the request
    expect(await signIn.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  test("'Start as Facilitator' leads to a practitioner sign-up and the practitioner dashboard", async () => {
    const { page, problems, context } = await openPage(browser, PHONE);
    await page.goto(`${server.url}/`);
    await page.getByRole("link", { name: "Start as Facilitator" }).click();
    await page.waitForURL(`${server.url}/auth/signup?role=practitioner`);
    await hydratedForm(page);
    expect(await page.getByRole("radio", { name: /Offer sessions/ }).isChecked()).toBe(true);
    const email = freshEmail("sage");
    await signUpThroughForm(page, { first: "Sage", last: "Moss", email, password: "sage-password" });
    await confirmFromOutbox(page, email);

    await page.goto(`${server.url}/`);
    await page.getByRole("heading", { name: "Welcome, Sage" }).waitFor();
    await page.getByText("Practitioner dashboard", { exact: true }).waitFor();
    // on a phone the user menu (first name, role links) stays in the header…
    const userMenu = await openUserMenu(page);
    expect(await userMenu.locator("button[popovertarget]").innerText()).toContain("Sage");
    expect(await userMenu.getByRole("link", { name: "Practitioner Dashboard" }).isVisible()).toBe(true);
    expect(await userMenu.getByRole("link", { name: "Client Dashboard" }).count()).toBe(0);
    await userMenu.locator("button[popovertarget]").click();
    await page.locator("#user-menu-panel").waitFor({ state: "hidden" });
    // …and the slide-out menu has exactly the spec's links and Sign Out
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await mobile.waitFor({ state: "visible" });
    expect((await mobile.getByRole("link").allInnerTexts()).map((t) => t.trim())).toEqual(["Home", "Find Practitioners", "The Hive", "Community Garden", "Platform Survey"]);
    expect(await mobile.getByRole("button", { name: "Sign Out" }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a forgotten password is reset from the e-mailed link and the old session is gone", async () => {
    const email = freshEmail("fern");
    const laptop = await openPage(browser, DESKTOP);
    await laptop.page.goto(`${server.url}/auth/signup`);
    await signUpThroughForm(laptop.page, { first: "Fern", last: "Vale", email, password: "first-password" });
    await confirmFromOutbox(laptop.page, email);

    const phone = await openPage(browser, PHONE);
    await phone.page.goto(`${server.url}/auth/signin`);
    await phone.page.getByRole("link", { name: "Forgot password?" }).click();
    await phone.page.waitForURL(`${server.url}/auth/forgot-password`);
    await hydratedForm(phone.page);
    await phone.page.getByLabel("Email").fill(email);
    await phone.page.getByRole("button", { name: "Send Reset Link" }).click();
    await phone.page.getByRole("status").getByText("If an account exists for that address").waitFor();

    const link = await linkFromOutbox(email, "Reset your Pollinate password");
    await phone.page.goto(link);
    await hydratedForm(phone.page);
    await phone.page.getByLabel("New password", { exact: true }).fill("second-password");
    await phone.page.getByLabel("Confirm new password").fill("second-password");
    await phone.page.getByRole("button", { name: "Set New Password" }).click();
    await phone.page.waitForURL(`${server.url}/auth/signin?reset=1`);
    await phone.page.getByText("Your password has been reset.").waitFor();

    // the laptop's session was deleted on the server
    await laptop.page.goto(`${server.url}/`);
    await laptop.page.getByRole("link", { name: "Find Your Match" }).first().waitFor();
    expect(await laptop.page.getByTestId("user-menu").count()).toBe(0);

    await signInThroughForm(phone.page, email, "second-password");
    await phone.page.getByRole("heading", { name: "Welcome back, Fern" }).waitFor();
    expect([...laptop.problems, ...phone.problems]).toEqual([]);
    await laptop.context.close();
    await phone.context.close();
  });

  test("the account menu closes on Escape, on a click elsewhere and when focus moves past it, under its button at 390 and 1280 px", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, problems, context } = await openPage(browser, viewport);
      await loginAs(context, server, DEMO_ACCOUNTS.client.email);
      await page.goto(`${server.url}/practitioners`);
      const button = page.getByTestId("user-menu").locator("button[popovertarget]");
      const panel = page.locator("#user-menu-panel");

      await openUserMenu(page);
      const [b, p] = [await button.boundingBox(), await panel.boundingBox()];
      // under its button, inside the screen
      expect(p!.y).toBeGreaterThanOrEqual(b!.y + b!.height);
      expect(p!.x).toBeGreaterThanOrEqual(0);
      expect(p!.x + p!.width).toBeLessThanOrEqual(viewport.width);
      await page.keyboard.press("Escape");
      await panel.waitFor({ state: "hidden" });

      await openUserMenu(page);
      await page.getByText(/^Showing \d/).click();
      await panel.waitFor({ state: "hidden" });

      // from the keyboard: into the menu, through its items, and on past it
      await button.focus();
      await page.keyboard.press("Enter");
      await panel.waitFor({ state: "visible" });
      const items = await panel.locator("a, button").count();
      for (let i = 0; i < items; i++) await page.keyboard.press("Tab");
      expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Tab");
      await panel.waitFor({ state: "hidden" });
      expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(false);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  test("at 320 px, where the first name is not shown, the account menu button is still named by it", async () => {
    const { page, problems, context } = await openPage(browser, { width: 320, height: 700 });
    await loginAs(context, server, DEMO_ACCOUNTS.client.email);
    await page.goto(`${server.url}/about`);
    expect(await page.getByTestId("user-menu").getByText(DEMO_ACCOUNTS.client.firstName, { exact: true }).first().isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: DEMO_ACCOUNTS.client.firstName, exact: true }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a client gets 403 from the server for the practitioner dashboard and the admin pages", async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await loginAs(context, server, DEMO_ACCOUNTS.client.email);
    const practitioner = await page.goto(`${server.url}/dashboard/practitioner`);
    expect(practitioner?.status()).toBe(403);
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    const admin = await page.goto(`${server.url}/admin/survey`);
    expect(admin?.status()).toBe(403);
    // the page's own paragraph (the toast that follows hydration repeats the sentence)
    await page.getByRole("main").getByRole("paragraph").filter({ hasText: "You need admin privileges to access this page." }).waitFor();
    await page.getByRole("link", { name: "Go Home" }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByText("Client dashboard", { exact: true }).waitFor();
    await context.close();
  });

  test("an admin's home is the survey view and the menu has the Admin Panel", async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await loginAs(context, server, DEMO_ACCOUNTS.admin.email);
    await page.goto(`${server.url}/`);
    await page.getByRole("heading", { name: "Survey Results" }).waitFor();
    const menu = await openUserMenu(page);
    expect(await menu.getByRole("link", { name: "Admin Panel" }).getAttribute("href")).toBe("/admin/survey");
    await context.close();
  });

  test("cross-origin writes are refused", async () => {
    const { context } = await openPage(browser, DESKTOP);
    const res = await context.request.post(`${server.url}/api/auth/signin`, {
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
      data: { email: DEMO_ACCOUNTS.client.email, password: DEMO_PASSWORD },
    });
    expect(res.status()).toBe(403);
    expect(await res.json()).toEqual({ message: "Cross-origin request refused" });
    await context.close();
  });

  test("Google sign-in against the fake provider signs in and comes home", async () => {
    const { page, problems, context } = await openPage(browser, DESKTOP);
    await page.goto(`${server.url}/auth/signin`);
    await page.getByRole("link", { name: "Continue with Google" }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole("heading", { name: "Welcome, Nova" }).waitFor();
    expect(await page.getByTestId("email-card").getByText("Verified").isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the upgrade dialog lists the plans, says payments are not set up, and starts a real trial", async () => {
    const { page, problems, context } = await openPage(browser, PHONE);
    const email = freshEmail("robin");
    await page.goto(`${server.url}/auth/signup`);
    await signUpThroughForm(page, { first: "Robin", last: "Ash", email, password: "robin-password" });
    await confirmFromOutbox(page, email);
    await page.goto(`${server.url}/dashboard/client`);
    // messaging is locked for preview access
    await page.locator("[data-locked-feature]").getByText("Premium Feature").waitFor();
    await page.getByText("This feature requires Basic access").waitFor();

    await page.getByTestId("access-card").getByRole("button", { name: "Upgrade" }).click();
    const dialog = page.getByRole("dialog", { name: "Upgrade Your Access" });
    await dialog.waitFor();
    expect(await dialog.getByRole("radio", { name: /^Basic/ }).isChecked()).toBe(true);
    await dialog.getByText("Most Popular").waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await page.getByTestId("access-card").getByRole("button", { name: "Upgrade" }).click();
    await dialog.getByRole("button", { name: "Upgrade Now" }).click();
    await dialog.getByText("Payments are not set up yet").waitFor();
    // from the keyboard: the focus stays in the dialog, on the button that replaces the trial's
    await dialog.getByRole("button", { name: "Start 7-Day Free Trial" }).focus();
    await page.keyboard.press("Enter");
    await dialog.getByText("Your 7-day Premium trial has started.").waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === "Continue");
    await page.keyboard.press("Enter");
    await page.waitForLoadState("load");
    await page.getByTestId("access-card").getByText("Premium trial · ends").waitFor();
    expect(await page.locator("[data-locked-feature]").count()).toBe(0);

    await page.getByTestId("access-card").getByRole("button", { name: "Upgrade" }).click();
    expect(await dialog.getByRole("button", { name: "Start 7-Day Free Trial" }).isDisabled()).toBe(true);
    await dialog.getByText("You have already used your free trial.").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test("an unconfirmed account's trial is refused in the dialog and the keyboard focus stays on the trial button", async () => {
    const { page, problems, context } = await openPage(browser, PHONE);
    const email = freshEmail("unconfirmed");
    await page.goto(`${server.url}/auth/signup`);
    await signUpThroughForm(page, { first: "Uma", last: "Ash", email, password: "uma-password" });
    await loginAs(context, server, email);
    await page.goto(`${server.url}/dashboard/client`);
    await page.getByTestId("access-card").getByRole("button", { name: "Upgrade" }).click();
    const dialog = page.getByRole("dialog", { name: "Upgrade Your Access" });
    await dialog.getByRole("button", { name: "Start 7-Day Free Trial" }).focus();
    await page.keyboard.press("Enter");
    await dialog.getByText("Please verify your e-mail address before starting your free trial.").waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Start 7-Day Free Trial");
    expect(problems.filter((p) => !p.includes("403"))).toEqual([]);
    await context.close();
  });

  test("a refused account form moves the keyboard focus to the first field in trouble, described by its error", async () => {
    const { page, problems, context } = await openPage(browser, PHONE);
    const focusedField = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement;
        const described = (el.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent ?? "");
        return { name: el.name, invalid: el.getAttribute("aria-invalid"), described };
      });
    await page.goto(`${server.url}/auth/signup`);
    await hydratedForm(page);
    await page.getByLabel("First name").fill("Kay");
    await page.getByLabel("Last name").fill("Board");
    await page.getByLabel("Email").fill(freshEmail("kay"));
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm password").fill("short");
    await page.keyboard.press("Enter"); // from Confirm password
    await page.getByText("Password must be at least 8 characters long").waitFor();
    expect(await focusedField()).toEqual({ name: "password", invalid: "true", described: ["Password must be at least 8 characters long"] });

    await page.goto(`${server.url}/auth/signin`);
    await hydratedForm(page);
    await page.getByRole("button", { name: "Sign In" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === "email");
    expect((await focusedField()).invalid).toBe("true");
    expect(problems).toEqual([]);
    await context.close();
  });

  test("sign-in works from the keyboard alone", async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await page.goto(`${server.url}/auth/signin`);
    await hydratedForm(page);
    await page.getByLabel("Email").focus();
    await page.keyboard.type(DEMO_ACCOUNTS.practitioner.email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${server.url}/`);
    await page.getByText("Practitioner dashboard", { exact: true }).waitFor();
    await context.close();
  });

  const PAGES: Array<{ path: string; as?: string }> = [
    { path: "/auth/signin" },
    { path: "/auth/signup" },
    { path: "/auth/signup?role=practitioner" },
    { path: "/auth/forgot-password" },
    { path: "/auth/reset-password?token=unknown" },
    { path: "/auth/verify-email" },
    { path: "/auth/verify-email", as: DEMO_ACCOUNTS.preview.email },
    { path: "/", as: DEMO_ACCOUNTS.preview.email },
    { path: "/dashboard/client", as: DEMO_ACCOUNTS.client.email },
    { path: "/dashboard/practitioner", as: DEMO_ACCOUNTS.practitioner.email },
    { path: "/admin/survey", as: DEMO_ACCOUNTS.admin.email },
  ];
  for (const viewport of [PHONE, DESKTOP]) {
    test(`account pages and dashboards are axe-clean, error-free and fit at ${viewport.width} px`, async () => {
      for (const { path, as } of PAGES) {
        const { page, problems, context } = await openPage(browser, viewport);
        if (as) await loginAs(context, server, as);
        const res = await page.goto(server.url + path);
        expect(res?.status()).toBe(200);
        await settled(page);
        expect({ path, as, violations: await seriousA11yViolations(page) }).toEqual({ path, as, violations: [] });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect({ path, overflow }).toEqual({ path, overflow: 0 });
        expect({ path, problems }).toEqual({ path, problems: [] });
        await context.close();
      }
    });
  }

  test("the upgrade dialog is axe-clean when open at 390 px", async () => {
    const { page, context } = await openPage(browser, PHONE);
    await loginAs(context, server, DEMO_ACCOUNTS.preview.email);
    await page.goto(`${server.url}/`);
    await settled(page);
    await page.getByTestId("access-card").getByRole("button", { name: "Upgrade" }).click();
    await page.getByRole("dialog", { name: "Upgrade Your Access" }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});

describe("sign-in rate limit in Chromium", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ AUTH_RATE_LIMIT: "10" });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  test("the 11th sign-in within a minute is refused with a clear message", async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await page.goto(`${limited.url}/auth/signin`);
    await hydratedForm(page);
    await page.getByLabel("Email").fill(DEMO_ACCOUNTS.client.email);
    await page.getByLabel("Password").fill("wrong password");
    const statuses: number[] = [];
    page.on("response", (res) => {
      if (res.url().endsWith("/api/auth/signin")) statuses.push(res.status());
    });
    for (let i = 1; i <= 11; i++) {
      await page.getByRole("button", { name: "Sign In" }).click();
      while (statuses.length < i) await Bun.sleep(20);
      // the button is back (not "Signing in...") once the answer is shown
      await page.getByRole("button", { name: "Sign In" }).waitFor();
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect((await page.getByRole("alert").innerText()).trim()).toBe("Too many attempts. Please wait a minute and try again.");
    await context.close();
  });
});
