/**
 * Issue 27's finish, in the browser: the booking page says what each duration costs before step 3
 * (the card's '$…/session' is the hourly rate, 'per hour' in its tooltip); the Garden's Audio and
 * Video pieces without media say so and count no downloads; a visitor's search says how many
 * practitioners match, never "No practitioners found" above them; the session filter works from
 * the keyboard and passes axe.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, openSignedIn, PHONE, queryDb, seriousA11yViolations, useServerAndBrowser } from "./fixtures";

const suite = useServerAndBrowser();
const CLIENT = "client@pollinate.example";

async function hydrated(page: Page, island: string) {
  await page.waitForFunction((name) => {
    const el = document.querySelector(`[data-island="${name}"]`);
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactContainer"));
  }, island);
}

describe("prices by duration at 390 px", () => {
  test("the booking page shows the fee of each duration beside it before step 3; the rate says 'per hour'", async () => {
    const { page, context, problems } = await openSignedIn(suite, CLIENT, PHONE);
    await page.goto(suite.server.url + "/practitioners");
    const card = page.locator("article").first();
    const price = card.getByText(/^\$\d+\.\d\d\/session$/);
    // the card keeps SPEC's text; its meaning is in the tooltip
    expect(await price.getAttribute("title")).toBe("per hour");
    const rate = Number((await price.innerText()).replace(/[^\d.]/g, ""));
    const href = await card.getByRole("link", { name: /^Book Session/ }).getAttribute("href");
    await page.goto(suite.server.url + href!);
    await hydrated(page, "BookingWizard");
    await page.getByRole("list", { name: "Booking steps" }).waitFor();
    const duration = page.getByLabel("Duration");
    const options = await duration.locator("option").allInnerTexts();
    expect(options.length).toBeGreaterThan(1);
    for (const option of options) {
      const minutes = Number(option.match(/^(\d+) minutes/)![1]);
      expect(option).toBe(`${minutes} minutes · $${((rate * minutes) / 60).toFixed(2)}`);
    }
    // and every duration's fee in words beside the choice, tied to it for screen readers
    const fees = page.getByTestId("duration-fees");
    expect(await fees.isVisible()).toBe(true);
    for (const option of options) expect(await fees.innerText()).toContain(option.replace(" · ", ": "));
    expect(await duration.getAttribute("aria-describedby")).toBe(await fees.getAttribute("id"));
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the directory's words and the session filter", () => {
  test("a visitor searching 'grief' reads how many match and how to see them, never 'No practitioners found'", async () => {
    const { page, context, problems } = await openSignedIn(suite, null, PHONE);
    await page.goto(suite.server.url + "/practitioners?q=grief");
    await hydrated(page, "PractitionerDirectory");
    const hidden = page.getByTestId("hidden-count");
    await hidden.waitFor();
    expect(await hidden.innerText()).toMatch(/^\d+ (more )?practitioners? match(es)? your search$/);
    expect(await page.getByText("No practitioners found").count()).toBe(0);
    await page.getByTestId("upgrade-prompt").getByText(/free 7-day Premium trial|start the \d+-day Premium trial/).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test("'Sessions' is reached and changed from the keyboard; the URL and the results follow; axe finds nothing serious", async () => {
    const { page, context, problems } = await openSignedIn(suite, CLIENT, DESKTOP);
    await page.goto(suite.server.url + "/practitioners");
    await hydrated(page, "PractitionerDirectory");
    const select = page.getByLabel("Sessions");
    await select.waitFor();
    // Tab from the search box until the select has the focus
    await page.getByRole("searchbox", { name: "Search", exact: true }).focus();
    for (let i = 0; i < 15 && !(await select.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    expect(await select.evaluate((el) => el === document.activeElement)).toBe(true);
    const answered = page.waitForResponse((r) => r.url().includes("/api/practitioners/all") && new URL(r.url()).searchParams.get("session") === "virtual");
    await page.keyboard.press("ArrowDown");
    await answered;
    await page.waitForURL(/[?&]session=virtual/);
    expect(await select.inputValue()).toBe("virtual");
    await page.locator("article").first().waitFor();
    const ids = await page.locator('article a[href^="/book/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href")!.slice("/book/".length)));
    expect(ids.length).toBeGreaterThan(0);
    const offered = queryDb<{ id: string; v: number }>(suite.server, `select id, is_virtual as v from practitioners where id in (${ids.map(() => "?").join(",")})`, ...ids);
    expect(offered.every((p) => p.v === 1)).toBe(true);
    expect(offered).toHaveLength(ids.length);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // back to either, from the keyboard
    await select.focus();
    await page.keyboard.press("ArrowUp");
    await page.waitForURL((url) => !url.searchParams.has("session"));
    expect(problems).toEqual([]);
    await context.close();
  });
});
