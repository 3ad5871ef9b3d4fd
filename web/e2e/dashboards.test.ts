/**
 * The client and practitioner dashboards in Chromium with the demo data: sessions, history,
 * favourites, the practitioner's bookings and profile links; axe, console and fit at 390 px.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import type { Page } from "playwright-core";
import { DEMO_ACCOUNTS } from "../../src/demo/demo-data";
import { DESKTOP, loginAs, openPage, PHONE, seriousA11yViolations, useServerAndBrowser } from "./fixtures";

const CLIENT = DEMO_ACCOUNTS.client.email;
const PRACTITIONER = DEMO_ACCOUNTS.practitioner.email;

/** The demo client's saved practitioners, newest first, as the demo data holds them. */
let favoriteIds: string[];
let demoPractitionerId: string;

const suite = useServerAndBrowser();

beforeAll(async () => {
  const db = new Database(suite.server.dbPath);
  try {
    const user = (email: string) => db.query<{ id: string }, [string]>("select id from users where email = ?").get(email)!.id;
    demoPractitionerId = db.query<{ id: string }, [string]>("select id from practitioners where user_id = ?").get(user(PRACTITIONER))!.id;
    favoriteIds = db
      .query<{ practitioner_id: string }, [string]>("select practitioner_id from favorite_practitioners where user_id = ? order by created_at desc, id desc")
      .all(user(CLIENT))
      .map((r) => r.practitioner_id);
  } finally {
    db.close();
  }
});

function query<T>(sql: string, ...params: Array<string | number>): T[] {
  const db = new Database(suite.server.dbPath, { readonly: true });
  try {
    return db.query(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

async function signedInPage(email: string, viewport: { width: number; height: number } = DESKTOP) {
  const opened = await openPage(suite.browser, viewport);
  await loginAs(opened.context, suite.server, email);
  return opened;
}

/** Waits until every island on the page is hydrated. */
async function allHydrated(page: Page) {
  await page.waitForFunction(() => [...document.querySelectorAll('[data-island]:not([data-hydrate="interaction"])')].every((el) => Object.keys(el).some((k) => k.startsWith("__reactContainer"))));
}

describe("the client dashboard", () => {
  test("the demo client sees 3 upcoming sessions, 5 history rows and a favourite, with no API request on load", async () => {
    const { page, problems, context } = await signedInPage(CLIENT);
    const requests: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/api/")) requests.push(r.url());
    });
    await page.goto(`${suite.server.url}/dashboard/client`);
    await allHydrated(page);

    const sessions = page.getByRole("list", { name: "Upcoming sessions" }).getByTestId("session-card");
    expect(await sessions.count()).toBe(3);
    // the demo client has one session in each upcoming state, the soonest first
    expect(await sessions.getByTestId("booking-status").allInnerTexts()).toEqual(["Scheduled", "Confirmed", "Pending"]);
    const first = sessions.first();
    expect(await first.innerText()).toMatch(/\d{1,2}:\d\d (AM|PM) UTC · (30|60|90) min/);
    expect(await first.getByRole("link", { name: /^Practitioner #[0-9a-f]{6}$/ }).getAttribute("href")).toMatch(/^\/practitioners\/[0-9a-f-]{36}$/);
    // the scheduled session can be cancelled (after a confirmation) and rescheduled; each has its .ics
    expect(await first.getByRole("button", { name: "Cancel Session" }).isEnabled()).toBe(true);
    expect(await first.getByRole("button", { name: "Reschedule" }).isEnabled()).toBe(true);
    expect(await first.getByRole("link", { name: /^Add to calendar/ }).getAttribute("href")).toMatch(/^\/api\/bookings\/[0-9a-f-]{36}\.ics$/);
    expect(await sessions.nth(1).getByRole("button", { name: "Cancel Session" }).count()).toBe(0);

    const history = page.getByRole("list", { name: "Latest bookings" }).locator(":scope > li");
    expect(await history.count()).toBe(5);
    expect(await history.first().innerText()).toContain("Completed");

    const favorites = page.getByRole("list", { name: "Favorite practitioners" }).locator("article");
    expect(favoriteIds.length).toBeGreaterThan(0);
    expect(await favorites.locator("h3").allInnerTexts()).toEqual(favoriteIds.slice(0, 3).map((id) => `Practitioner #${id.slice(-6)}`));
    expect(requests).toEqual([]);

    await page.getByRole("navigation", { name: "Client dashboard" }).getByRole("link", { name: "Favorites" }).click();
    await page.waitForURL(`${suite.server.url}/dashboard/client/favorites`);
    await page.getByRole("heading", { level: 1, name: "Your favorite practitioners" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the practitioner dashboard", () => {
  test("the demo practitioner sees figures, upcoming bookings with client names, reviews and the profile links", async () => {
    const { page, problems, context } = await signedInPage(PRACTITIONER);
    await page.goto(`${suite.server.url}/dashboard/practitioner`);
    await allHydrated(page);

    const stats = page.getByTestId("practice-stats");
    for (const label of ["Upcoming Sessions", "Completed Sessions", "Average Rating", "This Month's Earnings"]) await stats.getByText(label, { exact: true }).waitFor();
    expect(await stats.innerText()).toMatch(/\$\d+(\.\d\d)?/);

    // the soonest upcoming bookings of the demo practitioner, as the database has them
    const expected = query<{ first_name: string; last_name: string }>(
      `select u.first_name, u.last_name from sessions_booking b join users u on u.id = b.client_id
       where b.practitioner_id = ? and b.status in ('scheduled', 'confirmed', 'pending') and b.scheduled_datetime > ?
       order by b.scheduled_datetime limit 10`,
      demoPractitionerId,
      Date.now() - 30 * 24 * 60 * 60 * 1000,
    );
    expect(expected.length).toBeGreaterThan(0);
    const bookings = page.getByRole("list", { name: "Booking management" }).locator(":scope > li");
    expect(await bookings.count()).toBe(expected.length);
    const firstRow = await bookings.first().innerText();
    expect(firstRow).toContain(`${expected[0].first_name} ${expected[0].last_name}`);
    expect(firstRow).toMatch(/UTC/);
    expect(await page.getByRole("list", { name: "Recent reviews" }).locator(":scope > li").count()).toBeGreaterThan(0);

    const publicProfile = page.getByRole("link", { name: "View Public Profile" });
    expect(await publicProfile.getAttribute("href")).toBe(`/practitioners/${demoPractitionerId}`);
    const sidebar = page.getByRole("navigation", { name: "Practitioner dashboard" });
    expect(await sidebar.getByRole("link", { name: "Profile" }).getAttribute("href")).toBe("/dashboard/practitioner/profile");
    await publicProfile.click();
    await page.waitForURL(`${suite.server.url}/practitioners/${demoPractitionerId}`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("accessibility and fit", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`both dashboards are axe-clean and error-free at ${viewport.width} px${viewport === PHONE ? ", with no horizontal scroll" : ""}`, async () => {
      for (const [email, path] of [
        [CLIENT, "/dashboard/client"],
        [PRACTITIONER, "/dashboard/practitioner"],
        [PRACTITIONER, "/dashboard/practitioner/availability"],
      ] as const) {
        const { page, problems, context } = await signedInPage(email, viewport);
        const res = await page.goto(suite.server.url + path);
        expect(res?.status()).toBe(200);
        await allHydrated(page);
        expect({ path, violations: await seriousA11yViolations(page) }).toEqual({ path, violations: [] });
        if (viewport === PHONE) {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect({ path, overflow }).toEqual({ path, overflow: 0 });
        }
        expect({ path, problems }).toEqual({ path, problems: [] });
        await context.close();
      }
    });
  }
});

describe("long words", () => {
  test("a 58-letter place and a one-word note in a session stay inside a 320 px screen on the client dashboard", async () => {
    const place = "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch";
    const note = "Wonderful".repeat(30);
    const db = new Database(suite.server.dbPath);
    const clientId = db.query<{ id: string }, [string]>("select id from users where email = ?").get(CLIENT)!.id;
    const booking = db
      .query<{ id: string; is_virtual: number; notes: string | null }, [string, string, number]>(
        "select id, is_virtual, notes from sessions_booking where client_id = ? and practitioner_id = ? and status in ('scheduled', 'confirmed') and scheduled_datetime > ? order by scheduled_datetime limit 1",
      )
      .get(clientId, demoPractitionerId, Date.now())!;
    const before = db.query<{ location: string | null }, [string]>("select location from practitioners where id = ?").get(demoPractitionerId)!;
    db.query("update sessions_booking set is_virtual = 0, notes = ? where id = ?").run(note, booking.id);
    db.query("update practitioners set location = ? where id = ?").run(place, demoPractitionerId);
    try {
      const { page, problems, context } = await signedInPage(CLIENT, { width: 320, height: 800 });
      await page.goto(`${suite.server.url}/dashboard/client`);
      const card = page.getByTestId("session-card").filter({ hasText: note });
      await card.getByText(`In person · ${place}`).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      db.query("update sessions_booking set is_virtual = ?, notes = ? where id = ?").run(booking.is_virtual, booking.notes, booking.id);
      db.query("update practitioners set location = ? where id = ?").run(before.location, demoPractitionerId);
      db.close();
    }
  });
});
