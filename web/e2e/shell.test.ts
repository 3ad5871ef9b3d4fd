import { describe, expect, test } from "bun:test";

import { PLACEHOLDER_PAGES } from "../pages/placeholder";
import { DESKTOP, obscuredFocusStops, openPage, PHONE, scriptRequests, seriousA11yViolations, useServerAndBrowser, settled } from "./fixtures";

const suite = useServerAndBrowser();

describe("public pages in Chromium", () => {
  test("the landing page renders its sections in order, its featured cards as plain HTML, without console problems", async () => {
    const { page, problems, context } = await openPage(suite.browser, DESKTOP);
    const scripts = scriptRequests(page);
    await page.goto(suite.server.url + "/");
    const sections = await page.locator("main [data-section]").evaluateAll((els) => els.map((e) => e.getAttribute("data-section")));
    expect(sections).toEqual(["hero", "archetypes", "mascots", "how-it-works", "featured", "paths", "cta"]);
    for (const text of ["Find Your Match", "Start as Facilitator", "Four Paths to Wellness", "Apis Therapeuticus", "Trochilus Intuitus", "Papilio Transformus", "Scarabaeus Integrator"]) {
      await page.getByText(text, { exact: false }).first().waitFor();
    }
    await page.getByRole("link", { name: /Join the Alpha program/ }).waitFor();
    // three featured cards from the database, each linking to its profile
    const featured = page.locator('[data-section="featured"] article');
    expect(await featured.count()).toBe(3);
    const href = await featured.first().getByRole("link", { name: "View Profile" }).getAttribute("href");
    expect(href).toMatch(/^\/practitioners\/[0-9a-f-]{36}$/);
    // HTML first: the cards need no script, and the page downloads none (issue 13)
    await settled(page);
    // nothing but Maia's click-to-load launcher (236 bytes, docs/decisions/013-maia.md)
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/\/assets\/assistant-launcher-[\w-]+\.js$/);
    expect(await page.locator("[data-island]").count()).toBe(0);
    expect(problems).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  test("for a visitor, Find Your Match and Start as Facilitator lead to sign-up", async () => {
    const { page, context } = await openPage(suite.browser, DESKTOP);
    await page.goto(suite.server.url + "/");
    expect(await page.locator("[data-section=hero]").getByRole("link", { name: "Find Your Match" }).getAttribute("href")).toBe("/auth/signup");
    expect(await page.getByRole("link", { name: "Start as Facilitator" }).getAttribute("href")).toBe("/auth/signup?role=practitioner");
    await context.close();
  });

  test("the mobile menu opens at 390 px and lists the spec's links", async () => {
    const { page, problems, context } = await openPage(suite.browser, PHONE);
    await page.goto(suite.server.url + "/about");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await menu.waitFor({ state: "visible" });
    const links = await menu.getByRole("link").allInnerTexts();
    expect(links.map((l) => l.trim())).toEqual(["Home", "Find Practitioners", "The Hive", "Community Garden", "Platform Survey", "Sign In", "Start Your Journey"]);
    // the page does not scroll sideways on a phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("nothing the keyboard focuses hides under the sticky header or the 'Chat with Maia' button", async () => {
    // a short window so that Tab and Shift+Tab scroll the page both ways, at a phone's and a desktop's width
    for (const width of [PHONE.width, DESKTOP.width]) {
      const { page, context } = await openPage(suite.browser, { width, height: 700 });
      await page.goto(suite.server.url + "/practitioners");
      expect(await obscuredFocusStops(page)).toEqual([]);
      // going back up into the sticky header keeps the reader's place: the header's own controls
      // are in view wherever the page is scrolled
      await page.evaluate(() => window.scrollTo(0, 600));
      await page.getByRole("banner").getByRole("link", { name: "Pollinate" }).first().focus();
      expect(await page.evaluate(() => window.scrollY)).toBe(600);
      await context.close();
    }
  });

  test("the header search lands on the directory with the text as a query", async () => {
    const { page, context } = await openPage(suite.browser, DESKTOP);
    await page.goto(suite.server.url + "/about");
    await page.getByRole("searchbox", { name: "Search practitioners" }).first().fill("reiki");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/practitioners\?q=reiki$/);
    await context.close();
  });

  test("a placeholder page shows the spec's text and downloads no JavaScript but Maia's launcher", async () => {
    const { page, problems, context } = await openPage(suite.browser, PHONE);
    const scripts = scriptRequests(page);
    await page.goto(suite.server.url + "/quiz");
    await page.getByRole("heading", { level: 1, name: PLACEHOLDER_PAGES["/quiz"].title }).waitFor();
    await page.getByText("We're Working on Something Special").waitFor();
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/");
    expect(await page.getByRole("link", { name: "Explore Practitioners" }).getAttribute("href")).toBe("/hive");
    // only the few-hundred-byte script that loads Maia on a click (docs/decisions/013-maia.md)
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/\/assets\/assistant-launcher-[\w-]+\.js$/);
    expect(problems).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  test("an unknown path shows the 404 page with status 404", async () => {
    const { page, context } = await openPage(suite.browser, DESKTOP);
    const response = await page.goto(suite.server.url + "/this/does/not/exist");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await page.getByText("Did you forget to add the page to the router?").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  test("the Alpha page has the landing sections and two buttons to the survey", async () => {
    const { page, context } = await openPage(suite.browser, PHONE);
    await page.goto(suite.server.url + "/alpha");
    const surveyLinks = page.locator('main a[href="/survey"]');
    expect(await surveyLinks.count()).toBe(2);
    expect(await page.locator("main [data-section]").count()).toBe(7);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const [response] = await Promise.all([page.waitForNavigation(), surveyLinks.first().click()]);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Platform Survey" }).waitFor();
    await page.getByRole("button", { name: "Start the Survey" }).waitFor();
    await context.close();
  });
});
