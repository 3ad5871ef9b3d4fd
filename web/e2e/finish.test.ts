/**
 * The finish items of issue 13, each at the widths where it failed: the phone menu, the header
 * on one line from 320 to 1920 px, and the copy.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { DEMO_ACCOUNTS } from "../../src/demo/demo-data";
import { holdRequests, loginAs, openDb, openPage, PHONE, scriptRequests, seriousA11yViolations, useServerAndBrowser } from "./fixtures";

const suite = useServerAndBrowser();

describe("the phone menu", () => {
  test("closes on Escape and on a backdrop tap, keeps focus inside, returns it, and the page does not scroll behind", async () => {
    const { page, problems, context } = await openPage(suite.browser, PHONE);
    const scripts = scriptRequests(page);
    await page.goto(suite.server.url + "/about");
    await page.evaluate(() => window.scrollTo(0, 200));
    const button = page.getByRole("button", { name: "Menu", exact: true });
    const menu = page.getByRole("navigation", { name: "Mobile" });

    await button.click();
    await menu.waitFor({ state: "visible" });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => window.scrollY)).toBe(200);
    // focus stays inside the menu however far one tabs (past the last item it may visit the
    // browser's own controls, never the page behind)
    const visited = new Set<string>();
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press("Tab");
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return "browser";
        return el.closest("#mobile-menu") ? `menu:${el.textContent?.trim() || el.getAttribute("aria-label")}` : `page:${el.outerHTML.slice(0, 80)}`;
      });
      expect(where.startsWith("page:"), where).toBe(false);
      visited.add(where);
    }
    expect([...visited].filter((w) => w.startsWith("menu:")).length).toBeGreaterThanOrEqual(6);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Menu");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");

    // a tap on the dimmed page beside the panel closes it
    await button.click();
    await menu.waitFor({ state: "visible" });
    await page.mouse.click(20, 400);
    await menu.waitFor({ state: "hidden" });
    // and the × button too
    await button.click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await menu.waitFor({ state: "hidden" });
    // all of it without JavaScript: the only script is Maia's launcher, which waits for its own click
    expect(scripts.filter((src) => !/\/assistant-launcher-[\w-]+\.js$/.test(src))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

const WIDTHS = [320, 390, 768, 900, 1000, 1024, 1280, 1440, 1920];

async function headerLayout(page: Page) {
  return page.evaluate(() => {
    const row = document.querySelector('[data-testid="header-row"]')!;
    const items = [...row.children].filter((el) => (el as HTMLElement).offsetWidth > 0) as HTMLElement[];
    const rects = items.map((el) => el.getBoundingClientRect());
    const search = row.querySelector('input[type="search"]')!.getBoundingClientRect();
    return {
      height: document.querySelector("header")!.getBoundingClientRect().height,
      tops: rects.map((r) => Math.round(r.top + r.height / 2)),
      heights: [...row.querySelectorAll("a, button, summary")].filter((el) => (el as HTMLElement).offsetWidth > 0).map((el) => Math.round(el.getBoundingClientRect().height)),
      searchWidth: search.width,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
}

describe("the header", () => {
  for (const signedIn of [false, true]) {
    test(`is one line with a usable search at every width from 320 to 1920 px${signedIn ? ", signed in" : ""}`, async () => {
      const { page, context } = await openPage(suite.browser, PHONE);
      if (signedIn) await loginAs(context, suite.server, "client@pollinate.example");
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(suite.server.url + "/about");
        const layout = await headerLayout(page);
        const where = `${width}px`;
        expect(layout.height, where).toBeLessThanOrEqual(65);
        expect(new Set(layout.tops).size, where).toBe(1); // every item centred on one line
        expect(Math.max(...layout.heights), where).toBeLessThanOrEqual(48); // no label wrapped onto two lines
        expect(layout.searchWidth, where).toBeGreaterThanOrEqual(width < 400 ? 110 : 180);
        expect(layout.overflow, where).toBeLessThanOrEqual(0);
      }
      await context.close();
    });
  }
});

describe("the directory on a phone", () => {
  for (const email of [null, "client@pollinate.example"]) {
    test(`shows the first card on the first screen, filters behind one control with the active count${email ? " (signed in)" : ""}`, async () => {
      const { page, context, problems } = await openPage(suite.browser, PHONE);
      if (email) await loginAs(context, suite.server, email);
      await page.goto(suite.server.url + "/practitioners");
      const card = page.locator('[data-island="PractitionerDirectory"] article').first();
      const top = await card.evaluate((el) => el.getBoundingClientRect().top);
      console.log(`first card at ${Math.round(top)} px`);
      expect(top).toBeLessThan(PHONE.height - 120); // its heading and badges are visible without scrolling
      const filters = page.getByTestId("filters-disclosure");
      expect(await filters.locator("summary").innerText()).toBe("Filters");
      expect(await page.getByRole("combobox", { name: "Archetype" }).isVisible()).toBe(false);
      await page.goto(suite.server.url + "/practitioners?archetype=bee&level=wise");
      expect(await filters.locator("summary").innerText()).toBe("Filters (2 active)");
      await filters.locator("summary").click();
      expect(await page.getByRole("combobox", { name: "Archetype" }).isVisible()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  test("on desktop the filters are out in the open", async () => {
    const { page, context } = await openPage(suite.browser, { width: 1280, height: 900 });
    await page.goto(suite.server.url + "/practitioners");
    expect(await page.getByTestId("filters-disclosure").locator("summary").isVisible()).toBe(false);
    expect(await page.getByRole("combobox", { name: "Archetype" }).isVisible()).toBe(true);
    expect(await page.getByRole("combobox", { name: "Experience" }).isVisible()).toBe(true);
    await context.close();
  });
});

describe("a posted review", () => {
  test("updates the profile header and Quick Stats together with the Reviews tab", async () => {
    const db = openDb(suite.server.dbPath, { readonly: true });
    const row = db
      .query<{ practitionerId: string }, [string]>(
        `select b.practitioner_id as practitionerId from sessions_booking b join users u on u.id = b.client_id
         left join reviews r on r.session_id = b.id
         where u.email = ? and b.status = 'completed' and r.id is null order by b.scheduled_datetime desc limit 1`,
      )
      .get("client@pollinate.example")!;
    db.close();
    const { page, context, problems } = await openPage(suite.browser, { width: 1280, height: 900 });
    await loginAs(context, suite.server, "client@pollinate.example");
    await page.goto(`${suite.server.url}/practitioners/${row.practitionerId}?tab=reviews`);
    const count = () => page.getByRole("tab", { name: /^Reviews/ }).innerText().then((t) => Number(t.match(/\d+/)![0]));
    const before = await count();
    await page.locator("label").filter({ has: page.getByRole("radio", { name: "1 star", exact: true }) }).click();
    // one or two stars need words (issue 26)
    await page.getByLabel("Your review", { exact: true }).fill("The session started late and felt rushed.");
    await page.getByRole("button", { name: "Submit Review" }).click();
    await page.getByText("Thank you! Your review is published.").waitFor();
    await page.getByRole("tab", { name: `Reviews (${before + 1})` }).waitFor();
    const average = await page.getByTestId("review-average").innerText();
    const plural = before + 1 === 1 ? "review" : "reviews";
    await page.getByTestId("header-rating").getByText(`(${before + 1} ${plural})`).waitFor();
    expect(await page.getByTestId("header-rating").innerText()).toContain(average);
    await page.getByTestId("stat-rating").getByText(`${average} / 5`).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the client dashboard's favourites", () => {
  for (const width of [1280, 1024, 390]) {
    test(`cards are wide enough for one-line titles and buttons at ${width} px`, async () => {
      const { page, context } = await openPage(suite.browser, { width, height: 900 });
      await loginAs(context, suite.server, "client@pollinate.example");
      await page.goto(`${suite.server.url}/dashboard/client`);
      const cards = page.getByRole("list", { name: "Favorite practitioners" }).locator("article");
      await cards.first().waitFor();
      const sizes = await cards.evaluateAll((els) =>
        els.map((el) => {
          const title = el.querySelector("h3")!;
          const lineHeight = parseFloat(getComputedStyle(title).lineHeight);
          const buttons = [...el.querySelectorAll("a, button")].map((b) => b.getBoundingClientRect().height);
          return { width: el.getBoundingClientRect().width, titleLines: Math.round(title.getBoundingClientRect().height / lineHeight), tallestButton: Math.max(...buttons) };
        }),
      );
      for (const s of sizes) {
        expect(s.width).toBeGreaterThanOrEqual(280);
        expect(s.titleLines).toBe(1);
        expect(s.tallestButton).toBeLessThanOrEqual(48);
      }
      await context.close();
    });
  }
});

describe("upgrade prompts that fit the person", () => {
  test("a premium client and a practitioner are not offered client plans; a preview client is", async () => {
    for (const [email, offered] of [["client@pollinate.example", false], ["practitioner@pollinate.example", false], ["preview@pollinate.example", true]] as const) {
      const { page, context } = await openPage(suite.browser, { width: 1280, height: 900 });
      await loginAs(context, suite.server, email);
      await page.goto(`${suite.server.url}/`);
      await page.getByTestId("access-card").waitFor();
      expect(await page.getByTestId("access-card").getByRole("button", { name: "Upgrade" }).count(), email).toBe(offered ? 1 : 0);
      if (!offered) expect(await page.getByText("View up to 10 practitioners").count(), email).toBe(0);
      await context.close();
    }
  });

  test("the booking page shows the practitioner's own archetype", async () => {
    const db = openDb(suite.server.dbPath, { readonly: true });
    const { id } = db.query<{ id: string }, []>("select id from practitioners where archetype = 'butterfly' limit 1").get()!;
    db.close();
    const { page, context } = await openPage(suite.browser, PHONE);
    await loginAs(context, suite.server, "client@pollinate.example");
    await page.goto(`${suite.server.url}/book/${id}`);
    // the wizard's side summary names the practitioner's own archetype, never the Bee by default
    const summary = page.getByRole("complementary", { name: "Booking summary" });
    await summary.waitFor();
    const text = await summary.innerText();
    expect(text).toContain("Butterfly");
    expect(text).not.toContain("Bee");
    await context.close();
  });
});

describe("a press before the page is live", () => {
  test("Cancel Session pressed on a phone before the dashboard's island hydrates opens its dialog once it does", async () => {
    const { page, context, problems } = await openPage(suite.browser, PHONE);
    await loginAs(context, suite.server, DEMO_ACCOUNTS.client.email);
    // a slow network: the module that hydrates the islands arrives only when released
    const slow = await holdRequests(page, ["**/assets/hydrate-*.js"]);
    const held = slow.nextHeld();
    await page.goto(`${suite.server.url}/dashboard/client`, { waitUntil: "commit" });
    const cancel = page.getByRole("list", { name: "Upcoming sessions" }).getByRole("button", { name: "Cancel Session" }).first();
    await cancel.waitFor();
    await held;
    await cancel.click();
    const dialog = page.getByRole("dialog", { name: "Cancel this session?" });
    expect(await dialog.isVisible()).toBe(false);
    slow.release();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Keep Session" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
