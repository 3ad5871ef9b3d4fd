/**
 * Browser-test fixtures: the real server on a random port with a temporary database
 * (migrated and seeded with the demo data), and Debian's Chromium driven by playwright-core.
 */
import AxeBuilder from "@axe-core/playwright";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { afterAll, beforeAll } from "bun:test";
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Route } from "playwright-core";
import { openDatabase } from "../../db/client";
import { findUserByEmail } from "../../src/auth/accounts";
import { createSession, sessionCookieName } from "../../src/auth/session";

const ROOT = join(import.meta.dir, "../..");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface TestServer {
  url: string;
  dataDir: string;
  dbPath: string;
  /** Server output so far (for assertions on logged links and for debugging failures). */
  output: () => string;
  stop: () => Promise<void>;
}

/** A port that was free a moment ago (the server binds it right after). */
function freePort(): number {
  const probe = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

/**
 * Starts `bun src/server.ts` in production mode on a free port with a fresh seeded database: a
 * SQLite file in a temporary folder, or the PostgreSQL database of `env.DATABASE_URL` (which the
 * caller makes, and drops after `stop`); with `env.WORKERS` above 1, once every process listens.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "pollinate-e2e-"));
  const dbPath = join(dataDir, "app.db");
  // PAYMENTS_DEMO: the journeys expect 'payments are not set up' unless a test turns a mode on
  const baseEnv = { ...process.env, DATABASE_PATH: dbPath, NODE_ENV: "production", LOG_REQUESTS: "false", PAYMENTS_DEMO: "false", ...env };
  const prepare = Bun.spawnSync([process.execPath, "scripts/prepare.ts"], { cwd: ROOT, env: baseEnv, stderr: "pipe", stdout: "pipe" });
  if (prepare.exitCode !== 0) throw new Error(`prepare failed: ${prepare.stderr.toString()}`);

  // The port is chosen before the start so that APP_URL (links in e-mails, the OAuth callback) is right.
  // Between the probe and the server's bind another socket (any process's outgoing connection) may
  // take that port: then the server exits with EADDRINUSE and is started again on another one.
  for (let attempt = 1; ; attempt++) {
    const port = env.PORT ?? String(freePort());
    const proc = Bun.spawn([process.execPath, "src/server.ts"], {
      cwd: ROOT,
      env: { ...baseEnv, APP_URL: env.APP_URL ?? `http://127.0.0.1:${port}`, PORT: port, HOST: "127.0.0.1" },
      stdout: "pipe",
      stderr: "pipe",
    });
    let output = "";
    const collect = async (stream: ReadableStream<Uint8Array>) => {
      for await (const chunk of stream) output += new TextDecoder().decode(chunk);
    };
    const collected = Promise.all([collect(proc.stdout), collect(proc.stderr)]);

    const deadline = Date.now() + 15_000;
    // WORKERS=N: every process listening (each logs its own line), not only the first
    const listening = Math.max(1, Number(env.WORKERS ?? 1));
    let url = "";
    while (!url) {
      const matches = [...output.matchAll(/listening on http:\/\/[^:]+:(\d+)/g)];
      if (matches.length >= listening) url = `http://127.0.0.1:${matches[0][1]}`;
      else if (proc.exitCode !== null) {
        await collected; // all of its output, to tell a taken port from another failure
        if (!env.PORT && attempt < 3 && /EADDRINUSE/.test(output)) break;
        throw new Error(`server did not start:\n${output}`);
      } else if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      else await Bun.sleep(50);
    }
    if (!url) continue;
    return {
      url,
      dataDir,
      dbPath,
      output: () => output,
      stop: async () => {
        proc.kill("SIGTERM");
        await proc.exited;
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

/**
 * Requests that stay open by design (the conversations' live stream, Server-Sent Events): Chromium's
 * "networkidle" never comes while one is open, so the tests wait for `settled` instead.
 */
export const LONG_LIVED_REQUEST = /\/api\/conversations\/stream(\?|$)/;
const inFlight = new WeakMap<Page, Set<unknown>>();

/** Starts counting a page's requests in flight (openPage does it; `settled` does it for other pages). */
export function trackRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on("request", (request) => {
    if (!LONG_LIVED_REQUEST.test(request.url())) open.add(request);
  });
  page.on("requestfinished", (request) => open.delete(request));
  page.on("requestfailed", (request) => open.delete(request));
}

/**
 * The page is loaded and no request but a long-lived one has been in flight for 500 ms: what
 * `waitForLoadState("networkidle")` means, with the live stream left out.
 */
export async function settled(page: Page, timeoutMs = 30_000): Promise<void> {
  trackRequests(page);
  await page.waitForLoadState("load");
  const open = inFlight.get(page)!;
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`the page did not settle within ${timeoutMs} ms (${open.size} requests still open)`);
}

/** A page that records console errors/warnings and failed requests, for the no-errors checks. */
export async function openPage(browser: Browser, viewport: { width: number; height: number } = DESKTOP) {
  const context: BrowserContext = await browser.newContext({ viewport });
  const page: Page = await context.newPage();
  trackRequests(page);
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  return { context, page, problems };
}

/** Serious or critical axe violations on the page, as readable lines (empty when clean). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // scan the settled page: styles, images and island chunks loaded, transitions finished
  await settled(page);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

/** The JavaScript files a page downloaded. */
export function scriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (req) => {
    if (req.resourceType() === "script") scripts.push(req.url());
  });
  return scripts;
}

/**
 * Signs the browser context in as `email` without the form, through the app's own createSession
 * on the server's database file (the server sees the row at once: SQLite in WAL mode), then sets the cookie.
 */
export async function loginAs(context: BrowserContext, server: TestServer, email: string): Promise<void> {
  const { db, close } = await openDatabase(server.dbPath);
  try {
    const user = await findUserByEmail(db, email);
    if (!user) throw new Error(`loginAs: no user ${email}`);
    const { token } = await createSession(db, user.id, new Date());
    await context.addCookies([{ name: sessionCookieName(false), value: token, url: server.url, httpOnly: true, sameSite: "Lax" }]);
  } finally {
    await close();
  }
}

/**
 * A test file's server and browser: started before its first test, stopped after its last.
 * Read `suite.server` / `suite.browser` inside tests and hooks (they exist once beforeAll ran).
 */
export function useServerAndBrowser(env: Record<string, string> = {}): { server: TestServer; browser: Browser } {
  const suite = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    suite.server = await startServer(env);
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

/**
 * A connection of the test's own to the server's SQLite file: it waits up to 15 s for the server's
 * write lock (its outbox and timed jobs write at any moment) instead of failing with SQLITE_BUSY.
 */
export function openDb(path: string, options?: { readonly?: boolean }): Database {
  const db = new Database(path, options?.readonly ? { readonly: true } : undefined);
  db.exec("PRAGMA busy_timeout = 15000");
  return db;
}

/** Rows of a read-only query on the test server's database (assertions against the data itself). */
export function queryDb<T>(server: TestServer, sql: string, ...params: string[]): T[] {
  const db = openDb(server.dbPath, { readonly: true });
  try {
    return db.query(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** A new page, signed in as `email` through the app's own sessions, or a visitor's when null. */
export async function openSignedIn(suite: { server: TestServer; browser: Browser }, email: string | null, viewport: { width: number; height: number } = DESKTOP) {
  const opened = await openPage(suite.browser, viewport);
  if (email) await loginAs(opened.context, suite.server, email);
  return opened;
}

/**
 * Tabs through the page (forward from the top, then backward from the bottom) and returns each focused
 * element whose middle is hidden under another element, such as the sticky header or a floating
 * button (WCAG 2.4.11 Focus Not Obscured); empty when everything the keyboard reaches stays in sight.
 */
export async function obscuredFocusStops(page: Page, presses = 60): Promise<string[]> {
  const obscured = new Set<string>();
  const check = () =>
    page.evaluate(async () => {
      // the floating buttons make way a frame after the focus scrolled the page (web/assistant-launcher.ts)
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const box = el.getBoundingClientRect();
      const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1);
      const y = Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1);
      const top = document.elementFromPoint(x, y);
      if (!top || el.contains(top) || top.contains(el)) return null;
      const name = (el.getAttribute("aria-label") || el.textContent || el.id).trim().slice(0, 40);
      const cover = top.closest("header, button, a") ?? top;
      return `${el.tagName.toLowerCase()} "${name}" under ${cover.tagName.toLowerCase()} "${(cover.getAttribute("aria-label") || cover.textContent || "").trim().slice(0, 30)}"`;
    });
  for (const [key, start] of [["Tab", 0], ["Shift+Tab", 1]] as const) {
    await page.evaluate((end) => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, end ? document.documentElement.scrollHeight : 0);
    }, start);
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const found = await check();
      if (found) obscured.add(found);
    }
  }
  return [...obscured];
}

/**
 * Whether `locator`'s element is what the page shows at its middle, once scrolled into view: false
 * when something covers it, such as a modal <dialog> over a toast of the page (the top layer).
 */
export async function isOnTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    el.scrollIntoView({ block: "center" });
    const box = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
  });
}

/**
 * The name of what has the keyboard focus, read after two frames (the browser moves the focus off a
 * button disabled meanwhile only when it next renders): "body" when nothing has it, else its
 * aria-label or its text; with `preferId`, its id first when it has one (a field).
 */
export function focusedName(page: Page, { preferId = false }: { preferId?: boolean } = {}): Promise<string> {
  return page.evaluate(async (preferId) => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return "body";
    return ((preferId && el.id) || el.getAttribute("aria-label") || el.textContent || "").trim();
  }, preferId);
}

/**
 * Holds the requests matching `patterns` as a slow network would, until `release()`; `nextHeld()`
 * resolves once the next one is held. `answer` then answers it (by default: the real server).
 */
export async function holdRequests(page: Page, patterns: string[], answer: (route: Route) => Promise<void> = (route) => route.continue()) {
  let release = () => {};
  let held = () => {};
  for (const pattern of patterns) {
    await page.route(pattern, async (route) => {
      const go = new Promise<void>((done) => (release = done));
      held();
      await go;
      await answer(route);
    });
  }
  return {
    nextHeld: () => new Promise<void>((done) => (held = done)),
    release: () => release(),
  };
}
