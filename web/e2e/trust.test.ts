/**
 * Issue 26's journeys: a review typed before and after the profile's island is live, by keyboard at
 * 1280 px and by touch at 390 px, saved whole (compared with the database), edited, and answered by
 * the practitioner; keyboard use and axe on each screen.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { DEMO_ACCOUNTS } from "../../src/demo/demo-data";
import { DESKTOP, loginAs, PHONE, queryDb, seriousA11yViolations, settled, useServerAndBrowser } from "./fixtures";

const suite = useServerAndBrowser();

let reviewable: string[] | null = null;
/** The demo client's completed sessions without a review when the file started: one practitioner per journey. */
function reviewablePractitioners(): string[] {
  if (reviewable) return reviewable;
  const rows = queryDb<{ pid: string }>(
    suite.server,
    "select distinct b.practitioner_id as pid from sessions_booking b join users u on u.id = b.client_id left join reviews r on r.session_id = b.id where b.status = 'completed' and r.id is null and u.email = ?",
    DEMO_ACCOUNTS.client.email,
  );
  reviewable = rows.map((r) => r.pid);
  expect(reviewable.length).toBeGreaterThanOrEqual(2);
  return reviewable;
}

async function openAs(email: string, viewport: { width: number; height: number }, touch = false) {
  const context = await suite.browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
  await loginAs(context, suite.server, email);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(msg.text());
  });
  page.on("pageerror", (err) => problems.push(err.message));
  return { context, page, problems };
}

const storedComment = (practitionerId: string) =>
  queryDb<{ comment: string | null; rating: number }>(suite.server, "select r.comment, r.rating from reviews r join users u on u.id = r.client_id where r.practitioner_id = ? and u.email = ? order by r.created_at desc limit 1", practitionerId, DEMO_ACCOUNTS.client.email)[0];

async function starLabel(page: Page, stars: number) {
  return page.locator("label").filter({ has: page.getByRole("radio", { name: `${stars} stars` }) });
}

describe("a review keeps what was written (issue 26)", () => {
  test("typed by keyboard at 1280 px from the first moment the form shows: saved whole, then edited", async () => {
    const [practitionerId] = reviewablePractitioners();
    const { context, page, problems } = await openAs(DEMO_ACCOUNTS.client.email, DESKTOP);
    // no wait for the island: the person starts as soon as the form is on screen
    await page.goto(`${suite.server.url}/practitioners/${practitionerId}?tab=reviews`, { waitUntil: "commit" });
    const box = page.getByRole("textbox", { name: "Your review" });
    await box.waitFor();
    await (await starLabel(page, 4)).click();
    await box.click();
    const text = "Hello there: a calm, kind session. I'd go again!";
    await page.keyboard.type(text, { delay: 25 });
    await page.waitForTimeout(800);
    expect(await box.inputValue()).toBe(text);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("TEXTAREA");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Submit Review" }).click();
    await page.getByText("Thank you! Your review is published.").waitFor();
    expect(storedComment(practitionerId)).toEqual({ comment: text, rating: 4 });

    // edit: by keyboard only
    await page.getByRole("button", { name: "Edit your review" }).focus();
    await page.keyboard.press("Enter");
    const edit = page.getByRole("textbox", { name: "Your review" });
    await edit.waitFor();
    await edit.fill(`${text} Edited.`);
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Your review is updated.").waitFor();
    expect(storedComment(practitionerId).comment).toBe(`${text} Edited.`);
    await page.getByText("· edited").first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  test("typed by touch at 390 px before and during hydration: every letter stored; a 2-star review needs words", async () => {
    const [, practitionerId] = reviewablePractitioners();
    const { context, page, problems } = await openAs(DEMO_ACCOUNTS.client.email, PHONE, true);
    await page.goto(`${suite.server.url}/practitioners/${practitionerId}?tab=reviews`, { waitUntil: "commit" });
    const box = page.getByRole("textbox", { name: "Your review" });
    await box.waitFor();
    await (await starLabel(page, 2)).tap();
    await box.tap();
    // a phone keyboard inserts text without key events for each letter
    const text = "Hello, the room was cold and the session started late.";
    for (const word of text.split(/(?<= )/)) {
      await page.keyboard.insertText(word);
      await page.waitForTimeout(60);
    }
    await page.waitForTimeout(800);
    expect(await box.inputValue()).toBe(text);
    await page.getByRole("button", { name: "Submit Review" }).tap();
    await page.getByText("Thank you! Your review is published.").waitFor();
    expect(storedComment(practitionerId)).toEqual({ comment: text, rating: 2 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);

  test("the practitioner answers a review at 390 px; the reply is public", async () => {
    const practitionerId = queryDb<{ id: string }>(suite.server, "select p.id from practitioners p join users u on u.id = p.user_id where u.email = ?", DEMO_ACCOUNTS.practitioner.email)[0].id;
    const reviewed = queryDb<{ id: string }>(suite.server, "select id from reviews where practitioner_id = ? and reply is null order by created_at desc limit 1", practitionerId)[0];
    expect(reviewed).toBeDefined();
    const { context, page, problems } = await openAs(DEMO_ACCOUNTS.practitioner.email, PHONE, true);
    await page.goto(`${suite.server.url}/practitioners/${practitionerId}?tab=reviews`);
    const reply = page.getByRole("button", { name: "Reply" }).first();
    await reply.tap();
    await page.getByLabel("Your public reply").fill("Thank you for coming <b>twice</b>.");
    await page.getByRole("button", { name: "Post reply" }).tap();
    await page.getByTestId("review-reply").first().waitFor();
    expect(await page.getByTestId("review-reply").first().innerText()).toContain("Thank you for coming <b>twice</b>.");
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
    // a visitor reads it too
    const visitor = await suite.browser.newPage({ viewport: DESKTOP });
    await visitor.goto(`${suite.server.url}/practitioners/${practitionerId}?tab=reviews`);
    expect(await visitor.getByTestId("review-reply").first().innerText()).toContain("Thank you for coming");
    await visitor.close();
  }, 90_000);
});

const practitionerOf = (email: string) => queryDb<{ id: string }>(suite.server, "select p.id from practitioners p join users u on u.id = p.user_id where u.email = ?", email)[0].id;

describe("names people can recognise (issue 26)", () => {
  test("a practitioner sets a display name at 390 px; a client sees it above the reference on the profile and the booking page at 1280 px", async () => {
    const id = practitionerOf(DEMO_ACCOUNTS.practitioner.email);
    const reference = `Practitioner #${id.slice(-6)}`;
    const own = await openAs(DEMO_ACCOUNTS.practitioner.email, PHONE, true);
    await own.page.goto(`${suite.server.url}/dashboard/practitioner/profile`);
    const field = own.page.getByLabel("Display name");
    await field.waitFor();
    await own.page.waitForFunction(() => [...document.querySelectorAll("[data-island]")].every((el) => Object.keys(el).some((k) => k.startsWith("__reactContainer"))));
    await field.fill("Maya R.");
    await own.page.getByRole("button", { name: "Save name" }).tap();
    await own.page.getByText("Clients now see “Maya R.”.").waitFor();
    expect(await seriousA11yViolations(own.page)).toEqual([]);
    expect(own.problems).toEqual([]);
    await own.context.close();

    const client = await openAs(DEMO_ACCOUNTS.client.email, DESKTOP);
    await client.page.goto(`${suite.server.url}/practitioners/${id}`);
    expect(await client.page.getByRole("heading", { level: 1 }).innerText()).toBe("Maya R.");
    await client.page.getByText(reference).first().waitFor();
    await client.page.goto(`${suite.server.url}/book/${id}`);
    await client.page.getByText(`Maya R. (${reference})`).first().waitFor();
    expect(client.problems).toEqual([]);
    await client.context.close();
  }, 90_000);
});

describe("an account people control (issue 26)", () => {
  test("a client exports their data and deletes the account at 390 px; their practitioner's upcoming session is cancelled with an e-mail", async () => {
    // a fresh client with an upcoming session with the demo practitioner, made through the app's own rules
    const practitionerId = practitionerOf(DEMO_ACCOUNTS.practitioner.email);
    const { openDatabase } = await import("../../db/client");
    const { createUser, createBooking } = await import("../../src/testing/factories");
    const opened = await openDatabase(suite.server.dbPath);
    const email = "leaving.client@example.test";
    try {
      const user = await createUser(opened.db, { email, password: "leaving pass 1", firstName: "Leaving", accessLevel: "premium" });
      await createBooking(opened.db, { clientId: user.id, practitionerId, notes: "Private health note" });
    } finally {
      await opened.close();
    }
    const { context, page, problems } = await openAs(email, PHONE, true);
    await page.goto(`${suite.server.url}/dashboard/client#settings`);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export my data" }).tap();
    const file = await (await download).path();
    const exported = JSON.parse(await Bun.file(file!).text());
    expect(exported.account.email).toBe(email);
    expect(exported.sessions[0].notes).toBe("Private health note");

    await page.getByRole("button", { name: "Delete my account…" }).tap();
    await page.getByLabel(/Your password, to confirm/).fill("leaving pass 1");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Delete my account for good" }).tap();
    await page.waitForURL(`${suite.server.url}/?deleted=1`);
    expect(queryDb(suite.server, "select id from users where email = ?", email)).toEqual([]);
    // the practitioner's e-mail about the cancelled session is in the outbox
    const deadline = Date.now() + 10_000;
    let mails: Array<{ subject: string }> = [];
    while (Date.now() < deadline && mails.length === 0) {
      mails = queryDb<{ subject: string }>(
        suite.server,
        "select json_extract(payload, '$.subject') as subject from outbox where json_extract(payload, '$.to') = ? and json_extract(payload, '$.subject') like 'Session cancelled%'",
        DEMO_ACCOUNTS.practitioner.email,
      );
      if (!mails.length) await Bun.sleep(200);
    }
    expect(mails.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);
});

describe("moderation an admin can explain (issue 26)", () => {
  test("an admin rejects a pending Garden piece with a reason from the dashboard's Garden tab at 1280 px", async () => {
    const [piece] = queryDb<{ id: string; title: string }>(suite.server, "select id, title from garden_content where status = 'pending' order by created_at limit 1");
    expect(piece).toBeDefined();
    const { context, page, problems } = await openAs(DEMO_ACCOUNTS.admin.email, DESKTOP);
    await page.goto(`${suite.server.url}/admin/dashboard`);
    await settled(page);
    const tab = page.getByRole("tab", { name: /Garden/ });
    await tab.click();
    await page.locator('[role="tab"][aria-selected="true"]', { hasText: "Garden" }).waitFor();
    expect(await tab.innerText()).toMatch(/pending/);
    const panel = page.getByRole("tabpanel");
    await panel.getByLabel("Search Garden content").fill(piece.title);
    await panel.getByRole("button", { name: "Search", exact: true }).click();
    await panel.getByRole("button", { name: `Reject ${piece.title}` }).click();
    await panel.getByLabel(`Reason for rejecting “${piece.title}”`).fill("It advertises a product.");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await panel.getByRole("button", { name: "Reject and tell the author" }).press("Enter");
    await page.getByRole("status").filter({ hasText: "rejected" }).waitFor();
    expect(queryDb<{ status: string }>(suite.server, "select status from garden_content where id = ?", piece.id)[0].status).toBe("rejected");
    expect(queryDb<{ detail: string }>(suite.server, "select detail from admin_audit_log where target_id = ? and action = 'garden-reject'", piece.id)[0].detail).toBe("It advertises a product.");
    expect(problems).toEqual([]);
    await context.close();
  }, 90_000);
});

describe("credentials an admin checked (issue 26)", () => {
  test("a practitioner adds a credential at 390 px, an admin verifies it at 1280 px, and the Verified badge explains it on tap, hover and keyboard focus", async () => {
    const id = practitionerOf(DEMO_ACCOUNTS.practitioner.email);
    const own = await openAs(DEMO_ACCOUNTS.practitioner.email, PHONE, true);
    await own.page.goto(`${suite.server.url}/dashboard/practitioner/profile`);
    await settled(own.page);
    await own.page.waitForFunction(() => [...document.querySelectorAll("[data-island]")].every((el) => Object.keys(el).some((k) => k.startsWith("__reactContainer"))));
    const form = own.page.getByRole("form", { name: "Add a credential" });
    await form.getByLabel("Title").fill("Registered Psychotherapist");
    await form.getByLabel("Issuing body").fill("UK Council for Psychotherapy");
    await form.getByLabel("Number (optional)").fill("UKCP-2016-118");
    await form.getByLabel("Year issued").fill("2016");
    await form.getByRole("button", { name: "Add credential" }).tap();
    await own.page.getByText("Credential added.", { exact: false }).waitFor();
    await own.page.getByRole("list", { name: "Your credentials" }).getByText("Waiting for a check").waitFor();
    expect(await own.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(own.page)).toEqual([]);
    expect(own.problems).toEqual([]);
    await own.context.close();

    const admin = await openAs(DEMO_ACCOUNTS.admin.email, DESKTOP);
    await admin.page.goto(`${suite.server.url}/admin/dashboard`);
    await settled(admin.page);
    await admin.page.getByRole("tab", { name: "Credentials" }).click();
    await admin.page.locator('[role="tab"][aria-selected="true"]', { hasText: "Credentials" }).waitFor();
    await admin.page.getByRole("button", { name: `Verify Registered Psychotherapist of ${DEMO_ACCOUNTS.practitioner.email}` }).click();
    await admin.page.getByRole("status").filter({ hasText: "verified" }).waitFor();
    expect(await seriousA11yViolations(admin.page)).toEqual([]);
    expect(queryDb<{ n: number }>(suite.server, "select count(*) as n from admin_audit_log where action = 'verify-credential'")[0].n).toBe(1);
    expect(admin.problems).toEqual([]);
    await admin.context.close();

    const line = "Registered Psychotherapist, UK Council for Psychotherapy, no. UKCP-2016-118 (2016): checked with the issuing body on";
    // a phone: a tap on the badge shows what was checked
    const phone = await openAs(DEMO_ACCOUNTS.client.email, PHONE, true);
    await phone.page.goto(`${suite.server.url}/practitioners/${id}`);
    const tip = phone.page.getByRole("tooltip");
    expect(await tip.isVisible()).toBe(false);
    await phone.page.getByRole("button", { name: "Verified" }).tap();
    await tip.getByText(line).waitFor({ state: "visible" });
    const box = (await tip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await phone.page.getByRole("complementary", { name: "Booking and quick stats" }).getByText("Checked by Pollinate on", { exact: false }).waitFor();
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    expect(phone.problems).toEqual([]);
    await phone.context.close();

    // a desktop: hover, then the keyboard
    const desk = await openAs(DEMO_ACCOUNTS.client.email, DESKTOP);
    await desk.page.goto(`${suite.server.url}/practitioners/${id}`);
    const badge = desk.page.getByRole("button", { name: "Verified" });
    await badge.hover();
    await desk.page.getByRole("tooltip").getByText(line).waitFor({ state: "visible" });
    await desk.page.mouse.move(0, 0);
    await desk.page.getByRole("tooltip").waitFor({ state: "hidden" });
    await badge.focus();
    await desk.page.keyboard.press("Shift+Tab");
    await desk.page.keyboard.press("Tab");
    expect(await badge.evaluate((el) => el === document.activeElement)).toBe(true);
    await desk.page.getByRole("tooltip").getByText(line).waitFor({ state: "visible" });
    expect(await badge.getAttribute("aria-describedby")).toBe(await desk.page.getByRole("tooltip").getAttribute("id"));
    expect(desk.problems).toEqual([]);
    await desk.context.close();
  }, 120_000);
});
