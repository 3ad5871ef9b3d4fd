/**
 * Community Garden journeys in Chromium at 390 and 1280 px: a visitor browses and is asked to sign
 * in to like; a premium client shares, sees it pending and the Seeds arrive; an admin approves it
 * and everyone sees it Verified; another member likes and unlikes; a basic member is offered the
 * upgrade instead of the share form; a practitioner sees the Facilitator Benefits.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, isOnTop, loginAs, obscuredFocusStops, openPage, PHONE, openSignedIn, queryDb, seriousA11yViolations, useServerAndBrowser } from "./fixtures";

const CLIENT = "client@pollinate.example";
const ADMIN = "admin@pollinate.example";
const PRACTITIONER = "practitioner@pollinate.example";

const suite = useServerAndBrowser();

const query = <T,>(sql: string, ...params: string[]): T[] => queryDb<T>(suite.server, sql, ...params);
const signedInPage = (email: string | null, viewport?: { width: number; height: number }) => openSignedIn(suite, email, viewport);

async function hydrated(page: Page, island = "GardenBrowser") {
  await page.waitForFunction((name) => {
    const el = document.querySelector(`[data-island="${name}"]`);
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactContainer"));
  }, island);
}

const cards = (page: Page) => page.getByTestId("garden-grid").locator("article");
const card = (page: Page, title: string) => page.locator("article", { has: page.getByRole("heading", { level: 3, name: title, exact: true }) });
const status = (page: Page) => page.getByTestId("garden-status");
const SHARED_TITLE = "Sunrise breathing by the window";

for (const viewport of [PHONE, DESKTOP]) {
  describe(`at ${viewport.width} px`, () => {
    test("a visitor browses, pages, reads an excerpt and is asked to sign in to like", async () => {
      const { page, problems, context } = await signedInPage(null, viewport);
      await page.goto(`${suite.server.url}/garden`);
      await page.getByRole("heading", { level: 1, name: "Community Garden" }).waitFor();
      await hydrated(page);
      expect(await cards(page).count()).toBe(20);
      expect(await cards(page).first().getByText("Verified").count()).toBe(1);
      expect(await page.locator("[data-seed-icons]").count()).toBeGreaterThan(0);
      expect(await page.getByText("Pending review").count()).toBe(0);

      await cards(page).first().getByRole("button", { name: /^Like / }).click();
      await status(page).getByText("Sign in required").waitFor();
      await status(page).getByText("Please sign in to like content").waitFor();
      expect(await status(page).getByRole("link", { name: "Sign in" }).getAttribute("href")).toStartWith("/auth/signin?next=");

      await page.getByRole("navigation", { name: "Garden pages" }).getByRole("link", { name: "Next" }).click();
      await page.waitForURL(/\/garden\?page=2$/);
      await page.getByText("Page 2 of 2").waitFor();
      expect(await cards(page).count()).toBeGreaterThan(0);

      const first = cards(page).first();
      const title = await first.locator("h3").innerText();
      await first.getByRole("button", { name: /^Read / }).click();
      const dialog = page.getByRole("dialog", { name: title });
      await dialog.waitFor();
      expect(await dialog.getByTestId("garden-read-text").locator("p").count()).toBeGreaterThan(0);
      await dialog.getByRole("button", { name: "Close" }).last().click();
      await dialog.waitFor({ state: "hidden" });

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  });
}

describe("sharing, moderation and likes", () => {
  test("search, type filter and categories narrow the grid on the server; the empty text shows", async () => {
    const { page, problems, context } = await signedInPage(null, PHONE);
    await page.goto(`${suite.server.url}/garden`);
    await hydrated(page);
    await page.getByRole("main").getByRole("searchbox", { name: "Search" }).fill("singing bowl");
    await page.waitForURL(/q=singing\+bowl/);
    // once typing pauses the island changes the address first and renders the search after: the
    // results' heading names it from that render on, and the cards below are the search's
    await page.getByRole("heading", { level: 2, name: "Results for “singing bowl”" }).waitFor();
    await page.getByRole("heading", { level: 3, name: "Singing bowl session for deep sleep" }).waitFor();
    expect(await cards(page).count()).toBe(1);
    await page.getByRole("main").getByRole("searchbox", { name: "Search" }).fill("zzzqqq");
    await page.getByText("No content found. Be the first to share!").waitFor();
    await page.getByRole("main").getByRole("searchbox", { name: "Search" }).fill("");
    await page.waitForURL(/\/garden$/);
    // the cleared search rendered (not only the address changed) before a category is added to it
    await page.getByRole("heading", { level: 2, name: "Shared by the community" }).waitFor();
    await page.getByRole("button", { name: "Success Stories" }).click();
    await page.waitForURL(/category=success-stories/);
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    const titles = await cards(page).locator("h3").allInnerTexts();
    expect(titles).toContain("How I found a practitioner who fits");
    expect(titles.length).toBeLessThan(10);
    await page.getByLabel("Content type").selectOption("audio");
    await page.waitForURL(/type=audio/);
    await page.getByText("No content found. Be the first to share!").waitFor();
    // an old link past the last page says so, and leads back to page 1
    await page.goto(`${suite.server.url}/garden?page=999`);
    await hydrated(page);
    await page.getByText("There is nothing on page 999.").waitFor();
    expect(await page.getByText("No content found. Be the first to share!").count()).toBe(0);
    await page.getByRole("link", { name: "Go to page 1" }).click();
    await page.waitForURL(/\/garden$/);
    // the island changes the address first and shows page 1 when its answer arrives
    await cards(page).first().waitFor();
    expect(await page.getByText("There is nothing on page 999.").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a premium client shares: submit waits for title and content, the item is pending for her, and the Seeds arrive", async () => {
    const { page, problems, context } = await signedInPage(CLIENT, DESKTOP);
    await page.goto(`${suite.server.url}/garden`);
    await hydrated(page);
    const before = Number((await page.getByTestId("seeds-balance").innerText()).replace(/,/g, ""));
    await page.getByRole("button", { name: "Share Content" }).click();
    const dialog = page.getByRole("dialog", { name: "Share Content" });
    const submit = dialog.getByRole("button", { name: "Share to the Garden" });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel("Title").fill(SHARED_TITLE);
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel("Content", { exact: true }).fill("Open the window.\n\nBreathe in the morning air for four counts, out for six.");
    await dialog.getByLabel("Content type").selectOption("exercise");
    await dialog.getByLabel("Tags").fill(" morning, , breathwork,morning ");
    expect(await submit.isDisabled()).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await submit.click();
    await status(page).getByText("Content shared!").waitFor();
    await status(page).getByText("You earned 25 Seeds for sharing to the Garden.").waitFor();
    await dialog.waitFor({ state: "hidden" });
    const mine = card(page, SHARED_TITLE);
    await mine.getByText("Pending review").waitFor();
    expect(await mine.getByText("#morning").count()).toBe(1);
    expect(await mine.getByText("#breathwork").count()).toBe(1);
    await page.waitForFunction((expected) => document.querySelector('[data-testid="seeds-balance"]')?.textContent?.replace(/,/g, "") === String(expected), before + 25);

    await page.goto(`${suite.server.url}/garden/wallet`);
    await page.getByTestId("wallet-transactions").getByText(`Shared “${SHARED_TITLE}” to the Garden`).waitFor();
    expect(await page.getByTestId("wallet-balance").innerText()).toBe(`${(before + 25).toLocaleString("en-US")} Seeds`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // at 390 px the history scrolls sideways inside its card, which the keyboard must reach
    await page.setViewportSize(PHONE);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();

    // others do not see it yet
    const visitor = await signedInPage(null, DESKTOP);
    await visitor.page.goto(`${suite.server.url}/garden?q=${encodeURIComponent("sunrise breathing")}`);
    await visitor.page.getByText("No content found. Be the first to share!").waitFor();
    await visitor.context.close();
  });

  test("a share the server refuses says why inside the dialog, in sight and announced, not in a toast under it", async () => {
    const { page, context } = await signedInPage(CLIENT, PHONE);
    await page.goto(`${suite.server.url}/garden`);
    await hydrated(page);
    await page.getByRole("button", { name: "Share Content" }).click();
    const dialog = page.getByRole("dialog", { name: "Share Content" });
    await dialog.getByLabel("Title").fill("My evening wind-down");
    await dialog.getByLabel("Content", { exact: true }).fill("Lights low, phone away.");
    // the hint gives the limits before anyone is refused
    const hint = await dialog.getByLabel("Tags").evaluate((el) => document.getElementById(el.getAttribute("aria-describedby")!)!.textContent);
    expect(hint).toContain("up to 10 tags, each at most 30 characters");
    await dialog.getByLabel("Tags").fill("sleep, " + "a".repeat(31));
    await dialog.getByRole("button", { name: "Share to the Garden" }).click();
    const alert = dialog.getByRole("alert");
    await alert.getByText("Upload failed").waitFor();
    // said to a person: no field path ('tags.1: tag must be …')
    await alert.getByText("Each tag can be at most 30 characters.", { exact: true }).waitFor();
    expect(await alert.innerText()).not.toContain("tags.");
    // what sits on top at the message's middle is the message itself (a toast of the page would be under the modal)
    expect(await isOnTop(alert.getByText("Upload failed"))).toBe(true);
    expect(await dialog.getByLabel("Title").inputValue()).toBe("My evening wind-down");
    expect(query("select id from garden_content where title = ?", "My evening wind-down")).toEqual([]);
    await context.close();
  });

  test("an admin approves it; it appears for everyone with the Verified badge", async () => {
    const { page, problems, context } = await signedInPage(ADMIN, PHONE);
    await page.goto(`${suite.server.url}/admin/garden`);
    await hydrated(page, "GardenReviewQueue");
    const item = page.locator("article", { has: page.getByRole("heading", { name: SHARED_TITLE }) });
    await item.getByRole("button", { name: `Approve “${SHARED_TITLE}”` }).click();
    await item.getByRole("status").getByText("Content approved.").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();

    const visitor = await signedInPage(null, PHONE);
    await visitor.page.goto(`${suite.server.url}/garden`);
    await card(visitor.page, SHARED_TITLE).getByText("Verified").waitFor();
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  });

  test("on the full review queue an admin rejects a pending piece with a reason; the piece is rejected and its author is told why", async () => {
    const [pending] = query<{ id: string; title: string }>("select id, title from garden_content where status = 'pending' order by created_at limit 1");
    expect(pending).toBeDefined();
    const { page, problems, context } = await signedInPage(ADMIN, PHONE);
    await page.goto(`${suite.server.url}/admin/garden`);
    await hydrated(page, "GardenReviewQueue");
    const item = page.locator("article", { has: page.getByRole("heading", { name: pending.title, exact: true }) });
    await item.getByRole("button", { name: `Reject “${pending.title}”` }).click();
    // the reason is asked first (the server refuses a rejection without one)
    await item.getByLabel(`Reason for rejecting “${pending.title}”`).fill("Please add where the exercise comes from.");
    await item.getByRole("button", { name: "Reject and tell the author" }).click();
    await item.getByRole("status").waitFor();
    expect(await item.getByRole("alert").count()).toBe(0);
    expect(query<{ status: string }>("select status from garden_content where id = ?", pending.id)[0].status).toBe("rejected");
    const told = query<{ n: number }>("select count(*) as n from outbox where kind = 'email' and payload like ?", `%Please add where the exercise comes from.%`);
    expect(told[0].n).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("another member likes and unlikes; the count follows and survives a reload", async () => {
    const { page, problems, context } = await signedInPage(PRACTITIONER, PHONE);
    await page.goto(`${suite.server.url}/garden`);
    await hydrated(page);
    const target = card(page, SHARED_TITLE);
    const likeButton = target.getByRole("button", { name: new RegExp(`^(Like|Unlike) “${SHARED_TITLE}”$`) });
    expect(await likeButton.getAttribute("aria-pressed")).toBe("false");
    await likeButton.focus();
    await page.keyboard.press("Enter");
    await status(page).getByText("Content liked!").waitFor();
    // from the keyboard the focus stays on the button (it once fell to the page's body while liking)
    expect(await likeButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.waitForFunction(() => true);
    expect(await likeButton.getAttribute("aria-pressed")).toBe("true");
    expect(await target.getByTestId("like-count").innerText()).toBe("1");
    await page.reload();
    await hydrated(page);
    expect(await target.getByTestId("like-count").innerText()).toBe("1");
    await likeButton.click();
    await status(page).getByText("Like removed").waitFor();
    expect(await target.getByTestId("like-count").innerText()).toBe("0");
    const [row] = query<{ like_count: number; rows: number }>(
      "select like_count, (select count(*) from garden_interactions i where i.content_id = g.id and i.interaction_type = 'like') as rows from garden_content g where title = ?",
      SHARED_TITLE,
    );
    expect(row).toEqual({ like_count: 0, rows: 0 });
    expect(problems).toEqual([]);
    await context.close();
  });

  test("reading as a member counts a view once; the share link copies (and opens the piece)", async () => {
    const { page, problems, context } = await signedInPage(PRACTITIONER, DESKTOP);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.server.url });
    await page.goto(`${suite.server.url}/garden`);
    await hydrated(page);
    const [before] = query<{ id: string; view_count: number }>("select id, view_count from garden_content where title = ?", SHARED_TITLE);
    const viewed = page.waitForResponse((r) => r.url().endsWith("/api/garden/interaction"));
    await card(page, SHARED_TITLE).getByRole("button", { name: /^Read / }).click();
    await viewed;
    const dialog = page.getByRole("dialog", { name: SHARED_TITLE });
    expect(await dialog.getByTestId("garden-read-text").locator("p").allInnerTexts()).toEqual(["Open the window.", "Breathe in the morning air for four counts, out for six."]);
    await dialog.getByRole("button", { name: "Copy link" }).click();
    await dialog.getByRole("status").getByText("Copied to clipboard!").waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${suite.server.url}/garden?item=${before.id}`);
    expect(query<{ view_count: number }>("select view_count from garden_content where id = ?", before.id)[0].view_count).toBe(before.view_count + 1);

    const shared = await signedInPage(null, PHONE);
    await shared.page.goto(copied);
    await shared.page.getByRole("dialog", { name: SHARED_TITLE }).waitFor();
    expect(shared.problems).toEqual([]);
    await shared.context.close();
    expect(problems).toEqual([]);
    await context.close();
  });

  test("when the clipboard refuses, the link is shown to copy by hand", async () => {
    const { page, context } = await signedInPage(null, DESKTOP);
    await page.goto(`${suite.server.url}/garden`);
    await hydrated(page);
    await page.evaluate(() => Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new Error("denied")) } }));
    await cards(page).first().getByRole("button", { name: /^Copy a link/ }).click();
    await status(page).getByText("Copy failed").waitFor();
    await status(page).getByText(/Please copy the link manually\. http:\/\/127\.0\.0\.1:\d+\/garden\?item=/).waitFor();
    await context.close();
  });

  test("'Copy link' in the read dialog answers in sight: the link to copy by hand is in the dialog, not in a toast under it", async () => {
    const { page, context } = await signedInPage(null, PHONE);
    await page.goto(`${suite.server.url}/garden`);
    await hydrated(page);
    await page.evaluate(() => Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new Error("denied")) } }));
    const title = await cards(page).first().locator("h3").innerText();
    await cards(page).first().getByRole("button", { name: /^Read / }).click();
    const dialog = page.getByRole("dialog", { name: title });
    await dialog.getByRole("button", { name: "Copy link" }).click();
    await dialog.getByRole("status").getByText("Copy failed").waitFor();
    const manual = dialog.getByRole("status").getByText(/Please copy the link manually\. http:\/\/127\.0\.0\.1:\d+\/garden\?item=/);
    await manual.waitFor();
    expect(await isOnTop(manual)).toBe(true);
    // the card's 'Share link' still answers with the page's toast
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await cards(page).first().getByRole("button", { name: /^Copy a link/ }).click();
    await status(page).getByText("Copy failed").waitFor();
    expect(await status(page).isVisible()).toBe(true);
    await context.close();
  });

  test("a basic member is offered the upgrade instead of the share form", async () => {
    const [basic] = query<{ email: string }>("select email from users where access_level = 'basic' and subscription_status = 'premium' order by email limit 1");
    const { page, problems, context } = await signedInPage(basic.email, PHONE);
    await page.goto(`${suite.server.url}/garden`);
    await hydrated(page);
    await page.getByRole("button", { name: "Share Content" }).click();
    await page.getByRole("dialog", { name: "Upgrade Your Access" }).waitFor();
    expect(await page.getByRole("dialog", { name: "Share Content" }).count()).toBe(0);
    expect(await page.getByTestId("facilitator-benefits").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a preview reader opens the upgrade from a piece's excerpt; closing it returns to the piece, the focus on Upgrade Access", async () => {
    const { page, problems, context } = await signedInPage("preview@pollinate.example", PHONE);
    await page.goto(`${suite.server.url}/garden`);
    await hydrated(page);
    const [locked] = query<{ title: string }>("select title from garden_content where status = 'approved' and length(content) > 240 order by created_at desc limit 1");
    await card(page, locked.title).getByRole("button", { name: /^Read / }).click();
    const reading = page.getByRole("dialog", { name: locked.title });
    await reading.getByText("Reading whole pieces needs Basic access or higher.").waitFor();
    const upgrade = reading.getByRole("button", { name: "Upgrade Access" });
    for (const close of ["Escape", "Close"] as const) {
      await upgrade.click();
      const plans = page.getByRole("dialog", { name: "Upgrade Your Access" });
      await plans.waitFor();
      if (close === "Escape") await page.keyboard.press("Escape");
      else await plans.getByRole("button", { name: "Close" }).first().click();
      await plans.waitFor({ state: "hidden" });
      expect(await reading.isVisible()).toBe(true);
      expect(await upgrade.evaluate((el) => el === document.activeElement)).toBe(true);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a seedling's wallet is axe-clean: the tier's name is in a readable colour", async () => {
    const [seedling] = query<{ email: string }>("select u.email from users u join seeds_wallets w on w.user_id = u.id where w.current_tier = 'seedling' order by u.email limit 1");
    const { page, problems, context } = await signedInPage(seedling.email, DESKTOP);
    await page.goto(`${suite.server.url}/garden/wallet`);
    expect((await page.getByTestId("wallet-tier").innerText()).toLowerCase()).toBe("seedling");
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("on a phone the wallet's history shows all four columns, Balance included, without scrolling sideways", async () => {
    const { page, problems, context } = await signedInPage(CLIENT, PHONE);
    await page.goto(`${suite.server.url}/garden/wallet`);
    const history = page.getByRole("region", { name: "Seeds history" });
    await history.getByRole("columnheader", { name: "Balance" }).waitFor();
    expect(await history.evaluate((region) => region.scrollWidth - region.clientWidth)).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a practitioner sees the Facilitator Benefits (+50 Seeds monthly bonus) and claims it once; the claimed month shows, from the first screen on", async () => {
    const { page, problems, context } = await signedInPage(PRACTITIONER, PHONE);
    // before claiming, the server's HTML offers the button
    const firstHtml = await (await context.request.get(`${suite.server.url}/garden`)).text();
    expect(firstHtml).toContain("Claim this month&#x27;s bonus");
    await page.goto(`${suite.server.url}/garden`);
    await hydrated(page);
    const panel = page.getByTestId("facilitator-benefits");
    for (const text of ["2x Seeds multiplier", "Featured placement", "Premium content", "Monthly bonus", "+50 Seeds"]) await panel.getByText(text, { exact: true }).waitFor();
    const before = Number((await page.getByTestId("seeds-balance").innerText()).replace(/,/g, ""));
    const claim = panel.getByRole("button", { name: "Claim this month's bonus" });
    await claim.focus();
    await page.keyboard.press("Enter");
    await status(page).getByText("+50 Seeds").waitFor();
    await page.waitForFunction((expected) => document.querySelector('[data-testid="seeds-balance"]')?.textContent?.replace(/,/g, "") === String(expected), before + 50);
    // the button gives way to the claimed month and when the next opens; the keyboard focus moves there
    const claimed = panel.getByTestId("monthly-bonus-claimed");
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
    expect(await claimed.innerText()).toBe(`✓ This month's bonus claimed. The next one opens on ${next}.`);
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "monthly-bonus-claimed");
    expect(await panel.getByRole("button", { name: "Claim this month's bonus" }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // server-rendered: the next visit's first screen already says so (no button that turns into the line)
    const html = await (await context.request.get(`${suite.server.url}/garden`)).text();
    expect(html).toContain("This month&#x27;s bonus claimed");
    expect(html).not.toContain("Claim this month&#x27;s bonus");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the Garden assistant", () => {
  test("its button, stacked above Maia's, hides nothing the keyboard focuses", async () => {
    const { page, context } = await signedInPage(null, { width: PHONE.width, height: 700 });
    await page.goto(`${suite.server.url}/garden`);
    await hydrated(page);
    expect(await obscuredFocusStops(page)).toEqual([]);
    await context.close();
  });

  test("its button is axe-clean while hovered (the hover colours keep the text readable)", async () => {
    const { page, problems, context } = await signedInPage(null, DESKTOP);
    await page.goto(`${suite.server.url}/garden`);
    await hydrated(page);
    const button = page.getByRole("button", { name: "Ask the Garden Guide" });
    await button.hover();
    // the hover's colours are in place (axe reads the computed colours of the hovered button)
    await page.waitForFunction(() => {
      const el = [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("Ask the Garden Guide"));
      return !!el && el.matches(":hover") && getComputedStyle(el).backgroundColor === "rgb(212, 175, 55)";
    });
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("asked how to like, it asks a visitor to sign in and tells a signed-in member where the heart is", async () => {
    for (const email of [null, CLIENT]) {
      const { page, problems, context } = await signedInPage(email, PHONE);
      await page.goto(`${suite.server.url}/garden`);
      await hydrated(page);
      await page.getByRole("button", { name: "Ask the Garden Guide" }).click();
      const chat = page.getByRole("dialog", { name: "Garden Guide" });
      await chat.getByPlaceholder("Ask about a topic or a title...").fill("How do I like a piece?");
      await chat.getByRole("button", { name: "Send" }).click();
      const reply = chat.locator("li", { hasText: "press the heart" });
      await reply.waitFor({ timeout: 5000 });
      if (email) expect(await reply.innerText()).not.toMatch(/sign in/i);
      else expect(await reply.innerText()).toContain("Please sign in to like content");
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  test("opens from its button and finds an item by a word of its title; the match opens the item", async () => {
    const { page } = await signedInPage(null, DESKTOP);
    await page.goto(`${suite.server.url}/garden`);
    await hydrated(page);
    const title = await cards(page).first().locator("h3").innerText();
    const word = title.split(/[^A-Za-z]+/).sort((a, b) => b.length - a.length)[0];
    expect(word.length).toBeGreaterThan(3);

    await page.getByRole("button", { name: "Ask the Garden Guide" }).click();
    const chat = page.getByRole("dialog", { name: "Garden Guide" });
    await chat.waitFor();
    await chat.getByPlaceholder("Ask about a topic or a title...").fill(word);
    await chat.getByRole("button", { name: "Send" }).click();
    await chat.getByTestId("typing-indicator").waitFor();
    const match = chat.getByTestId("garden-assistant-matches").first().getByRole("button", { name: title, exact: true });
    await match.waitFor({ timeout: 5000 });
    expect(await chat.getByTestId("garden-assistant-matches").first().getByRole("button").count()).toBeLessThanOrEqual(3);
    await match.click();
    await page.getByRole("dialog", { name: title }).waitFor();
  });
});
