/**
 * Issue 26's remaining journeys, with the e-mails read from a real SMTP sink: a client changes
 * their e-mail address at 390 px (it changes only when the link sent to the new address is
 * confirmed), and an admin removes a review from a practitioner's profile at 1280 px (the author
 * receives the reason).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { DEMO_ACCOUNTS } from "../../src/demo/demo-data";
import { EMAIL_CHANGE_TEXTS } from "../../core/email-change";
import { MODERATION_TEXTS } from "../../core/admin";
import { startSmtpSink, type SmtpSink } from "../../src/testing/smtp-sink";
import { DESKTOP, launchBrowser, loginAs, PHONE, queryDb, seriousA11yViolations, settled, startServer, type TestServer } from "./fixtures";

let server: TestServer;
let browser: Browser;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startServer({ SMTP_URL: sink.url });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.close();
});

async function openAs(email: string, viewport: { width: number; height: number }, touch = false) {
  const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
  await loginAs(context, server, email);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(msg.text());
  });
  page.on("pageerror", (err) => problems.push(err.message));
  return { context, page, problems };
}

/** Waits until the island `name` is hydrated (React has taken its root). */
const islandLive = (page: Page, name: string) =>
  page.waitForFunction((island) => Object.keys(document.querySelector(`[data-island="${island}"]`) ?? {}).some((k) => k.startsWith("__reactContainer")), name);

describe("changing the e-mail address (issue 26)", () => {
  test("at 390 px: asked with the password, confirmed from the link sent to the new address, the old address told twice", async () => {
    const { openDatabase } = await import("../../db/client");
    const { createUser } = await import("../../src/testing/factories");
    const opened = await openDatabase(server.dbPath);
    const oldEmail = "moving.client@example.test";
    const newEmail = "moved.client@example.test";
    try {
      await createUser(opened.db, { email: oldEmail, password: "moving pass 1", firstName: "Moss", accessLevel: "premium" });
    } finally {
      await opened.close();
    }
    const { context, page, problems } = await openAs(oldEmail, PHONE, true);
    await page.goto(`${server.url}/dashboard/client#settings`);
    await settled(page);
    await islandLive(page, "AccountControls");
    const form = page.locator("form", { has: page.getByRole("heading", { name: "Change e-mail" }) });
    await form.getByLabel("New e-mail address").fill(newEmail);
    await form.getByLabel("Current password").fill("a wrong guess");
    await form.getByRole("button", { name: "Send confirmation link" }).tap();
    await form.getByText("Your current password is not right.").waitFor();
    await form.getByLabel("Current password").fill("moving pass 1");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole("button", { name: "Send confirmation link" }).tap();
    await form.getByText(EMAIL_CHANGE_TEXTS.requested(newEmail)).waitFor();
    // nothing changed yet
    expect(queryDb<{ email: string }>(server, "select email from users where email = ?", oldEmail)).toHaveLength(1);

    const notice = await sink.waitFor((m) => m.recipients.includes(oldEmail) && m.parsed.subject === "A change of your Pollinate e-mail address was asked for", 15_000);
    expect(notice.parsed.text).toContain(newEmail);
    const confirmation = await sink.waitFor((m) => m.recipients.includes(newEmail), 15_000);
    const link = confirmation.parsed.text!.match(/https?:\/\/[^\s<>"]+confirm-email-change[^\s<>"]*/)![0];

    // the link shows what it changes and a button; opening it changes nothing
    await page.goto(link);
    await page.getByRole("heading", { name: "Confirm Your New Address" }).waitFor();
    expect(queryDb(server, "select id from users where email = ?", newEmail)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("button", { name: EMAIL_CHANGE_TEXTS.confirmButton }).tap();
    await page.getByRole("status").filter({ hasText: EMAIL_CHANGE_TEXTS.changed(newEmail) }).waitFor();
    expect(queryDb(server, "select id from users where email = ?", newEmail)).toHaveLength(1);
    expect(queryDb(server, "select id from users where email = ?", oldEmail)).toEqual([]);
    await sink.waitFor((m) => m.recipients.includes(oldEmail) && m.parsed.subject === "Your Pollinate e-mail address was changed", 15_000);

    // the settings show the new address; the used link is refused
    await page.goto(`${server.url}/dashboard/client#settings`);
    await page.locator("#settings").getByText(`Now: ${newEmail}`).waitFor();
    await page.goto(link);
    await page.getByRole("alert").filter({ hasText: EMAIL_CHANGE_TEXTS.invalid }).waitFor();
    // the refused password and the used link answer 400 on purpose
    expect(problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
    await context.close();
  }, 120_000);
});

describe("removing a review from a profile (issue 26)", () => {
  test("at 1280 px an admin removes a review with a reason from the Reviews tab; it disappears and its author receives the reason", async () => {
    const [review] = queryDb<{ id: string; practitionerId: string; comment: string; email: string }>(
      server,
      "select r.id, r.practitioner_id as practitionerId, r.comment, u.email from reviews r join users u on u.id = r.client_id where r.comment is not null and r.comment != '' order by r.created_at desc limit 1",
    );
    expect(review).toBeDefined();
    const { context, page, problems } = await openAs(DEMO_ACCOUNTS.admin.email, DESKTOP);
    await page.goto(`${server.url}/practitioners/${review.practitionerId}?tab=reviews`);
    await settled(page);
    const item = page.getByTestId("review").filter({ hasText: review.comment });
    await item.waitFor();
    // the profile's island hydrates on interaction: the first press wakes it, then the button opens the dialog
    await item.getByRole("button", { name: /^Remove review by / }).hover();
    await islandLive(page, "PractitionerProfileTabs");
    await item.getByRole("button", { name: /^Remove review by / }).click();
    const dialog = page.getByRole("dialog", { name: "Remove this review" });
    await dialog.waitFor();
    await dialog.getByLabel(/^Reason for removing the review by /).fill("It names another client.");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Remove and tell the author" }).click();
    await page.getByRole("status").filter({ hasText: MODERATION_TEXTS.reviewRemoved }).waitFor();
    await item.waitFor({ state: "detached" });
    expect(queryDb(server, "select id from reviews where id = ?", review.id)).toEqual([]);
    expect(queryDb<{ detail: string }>(server, "select detail from admin_audit_log where target_id = ? and action = 'remove-review'", review.id)[0].detail).toBe("It names another client.");
    const mail = await sink.waitFor((m) => m.recipients.includes(review.email) && m.parsed.subject === "Your review was removed", 15_000);
    expect(mail.parsed.text).toContain("It names another client.");
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
