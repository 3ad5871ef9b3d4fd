/**
 * Issue 26's journeys: a review typed before and after the profile's island is live, by keyboard at
 * 1280 px and by touch at 390 px, saved whole (compared with the database), edited, and answered by
 * the practitioner; keyboard use and axe on each screen.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { DEMO_ACCOUNTS } from "../../src/demo/demo-data";
import { DESKTOP, loginAs, PHONE, queryDb, seriousA11yViolations, useServerAndBrowser } from "./fixtures";

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
