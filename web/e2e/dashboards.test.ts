/**
 * The client and practitioner dashboards in Chromium with the demo data: sessions, history,
 * favourites, the practitioner's bookings and profile links; axe, console and fit at 390 px.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { DEMO_ACCOUNTS } from "../../src/demo/demo-data";
import { DESKTOP, loginAs, LONG_LIVED_REQUEST, openDb, openPage, PHONE, seriousA11yViolations, useServerAndBrowser } from "./fixtures";

const CLIENT = DEMO_ACCOUNTS.client.email;
const PRACTITIONER = DEMO_ACCOUNTS.practitioner.email;

/** The demo client's saved practitioners, newest first, as the demo data holds them. */
let favoriteIds: string[];
let demoPractitionerId: string;

const suite = useServerAndBrowser();

beforeAll(async () => {
  const db = openDb(suite.server.dbPath);
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
  const db = openDb(suite.server.dbPath, { readonly: true });
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

/** The demo practitioner's availability zone (New York, the default, until they save another). */
function practitionerZone(): string {
  return query<{ time_zone: string }>("select time_zone from practitioner_availability where practitioner_id = ?", demoPractitionerId)[0]?.time_zone ?? "America/New_York";
}

/** "Mon, Nov 30, 2026 · 9:15 PM EST": a start as the dashboards show it in `zone`, worked out here with Intl alone. */
function shownIn(ms: number, zone: string): string {
  const at = new Date(ms);
  const day = at.toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: zone });
  const time = at.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZoneName: "short", timeZone: zone }).replace(/\u202f/g, " ");
  return `${day} · ${time}`;
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
      // the live stream of unread counts is not a data request: the page's data came with the HTML
      if (new URL(r.url()).pathname.startsWith("/api/") && !LONG_LIVED_REQUEST.test(r.url())) requests.push(r.url());
    });
    await page.goto(`${suite.server.url}/dashboard/client`);
    await allHydrated(page);

    const sessions = page.getByRole("list", { name: "Upcoming sessions" }).getByTestId("session-card");
    expect(await sessions.count()).toBe(3);
    // the demo client has one session of each upcoming status, the soonest first; a scheduled and a pending one are both requests (decision 028)
    expect(await sessions.getByTestId("booking-status").allInnerTexts()).toEqual(["Awaiting confirmation", "Confirmed", "Awaiting confirmation"]);
    const first = sessions.first();
    expect(await first.innerText()).toMatch(/\d{1,2}:\d\d (AM|PM) UTC · (30|60|90) min/);
    expect(await first.getByRole("link", { name: /^Practitioner #[0-9a-f]{6}$/ }).getAttribute("href")).toMatch(/^\/practitioners\/[0-9a-f-]{36}$/);
    // the scheduled session can be cancelled (after a confirmation) and rescheduled; each has its .ics
    expect(await first.getByRole("button", { name: "Cancel Session" }).isEnabled()).toBe(true);
    expect(await first.getByRole("button", { name: "Reschedule" }).isEnabled()).toBe(true);
    expect(await first.getByRole("link", { name: /^Add to calendar/ }).getAttribute("href")).toMatch(/^\/api\/bookings\/[0-9a-f-]{36}\.ics$/);
    // a confirmed session can be cancelled too (decision 028; SPEC.md shows Cancel Session for scheduled ones)
    expect(await sessions.nth(1).getByRole("button", { name: "Cancel Session" }).count()).toBe(1);

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
    const expected = query<{ first_name: string; last_name: string; scheduled_datetime: number }>(
      `select u.first_name, u.last_name, b.scheduled_datetime from sessions_booking b join users u on u.id = b.client_id
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
    // in the practitioner's availability zone, not UTC
    expect(firstRow).toContain(shownIn(expected[0].scheduled_datetime, practitionerZone()));
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

describe("times in the practitioner's zone", () => {
  test("a New York practitioner reads a session at 02:15 UTC on the evening before, in New York time, whatever the browser's zone", async () => {
    const zone = "America/New_York";
    const db = openDb(suite.server.dbPath);
    const savedZone = db.query<{ time_zone: string }, [string]>("select time_zone from practitioner_availability where practitioner_id = ?").get(demoPractitionerId);
    const booking = db
      .query<{ id: string; scheduled_datetime: number }, [string, number]>(
        "select id, scheduled_datetime from sessions_booking where practitioner_id = ? and status in ('scheduled', 'confirmed', 'pending') and scheduled_datetime > ? order by scheduled_datetime limit 1",
      )
      .get(demoPractitionerId, Date.now())!;
    // 02:15 UTC two days from now: the evening before in New York (no slot of the demo data starts at :15)
    const start = new Date();
    start.setUTCDate(start.getUTCDate() + 2);
    start.setUTCHours(2, 15, 0, 0);
    if (savedZone) db.query("update practitioner_availability set time_zone = ? where practitioner_id = ?").run(zone, demoPractitionerId);
    db.query("update sessions_booking set scheduled_datetime = ? where id = ?").run(start.getTime(), booking.id);
    try {
      const context = await suite.browser.newContext({ viewport: DESKTOP, timezoneId: "Asia/Tokyo" });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" || msg.type() === "warning") problems.push(`${msg.type()}: ${msg.text()}`);
      });
      await loginAs(context, suite.server, PRACTITIONER);
      await page.goto(`${suite.server.url}/dashboard/practitioner`);
      await allHydrated(page);

      const expected = shownIn(start.getTime(), zone);
      // the New York day is the one before the UTC day
      expect(expected).toStartWith(new Date(start.getTime() - 86_400_000).toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }));
      expect(expected).toMatch(/ (9|10):15 PM E[SD]T$/);
      const row = page.getByRole("list", { name: "Booking management" }).locator(":scope > li").filter({ has: page.locator(`a[href="/api/bookings/${booking.id}.ics"]`) });
      expect(await row.locator("time").innerText()).toBe(expected);

      const offset = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "shortOffset" }).formatToParts(new Date()).find((p) => p.type === "timeZoneName")!.value;
      expect(await page.getByTestId("time-zone-note").innerText()).toBe(`Times are in your availability's time zone, America/New York (${offset}).`);
      const month = new Date().toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: zone });
      await page.getByTestId("practice-stats").getByText(`Completed in ${month} (America/New York time)`).waitFor();
      expect(await page.getByTestId("this-week").innerText()).toMatch(/Nothing more booked this week\.|\(Monday to Sunday, America\/New York time\)\./);
      // the browser is in Tokyo: the row adds the viewer's own time, named
      expect(await row.getByTestId("local-time").innerText()).toContain("Asia/Tokyo (GMT+9)");
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      db.query("update sessions_booking set scheduled_datetime = ? where id = ?").run(booking.scheduled_datetime, booking.id);
      if (savedZone) db.query("update practitioner_availability set time_zone = ? where practitioner_id = ?").run(savedZone.time_zone, demoPractitionerId);
      db.close();
    }
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
  test("a one-word first name of 40 letters and a 64-letter e-mail name stay inside a 320 px screen in the dashboards' greeting and settings", async () => {
    const firstName = "Wolfeschlegelsteinhausenbergerdorffvoral";
    for (const role of ["client", "practitioner"] as const) {
      const email = `${role.padEnd(64, "x")}@example.test`;
      const signUp = await fetch(`${suite.server.url}/api/auth/signup`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: suite.server.url },
        body: JSON.stringify({ firstName, lastName: "Hubert", email, password: "a-good-password", role }),
      });
      expect(signUp.status).toBe(201);
      const { page, problems, context } = await signedInPage(email, { width: 320, height: 800 });
      await page.goto(`${suite.server.url}/`);
      await page.getByRole("heading", { level: 1, name: `Welcome, ${firstName}` }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), role).toBe(320);
      // and the answer that names the address
      await page.getByRole("button", { name: "Resend verification email" }).click();
      await page.getByText(`We've sent a new verification link to ${email}.`).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${role}, resent`).toBe(320);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  test("a 58-letter place and a one-word note in a session stay inside a 320 px screen on the client dashboard", async () => {
    const place = "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch";
    const note = "Wonderful".repeat(30);
    const db = openDb(suite.server.dbPath);
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
