/**
 * What Lighthouse's phone runs measured, asserted as facts instead of timings (docs/performance.md,
 * "Lighthouse"; decision note 018): islands hydrated at load fetch their chunks only after the
 * load event, first screens do not move when islands arrive, and zod's eval probe no longer trips
 * the CSP.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { loginAs, openPage, PHONE, queryDb, useServerAndBrowser, settled } from "./fixtures";

const suite = useServerAndBrowser();

function firstPractitionerId(): string {
  return queryDb<{ id: string }>(suite.server, "select id from practitioners order by created_at limit 1")[0].id;
}

/** Records layout shifts (not caused by input) and CSP violations from the first byte on. */
async function watch(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: { shifts: string[]; total: number; csp: string[] } = { shifts: [], total: 0, csp: [] };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }>) {
        if (entry.hadRecentInput) continue;
        seen.total += entry.value;
        seen.shifts.push(`${entry.value.toFixed(3)} ${(entry.sources ?? []).map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 60) ?? "?").join(" | ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
    document.addEventListener("securitypolicyviolation", (e) => seen.csp.push(`${e.violatedDirective} ${e.sourceFile}`));
  });
}

async function seen(page: Page): Promise<{ shifts: string[]; total: number; csp: string[] }> {
  await settled(page);
  // islands hydrate after the load event and the wizard fetches its slots: let it all settle
  await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(null), { timeout: 3000 })));
  await settled(page);
  return page.evaluate(() => (window as unknown as { __seen: { shifts: string[]; total: number; csp: string[] } }).__seen);
}

/** Opens `path` on a phone (signed in as `as`, if given), watching it from the first byte, and waits until it settles. */
async function visitWatched(path: string, as: string | null) {
  const { page, context, problems } = await openPage(suite.browser, PHONE);
  if (as) await loginAs(context, suite.server, as);
  await watch(page);
  await page.goto(suite.server.url + path);
  return { page, context, problems, ...(await seen(page)) };
}

const FIRST_SCREENS: Array<{ label: string; path: () => string; as: string }> = [
  { label: "the booking wizard (the duration and a frame for the calendar are server HTML)", path: () => `/book/${firstPractitionerId()}`, as: "client@pollinate.example" },
  { label: "the availability editor (its settings come with the page)", path: () => "/dashboard/practitioner/availability", as: "practitioner@pollinate.example" },
  { label: "the admin dashboard (figures, users and audit log come with the page)", path: () => "/admin/dashboard", as: "admin@pollinate.example" },
];

describe("first screens on a phone do not move when their islands arrive", () => {
  for (const screen of FIRST_SCREENS) {
    test(screen.label, async () => {
      const { context, problems, total, shifts, csp } = await visitWatched(screen.path(), screen.as);
      // Lighthouse's "good" is under 0.1; these measured 0.12–0.23 before
      expect(total, shifts.join("\n")).toBeLessThan(0.01);
      expect(csp).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe("islands hydrated at load", () => {
  test("fetch their chunks after the load event, not with the stylesheet, and hydrate", async () => {
    const { page, context, problems } = await openPage(suite.browser, PHONE);
    await loginAs(context, suite.server, "client@pollinate.example");
    const url = `${suite.server.url}/book/${firstPractitionerId()}`;
    const html = await (await context.request.get(url)).text();
    expect(html).not.toContain("modulepreload");
    expect(html).toMatch(/<script type="module" src="\/assets\/client-[\w-]+\.js" data-preload="[^"]*\/assets\/booking-wizard-/);
    await page.goto(url);
    await page.getByRole("button", { name: "Next" }).and(page.locator(":enabled")).waitFor();
    const order = await page.evaluate(() => {
      const loadAt = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart;
      const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((e) => e.name.endsWith(".js"));
      // the entry and the two small scripts without React (Maia's launcher, the signed-in header's unread badge) come with the page
      return { loadAt, early: scripts.filter((e) => e.startTime < loadAt && !/\/(client|assistant-launcher|unread-badge)-/.test(e.name)).map((e) => e.name) };
    });
    expect(order.loadAt).toBeGreaterThan(0);
    expect(order.early).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("pages whose islands load zod report no CSP violation (zod's eval probe is off)", async () => {
    for (const [path, as] of [["/survey", null], ["/garden", null], ["/admin/survey", "admin@pollinate.example"]] as const) {
      const { page, context, problems, csp } = await visitWatched(path, as);
      expect(await page.evaluate(() => performance.getEntriesByType("resource").some((e) => /\/schemas-[\w-]+\.js$/.test(e.name))), `${path} loads zod`).toBe(true);
      expect(csp, path).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe("the toast list", () => {
  test("loads with the directory's first toast, not before", async () => {
    const { page, context, problems } = await openPage(suite.browser, PHONE);
    await loginAs(context, suite.server, "client@pollinate.example");
    await page.goto(`${suite.server.url}/practitioners`);
    await page.locator('[data-island="PractitionerDirectory"] button[aria-pressed]').first().waitFor();
    await settled(page);
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(null), { timeout: 3000 })));
    await settled(page);
    const toastListLoaded = () => page.evaluate(() => performance.getEntriesByType("resource").some((e) => /\/toast-list-[\w-]+\.js$/.test(e.name)));
    expect(await toastListLoaded()).toBe(false);
    const heart = page.locator('[data-island="PractitionerDirectory"] button[aria-pressed]').first();
    const before = await heart.getAttribute("aria-pressed");
    await heart.click();
    await page.getByTestId("toast").getByText("Favorites updated!").waitFor();
    expect(await toastListLoaded()).toBe(true);
    expect(await heart.getAttribute("aria-pressed")).toBe(before === "true" ? "false" : "true");
    // put it back: other tests read the demo client's favourites
    await heart.click();
    await page.waitForFunction((b) => document.querySelector('[data-island="PractitionerDirectory"] button[aria-pressed]')?.getAttribute("aria-pressed") === b, before);
    expect(problems).toEqual([]);
    await context.close();
  });
});
