/**
 * Issue 27's finish: the floating buttons ('Chat with Maia', the Garden's 'Ask the Garden Guide')
 * never cover a control, nor each other, nor a toast, at 390 px where they did. Each check scrolls
 * the control into view, lets the buttons settle, and compares element boxes: a floating button
 * that is shown must not overlap the control (web/assistant-launcher.ts: keepClear).
 */
import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { openSignedIn, PHONE, useServerAndBrowser } from "./fixtures";

const suite = useServerAndBrowser();
const CLIENT = "client@pollinate.example";

type Box = { x: number; y: number; width: number; height: number };

/** The shown floating buttons' boxes (a hidden one covers nothing), after they settle. */
async function floatingBoxes(page: Page): Promise<{ name: string; box: Box }[]> {
  return page.evaluate(async () => {
    // two frames for the placement, then the transition's length
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    await new Promise((done) => setTimeout(done, 250));
    const buttons = [...document.querySelectorAll<HTMLElement>("[data-assistant-launcher], [data-floating]")];
    return buttons
      .filter((b) => {
        const style = getComputedStyle(b);
        return style.visibility !== "hidden" && style.display !== "none" && Number(style.opacity) > 0.01;
      })
      .map((b) => {
        const r = b.getBoundingClientRect();
        return { name: (b.textContent ?? "").trim(), box: { x: r.x, y: r.y, width: r.width, height: r.height } };
      });
  });
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * What the floating buttons cover of `controls`: each control is scrolled to where the buttons
 * sit (its middle 30 to 120 px above the bottom of the screen; scrollIntoView would keep it clear
 * through the page's scroll-margin), then the shown buttons' boxes are compared with its box.
 */
async function covered(page: Page, controls: Locator, label: string): Promise<string[]> {
  const found: string[] = [];
  const count = await controls.count();
  expect(count, label).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    for (const fromBottom of [30, 45, 60, 100, 120]) {
      const placed = await control.evaluate((el, fromBottom) => {
        const r = el.getBoundingClientRect();
        const top = r.top + window.scrollY + r.height / 2 - (window.innerHeight - fromBottom);
        window.scrollTo(0, top);
        return Math.abs(window.scrollY - top) < 2;
      }, fromBottom);
      if (!placed) continue; // the page cannot scroll that far
      const box = await control.boundingBox();
      if (box === null) continue; // not shown
      for (const f of await floatingBoxes(page)) {
        if (overlaps(f.box, box)) found.push(`${label} ${i} (${fromBottom} px from the bottom) under '${f.name}'`);
      }
    }
  }
  return found;
}

describe("the floating buttons at 390 px", () => {
  test("'Chat with Maia' does not cover 'Book Session' on the first result, nor 'Clear filters'", async () => {
    const { page, context } = await openSignedIn(suite, CLIENT, PHONE);
    await page.goto(suite.server.url + "/practitioners");
    await page.waitForLoadState("networkidle");
    // as the page opens: the first card's 'Book Session' is on the first screen
    const book = page.locator("article").first().getByRole("link", { name: /^Book Session/ });
    const atOpen = (await book.boundingBox())!;
    for (const f of await floatingBoxes(page)) expect(overlaps(f.box, atOpen), `'${f.name}' over 'Book Session' as the page opens`).toBe(false);
    expect(await covered(page, book, "Book Session")).toEqual([]);

    await page.goto(suite.server.url + "/practitioners?q=zzzyqqx");
    await page.waitForLoadState("networkidle");
    expect(await covered(page, page.getByRole("button", { name: "Clear filters" }).filter({ visible: true }), "Clear filters")).toEqual([]);
    await context.close();
  });

  test("'Chat with Maia' does not cover the booking calendar's dates", async () => {
    const { page, context } = await openSignedIn(suite, CLIENT, PHONE);
    await page.goto(suite.server.url + "/practitioners");
    const href = await page.locator("article").first().getByRole("link", { name: /^Book Session/ }).getAttribute("href");
    await page.goto(suite.server.url + href!);
    await page.locator("[data-day] button").first().waitFor();
    const atOpen = await page.locator("[data-day] button").evaluateAll((days) => days.map((d) => d.getBoundingClientRect().toJSON() as Box));
    for (const f of await floatingBoxes(page)) expect(atOpen.filter((d) => overlaps(f.box, d)), `'${f.name}' over dates as the page opens`).toEqual([]);
    expect(await covered(page, page.locator("[data-day] button"), "date")).toEqual([]);
    await context.close();
  });

  test("on the Garden the two floating buttons and a toast do not stack on each other", async () => {
    const { page, context } = await openSignedIn(suite, CLIENT, PHONE);
    await page.goto(suite.server.url + "/garden");
    await page.waitForFunction(() => {
      const el = document.querySelector(`[data-island="GardenBrowser"]`);
      return !!el && Object.keys(el).some((k) => k.startsWith("__reactContainer"));
    });
    const check = async (when: string) => {
      const boxes = await floatingBoxes(page);
      const toast = page.getByTestId("garden-status");
      const all = (await toast.count()) && (await toast.isVisible()) ? [...boxes, { name: "toast", box: (await toast.boundingBox())! }] : boxes;
      for (let i = 0; i < all.length; i++) {
        for (let j = i + 1; j < all.length; j++) expect(overlaps(all[i]!.box, all[j]!.box), `${when}: '${all[i]!.name}' and '${all[j]!.name}'`).toBe(false);
      }
      return all.length;
    };
    await page.getByRole("button", { name: "Ask the Garden Guide" }).waitFor({ state: "attached" });
    await check("as the page opens");
    await page.evaluate(() => Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.resolve() } }));
    // the first approved piece's (the client's own pending piece cannot be shared yet)
    await page.locator('[data-testid="garden-grid"] article button[aria-label^="Copy a link"]:not([disabled])').first().click();
    await page.getByTestId("garden-status").waitFor();
    expect(await check("with a toast")).toBeGreaterThanOrEqual(2);
    // and the controls of the Garden's filters and cards stay uncovered
    expect(await covered(page, page.getByLabel("Content type").filter({ visible: true }), "Content type")).toEqual([]);
    expect(await covered(page, page.getByTestId("garden-grid").locator("article").first().getByRole("button"), "card button")).toEqual([]);
    await context.close();
  });
});
