/**
 * Conversations in Chromium (issue 23), with the demo data: a client asks a practitioner before
 * booking and sees the reply arrive live in a second browser; a session card's 'Message'; a report
 * handled by an admin; a block; a conversation at 390 px with the keyboard, axe clean.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { DEMO_ACCOUNTS } from "../../src/demo/demo-data";
import { openSignedIn, PHONE, queryDb, seriousA11yViolations, settled, useServerAndBrowser } from "./fixtures";

const CLIENT = DEMO_ACCOUNTS.client.email;
const PRACTITIONER = DEMO_ACCOUNTS.practitioner.email;
const ADMIN = DEMO_ACCOUNTS.admin.email;
const PREVIEW = DEMO_ACCOUNTS.preview.email;

const suite = useServerAndBrowser();

function demoPractitionerId(): string {
  return queryDb<{ id: string }>(suite.server, "select p.id from practitioners p join users u on u.id = p.user_id where u.email = ?", PRACTITIONER)[0].id;
}

/** Every island hydrated at load (or when visible or idle) is live: React has taken over its root. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => [...document.querySelectorAll('[data-island]:not([data-hydrate="interaction"])')].every((el) => Object.keys(el).some((k) => k.startsWith("__reactContainer"))));
}

describe("conversations", () => {
  test("a client asks before booking; the practitioner's reply arrives live in the client's open conversation", async () => {
    // the practitioner, in a second browser, is on their dashboard already: the header's count moves without a reload
    const practitioner = await openSignedIn(suite, PRACTITIONER);
    await practitioner.page.goto(`${suite.server.url}/dashboard/practitioner`);
    const { unreadTotal: before } = (await (await practitioner.page.request.get(`${suite.server.url}/api/conversations/unread`)).json()) as { unreadTotal: number };
    const client = await openSignedIn(suite, CLIENT);
    await client.page.goto(`${suite.server.url}/practitioners/${demoPractitionerId()}`);
    await client.page.getByRole("link", { name: "Send Message" }).click();
    await client.page.waitForURL(/\/messages\/new\?practitioner=/);
    const composer = client.page.getByRole("textbox", { name: /^Message to / });
    await hydrated(client.page);
    await composer.fill("Do you work with grief after a miscarriage?");
    await composer.press("Enter");
    await client.page.waitForURL(/\/dashboard\/client\/messages\/[0-9a-f-]+$/);
    await client.page.getByTestId("message").filter({ hasText: "Do you work with grief" }).waitFor();

    // the practitioner's account menu shows the new total live, then the inbox has it unread
    const badge = practitioner.page.getByTestId("header-unread");
    await badge.waitFor({ state: "visible", timeout: 5000 });
    await practitioner.page.waitForFunction((n) => document.querySelector('[data-testid="header-unread"] [data-unread-count]')?.textContent === String(n), before + 1, { timeout: 5000 });
    await practitioner.page.getByTestId("user-menu").locator("button[popovertarget]").click();
    const menuMessages = practitioner.page.locator("#user-menu-panel").getByRole("link", { name: /^Messages/ });
    expect(await menuMessages.innerText()).toContain(String(before + 1));
    await practitioner.page.keyboard.press("Escape");
    await practitioner.page.getByRole("navigation", { name: "Practitioner dashboard" }).getByRole("link", { name: /^Messages/ }).click();
    await practitioner.page.waitForURL(/\/dashboard\/practitioner\/messages$/);
    const row = practitioner.page.getByRole("list", { name: "Conversations" }).getByRole("link").filter({ hasText: "Do you work with grief" });
    expect(await row.getByTestId("unread-count").innerText()).toContain("1");
    await row.click();
    await practitioner.page.getByTestId("message").filter({ hasText: "Do you work with grief" }).waitFor();
    // the client sees 'Seen' without a reload once the practitioner has read it
    await client.page.getByTestId("seen").waitFor({ timeout: 5000 });

    const reply = practitioner.page.getByRole("textbox", { name: /^Message to / });
    await reply.fill("Yes, gently and at your pace.\nWe can talk before you book.");
    const sentAt = Date.now();
    await reply.press("Enter");
    await client.page.getByTestId("message").filter({ hasText: "Yes, gently and at your pace." }).waitFor({ timeout: 5000 });
    const latency = Date.now() - sentAt;
    expect(latency).toBeLessThan(3000);
    // the line break of Shift+Enter-free multi-line text is kept
    expect(await client.page.getByTestId("message").filter({ hasText: "Yes, gently" }).innerText()).toContain("We can talk before you book.");
    expect(client.problems).toEqual([]);
    expect(practitioner.problems).toEqual([]);
    await client.context.close();
    await practitioner.context.close();
  }, 60_000);

  test("a session card's 'Message' opens the conversation at that session", async () => {
    const { page, context, problems } = await openSignedIn(suite, CLIENT);
    await page.goto(`${suite.server.url}/dashboard/client`);
    await page.getByRole("list", { name: "Upcoming sessions" }).getByRole("link", { name: "Message" }).first().click();
    await page.waitForURL(/\/dashboard\/client\/messages\/[0-9a-f-]+\?booking=/);
    await page.getByTestId("shared-session").waitFor();
    expect(await page.getByTestId("shared-session").innerText()).toMatch(/Your session: .+ · \d+ minutes/);
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  test("a preview account gets the upgrade prompt; a visitor is sent to sign in and back", async () => {
    const preview = await openSignedIn(suite, PREVIEW);
    await preview.page.goto(`${suite.server.url}/messages/new?practitioner=${demoPractitionerId()}`);
    await preview.page.getByText("Premium Feature").waitFor();
    await preview.context.close();
    const visitor = await openSignedIn(suite, null);
    await visitor.page.goto(`${suite.server.url}/practitioners/${demoPractitionerId()}`);
    await visitor.page.getByRole("link", { name: "Send Message" }).click();
    await visitor.page.waitForURL(/\/auth\/signin\?/);
    expect(decodeURIComponent(visitor.page.url())).toContain("/messages/new?practitioner=");
    await visitor.context.close();
  }, 90_000);

  test("a report is received, and an admin sees it in the Reports tab and dismisses it", async () => {
    const { page, context } = await openSignedIn(suite, CLIENT);
    await page.goto(`${suite.server.url}/dashboard/client/messages`);
    await page.getByRole("list", { name: "Conversations" }).getByRole("link").first().click();
    await page.waitForURL(/\/dashboard\/client\/messages\/[0-9a-f-]+$/);
    await hydrated(page);
    await page.getByRole("button", { name: /^Report this message from/ }).last().click();
    const dialog = page.getByRole("dialog", { name: "Report this message" });
    await dialog.getByLabel("Spam or advertising").check();
    await dialog.getByLabel(/Anything else/).fill("Testing the report");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await page.getByText("Your report was received").waitFor();
    await context.close();

    const admin = await openSignedIn(suite, ADMIN);
    await admin.page.goto(`${suite.server.url}/admin/dashboard`);
    await admin.page.locator("[data-unlocked=true]").waitFor();
    // the tabs answer once the dashboard's island is live
    await settled(admin.page);
    await admin.page.getByRole("tab", { name: "Reports" }).click();
    await admin.page.locator('[role="tab"][aria-selected="true"]', { hasText: "Reports" }).waitFor();
    const report = admin.page.getByTestId("message-report").filter({ hasText: "Testing the report" });
    await report.waitFor();
    expect(await report.locator("ol").innerText()).toContain("Yes, gently and at your pace.");
    await report.getByRole("button", { name: /^Dismiss/ }).click();
    await admin.page.getByText("Report dismissed").waitFor();
    await report.waitFor({ state: "detached" });
    await admin.context.close();
  }, 90_000);

  test("block: the blocked person is told plainly; unblock restores it", async () => {
    const practitioner = await openSignedIn(suite, PRACTITIONER);
    await practitioner.page.goto(`${suite.server.url}/dashboard/practitioner/messages`);
    await practitioner.page.getByRole("list", { name: "Conversations" }).getByRole("link").first().click();
    await practitioner.page.getByRole("button", { name: "Block" }).click();
    await practitioner.page.getByText("Blocked. Nothing more is delivered").waitFor();

    const client = await openSignedIn(suite, CLIENT);
    await client.page.goto(`${suite.server.url}/dashboard/client/messages`);
    await client.page.getByRole("list", { name: "Conversations" }).getByRole("link").first().click();
    await client.page.getByText("This person is not accepting messages from you.").waitFor();
    expect(await client.page.getByRole("textbox", { name: /^Message to / }).count()).toBe(0);

    await practitioner.page.getByRole("button", { name: "Unblock" }).click();
    await practitioner.page.getByText("Unblocked.").waitFor();
    await client.page.reload();
    await client.page.getByRole("textbox", { name: /^Message to / }).waitFor();
    await client.context.close();
    await practitioner.context.close();
  }, 90_000);

  test("at 390 px: the header's unread count moves live; the account menu's 'Messages' by keyboard; axe clean", async () => {
    const practitioner = await openSignedIn(suite, PRACTITIONER, PHONE);
    await practitioner.page.goto(`${suite.server.url}/dashboard/practitioner`);
    await hydrated(practitioner.page);
    const { unreadTotal: before } = (await (await practitioner.page.request.get(`${suite.server.url}/api/conversations/unread`)).json()) as { unreadTotal: number };
    // the client writes from another browser (the page's own fetch: same origin, signed in)
    const client = await openSignedIn(suite, CLIENT);
    await client.page.goto(`${suite.server.url}/dashboard/client`);
    const status = await client.page.evaluate(
      async (practitionerId) => (await fetch("/api/conversations", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ practitionerId, body: "Here is what I will bring." }) })).status,
      demoPractitionerId(),
    );
    expect([200, 201]).toContain(status);
    await practitioner.page.waitForFunction((n) => document.querySelector('[data-testid="header-unread"] [data-unread-count]')?.textContent === String(n), before + 1, { timeout: 5000 });
    expect(await practitioner.page.getByTestId("header-unread").isVisible()).toBe(true);
    // keyboard: Tab to the account menu's button, Enter opens it, Tab reaches 'Messages' with the count
    const button = practitioner.page.getByTestId("user-menu").locator("button[popovertarget]");
    for (let i = 0; i < 20 && !(await button.evaluate((el) => el === document.activeElement)); i++) await practitioner.page.keyboard.press("Tab");
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await button.getAttribute("aria-expanded").catch(() => null)).not.toBe("true");
    await practitioner.page.keyboard.press("Enter");
    const messages = practitioner.page.locator("#user-menu-panel").getByRole("link", { name: `Messages ${before + 1} unread` });
    await messages.waitFor();
    for (let i = 0; i < 10 && !(await messages.evaluate((el) => el === document.activeElement)); i++) await practitioner.page.keyboard.press("Tab");
    expect(await messages.evaluate((el) => el === document.activeElement)).toBe(true);
    // the header row with its count stays inside 390 px, and so does the open menu
    expect(await practitioner.page.getByTestId("header-row").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await practitioner.page.locator("#user-menu-panel").evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    expect(await seriousA11yViolations(practitioner.page)).toEqual([]);
    await practitioner.page.keyboard.press("Enter");
    await practitioner.page.waitForURL(/\/dashboard\/practitioner\/messages$/);
    expect(practitioner.problems).toEqual([]);
    await client.context.close();
    await practitioner.context.close();
  }, 90_000);

  test("at 390 px: a conversation by keyboard alone, the crisis note, a counter near the limit, no overflow, axe clean", async () => {
    const { page, context, problems } = await openSignedIn(suite, CLIENT, PHONE);
    await page.goto(`${suite.server.url}/dashboard/client/messages`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("list", { name: "Conversations" }).getByRole("link").first().click();
    await page.waitForURL(/\/dashboard\/client\/messages\/[0-9a-f-]+$/);
    const composer = page.getByRole("textbox", { name: /^Message to / });
    await composer.waitFor();
    // keyboard only: Tab reaches the composer, Shift+Enter breaks the line, Enter sends
    for (let i = 0; i < 80 && !(await composer.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    expect(await composer.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type("Running 5 minutes late");
    await page.keyboard.press("Shift+Enter");
    await page.keyboard.type("sorry! Details: https://example.com/map");
    expect(await composer.inputValue()).toBe("Running 5 minutes late\nsorry! Details: https://example.com/map");
    await page.keyboard.press("Enter");
    const sent = page.getByTestId("message").filter({ hasText: "Running 5 minutes late" });
    await sent.waitFor();
    const link = sent.getByRole("link", { name: "https://example.com/map" });
    expect(await link.getAttribute("rel")).toBe("nofollow noopener ugc");
    expect(await link.getAttribute("target")).toBe("_blank");
    // crisis language in the draft: a calm note, and it can still be sent
    await composer.fill("Some days I want to die");
    await page.getByTestId("crisis-note").waitFor();
    expect(await page.getByRole("button", { name: "Send" }).isEnabled()).toBe(true);
    await composer.fill("x".repeat(3600));
    await page.getByText("3,600 / 4,000 characters").waitFor();
    await composer.fill("");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
