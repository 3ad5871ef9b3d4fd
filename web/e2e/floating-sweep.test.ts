/**
 * Issue 27's finish, swept: the floating buttons ('Chat with Maia' on every page, 'Ask the Garden
 * Guide' on /garden) and their open chat panels never cover a control of the page, on every page a
 * visitor, a client, a practitioner and an admin reach, at 320, 390, 768, 1024 and 1920 px.
 *
 * How: one browser and one page per user (signed in once; the four users side by side), each page
 * loaded once and swept at each width (320 × 568, 390 × 844, 768 × 1024, 1024 × 768, 1920 × 1080)
 * in two or three states: the floating buttons closed, Maia's chat open (opened by its button, closed
 * with the mouse), and on /garden the Garden Guide open; at 390 and 1024 px also Maia minimised. A sweep is one `page.evaluate`: it scrolls through
 * the page (the top, every half screen, the bottom) and, at each stop, asks
 * `document.elementFromPoint` at five points inside every visible, enabled control (a, button,
 * input, select, textarea, summary, [role=button], [tabindex]) that is not part of the floating UI
 * itself whether the control (or what it holds) is on top. Covers by anything else (the sticky
 * header as the page scrolls under it) are not this file's business; covers by the floating UI are.
 * The page runs with reduced motion, so that a button stepping aside is measured where it ends, not
 * halfway through its 150 ms fade.
 *
 * The rule, for what a person expects:
 * - Closed: a floating button never covers a control, at any scroll position (it rises clear or
 *   steps aside: web/assistant-launcher.ts).
 * - Open: the chat panel is something the person asked for and dismisses (Escape, close, minimise),
 *   so it may lie over the page while open, but nothing it covers may be lost:
 *   (a) on a phone (below 640 px, where the panel spans the width) the expanded panel is a modal
 *       sheet: the page behind it is inert (no pointer, no keyboard), so nothing there is reached
 *       while hidden; the other floating button stays reachable;
 *   (b) on wider screens the panel is a card at the side and the page stays usable beside it: every
 *       control it covers must come clear of it when scrolled into view (what the keyboard's focus
 *       does), so the page keeps room at its foot and a scroll margin the height of the card; a
 *       control taller than the room above the card (a scrolling table) where it shows above it.
 * Decision 034 (docs/decisions/034-floating-panels.md) says why.
 * Each cover is reported as user · page · width · state · control, and any fails the test.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { MAIA } from "../../core/assistant";
import { GARDEN_ASSISTANT } from "../../core/garden-assistant";
import { openSignedIn, settled, useServerAndBrowser } from "./fixtures";

const SIMPLE_ADMIN_PASSWORD = "e2e-simple-password";
const suite = useServerAndBrowser({ SIMPLE_ADMIN_PASSWORD });

const WIDTHS = [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
] as const;

type State = "closed" | "Maia open" | "Garden Guide open";
/** Widths where Maia's minimised bar is swept too (a phone's and a laptop's: the bar's two shapes). */
const MINIMISED_AT: number[] = [390, 1024];

/**
 * The sweep of one page at one width in one state, run in the page: the covers found, each as
 * "control … under '…'". `open`: whether a chat panel is open (then rules (a) and (b) apply).
 */
async function sweepInPage({ open }: { open: boolean }): Promise<string[]> {
  const FLOATING = "[data-floating],[data-testid=maia-panel],[data-testid=garden-assistant-panel]";
  const CONTROLS = "a[href],button,input:not([type=hidden]),select,textarea,summary,[role=button],[tabindex]:not([tabindex='-1'])";
  const POINTS = [[0.5, 0.5], [0.2, 0.25], [0.8, 0.25], [0.2, 0.75], [0.8, 0.75]] as const;
  const frames = async (n: number) => {
    for (let i = 0; i < n; i++) await new Promise((done) => requestAnimationFrame(done));
  };
  const text = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
  const nameOf = (el: HTMLElement) =>
    `${el.tagName.toLowerCase()} "${text(el.getAttribute("aria-label") || el.innerText || el.getAttribute("placeholder") || el.getAttribute("name") || el.id)}"`;
  const floatingName = (el: Element) => {
    const f = el.closest(FLOATING)!;
    return f.getAttribute("data-testid") ?? text(f.textContent);
  };
  /** The floating element over `el` at one of its points inside the screen, or null. */
  const coveredBy = (el: HTMLElement): string | null => {
    const r = el.getBoundingClientRect();
    for (const [fx, fy] of POINTS) {
      const x = r.left + fx * r.width;
      const y = r.top + fy * r.height;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (top && !el.contains(top) && top.closest(FLOATING)) return floatingName(top);
    }
    return null;
  };
  const found = new Map<string, string>();
  const underPanel = new Set<HTMLElement>();
  const maxY = Math.max(0, document.documentElement.scrollHeight - innerHeight);
  const stops: number[] = [];
  for (let y = 0; y < maxY; y += Math.max(100, Math.round(innerHeight * 0.5))) stops.push(y);
  stops.push(maxY);
  for (const y of stops) {
    scrollTo(0, y);
    // the scroll's event, then the floating buttons' placement (in the same frame or the next)
    await frames(2);
    for (const el of document.querySelectorAll<HTMLElement>(CONTROLS)) {
      if (el.closest(FLOATING)) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1 || r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) continue;
      if ((el as HTMLButtonElement).disabled || el.getAttribute("aria-disabled") === "true") continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const by = coveredBy(el);
      if (!by) continue;
      if (open) {
        // (a): behind a modal sheet nothing is reached; (b) is checked below
        if (!el.closest("[inert]")) underPanel.add(el);
      } else found.set(nameOf(el), `${nameOf(el)} under '${by}' (scrolled to ${Math.round(y)})`);
    }
  }
  // (b): scrolled into view as the keyboard's focus would, each comes clear of the open panel; one
  // taller than the room above the panel, at least where it shows above it
  const panelTop = Math.min(...[...document.querySelectorAll("[data-testid$='-panel']")].map((p) => p.getBoundingClientRect().top));
  const clearOf = (el: HTMLElement): string | null => {
    const by = coveredBy(el);
    const r = el.getBoundingClientRect();
    if (!by || r.height <= panelTop - 80) return by;
    const y = Math.max(r.top, 80) + 4;
    const top = y < panelTop ? document.elementFromPoint(r.left + r.width / 2, y) : null;
    return top && el.contains(top) ? null : by;
  };
  for (const el of underPanel) {
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
    // the panel is fixed: only a floating button (placed a frame later) can move
    if (!clearOf(el)) continue;
    await frames(2);
    const by = clearOf(el);
    if (by) found.set(nameOf(el), `${nameOf(el)} under '${by}', even scrolled into view`);
  }
  scrollTo(0, 0);
  return [...found.values()];
}

/** Waits until the page's islands that hydrate on their own are live (the on-demand ones wait for a click). */
async function hydrated(page: Page): Promise<void> {
  await settled(page);
  // below-the-fold islands hydrate when they come near: pass over the page once
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
      scrollTo(0, y);
      await new Promise((done) => requestAnimationFrame(done));
    }
    scrollTo(0, 0);
  });
  await page
    .waitForFunction(
      () => [...document.querySelectorAll('[data-island]:not([data-hydrate="interaction"])')].every((el) => Object.keys(el).some((k) => k.startsWith("__reactContainer"))),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined); // a page whose island does not hydrate is other tests' business; sweep what shows
  await settled(page);
}

/** Opens a floating chat by its button (clicked in the page: the button may have stepped aside here) and waits for its panel. */
async function openChat(page: Page, state: Exclude<State, "closed">): Promise<void> {
  const [button, panel] = state === "Maia open" ? ["[data-assistant-launcher]", "maia-panel"] : ["button[data-floating]:not([data-assistant-launcher])", "garden-assistant-panel"];
  await page.evaluate((selector) => {
    scrollTo(0, 0);
    document.querySelector<HTMLElement>(selector)!.click();
  }, button);
  await page.getByTestId(panel).waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid$="-panel"] [data-testid="typing-indicator"]'));
}

/** Closes it with the mouse, as most do (then its button, focused again, still steps aside when it would cover). */
async function closeChat(page: Page, state: Exclude<State, "closed">): Promise<void> {
  const name = state === "Maia open" ? MAIA.name : GARDEN_ASSISTANT.name;
  await page.getByRole("button", { name: `Close chat with ${name}` }).click();
  await page.getByTestId(state === "Maia open" ? "maia-panel" : "garden-assistant-panel").waitFor({ state: "detached" });
}

/** Every cover on `path` for `who`, at every width and state, as readable lines. */
async function sweepPage(page: Page, who: string, path: string): Promise<string[]> {
  const covers: string[] = [];
  await page.goto(suite.server.url + path);
  await hydrated(page);
  const states: State[] = ["closed", "Maia open"];
  if (await page.locator("button[data-floating]:not([data-assistant-launcher])").count()) states.push("Garden Guide open");
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    for (const state of states) {
      if (state !== "closed") await openChat(page, state);
      const found = await page.evaluate(sweepInPage, { open: state !== "closed" });
      covers.push(...found.map((c) => `${who} · ${path} · ${viewport.width} px · ${state}: ${c}`));
      if (state === "Maia open" && MINIMISED_AT.includes(viewport.width)) {
        // the minimised bar: a strip across a phone's foot, a bar under the card's place on wider screens
        await page.getByRole("button", { name: `Minimise chat with ${MAIA.name}` }).click();
        await page.locator('[data-testid="maia-panel"] [data-minimised]').waitFor();
        const underBar = await page.evaluate(sweepInPage, { open: true });
        covers.push(...underBar.map((c) => `${who} · ${path} · ${viewport.width} px · Maia minimised: ${c}`));
      }
      if (state !== "closed") await closeChat(page, state);
    }
  }
  return covers;
}

/** The href of the first link matching `selector` on `path` (ids of the demo data, read as a user finds them). */
async function firstHref(page: Page, path: string, selector: string): Promise<string> {
  await page.goto(suite.server.url + path);
  const link = page.locator(selector).first();
  await link.waitFor({ state: "attached" });
  const url = new URL((await link.getAttribute("href"))!, suite.server.url);
  return url.pathname + url.search;
}

/** A conversation's page, reached from the first session's 'Message' (it opens the thread, or starts it). */
async function threadOf(page: Page, dashboard: string): Promise<string> {
  await page.goto(suite.server.url + (await firstHref(page, dashboard, 'main a[href^="/messages/new?booking="]')));
  await settled(page);
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** The pages one user sweeps, found as that user finds them (ids of the demo data). */
type User = { who: string; email: string | null; setup?: (page: Page) => Promise<void>; pages: (page: Page) => Promise<string[]> };

const PROFILE_LINK = 'main a[href^="/practitioners/"]:not([href*="?"])';

const USERS: User[] = [
  {
    who: "visitor",
    email: null,
    pages: async (page) => [
      "/",
      "/alpha",
      // /quiz, /resources, /contact and /privacy are the same PlaceholderPage as /about and /terms
      "/about",
      "/terms",
      "/practitioners",
      "/practitioners?q=zzzyqqx",
      "/hive",
      await firstHref(page, "/practitioners", PROFILE_LINK),
      "/garden",
      "/auth/signin",
      "/auth/signup",
      "/auth/forgot-password",
      "/auth/reset-password?token=nope",
      "/survey",
      "/simple-admin/login",
      "/no-such-page",
    ],
  },
  {
    who: "client",
    email: "client@pollinate.example",
    pages: async (page) => {
      const profile = await firstHref(page, "/practitioners", PROFILE_LINK);
      return [
        "/",
        "/dashboard/client/sessions",
        "/dashboard/client/favorites",
        "/dashboard/client/messages",
        await threadOf(page, "/dashboard/client"),
        `/messages/new?practitioner=${profile.split("/").pop()}`,
        "/practitioners",
        profile,
        await firstHref(page, "/practitioners", 'main a[href^="/book/"]'),
        "/hive",
        "/garden",
        "/garden/wallet",
        "/billing",
        "/survey",
      ];
    },
  },
  {
    who: "practitioner",
    email: "practitioner@pollinate.example",
    pages: async (page) => [
      "/",
      "/dashboard/practitioner/sessions",
      "/dashboard/practitioner/availability",
      "/dashboard/practitioner/profile",
      "/dashboard/practitioner/messages",
      await threadOf(page, "/dashboard/practitioner/sessions"),
      "/garden",
      "/billing",
    ],
  },
  {
    who: "admin",
    email: "admin@pollinate.example",
    // the simple admin panel has its own password
    setup: async (page) => {
      await page.goto(suite.server.url + "/simple-admin/login");
      await page.locator("[data-hydrated=true]").waitFor();
      await page.getByLabel("Password").fill(SIMPLE_ADMIN_PASSWORD);
      await Promise.all([page.waitForURL(/\/simple-admin\/panel$/), page.getByRole("button", { name: "Access Admin Panel" }).click()]);
    },
    pages: async () => ["/", "/admin/dashboard", "/admin/survey", "/admin/garden", "/garden", "/simple-admin/panel"],
  },
];

/**
 * Every cover on one user's pages, in its own context (signed in once) and tab. The four users run
 * side by side: most of a sweep waits for frames. (Two tabs of one context starved each other's
 * frames under load, so one tab each.) SWEEP_TIMES=1 prints each page's time.
 */
async function sweepUser(user: User): Promise<string[]> {
  const { page, context } = await openSignedIn(suite, user.email, WIDTHS[4]);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await user.setup?.(page);
  const covers: string[] = [];
  for (const path of await user.pages(page)) {
    const started = Date.now();
    covers.push(...(await sweepPage(page, user.who, path)));
    if (process.env.SWEEP_TIMES) console.log(`${user.who} ${path}: ${Date.now() - started} ms`);
  }
  await context.close();
  return covers;
}

describe("the floating buttons and panels", () => {
  test("cover no control on any page of a visitor, a client, a practitioner and an admin, at 320 to 1920 px, closed and open", async () => {
    const covers = (await Promise.all(USERS.map(sweepUser))).flat();
    if (covers.length) console.log(`${covers.length} covers:\n${covers.join("\n")}`);
    expect(covers).toEqual([]);
  }, 600_000);
});
