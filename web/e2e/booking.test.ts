/**
 * Booking journeys in Chromium (issue 9), at 390 and 1280 px, axe-clean: the three-step wizard
 * (virtual and in person), the dashboards' reschedule and cancel, availability hours and overrides
 * changing the slots, confirm and complete, the review after it, the basic plan's monthly limit,
 * a race for one slot, and the confirmation e-mail with its invite through a real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { startSmtpSink, type SmtpSink } from "../../src/testing/smtp-sink";
import { DESKTOP, isOnTop, loginAs, openDb, openPage, PHONE, seriousA11yViolations, useServerAndBrowser } from "./fixtures";

const env: Record<string, string> = {};
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  env.SMTP_URL = sink.url;
});
afterAll(() => sink?.close());
const suite = useServerAndBrowser(env);

const CLIENT = "client@pollinate.example";
const PREVIEW = "preview@pollinate.example";
const CLIENT_ZONE = "Europe/Berlin";
const PRACTITIONER_ZONE = "America/New_York";

function db(readonly = false) {
  return openDb(suite.server.dbPath, readonly ? { readonly: true } : undefined);
}
function one<T>(sql: string, ...params: Array<string | number>): T {
  const d = db(true);
  try {
    return d.query(sql).get(...params) as T;
  } finally {
    d.close();
  }
}
function run(sql: string, ...params: Array<string | number>) {
  const d = db();
  try {
    d.query(sql).run(...params);
  } finally {
    d.close();
  }
}

/** Demo practitioners with an account, each journey its own (so they do not share slots). */
function practitioners(): Array<{ id: string; email: string }> {
  const d = db(true);
  try {
    return d
      .query<{ id: string; email: string }, []>(
        `select p.id, u.email from practitioners p join users u on u.id = p.user_id
         where p.hourly_rate_cents is not null and p.is_virtual = 1 order by u.email limit 6`,
      )
      .all();
  } finally {
    d.close();
  }
}

/**
 * The `n`-th demo practitioner past the six of practitioners(), on the default hours: each journey
 * below takes its own (0–1 the overlap, 2 the suspension, 3 the withdrawn length, 4 the unconfirmed
 * session, 5 'Show all', 6–7 the dialogs' refusals), so that none shares slots with another.
 */
function journeyPractitioner(n: number): { id: string; userId: string; email: string } {
  const target = one<{ id: string; userId: string; email: string }>(
    `select p.id, p.user_id as userId, u.email from practitioners p join users u on u.id = p.user_id
     where p.hourly_rate_cents is not null and p.is_virtual = 1
       and p.id not in (select p2.id from practitioners p2 join users u2 on u2.id = p2.user_id where p2.hourly_rate_cents is not null and p2.is_virtual = 1 order by u2.email limit 6)
     order by p.id limit 1 offset ?`,
    n,
  );
  run("delete from practitioner_availability where practitioner_id = ?", target.id);
  return target;
}

/** The e-mail of a demo client other than CLIENT and PREVIEW. */
function anotherClient(): string {
  return one<{ email: string }>("select u.email from users u join user_roles r on r.user_id = u.id where r.role = 'client' and u.email not in (?, ?) limit 1", CLIENT, PREVIEW).email;
}

/** The demo client's future sessions cancelled: a journey starts with none (one client, one session at a time). */
function clearClientUpcoming() {
  run("update sessions_booking set status = 'cancelled' where client_id = (select id from users where email = ?) and scheduled_datetime > ?", CLIENT, Date.now());
}

/** "yyyy-MM-dd" of a Wednesday at least 3 days ahead (past any minimum notice), `weeks` later. */
function aWednesday(weeks = 0): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 3);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  d.setUTCDate(d.getUTCDate() + 7 * weeks);
  return d.toISOString().slice(0, 10);
}

/** "4:00 PM": what a slot at `time` on `date` in the practitioner's zone reads in the client's. */
function clientTimeOf(date: string, time: string): string {
  // find the UTC instant whose New York wall time is date+time
  const guess = new Date(`${date}T${time}:00Z`);
  const offset = (zone: string, at: Date) => {
    const parts = Object.fromEntries(new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).formatToParts(at).map((p) => [p.type, p.value]));
    return Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute) - at.getTime();
  };
  const instant = new Date(guess.getTime() - offset(PRACTITIONER_ZONE, guess));
  return instant.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone: CLIENT_ZONE }).replace(/\u202f/g, " ");
}

async function signedIn(browser: Browser, email: string, viewport: { width: number; height: number } = DESKTOP, timezoneId = CLIENT_ZONE) {
  const context = await browser.newContext({ viewport, timezoneId });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  await loginAs(context, suite.server, email);
  return { context, page, problems };
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => [...document.querySelectorAll('[data-island]:not([data-hydrate="interaction"])')].every((el) => Object.keys(el).some((k) => k.startsWith("__reactContainer"))));
}

async function noOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

/** Picks `date` in the wizard's calendar (moving to later months as needed). */
async function pickDate(page: Page, date: string) {
  const day = page.locator(`[data-day="${date}"] button`);
  // the calendar replaces the server's placeholder only once the island knows the viewer's zone:
  // asking whether the day is shown before that would turn the month on past it
  await page.locator("[data-day] button").first().waitFor();
  for (let i = 0; i < 4 && !(await day.isVisible()); i++) await page.getByRole("button", { name: "Go to the Next Month" }).first().click();
  await day.click();
}

function slotButtons(page: Page) {
  return page.getByRole("list", { name: "Time slots" }).getByRole("button");
}

/** Step 1 → 3 of the wizard; returns the chosen slot's label. */
async function bookThroughWizard(page: Page, practitionerId: string, date: string, options: { slot?: string; inPerson?: boolean; notes?: string; duration?: string; axe?: boolean } = {}) {
  await page.goto(`${suite.server.url}/book/${practitionerId}`);
  await hydrated(page);
  await page.getByRole("list", { name: "Booking steps" }).waitFor();
  if (options.duration) await page.getByLabel("Duration").selectOption(options.duration);
  await pickDate(page, date);
  const slot = options.slot ? page.getByRole("list", { name: "Time slots" }).getByRole("button", { name: options.slot, exact: true }) : slotButtons(page).and(page.locator(":enabled")).first();
  await slot.waitFor();
  const label = (await slot.innerText()).trim();
  if (options.axe) expect(await seriousA11yViolations(page)).toEqual([]);
  await slot.click();
  expect(await page.getByTestId("time-zone-note").innerText()).toContain("Europe/Berlin");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("heading", { name: "Session details" }).waitFor();
  if (options.inPerson) await page.getByRole("radio", { name: /In-Person Session/ }).check();
  if (options.notes) await page.getByLabel("Session Notes (Optional)").fill(options.notes);
  if (options.axe) expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByText("You'll receive a confirmation email with session details and payment instructions.").waitFor();
  if (options.axe) expect(await seriousA11yViolations(page)).toEqual([]);
  return label;
}

describe("the way in", () => {
  test("a visitor pressing Book Session is asked to sign in, then lands on the wizard for the same practitioner", async () => {
    const { page, context, problems } = await openPage(suite.browser, PHONE);
    await page.goto(suite.server.url + "/practitioners");
    const card = page.locator("article").first();
    const title = (await card.getByRole("heading").first().innerText()).trim();
    await card.getByRole("link", { name: "Book Session" }).click();
    await page.waitForURL(/\/auth\/signin\?reason=booking/);
    await page.getByText("Please sign in to book a session.").waitFor();
    await page.getByLabel("Email").fill(CLIENT);
    await page.getByLabel("Password").fill("pollinate-demo");
    await page.getByRole("button", { name: /sign in/i }).click();
    await page.waitForURL(/\/book\/[0-9a-f-]{36}$/);
    await page.getByRole("list", { name: "Booking steps" }).waitFor();
    await page.getByRole("complementary", { name: "Booking summary" }).getByText(title.replace("Practitioner", "Facilitator")).waitFor();
    await hydrated(page);
    await slotButtons(page).or(page.getByText("No available time slots for this date. Please select another date.")).first().waitFor();
    expect(await page.getByRole("button", { name: "Previous", exact: true }).isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await noOverflow(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the profile's Schedule Session leads into the wizard; Back to Profile returns", async () => {
    const { page, context, problems } = await signedIn(suite.browser, CLIENT, DESKTOP);
    await page.goto(suite.server.url + "/practitioners");
    await page.locator("article").first().getByRole("link", { name: "View Profile" }).click();
    await page.getByRole("link", { name: "Schedule Session" }).click();
    await page.getByRole("list", { name: "Booking steps" }).waitFor();
    await hydrated(page);
    // Continue without a slot
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("alert").getByText("Please select a time slot").waitFor();
    await page.getByRole("link", { name: "Back to Profile" }).first().click();
    await page.waitForURL(/\/practitioners\/[0-9a-f-]{36}/);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("a session that ends during the wizard", () => {
  test("the cookie gone before Confirm & Book: to sign-in with the booking notice, no booking, and back to the wizard after signing in", async () => {
    const target = practitioners()[4];
    const { page, context, problems } = await signedIn(suite.browser, CLIENT, DESKTOP);
    const count = () => one<{ n: number }>("select count(*) as n from sessions_booking where practitioner_id = ?", target.id).n;
    const before = count();
    await bookThroughWizard(page, target.id, aWednesday(2));
    // the session ends (signed out elsewhere, or expired) while the review step is open
    await context.clearCookies();
    await page.getByRole("button", { name: "Confirm & Book" }).click();
    await page.waitForURL(`${suite.server.url}/auth/signin?reason=booking&next=${encodeURIComponent(`/book/${target.id}`)}`);
    await page.getByText("Please sign in to book a session.").waitFor();
    expect(await page.getByText("Booking failed").count()).toBe(0);
    expect(count()).toBe(before);
    // the way back: signing in returns to this practitioner's wizard
    await page.getByLabel("Email").fill(CLIENT);
    await page.getByLabel("Password").fill("pollinate-demo");
    await page.getByRole("button", { name: /sign in/i }).click();
    await page.waitForURL(`${suite.server.url}/book/${target.id}`);
    await page.getByRole("list", { name: "Booking steps" }).waitFor();
    // the refused POST is the one expected console line
    expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
    await context.close();
  });
});

describe("a 320 px phone", () => {
  test("the wizard's calendar fits, and its placeholder in the server's HTML has the calendar's size", async () => {
    const viewport = { width: 320, height: 800 };
    const { page, context, problems } = await signedIn(suite.browser, CLIENT, viewport);
    await page.goto(suite.server.url + "/practitioners");
    const href = await page.locator("article").first().getByRole("link", { name: "Book Session" }).getAttribute("href");
    // the server's HTML as it is before any script: the placeholder
    const still = await suite.browser.newContext({ viewport, javaScriptEnabled: false });
    await loginAs(still, suite.server, CLIENT);
    const stillPage = await still.newPage();
    await stillPage.goto(suite.server.url + href!);
    const placeholder = (await stillPage.getByLabel("Loading the calendar").locator(".skeleton").first().boundingBox())!;
    await still.close();

    await page.goto(suite.server.url + href!);
    await hydrated(page);
    const months = page.locator(".rdp-months");
    await months.waitFor();
    const calendar = (await months.boundingBox())!;
    expect(Math.abs(placeholder.width - calendar.width)).toBeLessThanOrEqual(2);
    expect(Math.abs(placeholder.height - calendar.height)).toBeLessThanOrEqual(2);
    await noOverflow(page);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("keyboard", () => {
  test("the calendar, the slots and the steps work from the keyboard alone", async () => {
    const target = practitioners()[4];
    const { page, context, problems } = await signedIn(suite.browser, CLIENT, PHONE);
    await page.goto(`${suite.server.url}/book/${target.id}`);
    await hydrated(page);
    // the selected day (today) takes focus; arrows move a day at a time, Enter chooses
    const today = await page.locator("[data-day][data-selected] button").getAttribute("aria-label");
    expect(today).toContain("Today");
    await page.locator("[data-day][data-selected] button").focus();
    const date = aWednesday(0);
    // days without hours are disabled (decision 028) and the arrows skip them: press until the Wednesday has the focus
    const focusedDay = () => page.evaluate(() => document.activeElement?.closest("[data-day]")?.getAttribute("data-day") ?? null);
    for (let i = 0; i < 40 && (await focusedDay()) !== date; i++) await page.keyboard.press("ArrowRight");
    expect(await focusedDay()).toBe(date);
    await page.keyboard.press("Enter");
    await page.locator(`[data-day="${date}"][data-selected]`).waitFor();
    const slot = slotButtons(page).and(page.locator(":enabled")).first();
    await slot.focus();
    await page.keyboard.press("Enter");
    expect(await slot.getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: "Continue" }).focus();
    await page.keyboard.press("Enter");
    // focus moves to the new step's heading
    await page.getByRole("heading", { name: "Session details" }).waitFor();
    // the wizard focuses it on the next animation frame after showing it
    await page.waitForFunction(() => document.activeElement?.textContent === "Session details");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe("radio");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("a client books, reschedules and cancels", () => {
  test("a virtual session at 390 px and an in-person one at 1280 px, both on the dashboard; one moved, the other cancelled; the e-mail carries the invite", async () => {
    const [target] = practitioners();
    run("update practitioners set is_in_person = 1, location = 'Asheville, NC' where id = ?", target.id);
    // the dashboard shows the 3 soonest sessions: clear the demo client's own so that ours are those
    clearClientUpcoming();
    const date = aWednesday(0);

    // virtual, on a phone
    const phone = await signedIn(suite.browser, CLIENT, PHONE);
    const first = await bookThroughWizard(phone.page, target.id, date, { notes: "  First session, hello!  ", axe: true });
    await noOverflow(phone.page);
    expect(await phone.page.getByText("Virtual Session").count()).toBeGreaterThan(0);
    await phone.page.getByRole("button", { name: "Confirm & Book" }).click();
    await phone.page.waitForURL(`${suite.server.url}/dashboard/client`);
    await phone.page.getByTestId("toast").getByText("Session booked!").waitFor();
    await phone.page.getByTestId("toast").getByText("Check your email for confirmation details").waitFor();
    await phone.context.close();

    const booked = one<{ id: string; notes: string; is_virtual: number; total_amount_cents: number }>(
      "select id, notes, is_virtual, total_amount_cents from sessions_booking where practitioner_id = ? and status != 'cancelled' order by created_at desc limit 1",
      target.id,
    );
    expect(booked.notes).toBe("First session, hello!");
    expect(booked.is_virtual).toBe(1);

    // the confirmation e-mail with its calendar part
    const mail = await sink.waitFor((m) => m.recipients.includes(CLIENT) && /BEGIN:VCALENDAR/.test(m.raw), 10_000);
    expect(mail.raw).toContain("METHOD:REQUEST");
    expect(mail.raw).toMatch(/text\/calendar/);
    expect(mail.raw).toContain(booked.id);

    // in person, on a desktop
    const desk = await signedIn(suite.browser, CLIENT, DESKTOP);
    const second = await bookThroughWizard(desk.page, target.id, date, { inPerson: true, axe: true });
    expect(second).not.toBe(first);
    await desk.page.getByText("In-Person Session").first().waitFor();
    await desk.page.getByRole("button", { name: "Confirm & Book" }).click();
    await desk.page.waitForURL(`${suite.server.url}/dashboard/client`);
    await hydrated(desk.page);

    const cards = desk.page.getByRole("list", { name: "Upcoming sessions" }).getByTestId("session-card");
    const ours = cards.filter({ hasText: `Practitioner #${target.id.slice(-6)}` });
    expect(await ours.count()).toBe(2);
    await ours.filter({ hasText: "In person · Asheville, NC" }).waitFor();
    expect(await seriousA11yViolations(desk.page)).toEqual([]);

    // reschedule the virtual one to another Wednesday
    const virtualCard = ours.filter({ hasText: "Virtual session" });
    await virtualCard.getByRole("button", { name: "Reschedule" }).click();
    const dialog = desk.page.getByRole("dialog", { name: "Reschedule session" });
    // on its own day the session's time is not taken by the session itself (the picker asks with ?exclude=)
    await dialog.getByRole("list", { name: "Time slots" }).getByRole("button", { name: first, exact: true }).and(desk.page.locator(":enabled")).waitFor();
    const later = aWednesday(1);
    await pickDate(desk.page, later);
    await dialog.getByRole("list", { name: "Time slots" }).getByRole("button").and(desk.page.locator(":enabled")).first().click();
    expect(await seriousA11yViolations(desk.page)).toEqual([]);
    await dialog.getByRole("button", { name: "Move session" }).click();
    await desk.page.getByTestId("toast").getByText("Session rescheduled").waitFor();
    const moved = one<{ id: string; scheduled_datetime: number }>("select id, scheduled_datetime from sessions_booking where id = ?", booked.id);
    expect(new Date(moved.scheduled_datetime).toISOString().slice(0, 10)).toBe(later);

    // cancel the in-person one, after the confirmation
    const inPersonCard = desk.page.getByRole("list", { name: "Upcoming sessions" }).getByTestId("session-card").filter({ hasText: "In person · Asheville, NC" });
    await inPersonCard.getByRole("button", { name: "Cancel Session" }).click();
    const confirm = desk.page.getByRole("dialog", { name: "Cancel this session?" });
    await confirm.getByRole("button", { name: "Keep Session" }).click();
    expect(await confirm.isVisible()).toBe(false);
    await inPersonCard.getByRole("button", { name: "Cancel Session" }).click();
    await confirm.getByLabel("Reason (optional)").fill("Travelling that week");
    await confirm.getByRole("button", { name: "Yes, cancel session" }).click();
    await desk.page.getByTestId("toast").getByText("Session cancelled").waitFor();
    expect(one<{ n: number }>("select count(*) as n from sessions_booking where practitioner_id = ? and status = 'cancelled'", target.id).n).toBe(1);
    expect(desk.problems).toEqual([]);
    await desk.context.close();
  });
});

describe("the practitioner's side", () => {
  test("hours and an override change the slots; confirm, complete, and the client's review", async () => {
    const target = practitioners()[1];
    const date = aWednesday(0);
    const pract = await signedIn(suite.browser, target.email, DESKTOP, PRACTITIONER_ZONE);
    await pract.page.goto(`${suite.server.url}/dashboard/practitioner`);
    await pract.page.getByTestId("availability-summary").getByRole("link", { name: "Edit availability" }).click();
    await pract.page.waitForURL(`${suite.server.url}/dashboard/practitioner/availability`);
    await hydrated(pract.page);
    await pract.page.getByLabel("Your time zone").waitFor();
    await pract.page.getByLabel("Your time zone").selectOption(PRACTITIONER_ZONE);
    // Wednesday only, 10:00–12:00 and 14:00–15:00
    const wednesday = pract.page.getByTestId("day-wednesday");
    for (const day of ["monday", "tuesday", "thursday", "friday", "saturday", "sunday"]) {
      const box = pract.page.getByTestId(`day-${day}`).getByRole("checkbox");
      if (await box.isChecked()) await box.uncheck();
    }
    if (!(await wednesday.getByRole("checkbox").isChecked())) await wednesday.getByRole("checkbox").check();
    while ((await wednesday.getByTestId("interval").count()) > 1) await wednesday.getByRole("button", { name: /^Remove Wednesday interval/ }).last().click();
    await pract.page.getByLabel("Wednesday interval 1 start").fill("10:00");
    await pract.page.getByLabel("Wednesday interval 1 end").fill("12:00");
    await wednesday.getByRole("button", { name: "Add hours on Wednesday" }).click();
    await pract.page.getByLabel("Wednesday interval 2 start").fill("14:00");
    await pract.page.getByLabel("Wednesday interval 2 end").fill("15:00");
    await pract.page.getByLabel("Buffer between sessions").selectOption("0");
    expect(await seriousA11yViolations(pract.page)).toEqual([]);
    const saveButton = pract.page.getByRole("button", { name: "Save availability" });
    await saveButton.focus();
    await pract.page.keyboard.press("Enter");
    await pract.page.getByTestId("toast").getByText("Availability saved").waitFor();
    // from the keyboard the focus stays on the button (it once fell to the page's body while saving)
    expect(await saveButton.evaluate((el) => el === document.activeElement)).toBe(true);
    // the toast region: F8 focuses it; at most 420 px wide on desktop
    await pract.page.keyboard.press("F8");
    expect(await pract.page.evaluate(() => document.activeElement?.closest('[role="region"]')?.getAttribute("aria-label"))).toContain("F8");
    expect(await pract.page.evaluate(() => getComputedStyle(document.activeElement as Element).maxWidth)).toBe("420px");
    await pract.page.keyboard.press("Escape");

    // the client (in Berlin) sees exactly those hours, in Berlin time
    const client = await signedIn(suite.browser, CLIENT, PHONE);
    await client.page.goto(`${suite.server.url}/book/${target.id}`);
    await hydrated(client.page);
    await pickDate(client.page, date);
    await slotButtons(client.page).first().waitFor();
    const labels = await slotButtons(client.page).and(client.page.locator(":enabled")).allInnerTexts();
    expect(labels[0]).toBe(clientTimeOf(date, "10:00"));
    expect(labels).toContain(clientTimeOf(date, "11:00"));
    expect(labels).toContain(clientTimeOf(date, "14:00"));
    expect(labels).not.toContain(clientTimeOf(date, "12:00"));
    expect(labels).not.toContain(clientTimeOf(date, "09:00"));
    await noOverflow(client.page);

    // the client books 10:00; the practitioner confirms it
    await bookThroughWizard(client.page, target.id, date, { slot: clientTimeOf(date, "10:00") });
    await client.page.getByRole("button", { name: "Confirm & Book" }).click();
    await client.page.waitForURL(`${suite.server.url}/dashboard/client`);

    // an override: that Wednesday off; the client sees no slots for it
    await pract.page.getByLabel("Date", { exact: true }).fill(date);
    await pract.page.getByRole("button", { name: "Add override" }).click();
    await pract.page.getByTestId("override").filter({ hasText: date }).getByText("Day off").waitFor();
    await pract.page.getByRole("button", { name: "Save availability" }).click();
    await pract.page.getByTestId("toast").getByText("Availability saved").waitFor();
    await client.page.goto(`${suite.server.url}/book/${target.id}`);
    await hydrated(client.page);
    // a day without hours is disabled in the calendar now (decision 028), not offered to be picked for 'no slots'
    await client.page.locator("[data-day] button").first().waitFor();
    for (let i = 0; i < 4 && !(await client.page.locator(`[data-day="${date}"] button`).isVisible()); i++) await client.page.getByRole("button", { name: "Go to the Next Month" }).first().click();
    await client.page.waitForFunction((d) => document.querySelector(`[data-day="${d}"] button`)?.hasAttribute("disabled"), date);

    await pract.page.goto(`${suite.server.url}/dashboard/practitioner`);
    await hydrated(pract.page);
    const row = pract.page.getByRole("list", { name: "Booking management" }).locator(":scope > li").filter({ hasText: "Clara" }).first();
    await row.getByRole("button", { name: "Confirm" }).click();
    await pract.page.getByTestId("toast").getByText("Session confirmed").waitFor();
    const booking = one<{ id: string; status: string }>("select id, status from sessions_booking where practitioner_id = ? and status != 'cancelled' order by created_at desc limit 1", target.id);
    expect(booking.status).toBe("confirmed");
    // the client hears of it by e-mail, with the calendar invite now CONFIRMED
    const confirmation = await sink.waitFor((m) => m.recipients.includes(CLIENT) && m.parsed.subject!.endsWith("is confirmed") && m.raw.includes(booking.id), 10_000);
    expect(confirmation.raw).toContain("STATUS:CONFIRMED");

    // time passes: the session started an hour ago
    run("update sessions_booking set scheduled_datetime = ? where id = ?", Date.now() - 60 * 60 * 1000, booking.id);
    await pract.page.reload();
    await hydrated(pract.page);
    const started = pract.page.getByRole("list", { name: "Booking management" }).locator(":scope > li").filter({ has: pract.page.getByRole("button", { name: "Mark completed" }) }).first();
    expect(await seriousA11yViolations(pract.page)).toEqual([]);
    await started.getByRole("button", { name: "Mark completed" }).click();
    await pract.page.getByTestId("toast").waitFor();
    expect(await pract.page.getByTestId("toast").innerText()).toContain("Session marked completed");
    expect(one<{ status: string }>("select status from sessions_booking where id = ?", booking.id).status).toBe("completed");
    expect(pract.problems).toEqual([]);
    await pract.context.close();

    // the client leaves a review from the dashboard's history
    await client.page.goto(`${suite.server.url}/dashboard/client`);
    await hydrated(client.page);
    const history = client.page.getByRole("list", { name: "Latest bookings" }).locator(":scope > li").filter({ hasText: `Practitioner #${target.id.slice(-6)}` }).first();
    await history.getByRole("link", { name: "Leave a review" }).click();
    await client.page.waitForURL(`${suite.server.url}/practitioners/${target.id}?tab=reviews`);
    await hydrated(client.page);
    await client.page.locator("label").filter({ has: client.page.getByRole("radio", { name: "5 stars" }) }).click();
    await client.page.getByLabel("Your review", { exact: true }).fill("Booked in Berlin, met in New York time. Lovely.");
    await client.page.getByRole("button", { name: "Submit Review" }).click();
    await client.page.getByText("Thank you! Your review is published.").waitFor();
    expect(client.problems).toEqual([]);
    await client.context.close();
  });
});

describe("the availability editor's keyboard focus", () => {
  /**
   * Runs in the page: the focused element by its name ("button Remove Monday interval 2", "body" when
   * nothing in the page has it); with `expected`, false until that name has the focus.
   */
  const focusName = (expected: string | null) => {
    const el = document.activeElement as HTMLElement | null;
    const name = !el || el === document.body ? "body" : `${el.tagName.toLowerCase()} ${el.getAttribute("aria-label") ?? (el as HTMLInputElement).labels?.[0]?.textContent?.trim()}`;
    return expected === null || name === expected ? name : false;
  };
  /** Waits until `name` has the focus; on a timeout the assertion says what had it instead. */
  async function expectFocus(page: Page, name: string) {
    await page.waitForFunction(focusName, name, { timeout: 5_000 }).catch(() => undefined);
    expect(await page.evaluate(focusName, null)).toBe(name);
  }
  /** What a keyboard user does: focus the control, press Enter. */
  async function press(page: Page, name: string) {
    const button = page.getByRole("button", { name, exact: true });
    await button.focus();
    await page.keyboard.press("Enter");
  }

  test("removing an interval or a date override keeps the focus in the form, where the component test says", async () => {
    const target = practitioners()[5];
    const { page, context, problems } = await signedIn(suite.browser, target.email, DESKTOP, PRACTITIONER_ZONE);
    await page.goto(`${suite.server.url}/dashboard/practitioner/availability`);
    await hydrated(page);
    const monday = page.getByTestId("day-monday");
    await page.getByLabel("Your time zone").waitFor();
    if (!(await monday.getByRole("checkbox").isChecked())) await monday.getByRole("checkbox").check();
    // three rows on Monday; a new row takes the focus to its start time
    while ((await monday.getByTestId("interval").count()) < 3) {
      const rows = await monday.getByTestId("interval").count();
      await press(page, "Add hours on Monday");
      await expectFocus(page, `input Monday interval ${rows + 1} start`);
    }
    while ((await monday.getByTestId("interval").count()) > 3) await monday.getByRole("button", { name: /^Remove Monday interval/ }).last().click();

    // a removed row: the focus goes to the row that takes its place, then to the row above, then to the day's checkbox
    await press(page, "Remove Monday interval 2");
    await expectFocus(page, "button Remove Monday interval 2");
    await press(page, "Remove Monday interval 2");
    await expectFocus(page, "button Remove Monday interval 1");
    await press(page, "Remove Monday interval 1");
    await expectFocus(page, "input Monday");
    expect(await monday.getByRole("checkbox").isChecked()).toBe(false);

    // a date override: added, the focus goes to its hours; removed, back to the date field
    const date = aWednesday(3);
    await page.getByLabel("Date", { exact: true }).fill(date);
    await press(page, "Add override");
    await expectFocus(page, `button Add hours on ${date}`);
    await press(page, `Remove override on ${date}`);
    await expectFocus(page, "input Date");
    expect(await page.getByTestId("override").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("hours until midnight", () => {
  test("an interval typed to end at 12:00 AM is saved as the day's end, shown again after a reload, and its last hour is bookable", async () => {
    const target = practitioners()[0];
    const pract = await signedIn(suite.browser, target.email, DESKTOP, "Asia/Tokyo");
    await pract.page.goto(`${suite.server.url}/dashboard/practitioner/availability`);
    await hydrated(pract.page);
    await pract.page.getByLabel("Your time zone").selectOption("Asia/Tokyo");
    const sunday = pract.page.getByTestId("day-sunday");
    if (!(await sunday.getByRole("checkbox").isChecked())) await sunday.getByRole("checkbox").check();
    await pract.page.getByLabel("Sunday interval 1 start").fill("22:00");
    // a time field has no 24:00: midnight at the day's end is typed as 12:00 AM
    await pract.page.getByLabel("Sunday interval 1 end").fill("00:00");
    // nothing can follow hours that end at midnight: no '+ Add hours' (it made a 24:00–24:00 row), and why
    expect(await sunday.getByRole("button", { name: "Add hours on Sunday" }).count()).toBe(0);
    await sunday.getByText("These hours run until midnight (12:00 AM). To add more, end an interval earlier first.").waitFor();
    const saveButton = pract.page.getByRole("button", { name: "Save availability" });
    await saveButton.focus();
    await pract.page.keyboard.press("Enter");
    await pract.page.getByTestId("toast").getByText("Availability saved").waitFor();
    const saved = await pract.page.evaluate(() => fetch("/api/availability/me").then((r) => r.json()));
    expect(saved.weeklyHours.sunday).toEqual([{ start: "22:00", end: "24:00" }]);
    // shown again as 12:00 AM, not as a blank field
    await pract.page.reload();
    await hydrated(pract.page);
    expect(await pract.page.getByLabel("Sunday interval 1 end").inputValue()).toBe("00:00");
    expect(pract.problems).toEqual([]);
    await pract.context.close();

    // a client in UTC: Tokyo's Sunday 22:00–24:00 is 13:00–15:00 there, the last hour-long session at 2:00 PM
    const client = await signedIn(suite.browser, CLIENT, DESKTOP, "UTC");
    await client.page.goto(`${suite.server.url}/book/${target.id}`);
    await hydrated(client.page);
    const day = new Date(`${aWednesday(1)}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 4);
    await pickDate(client.page, day.toISOString().slice(0, 10));
    await slotButtons(client.page).first().waitFor();
    expect(await slotButtons(client.page).allInnerTexts()).toEqual(["1:00 PM", "1:30 PM", "2:00 PM"]);
    await client.context.close();
  });
});

describe("calendar feed", () => {
  test("settings make a private feed address, copy it, replace it and turn it off", async () => {
    const target = practitioners()[5];
    const { page, context, problems } = await signedIn(suite.browser, target.email, PHONE, PRACTITIONER_ZONE);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.server.url });
    await page.goto(`${suite.server.url}/dashboard/practitioner#settings`);
    await hydrated(page);
    const feed = page.getByTestId("calendar-feed");
    const isFocused = (locator: typeof feed) => locator.evaluate((el) => el === document.activeElement);
    // from the keyboard: each change moves the focus to what replaced the pressed button (it once fell to the page's body)
    await feed.getByRole("button", { name: "Create calendar feed" }).focus();
    await page.keyboard.press("Enter");
    const address = feed.getByLabel("Your private feed address");
    await address.waitFor();
    await page.waitForFunction(() => document.activeElement?.id === "calendar-feed-url");
    const first = await address.inputValue();
    expect(first).toMatch(/\/api\/calendar\/[a-z2-7]+\.ics$/);
    await feed.getByRole("button", { name: "Copy" }).click();
    await feed.getByText("Copied to clipboard!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    const calendar = await page.request.get(first);
    expect(calendar.status()).toBe(200);
    expect(await calendar.text()).toContain("BEGIN:VCALENDAR");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await feed.getByRole("button", { name: "New address" }).focus();
    await page.keyboard.press("Enter");
    await feed.getByText("A new address was made; the old one no longer works.").waitFor();
    const second = await address.inputValue();
    expect(second).not.toBe(first);
    expect(await isFocused(address)).toBe(true);
    expect((await page.request.get(first)).status()).toBe(404);
    await feed.getByRole("button", { name: "Turn off" }).focus();
    await page.keyboard.press("Enter");
    await feed.getByRole("button", { name: "Create calendar feed" }).waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === "Create calendar feed");
    expect((await page.request.get(second)).status()).toBe(404);
    // after a reload the page knows there is no feed
    await page.reload();
    await hydrated(page);
    await page.getByTestId("calendar-feed").getByRole("button", { name: "Create calendar feed" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("access and races", () => {
  test("preview sees the upgrade prompt; basic books one session a month and is refused the second with the upgrade prompt", async () => {
    const target = practitioners()[2];
    const date = aWednesday(0);
    const preview = await signedIn(suite.browser, PREVIEW, PHONE);
    await preview.page.goto(`${suite.server.url}/book/${target.id}`);
    await preview.page.getByTestId("booking-upgrade").getByRole("button", { name: "Upgrade Access" }).waitFor();
    expect(await preview.page.getByRole("list", { name: "Booking steps" }).count()).toBe(0);
    expect(await seriousA11yViolations(preview.page)).toEqual([]);
    await preview.context.close();

    run("update users set access_level = 'basic', subscription_status = 'premium' where email = ?", PREVIEW);
    run("delete from sessions_booking where client_id = (select id from users where email = ?)", PREVIEW);
    const basic = await signedIn(suite.browser, PREVIEW, DESKTOP);
    await bookThroughWizard(basic.page, target.id, date);
    await basic.page.getByRole("button", { name: "Confirm & Book" }).click();
    await basic.page.waitForURL(`${suite.server.url}/dashboard/client`);
    await bookThroughWizard(basic.page, target.id, aWednesday(1));
    await basic.page.getByRole("button", { name: "Confirm & Book" }).click();
    await basic.page.getByTestId("toast").getByText("Booking failed").waitFor();
    const limit = basic.page.getByTestId("booking-limit");
    await limit.getByText(/1 session per calendar month/).waitFor();
    await limit.getByRole("button", { name: "Upgrade Access" }).click();
    await basic.page.getByRole("dialog", { name: "Upgrade Your Access" }).waitFor();
    expect(basic.page.url()).toBe(`${suite.server.url}/book/${target.id}`);
    await basic.context.close();
  });

  test("two browsers race for one slot: exactly one wins, the other gets fresh slots and a clear message", async () => {
    const target = practitioners()[3];
    const date = aWednesday(0);
    const other = anotherClient();
    run("update users set access_level = 'premium', subscription_status = 'premium' where email = ?", other);
    const a = await signedIn(suite.browser, CLIENT, DESKTOP);
    const b = await signedIn(suite.browser, other, PHONE);
    const before = Date.now();
    const slotA = await bookThroughWizard(a.page, target.id, date);
    const slotB = await bookThroughWizard(b.page, target.id, date, { slot: slotA });
    expect(slotB).toBe(slotA);
    await Promise.all([a.page.getByRole("button", { name: "Confirm & Book" }).click(), b.page.getByRole("button", { name: "Confirm & Book" }).click()]);
    const outcome = async (page: Page) =>
      Promise.race([
        page.waitForURL(`${suite.server.url}/dashboard/client`, { timeout: 15_000 }).then(() => "won" as const),
        page.getByText("That time was just booked by someone else.", { exact: false }).waitFor({ timeout: 15_000 }).then(() => "lost" as const),
      ]);
    const results = await Promise.all([outcome(a.page), outcome(b.page)]);
    expect([...results].sort()).toEqual(["lost", "won"]);
    const loser = results[0] === "lost" ? a.page : b.page;
    await loser.getByTestId("toast").getByText("Booking failed").waitFor();
    // back on step 1 with fresh slots: the taken one is disabled, nothing is selected
    expect(await loser.getByRole("list", { name: "Time slots" }).getByRole("button", { name: slotA, exact: true }).isDisabled()).toBe(true);
    expect(one<{ n: number }>("select count(*) as n from sessions_booking where practitioner_id = ? and created_at >= ?", target.id, before).n).toBe(1);
    await a.context.close();
    await b.context.close();
  });
});

describe("one client, one session at a time (decision 022)", () => {
  test("booking another practitioner at a time the client already has: 'Booking failed' with the server's sentence, still on the review", async () => {
    // two practitioners of its own, both on the default hours (so their slots line up)
    const [first, second] = [journeyPractitioner(0), journeyPractitioner(1)];
    clearClientUpcoming();
    const date = aWednesday(2);
    const { page, context, problems } = await signedIn(suite.browser, CLIENT, PHONE);
    const label = await bookThroughWizard(page, first.id, date);
    await page.getByRole("button", { name: "Confirm & Book" }).click();
    await page.waitForURL(`${suite.server.url}/dashboard/client`);

    // the wizard now shows that time as taken by the client's own session (decision 028) …
    await page.goto(`${suite.server.url}/book/${second.id}`);
    await hydrated(page);
    await pickDate(page, date);
    const own = page.getByRole("list", { name: "Time slots" }).getByRole("button", { name: `${label}: You have a session then` });
    await own.waitFor();
    expect(await own.isDisabled()).toBe(true);
    // … and the server still refuses it with the sentence when asked anyway (a second tab booked meanwhile):
    // the slot is picked in a wizard opened before the first booking existed
    await context.close();
    run("update sessions_booking set status = 'cancelled' where practitioner_id = ? and client_id = (select id from users where email = ?)", first.id, CLIENT);
    const again = await signedIn(suite.browser, CLIENT, PHONE);
    const pageB = again.page;
    await bookThroughWizard(pageB, second.id, date, { slot: label });
    run("update sessions_booking set status = 'scheduled' where practitioner_id = ? and client_id = (select id from users where email = ?) and scheduled_datetime > ?", first.id, CLIENT, Date.now());
    await pageB.getByRole("button", { name: "Confirm & Book" }).click();
    const toast = pageB.getByTestId("toast");
    await toast.getByText("Booking failed").waitFor();
    const sentence = new RegExp(`^You already have a session at that time \\(Wed, [A-Z][a-z]{2} \\d{1,2}, ${label} GMT\\+\\d with Practitioner #${first.id.slice(-6)}\\)\\. Pick another time\\.$`);
    await toast.getByText(sentence).waitFor();
    // the slot is free for this practitioner: the review stays, nothing booked with them
    expect(await pageB.getByRole("button", { name: "Confirm & Book" }).isEnabled()).toBe(true);
    expect(pageB.url()).toBe(`${suite.server.url}/book/${second.id}`);
    expect(one<{ n: number }>("select count(*) as n from sessions_booking where practitioner_id = ? and status != 'cancelled' and scheduled_datetime > ? and client_id = (select id from users where email = ?)", second.id, Date.now(), CLIENT).n).toBe(0);
    expect(await seriousA11yViolations(pageB)).toEqual([]);
    expect(problems.filter((p) => !p.includes("409"))).toEqual([]);
    expect(again.problems.filter((p) => !p.includes("409"))).toEqual([]);
    await again.context.close();
  });
});

describe("a practitioner suspended after the booking (decision 022)", () => {
  test("the client's Reschedule says the session cannot be moved and that cancelling still works", async () => {
    const target = journeyPractitioner(2);
    clearClientUpcoming();
    const { page, context, problems } = await signedIn(suite.browser, CLIENT, PHONE);
    await bookThroughWizard(page, target.id, aWednesday(3));
    await page.getByRole("button", { name: "Confirm & Book" }).click();
    await page.waitForURL(`${suite.server.url}/dashboard/client`);

    run("update users set suspended_at = ? where id = ?", Date.now(), target.userId);
    try {
      await page.reload();
      await hydrated(page);
      const card = page.getByRole("list", { name: "Upcoming sessions" }).getByTestId("session-card").filter({ hasText: `Practitioner #${target.id.slice(-6)}` });
      await card.getByRole("button", { name: "Reschedule" }).click();
      const dialog = page.getByRole("dialog", { name: "Reschedule session" });
      await dialog.getByText("This practitioner is not taking bookings at the moment, so this session cannot be moved. You can still cancel it.").waitFor();
      expect(await dialog.getByRole("list", { name: "Time slots" }).count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(problems.filter((p) => !p.includes("409"))).toEqual([]);
    } finally {
      run("update users set suspended_at = null where id = ?", target.userId);
      await context.close();
    }
  });
});

describe("a length the practitioner stopped offering", () => {
  test("the client's Reschedule of a confirmed 30-minute session says it cannot be moved, instead of an empty day after day, and offers cancelling it there", async () => {
    const target = journeyPractitioner(3);
    clearClientUpcoming();
    const { page, context, problems } = await signedIn(suite.browser, CLIENT, PHONE);
    await bookThroughWizard(page, target.id, aWednesday(4), { duration: "30" });
    await page.getByRole("button", { name: "Confirm & Book" }).click();
    await page.waitForURL(`${suite.server.url}/dashboard/client`);

    // the practitioner now offers 60 and 90 minutes only
    const hours = [{ start: "09:00", end: "17:00" }];
    const weekly = { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: [], sunday: [] };
    run(
      "insert into practitioner_availability (practitioner_id, time_zone, weekly_hours, durations, saved) values (?, ?, ?, ?, 1)",
      target.id,
      PRACTITIONER_ZONE,
      JSON.stringify(weekly),
      JSON.stringify([60, 90]),
    );
    // confirmed: its card offers Cancel Session too (SPEC.md shows it for scheduled sessions; decision 028 for confirmed ones)
    const booked = one<{ id: string }>("select id from sessions_booking where practitioner_id = ? and client_id = (select id from users where email = ?) and status = 'scheduled' order by created_at desc limit 1", target.id, CLIENT);
    run("update sessions_booking set status = 'confirmed' where id = ?", booked.id);
    await page.reload();
    await hydrated(page);
    const card = page.getByRole("list", { name: "Upcoming sessions" }).getByTestId("session-card").filter({ hasText: `Practitioner #${target.id.slice(-6)}` });
    await card.getByRole("button", { name: "Reschedule" }).click();
    const dialog = page.getByRole("dialog", { name: "Reschedule session" });
    await dialog.getByText("This practitioner no longer offers sessions of this length, so it cannot be moved. Please cancel and book again.").waitFor();
    expect(await dialog.getByText("No available time slots for this date. Please select another date.").count()).toBe(0);
    expect(await card.getByRole("button", { name: "Cancel Session" }).count()).toBe(1);
    // the way out the sentence names, in the dialog itself
    await dialog.getByRole("button", { name: "Cancel this session" }).click();
    await page.getByRole("dialog", { name: "Cancel this session?" }).getByRole("button", { name: "Yes, cancel session" }).click();
    await page.getByTestId("toast").getByText("Session cancelled").waitFor();
    expect(one<{ status: string }>("select status from sessions_booking where id = ?", booked.id).status).toBe("cancelled");
    expect(problems.filter((p) => !p.includes("409"))).toEqual([]);
    await context.close();
  });
});

describe("a session the practitioner never confirmed", () => {
  test("once it started, Booking management still offers Mark completed and No-show, and No-show closes it", async () => {
    const target = journeyPractitioner(4);
    clearClientUpcoming();
    const client = await signedIn(suite.browser, CLIENT, PHONE);
    await bookThroughWizard(client.page, target.id, aWednesday(5));
    await client.page.getByRole("button", { name: "Confirm & Book" }).click();
    await client.page.waitForURL(`${suite.server.url}/dashboard/client`);
    await client.context.close();
    const booking = one<{ id: string; status: string }>("select id, status from sessions_booking where practitioner_id = ? and status != 'cancelled' order by created_at desc limit 1", target.id);
    expect(booking.status).toBe("scheduled");

    // it started an hour ago, never confirmed
    run("update sessions_booking set scheduled_datetime = ? where id = ?", Date.now() - 60 * 60 * 1000, booking.id);
    const pract = await signedIn(suite.browser, target.email, PHONE, PRACTITIONER_ZONE);
    await pract.page.goto(`${suite.server.url}/dashboard/practitioner`);
    await hydrated(pract.page);
    const row = pract.page.getByRole("list", { name: "Booking management" }).locator(":scope > li").filter({ has: pract.page.getByRole("button", { name: "No-show" }) }).first();
    await row.getByRole("button", { name: "Mark completed" }).waitFor();
    await row.getByRole("button", { name: "No-show" }).click();
    await pract.page.getByTestId("toast").getByText("Session marked as a no-show").waitFor();
    expect(one<{ status: string }>("select status from sessions_booking where id = ?", booking.id).status).toBe("no-show");
    expect(pract.problems).toEqual([]);
    await pract.context.close();
  });
});

describe("more upcoming sessions than the dashboard's three", () => {
  test("'Show all 4 upcoming sessions' lists the fourth at 390 px, and it can be cancelled from there", async () => {
    const target = journeyPractitioner(5);
    clearClientUpcoming();
    const week = 7 * 24 * 60 * 60 * 1000;
    const starts = [6, 7, 8, 9].map((n) => Math.floor((Date.now() + n * week) / 3_600_000) * 3_600_000);
    for (const start of starts) {
      run(
        "insert into sessions_booking (id, client_id, practitioner_id, scheduled_datetime, duration, status, total_amount_cents, is_virtual) values (?, (select id from users where email = ?), ?, ?, 60, 'scheduled', 8500, 1)",
        crypto.randomUUID(),
        CLIENT,
        target.id,
        start,
      );
    }
    const { page, context, problems } = await signedIn(suite.browser, CLIENT, PHONE);
    await page.goto(`${suite.server.url}/dashboard/client`);
    await hydrated(page);
    const cards = page.getByRole("list", { name: "Upcoming sessions" }).getByTestId("session-card");
    expect(await cards.count()).toBe(3);
    await page.getByRole("link", { name: "Show all 4 upcoming sessions" }).click();
    await page.waitForURL(`${suite.server.url}/dashboard/client?sessions=all#sessions`);
    await hydrated(page);
    expect(await cards.count()).toBe(4);
    await noOverflow(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await cards.nth(3).getByRole("button", { name: "Cancel Session" }).click();
    await page.getByRole("dialog").getByRole("button", { name: /^Yes/ }).click();
    await page.getByTestId("toast").getByText("Session cancelled").waitFor();
    expect(one<{ status: string }>("select status from sessions_booking where practitioner_id = ? and scheduled_datetime = ?", target.id, starts[3]).status).toBe("cancelled");
    // still showing all after the reload, now three, with the way back
    await page.getByRole("link", { name: "Show fewer" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("time zone names", () => {
  test("a viewer in Kolkata, whom Chromium reports as 'Asia/Calcutta', reads 'Asia/Kolkata' in the wizard", async () => {
    const { page, context, problems } = await signedIn(suite.browser, CLIENT, DESKTOP, "Asia/Kolkata");
    await page.goto(`${suite.server.url}/book/${practitioners()[5].id}`);
    await hydrated(page);
    const note = page.getByTestId("time-zone-note");
    await note.waitFor();
    expect(await note.innerText()).toContain("Asia/Kolkata (GMT+5:30)");
    expect(await page.locator("body").innerText()).not.toContain("Calcutta");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("a refusal inside the dashboard's dialogs", () => {

  /** The practitioner's free hour-long slots on `date`, as the server offers them. */
  async function freeSlots(practitionerId: string, date: string): Promise<string[]> {
    const answer = await (await fetch(`${suite.server.url}/api/bookings/${practitionerId}/availability?date=${date}&duration=60&tz=${encodeURIComponent(CLIENT_ZONE)}`)).json();
    return (answer.slots as Array<{ start: string; available: boolean }>).filter((s) => s.available).map((s) => s.start);
  }

  function insertBooking(clientEmail: string, practitionerId: string, start: string): string {
    const id = crypto.randomUUID();
    run(
      "insert into sessions_booking (id, client_id, practitioner_id, scheduled_datetime, duration, status, total_amount_cents, is_virtual) values (?, (select id from users where email = ?), ?, ?, 60, 'scheduled', 8500, 1)",
      id,
      clientEmail,
      practitionerId,
      new Date(start).getTime(),
    );
    return id;
  }

  const clientTime = (iso: string) => new Date(iso).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone: CLIENT_ZONE }).replace(/\u202f/g, " ");

  test("Reschedule into a slot just taken: the server's reason in sight inside the dialog, the day kept, the slot shown taken", async () => {
    const target = journeyPractitioner(6);
    clearClientUpcoming();
    const date = aWednesday(6);
    const [own, , wanted] = await freeSlots(target.id, date);
    const bookingId = insertBooking(CLIENT, target.id, own);
    const { page, context, problems } = await signedIn(suite.browser, CLIENT, PHONE);
    await page.goto(`${suite.server.url}/dashboard/client`);
    await hydrated(page);
    const card = page.getByRole("list", { name: "Upcoming sessions" }).getByTestId("session-card").filter({ hasText: `Practitioner #${target.id.slice(-6)}` });
    await card.getByRole("button", { name: "Reschedule" }).click();
    const dialog = page.getByRole("dialog", { name: "Reschedule session" });
    const wantedButton = dialog.getByRole("list", { name: "Time slots" }).getByRole("button", { name: clientTime(wanted), exact: true });
    await wantedButton.click();

    // meanwhile another client books that hour
    const other = anotherClient();
    insertBooking(other, target.id, wanted);
    await dialog.getByRole("button", { name: "Move session" }).click();

    const alert = dialog.getByRole("alert").filter({ hasText: "Something went wrong" });
    await alert.getByText("That time slot was just taken. Please choose another time.").waitFor();
    expect(await isOnTop(alert.getByText("Something went wrong"))).toBe(true);
    // the same day, with fresh slots: the hour is taken now, and nothing is chosen
    await page.waitForFunction((label) => [...document.querySelectorAll("dialog[open] button")].some((b) => b.textContent === label && (b as HTMLButtonElement).disabled), clientTime(wanted));
    expect(await dialog.getByRole("button", { name: "Move session" }).isDisabled()).toBe(true);
    expect(await dialog.getByText(`Available times · `).innerText()).toContain(String(Number(date.slice(8))));
    // the focus stays in the dialog
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    expect(one<{ scheduled_datetime: number }>("select scheduled_datetime from sessions_booking where id = ?", bookingId).scheduled_datetime).toBe(new Date(own).getTime());
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems.filter((p) => !p.includes("409"))).toEqual([]);
    await context.close();
  });

  test("Cancel Session refused (no connection, signed out, cancelled in another tab): each reason in sight inside the dialog, the reason typed kept", async () => {
    const target = journeyPractitioner(7);
    clearClientUpcoming();
    const [start] = await freeSlots(target.id, aWednesday(7));
    const bookingId = insertBooking(CLIENT, target.id, start);
    const { page, context, problems } = await signedIn(suite.browser, CLIENT, DESKTOP);
    await page.goto(`${suite.server.url}/dashboard/client`);
    await hydrated(page);
    const card = page.getByRole("list", { name: "Upcoming sessions" }).getByTestId("session-card").filter({ hasText: `Practitioner #${target.id.slice(-6)}` });
    await card.getByRole("button", { name: "Cancel Session" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel this session?" });
    await dialog.getByLabel("Reason (optional)").fill("Travelling that week");
    const yes = dialog.getByRole("button", { name: "Yes, cancel session" });
    const alert = dialog.getByRole("alert");

    // no connection
    await page.route("**/cancel", (route) => route.abort());
    await yes.click();
    await alert.getByText("Connection error. Please try again.").waitFor();
    expect(await isOnTop(alert.getByText("Something went wrong"))).toBe(true);
    await page.unroute("**/cancel");

    // signed out meanwhile: the way back in
    await context.clearCookies();
    await yes.click();
    await alert.getByText("Please sign in to continue").waitFor();
    expect(await isOnTop(alert.getByText("Please sign in to continue"))).toBe(true);
    expect(await alert.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe(`/auth/signin?next=${encodeURIComponent("/dashboard/client")}`);
    await loginAs(context, suite.server, CLIENT);

    // cancelled in another tab
    run("update sessions_booking set status = 'cancelled' where id = ?", bookingId);
    await yes.click();
    await alert.getByText("A cancelled session cannot be cancelled.").waitFor();
    expect(await alert.innerText()).not.toContain("Please sign in to continue");
    expect(await isOnTop(alert.getByText("Something went wrong"))).toBe(true);
    expect(await dialog.getByLabel("Reason (optional)").inputValue()).toBe("Travelling that week");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems.filter((p) => !/status of (401|409)|ERR_FAILED/.test(p))).toEqual([]);
    await context.close();
  });
});

describe("a practitioner on their own booking page", () => {
  test("is told on the first screen that they cannot book themselves, and goes to their dashboard from there", async () => {
    const own = practitioners()[5];
    const { page, context, problems } = await signedIn(suite.browser, own.email, PHONE, PRACTITIONER_ZONE);
    await page.goto(`${suite.server.url}/book/${own.id}`);
    const notice = page.getByTestId("booking-self");
    await notice.getByText("You cannot book a session with yourself.").waitFor();
    expect(await page.getByRole("list", { name: "Booking steps" }).count()).toBe(0);
    await noOverflow(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await notice.getByRole("link", { name: "Go to your dashboard" }).click();
    await page.waitForURL(`${suite.server.url}/dashboard/practitioner`);
    expect(problems).toEqual([]);
    await context.close();
  });
});
