/**
 * Smoke journeys on PostgreSQL with two server processes (issue 22, decision 025): the browser
 * suite (web/e2e) runs on SQLite; this file runs the real server in production mode with
 * WORKERS=2 on a fresh PostgreSQL database of its own (`pollinate_e2e_<pid>` on PG_URL, default
 * postgres://pollinate:pollinate@127.0.0.1:5432, a role with CREATEDB; dropped after, also when a
 * test fails; one left by a killed run is dropped by the next), and drives Chromium through the
 * demo accounts at 390 and 1280 px: signing in through the form, searching the directory for
 * 'grief' and filtering it, booking through the wizard and the practitioner's confirmation, a
 * review after a completed session; then that both processes answered, and that a profile edit
 * written through one is seen through the other. Each page ends without console errors, axe-clean.
 */
import { SQL } from "bun";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page, Response } from "playwright-core";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../src/demo/demo-data";
import { DESKTOP, launchBrowser, openPage, PHONE, seriousA11yViolations, startServer, type TestServer } from "../e2e/fixtures";

const PG_URL = (process.env.PG_URL ?? "postgres://pollinate:pollinate@127.0.0.1:5432").replace(/\/$/, "");
const PREFIX = "pollinate_e2e_";
const DATABASE = `${PREFIX}${process.pid}`;
const DATABASE_URL = `${PG_URL}/${DATABASE}`;

const CLIENT = DEMO_ACCOUNTS.client.email;
const PRACTITIONER = DEMO_ACCOUNTS.practitioner.email;
const VIEWPORTS = [PHONE, DESKTOP] as const;

let admin: SQL;
let data: SQL;
let server: TestServer;
let browser: Browser;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** DROP DATABASE … WITH (FORCE), tried again while a connection of the stopped server is still closing. */
async function dropDatabase(name: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      return;
    } catch (error) {
      if (attempt >= 20) throw error;
      await Bun.sleep(50 * attempt);
    }
  }
}

beforeAll(async () => {
  admin = new SQL({ url: `${PG_URL}/postgres`, max: 1 });
  // databases left by runs that were killed before their afterAll
  const stale = (await admin.unsafe(`SELECT datname FROM pg_database WHERE starts_with(datname, '${PREFIX}')`)) as { datname: string }[];
  for (const { datname } of stale) {
    const pid = Number(datname.slice(PREFIX.length));
    if (Number.isInteger(pid) && pid !== process.pid && !processAlive(pid)) await dropDatabase(datname);
  }
  await dropDatabase(DATABASE);
  await admin.unsafe(`CREATE DATABASE "${DATABASE}"`);
  // scripts/prepare.ts migrates and loads the demo data; the supervisor starts the two workers
  server = await startServer({ DATABASE_URL, WORKERS: "2", LOG_REQUESTS: "true", AUTH_RATE_LIMIT: "100" });
  data = new SQL({ url: DATABASE_URL, max: 2 });
  browser = await launchBrowser();
});

afterAll(async () => {
  try {
    await browser?.close();
    await data?.close();
    await server?.stop();
  } finally {
    await dropDatabase(DATABASE);
    await admin.close();
  }
});

/** The workers' pids, from their start lines ("worker 1 of 2 (pid 1234)"). */
function workerPids(): number[] {
  return [...server.output().matchAll(/worker \d+ of \d+ \(pid (\d+)\)/g)].map((m) => Number(m[1]));
}

/** The pid of the process that answered `response`: its request log line carries the answer's X-Request-Id. */
async function answeredBy(response: Response | null): Promise<number> {
  const id = response?.headers()["x-request-id"];
  if (!id) throw new Error(`no X-Request-Id on ${response?.url()}`);
  const deadline = Date.now() + 5_000;
  for (;;) {
    const match = server.output().match(new RegExp(` ${id} pid (\\d+)\\n`));
    if (match) return Number(match[1]);
    if (Date.now() > deadline) throw new Error(`no request log line for ${id}`);
    await Bun.sleep(25);
  }
}

async function noOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

async function hydrated(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-island]:not([data-hydrate="interaction"])')].every((el) => Object.keys(el).some((k) => k.startsWith("__reactContainer"))),
  );
}

/** A new browser context (its own connections, so any process may answer) signed in through the form. */
async function signedIn(email: string, viewport: { width: number; height: number }, options: { axe?: boolean } = {}) {
  const opened = await openPage(browser, viewport);
  const { page } = opened;
  await page.goto(`${server.url}/auth/signin`);
  await page.locator('form[data-hydrated="true"]').waitFor();
  if (options.axe) expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await Promise.all([page.waitForURL(`${server.url}/`), page.getByRole("button", { name: "Sign In" }).click()]);
  await page.getByTestId("user-menu").waitFor();
  return opened;
}

/** "yyyy-MM-dd" of a Wednesday `weeks` weeks after the first one at least 3 days ahead. */
function aWednesday(weeks: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 3);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  d.setUTCDate(d.getUTCDate() + 7 * weeks);
  return d.toISOString().slice(0, 10);
}

async function pickDate(page: Page, date: string) {
  const day = page.locator(`[data-day="${date}"] button`);
  await page.locator("[data-day] button").first().waitFor();
  for (let i = 0; i < 4 && !(await day.isVisible()); i++) await page.getByRole("button", { name: "Go to the Next Month" }).first().click();
  await day.click();
}

describe("on PostgreSQL with two processes", () => {
  test("(a) the demo client signs in through the form and sees their menu", async () => {
    for (const viewport of VIEWPORTS) {
      const { page, problems, context } = await signedIn(CLIENT, viewport, { axe: true });
      await page.getByRole("heading", { name: /Welcome back, Clara/ }).waitFor();
      await noOverflow(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  test("(b) the premium client searches the directory for 'grief' and filters the results", async () => {
    for (const viewport of VIEWPORTS) {
      const { page, problems, context } = await signedIn(CLIENT, viewport);
      await page.goto(`${server.url}/practitioners`);
      await hydrated(page);
      await page.getByText(/Showing 1–12 of \d+ practitioners/).waitFor();
      const answered = page.waitForResponse((r) => r.url().includes("/api/practitioners/all") && new URL(r.url()).searchParams.get("q") === "grief");
      await page.getByRole("searchbox", { name: "Search", exact: true }).fill("grief");
      await page.waitForURL(/\/practitioners\?q=grief$/);
      await answered;
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && document.querySelectorAll('[data-island="PractitionerDirectory"] article').length > 0);
      const all = await page.locator('[data-island="PractitionerDirectory"] article').count();
      expect(all).toBeGreaterThan(0);

      // the archetype of the first match as a filter: every card left has it
      const archetype = (await page.locator('[data-island="PractitionerDirectory"] article').first().innerText()).match(/\b(Bee|Beetle|Butterfly|Hummingbird)\b/)![1];
      // on a phone the filters sit behind the "Filters" disclosure (open from 768 px)
      const disclosure = page.getByTestId("filters-disclosure").locator("summary");
      if (await disclosure.isVisible()) await disclosure.click();
      await page.getByRole("combobox", { name: "Archetype" }).selectOption(archetype.toLowerCase());
      await page.waitForURL((url) => url.searchParams.get("q") === "grief" && url.searchParams.get("archetype") === archetype.toLowerCase());
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && document.querySelectorAll('[data-island="PractitionerDirectory"] article').length > 0);
      const cards = page.locator('[data-island="PractitionerDirectory"] article');
      const filtered = await cards.count();
      expect(filtered).toBeLessThanOrEqual(all);
      expect(await cards.getByText(archetype, { exact: true }).count()).toBe(filtered);
      await noOverflow(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  test("(c) the client books a session with Sage through the wizard; Sage confirms it", async () => {
    const [sage] = (await data`SELECT p.id FROM practitioners p JOIN users u ON u.id = p.user_id WHERE u.email = ${PRACTITIONER}`) as { id: string }[];
    for (const [n, viewport] of VIEWPORTS.entries()) {
      const client = await signedIn(CLIENT, viewport);
      const { page } = client;
      await page.goto(`${server.url}/practitioners/${sage.id}`);
      await page.getByRole("link", { name: /Book Session|Schedule Session/ }).first().click();
      await page.waitForURL(`${server.url}/book/${sage.id}`);
      await hydrated(page);
      await page.getByRole("list", { name: "Booking steps" }).waitFor();
      // weeks apart from the demo data's sessions and from each other
      await pickDate(page, aWednesday(3 + n));
      const slot = page.getByRole("list", { name: "Time slots" }).getByRole("button").and(page.locator(":enabled")).first();
      await slot.waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await slot.click();
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("heading", { name: "Session details" }).waitFor();
      await page.getByLabel("Session Notes (Optional)").fill(`Smoke journey at ${viewport.width} px`);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByText("You'll receive a confirmation email with session details and payment instructions.").waitFor();
      await noOverflow(page);
      await page.getByRole("button", { name: "Confirm & Book" }).click();
      await page.waitForURL(`${server.url}/dashboard/client`);
      await page.getByTestId("toast").getByText("Session booked!").waitFor();
      expect(client.problems).toEqual([]);
      await client.context.close();

      const [booking] = (await data`SELECT id, status FROM sessions_booking WHERE practitioner_id = ${sage.id} AND notes = ${`Smoke journey at ${viewport.width} px`}`) as { id: string; status: string }[];
      expect(booking.status).not.toBe("confirmed");

      const pract = await signedIn(PRACTITIONER, viewport);
      await pract.page.goto(`${server.url}/dashboard/practitioner`);
      await hydrated(pract.page);
      const row = pract.page
        .getByRole("list", { name: "Booking management" })
        .locator(":scope > li")
        .filter({ hasText: "Clara" })
        .filter({ has: pract.page.getByRole("button", { name: "Confirm" }) });
      expect(await seriousA11yViolations(pract.page)).toEqual([]);
      // the demo data may hold other sessions of Clara's waiting: confirm each until ours is
      for (let i = 0; i < 10; i++) {
        const [{ status }] = (await data`SELECT status FROM sessions_booking WHERE id = ${booking.id}`) as { status: string }[];
        if (status === "confirmed") break;
        await row.first().getByRole("button", { name: "Confirm" }).click();
        await pract.page.getByTestId("toast").getByText("Session confirmed").last().waitFor();
        await pract.page.reload();
        await hydrated(pract.page);
      }
      const [{ status }] = (await data`SELECT status FROM sessions_booking WHERE id = ${booking.id}`) as { status: string }[];
      expect(status).toBe("confirmed");
      await noOverflow(pract.page);
      expect(pract.problems).toEqual([]);
      await pract.context.close();
    }
  });

  test("(d) the client reviews a completed session on the practitioner's page", async () => {
    const done = (await data`
      SELECT DISTINCT ON (b.practitioner_id) b.practitioner_id AS "practitionerId"
        FROM sessions_booking b JOIN users u ON u.id = b.client_id LEFT JOIN reviews r ON r.session_id = b.id
       WHERE u.email = ${CLIENT} AND b.status = 'completed' AND r.id IS NULL
       ORDER BY b.practitioner_id, b.scheduled_datetime DESC LIMIT 2`) as { practitionerId: string }[];
    expect(done.length).toBe(2);
    for (const [n, viewport] of VIEWPORTS.entries()) {
      const { practitionerId } = done[n];
      const { page, problems, context } = await signedIn(CLIENT, viewport);
      await page.goto(`${server.url}/practitioners/${practitionerId}?tab=reviews`);
      const before = Number((await page.getByRole("tab", { name: /^Reviews/ }).innerText()).match(/\d+/)![0]);
      const text = `Calm and kind, reviewed at ${viewport.width} px.`;
      // the tabs hydrate on first use (the first click is replayed): the text is typed once they have
      const fiveStars = page.locator("label").filter({ has: page.getByRole("radio", { name: "5 stars" }) });
      await fiveStars.click();
      await page.waitForFunction(() => Object.keys(document.querySelector('[data-island="PractitionerProfileTabs"]') ?? {}).some((k) => k.startsWith("__reactContainer")));
      if (!(await page.getByRole("radio", { name: "5 stars" }).isChecked())) await fiveStars.click();
      await page.getByLabel("Your review", { exact: true }).fill(text);
      await page.getByRole("button", { name: "Submit Review" }).click();
      await page.getByText("Thank you! Your review is published.").waitFor();
      await page.getByRole("tab", { name: `Reviews (${before + 1})` }).waitFor();
      await page.getByRole("list", { name: "Reviews" }).getByRole("listitem").first().getByText(text).waitFor();
      const [{ count }] = (await data`SELECT count(*)::int AS count FROM reviews WHERE comment = ${text}`) as { count: number }[];
      expect(count).toBe(1);
      await noOverflow(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  test("(e) a profile edit written through one process is found through the other; both processes answered the journeys", async () => {
    const editor = await signedIn(PRACTITIONER, DESKTOP);
    await editor.page.goto(`${server.url}/dashboard/practitioner/profile`);
    await hydrated(editor.page);
    const word = `quillmoss${process.pid}`;
    await editor.page.getByLabel("Bio", { exact: true }).fill(`I lead ${word} walks in the hills: slow, grounding and open to first-time seekers.`);
    const [saved] = await Promise.all([
      editor.page.waitForResponse((r) => r.url().includes("/api/practitioners") && r.request().method() !== "GET"),
      editor.page.getByRole("button", { name: "Save Changes" }).click(),
    ]);
    expect(saved.ok()).toBe(true);
    await editor.page.getByText("Your profile is saved.").waitFor();
    const writer = await answeredBy(saved);
    expect(editor.problems).toEqual([]);
    await editor.context.close();

    // a new context is a new connection: the kernel hands it to either process; search until the other answers
    const readers = new Set<number>();
    for (let attempt = 0; attempt < 30 && !(readers.has(writer) && readers.size === 2); attempt++) {
      const reader = await signedIn(CLIENT, attempt % 2 ? DESKTOP : PHONE);
      const response = await reader.page.goto(`${server.url}/practitioners?q=${word}`);
      readers.add(await answeredBy(response));
      expect(await reader.page.locator('[data-island="PractitionerDirectory"] article').count()).toBe(1);
      expect(reader.problems).toEqual([]);
      await reader.context.close();
    }
    expect([...readers].sort()).toEqual(workerPids().sort());

    // every worker answered requests of the journeys
    const pids = workerPids();
    expect(pids.length).toBe(2);
    for (const pid of pids) expect(server.output().split("\n").filter((line) => line.endsWith(` pid ${pid}`)).length).toBeGreaterThan(10);
  });
});
