import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import Papa from "papaparse";
import type { Browser, Page } from "playwright-core";
import { TOAST_DURATION_MS } from "../../core/toast";
import { openDatabase } from "../../db/client";
import { createBooking, createPractitioner, createUser } from "../../src/testing/factories";
import { startSmtpSink, type SmtpSink } from "../../src/testing/smtp-sink";
import { DESKTOP, focusedName, holdRequests, launchBrowser, loginAs, openDb, openPage, PHONE, seriousA11yViolations, startServer, type TestServer } from "./fixtures";

const CODE = "e2e-access-code";
const PASSWORD = "e2e-simple-password";
let server: TestServer;
let browser: Browser;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startServer({ ADMIN_ACCESS_CODE: CODE, SIMPLE_ADMIN_PASSWORD: PASSWORD, SMTP_URL: sink.url });
  browser = await launchBrowser();
  const db = openDb(server.dbPath);
  const insert = db.query("insert into survey_responses (id, identity_type, country_of_residence, currency, age_range, final_thoughts) values (?, 'exploring', ?, ?, ?, ?)");
  insert.run(crypto.randomUUID(), "+cmd", "@SUM(1+1)", "\t=1", '=HYPERLINK("http://evil.example","click")');
  insert.run(crypto.randomUUID(), "Iceland", "ISK", "25-34", " =2+2 payload");
  db.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.close();
});

describe("admin survey results", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`an admin filters, searches, expands a row and exports exactly the table's rows (${viewport.width} px)`, async () => {
      const { page, context, problems } = await openPage(browser, viewport);
      await context.grantPermissions([]);
      await loginAs(context, server, "admin@pollinate.example");
      await page.goto(`${server.url}/admin/survey`);
      await page.getByTestId("survey-table").waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByLabel("Identity type").selectOption("exploring");
      // the previous page's figures stay on screen while the filtered ones load: wait for them
      await page.waitForFunction(() => document.querySelector('[data-stat="Facilitators"]')?.textContent === "0" && document.querySelector('[data-stat="Clients"]')?.textContent === "0");
      const exploringTotal = Number(await page.locator('[data-stat="Total Responses"]').textContent());
      await page.getByText(`${exploringTotal} matching response`).waitFor();

      await page.getByLabel("Search responses").fill("payload");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.getByText("1 matching response", { exact: true }).waitFor();
      await page.getByRole("button", { name: /Details/ }).click();
      await page.getByText(" =2+2 payload").waitFor();
      // the open row's button reads "Hide details of the response from …" (it said "Hide of the response from …")
      const hide = page.getByRole("button", { name: /^Hide / });
      expect(await hide.getAttribute("aria-label") ?? (await hide.textContent())).toMatch(/^Hide details of the response from \w{3} \d{1,2}, \d{4}$/);
      expect(await hide.getAttribute("aria-expanded")).toBe("true");

      await page.getByLabel("Search responses").fill("");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.getByText(`${exploringTotal} matching response`).waitFor();
      const tableCountries = await page.locator("[data-response-row] td:nth-child(4)").allTextContents();

      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
      expect(download.suggestedFilename()).toMatch(/^survey-responses-\d{4}-\d{2}-\d{2}\.csv$/);
      await page.getByRole("status").filter({ hasText: "Export successful" }).waitFor();
      await page.getByText(`Downloaded ${exploringTotal} survey responses as CSV.`).waitFor();
      const rows = Papa.parse<string[]>(readFileSync((await download.path())!, "utf8"), { skipEmptyLines: true }).data;
      expect(rows[0][0]).toBe("Submission Date");
      expect(rows.slice(1)).toHaveLength(exploringTotal);
      expect(rows.slice(1).every((r) => r[1] === "Just Exploring")).toBe(true);
      // the table's first page lists the same responses in the same order
      expect(rows.slice(1, 1 + tableCountries.length).map((r) => r[3].replace(/^'/, "") || "Not specified")).toEqual(tableCountries);
      // formula payloads come out neutralised
      const payload = rows.find((r) => r[3].includes("+cmd"))!;
      expect(payload[3]).toBe("'+cmd");
      expect(payload[4]).toBe("'@SUM(1+1)");
      expect(payload[2]).toBe("'\t=1");
      expect(payload.at(-1)).toBe(`'=HYPERLINK("http://evil.example","click")`);
      expect(rows.find((r) => r[3] === "Iceland")!.at(-1)).toBe("' =2+2 payload");

      await page.getByLabel("Search responses").fill("no-such-thing-anywhere");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.getByText("No survey responses found matching your filters.").waitFor();
      await page.getByRole("button", { name: "Export CSV" }).click();
      await page.getByRole("alert").filter({ hasText: "No data to export" }).waitFor();
      await page.getByText("No survey responses match your current filters.").waitFor();
      expect(problems).toEqual([]);
      await context.close();
    }, 90_000);
  }

  for (const viewport of [PHONE, DESKTOP]) {
    test(`a client opening an admin page gets 403, a polite toast, then the home page; the APIs 403 (${viewport.width} px)`, async () => {
      const { page, context, problems } = await openPage(browser, viewport);
      await loginAs(context, server, "client@pollinate.example");
      // the page's clock stands still until the test moves it: the redirect is checked against the toast's duration
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      const res = await page.goto(`${server.url}/admin/survey`);
      expect(res?.status()).toBe(403);
      await page.getByRole("heading", { name: "Access Denied" }).waitFor();
      await page.getByText("You need admin privileges to access this page.").first().waitFor();
      await page.getByRole("link", { name: "Go Home" }).waitFor();
      const toast = page.getByTestId("toast");
      await toast.getByText("Access Denied").waitFor();
      await toast.getByText("You need admin privileges to access this page.").waitFor();
      // announced politely (Radix writes its announcement on the next frame), as is the countdown
      await page.clock.runFor(100);
      await page.locator('[role="status"][aria-live="polite"]').filter({ hasText: "Access Denied" }).waitFor({ state: "attached" });
      await page.getByRole("status").filter({ hasText: `Taking you to the home page in ${TOAST_DURATION_MS / 1000} seconds.` }).waitFor();

      await page.clock.runFor(TOAST_DURATION_MS - 600);
      expect(new URL(page.url()).pathname).toBe("/admin/survey");
      await Promise.all([page.waitForURL(`${server.url}/`), page.clock.runFor(1000)]);
      await page.getByText("Client dashboard", { exact: true }).waitFor();

      for (const path of ["/api/survey/responses", "/api/survey/responses.csv", "/api/admin/overview", "/api/admin/users"]) {
        expect((await page.request.get(`${server.url}${path}`)).status()).toBe(403);
      }
      // the admin dashboard is an access-code gate (SPEC.md section 2), not a refusal
      await page.goto(`${server.url}/admin/dashboard`);
      await page.getByLabel("Access code").waitFor();
      expect(problems.filter((p) => !p.includes("403"))).toEqual([]);
      await context.close();
    });
  }

  test("'Stay on this page' stops the redirect by keyboard; /admin/garden refuses the same way; without JavaScript the page stays", async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await loginAs(context, server, "client@pollinate.example");
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    expect((await page.goto(`${server.url}/admin/garden`))?.status()).toBe(403);
    await page.getByTestId("toast").getByText("Access Denied").waitFor();
    const stay = page.getByRole("button", { name: "Stay on this page" });
    await stay.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: "You're staying on this page." }).waitFor();
    // focus did not fall to the page's start with the button gone
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("You're staying on this page.");
    await page.clock.runFor(TOAST_DURATION_MS * 2);
    expect(new URL(page.url()).pathname).toBe("/admin/garden");
    await page.clock.resume(); // axe runs on timers
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();

    const noScript = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    await loginAs(noScript, server, "client@pollinate.example");
    const plain = await noScript.newPage();
    expect((await plain.goto(`${server.url}/admin/survey`))?.status()).toBe(403);
    await plain.getByText("You need admin privileges to access this page.").waitFor();
    expect(await plain.getByRole("button", { name: "Stay on this page" }).count()).toBe(0);
    await Promise.all([plain.waitForURL(`${server.url}/`), plain.getByRole("link", { name: "Go Home" }).click()]);
    await noScript.close();
  });
});

describe("simple admin", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`logs in, sees the statistics and cards, logs out (${viewport.width} px)`, async () => {
      const { page, context, problems } = await openPage(browser, viewport);
      // the panel's data call without the cookie is refused, and the page sends you to the login
      expect((await page.request.get(`${server.url}/api/simple-admin/responses`)).status()).toBe(401);
      await page.goto(`${server.url}/simple-admin/panel`);
      expect(new URL(page.url()).pathname).toBe("/simple-admin/login");
      await page.locator("[data-hydrated=true]").waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByLabel("Password").fill("wrong-password");
      await page.getByRole("button", { name: "Access Admin Panel" }).click();
      await page.getByRole("alert").filter({ hasText: "Invalid password" }).waitFor();
      problems.length = 0; // the 401 of the wrong password is expected in the console
      await page.getByLabel("Password").fill(PASSWORD);
      await Promise.all([page.waitForURL(/\/simple-admin\/panel$/), page.getByRole("button", { name: "Access Admin Panel" }).click()]);
      await page.locator("[data-response-card]").first().waitFor();
      expect(Number(await page.locator('[data-stat="Total Responses"]').textContent())).toBeGreaterThan(0);
      expect(await page.evaluate(() => localStorage.getItem("simpleAdminAuth"))).toBe("true");
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === "pollinate_simple_admin")?.httpOnly).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await Promise.all([page.waitForURL(/\/simple-admin\/login/), page.getByRole("button", { name: "Logout" }).click()]);
      await page.getByText("Logged out").waitFor();
      expect(await page.evaluate(() => localStorage.getItem("simpleAdminAuth"))).toBeNull();
      expect((await page.request.get(`${server.url}/api/simple-admin/responses`)).status()).toBe(401);
      expect(problems).toEqual([]);
      await context.close();
    }, 60_000);
  }
});

describe("admin dashboard", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`a wrong code, then the right one, every tab, an action and a test e-mail received (${viewport.width} px)`, async () => {
      const { page, context } = await openPage(browser, viewport);
      await page.goto(`${server.url}/admin/dashboard`);
      await page.locator("[data-hydrated=true]").waitFor();
      await page.getByLabel("Access code").fill("not-the-code");
      await page.getByRole("button", { name: "Unlock Dashboard" }).click();
      await page.getByRole("alert").filter({ hasText: "Invalid access code" }).waitFor();
      await page.getByLabel("Access code").fill(CODE);
      await page.getByRole("button", { name: "Unlock Dashboard" }).click();
      await page.locator("[data-unlocked=true]").waitFor();
      await page.locator('[data-overview="totalUsers"]').filter({ hasText: /^\d+$/ }).waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem("adminDashboardUnlocked"))).toBe("true");
      const gate = (await context.cookies()).find((c) => c.name === "pollinate_admin_gate");
      expect(gate?.httpOnly).toBe(true);

      for (const [tab, text] of [["Users", "Suspend"], ["Practitioners", "Verify"], ["Sessions", "min"], ["Garden", "Views"], ["Seeds", "Total Balance"]] as const) {
        await page.getByRole("tab", { name: tab }).click();
        await page.getByRole("tabpanel").getByText(text).first().waitFor();
        // the wide tables scroll inside their card: the page itself never scrolls sideways
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), tab).toBe(0);
        // every e-mail address in the table reads on one line (a phone once got "previ / ew@p / ollina / te.ex…")
        const brokenAddresses = await page.getByRole("tabpanel").evaluate((panel) =>
          Array.from(panel.querySelectorAll("td, td span"))
            .filter((cell) => cell.childElementCount === 0 && /^[^\s@]+@[^\s@]+$/.test(cell.textContent ?? ""))
            .filter((cell) => {
              const range = document.createRange();
              range.selectNodeContents(cell);
              return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size > 1;
            })
            .map((cell) => cell.textContent),
        );
        expect(brokenAddresses, tab).toEqual([]);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByRole("tab", { name: "Practitioners" }).click();
      const verify = page.getByRole("tabpanel").getByRole("button", { name: /^(Verify|Unverify) / }).first();
      await verify.waitFor();
      await verify.click();
      await page.getByRole("status").filter({ hasText: /verified/ }).waitFor();

      await page.getByRole("tab", { name: "Email" }).click();
      // the types read as words, not as the API's values
      expect(await page.getByLabel("E-mail type").locator("option").allTextContents()).toEqual(["Welcome", "Survey thank-you", "Alpha invitation", "Session confirmation", "Session reminder"]);
      await page.getByLabel("E-mail type").selectOption("session-confirmation");
      const to = `e2e-${viewport.width}@inbox.test`;
      await page.getByRole("button", { name: "Send Test Email" }).click();
      await page.getByRole("alert").filter({ hasText: "Email required" }).waitFor();
      await page.getByLabel("Send to").fill(to);
      await page.getByLabel("Recipient name").fill("Robin");
      await page.getByLabel("Practitioner name").fill("Sage");
      await page.getByRole("button", { name: "Send Test Email" }).click();
      // queued in the outbox with its audit row, then sent by the server's outbox worker
      await page.getByRole("status").filter({ hasText: "Test email queued" }).waitFor();
      const mail = await sink.waitFor((m) => m.recipients.includes(to), 10_000);
      expect(mail.parsed.html).toContain("Sage");
      expect(mail.parsed.text).toContain("Robin");
      // this run's entry (the other viewport's run left one for its own address before this one)
      await page.locator('[data-audit-action="send-test-email"]').filter({ hasText: to }).first().waitFor();

      await page.getByRole("button", { name: "Log Out" }).click();
      await page.getByLabel("Access code").waitFor();
      expect((await page.request.get(`${server.url}/api/admin/overview`)).status()).toBe(401);
      await context.close();
    }, 90_000);
  }
});

describe("the admin dashboard's outbox", () => {
  test("a message that failed shows its recipient, subject, attempts and reason as text, at 320 px, reached by keyboard", async () => {
    const subject = `<img src=x onerror="document.body.dataset.xss='1'"> Reminder ${crypto.randomUUID().slice(0, 8)}`;
    const reason = "550 5.1.1 <nobody@bounce.test>: mailbox unavailable";
    const db = openDb(server.dbPath);
    const queuedAt = Date.now() - 3 * 3_600_000;
    db.query("insert into outbox (id, kind, payload, status, attempts, run_at, last_error, done_at, created_at) values (?, 'email', ?, 'failed', 8, ?, ?, ?, ?)").run(
      crypto.randomUUID(),
      JSON.stringify({ to: "nobody@bounce.test", subject, text: "Hello", html: "<p>Hello</p>" }),
      queuedAt,
      reason,
      Date.now(),
      queuedAt,
    );
    db.close();

    const { page, context, problems } = await openPage(browser, { width: 320, height: 720 });
    await page.goto(`${server.url}/admin/dashboard`);
    await page.locator("[data-hydrated=true]").waitFor();
    await page.getByLabel("Access code").fill(CODE);
    await page.getByLabel("Access code").press("Enter");
    await page.locator("[data-unlocked=true]").waitFor();
    // the keyboard reaches the Email tab: focus the selected tab, End moves to the last one
    await page.getByRole("tab", { name: "Users" }).focus();
    await page.keyboard.press("End");
    expect(await focusedName(page)).toBe("Email");
    expect(await page.getByRole("tab", { name: "Email" }).getAttribute("aria-selected")).toBe("true");

    const outbox = page.getByRole("region", { name: "Outbox" });
    const card = outbox.getByRole("listitem").filter({ hasText: subject });
    await card.waitFor();
    expect(await card.getByText(reason).count()).toBe(1);
    expect(await card.textContent()).toContain("nobody@bounce.test");
    expect(await card.textContent()).toContain("Failed");
    expect(await card.textContent()).toMatch(/Attempts\s*8/);
    // the subject is text: no element was made of it, and nothing ran
    expect(await page.evaluate(() => document.body.dataset.xss)).toBeUndefined();
    expect(await outbox.locator("img").count()).toBe(0);
    expect(Number(await outbox.locator('[data-outbox-figure="Failed"]').textContent())).toBeGreaterThanOrEqual(1);
    // nothing sticks out sideways at 320 px
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    // the refresh button is reached and used by keyboard
    await outbox.getByRole("button", { name: "Refresh outbox" }).focus();
    await page.keyboard.press("Enter");
    await card.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});

describe("suspending a practitioner", () => {
  test("an admin suspends a facilitator's account: their client's e-mail arrives, a client's directory search no longer finds them and their profile is gone; reinstating brings them back", async () => {
    // a facilitator whose specialization holds a word no one else's does
    const email = "moonfennel@pollinate.example";
    const { db, sqlite } = await openDatabase(server.dbPath);
    let practitionerId: string;
    try {
      practitionerId = (await createPractitioner(db, { specializations: ["Moonfennel tea rituals"], location: "Harrowgate, VT", user: { email, firstName: "Moss" } })).id;
      // a client with an upcoming session with them: the suspension cancels it and tells the client
      const booked = await createUser(db, { email: "fern.booked@pollinate.example", firstName: "Fern" });
      await createBooking(db, { clientId: booked.id, practitionerId });
    } finally {
      sqlite.close();
    }
    const cards = (page: Page) => page.locator('[data-island="PractitionerDirectory"] article');
    /** A new search for the word on /practitioners, typed as a client does; resolves with the cards shown. */
    const search = async (page: Page) => {
      await page.goto(`${server.url}/practitioners`);
      // typing waits for the island's React root
      await page.waitForFunction(() => Object.keys(document.querySelector('[data-island="PractitionerDirectory"]') ?? {}).some((k) => k.startsWith("__reactContainer")));
      const answered = page.waitForResponse((r) => r.url().includes("/api/practitioners/all") && new URL(r.url()).searchParams.get("q") === "moonfennel");
      await page.getByRole("searchbox", { name: "Search", exact: true }).fill("moonfennel");
      await page.waitForURL(/\/practitioners\?q=moonfennel$/);
      await answered;
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      return cards(page);
    };

    const client = await openPage(browser, PHONE);
    await loginAs(client.context, server, "client@pollinate.example");
    expect(await (await search(client.page)).count()).toBe(1);
    await cards(client.page).first().getByText("Moonfennel tea rituals").waitFor();

    const admin = await openPage(browser, DESKTOP);
    await admin.page.goto(`${server.url}/admin/dashboard`);
    await admin.page.locator("[data-hydrated=true]").waitFor();
    await admin.page.getByLabel("Access code").fill(CODE);
    await admin.page.getByRole("button", { name: "Unlock Dashboard" }).click();
    await admin.page.locator("[data-unlocked=true]").waitFor();
    await admin.page.getByRole("tab", { name: "Users" }).click();
    const panel = admin.page.getByRole("tabpanel");
    await panel.getByLabel("Search Users").fill(email);
    await panel.getByRole("button", { name: "Search", exact: true }).click();
    const row = panel.getByRole("row").filter({ hasText: email });
    await row.getByText("Active").waitFor();
    await row.getByRole("button", { name: `Suspend ${email}` }).click();
    // a suspension asks for a reason and a second press (issue 26)
    await row.getByLabel(`Reason for suspending ${email}`).fill("Testing the directory");
    await row.getByRole("button", { name: "Suspend and cancel their sessions" }).click();
    await admin.page.getByRole("status").filter({ hasText: `${email} suspended` }).waitFor();
    await row.getByText("Suspended").waitFor();
    // the client's e-mail arrives over SMTP: the session cannot go ahead (the admin's reason is not theirs to read)
    const told = await sink.waitFor((m) => m.recipients.includes("fern.booked@pollinate.example") && m.parsed.subject!.startsWith("Session cancelled"), 20_000);
    expect(told.parsed.text).not.toContain("Testing the directory");
    const practitionerTold = await sink.waitFor((m) => m.recipients.includes(email) && m.parsed.subject === "Your Pollinate account is suspended", 20_000);
    expect(practitionerTold.parsed.text).toContain("Testing the directory");

    await search(client.page);
    await client.page.getByText("No practitioners found").waitFor();
    expect(await cards(client.page).count()).toBe(0);
    expect((await client.page.goto(`${server.url}/practitioners/${practitionerId}`))?.status()).toBe(404);
    await client.page.getByRole("heading", { name: "Practitioner Not Found" }).waitFor();

    await row.getByRole("button", { name: `Reinstate ${email}` }).click();
    await admin.page.getByRole("status").filter({ hasText: `${email} reinstated` }).waitFor();
    expect(await (await search(client.page)).count()).toBe(1);
    expect(client.problems.filter((p) => !p.includes("404"))).toEqual([]);
    expect(admin.problems).toEqual([]);
    await client.context.close();
    await admin.context.close();
  }, 90_000);
});

describe("admin screens: keyboard focus, links and notices", () => {
  test("paging the survey results to the last page and back by keyboard keeps the focus on a pager button", async () => {
    // enough responses for three pages of 20
    const db = openDb(server.dbPath);
    const insert = db.query("insert into survey_responses (id, identity_type, country_of_residence) values (?, 'neither', 'Pagerland')");
    for (let i = 0; i < 45; i++) insert.run(crypto.randomUUID());
    db.close();
    const { page, context, problems } = await openPage(browser, PHONE);
    await loginAs(context, server, "admin@pollinate.example");
    await page.goto(`${server.url}/admin/survey`);
    await page.getByTestId("survey-table").waitFor();
    const pager = page.getByRole("navigation", { name: "Survey pages" });
    const focused = () => focusedName(page);
    const pages = Number((await pager.getByText(/^Page 1 of \d+$/).textContent())!.match(/of (\d+)/)![1]);
    expect(pages).toBeGreaterThanOrEqual(3);
    await pager.getByRole("button", { name: "Next" }).focus();
    for (let p = 2; p <= pages; p++) {
      await page.keyboard.press("Enter");
      await pager.getByText(`Page ${p} of ${pages}`).waitFor();
    }
    // Next is disabled on the last page: the focus went to Previous, not to the page's body
    expect(await focused()).toBe("Previous");
    for (let p = pages - 1; p >= 1; p--) {
      await page.keyboard.press("Enter");
      await pager.getByText(`Page ${p} of ${pages}`).waitFor();
    }
    expect(await focused()).toBe("Next");
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  test("the access code opens the dashboard but not /admin/survey (admin role only): the dashboard does not offer a link there; an admin gets it", async () => {
    const { page, context } = await openPage(browser, PHONE);
    await page.goto(`${server.url}/admin/dashboard`);
    await page.locator("[data-hydrated=true]").waitFor();
    await page.getByLabel("Access code").fill(CODE);
    await page.getByLabel("Access code").press("Enter");
    await page.locator("[data-unlocked=true]").waitFor();
    await page.getByText("Unlocked with the access code for a short session.").waitFor();
    // the page it would lead to sends a visitor to sign in (and a signed-in non-admin to Access Denied)
    expect((await page.request.get(`${server.url}/admin/survey`, { maxRedirects: 0 })).status()).toBe(302);
    expect(await page.getByRole("link", { name: "Survey Results" }).count()).toBe(0);
    await context.close();

    const admin = await openPage(browser, PHONE);
    await loginAs(admin.context, server, "admin@pollinate.example");
    await admin.page.goto(`${server.url}/admin/dashboard`);
    await admin.page.locator("[data-unlocked=true]").waitFor();
    await Promise.all([admin.page.waitForURL(`${server.url}/admin/survey`), admin.page.getByRole("link", { name: "Survey Results" }).click()]);
    await admin.page.getByTestId("survey-table").waitFor();
    await admin.context.close();
  }, 60_000);

  test("buttons that wait for the server keep the keyboard focus: Unlock Dashboard, Suspend, Send Test Email, Export CSV", async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    // each answer takes a moment, as over a real network
    const hold = await holdRequests(page, ["**/api/admin/login", "**/api/admin/users/*/*", "**/api/admin/send-test-email"]);
    const focused = () => focusedName(page);
    /** Presses Enter on the focused control and reads the focus while the answer is held, then lets the answer through. */
    const pressAndHold = async () => {
      const answered = new Promise<void>((done) => page.once("requestfinished", () => done()));
      const waiting = hold.nextHeld();
      await page.keyboard.press("Enter");
      await waiting;
      const during = await focused();
      hold.release();
      await answered;
      return during;
    };

    await page.goto(`${server.url}/admin/dashboard`);
    await page.locator("[data-hydrated=true]").waitFor();
    await page.getByLabel("Access code").fill(CODE);
    await page.getByRole("button", { name: "Unlock Dashboard" }).focus();
    expect(await pressAndHold()).toBe("Checking...");
    await page.locator("[data-unlocked=true]").waitFor();

    const email = "preview@pollinate.example";
    await page.getByRole("button", { name: `Suspend ${email}` }).focus();
    await page.keyboard.press("Enter");
    await page.getByLabel(`Reason for suspending ${email}`).fill("Checking the focus");
    await page.getByRole("button", { name: "Suspend and cancel their sessions" }).focus();
    // confirmed, the focus goes back to the row's button while the answer is on its way
    expect(await pressAndHold()).toBe(`Suspend ${email}`);
    await page.getByRole("status").filter({ hasText: `${email} suspended` }).waitFor();
    // the same button, now the way back, still has the focus
    await page.getByRole("button", { name: `Reinstate ${email}` }).waitFor();
    expect(await focused()).toBe(`Reinstate ${email}`);
    await pressAndHold();
    await page.getByRole("status").filter({ hasText: `${email} reinstated` }).waitFor();

    await page.getByRole("tab", { name: "Email" }).click();
    await page.getByLabel("Send to").fill("held@inbox.test");
    await page.getByRole("button", { name: "Send Test Email" }).focus();
    expect(await pressAndHold()).toBe("Sending...");
    await page.getByRole("status").filter({ hasText: "Test email queued" }).waitFor();
    expect(await focused()).toBe("Send Test Email");
    await context.close();

    const admin = await openPage(browser, PHONE);
    await loginAs(admin.context, server, "admin@pollinate.example");
    await admin.page.route("**/api/survey/responses.csv*", async (route) => {
      await new Promise((done) => setTimeout(done, 500));
      await route.continue();
    });
    await admin.page.goto(`${server.url}/admin/survey`);
    await admin.page.getByTestId("survey-table").waitFor();
    await admin.page.getByRole("button", { name: "Export CSV" }).focus();
    await Promise.all([admin.page.waitForEvent("download"), admin.page.keyboard.press("Enter")]);
    await admin.page.getByRole("status").filter({ hasText: "Export successful" }).waitFor();
    expect(await admin.page.evaluate(() => document.activeElement?.textContent)).toBe("Export CSV");
    await admin.context.close();
  }, 60_000);

  test("simple admin by keyboard: the button keeps the focus while the password is checked, the panel greets with 'Success' ('Access granted to admin panel'), Export CSV keeps the focus", async () => {
    const { page, context, problems } = await openPage(browser, PHONE);
    const hold = await holdRequests(page, ["**/api/simple-admin/login"]);
    const focused = () => focusedName(page);
    await page.goto(`${server.url}/simple-admin/login`);
    await page.locator("[data-hydrated=true]").waitFor();
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Access Admin Panel" }).focus();
    let waiting = hold.nextHeld();
    await page.keyboard.press("Enter");
    await waiting;
    expect(await focused()).toBe("Checking...");
    hold.release();
    await page.getByRole("alert").filter({ hasText: "Invalid password" }).waitFor();
    expect(await focused()).toBe("Access Admin Panel");

    await page.getByLabel("Password").fill(PASSWORD);
    waiting = hold.nextHeld();
    await page.getByLabel("Password").press("Enter");
    await waiting;
    await Promise.all([page.waitForURL(/\/simple-admin\/panel$/), hold.release()]);
    const toast = page.getByTestId("toast");
    await toast.getByText("Success", { exact: true }).waitFor();
    await toast.getByText("Access granted to admin panel").waitFor();

    await page.route("**/api/simple-admin/responses.csv", async (route) => {
      await new Promise((done) => setTimeout(done, 500));
      await route.continue();
    });
    await page.getByRole("button", { name: "Export CSV" }).focus();
    await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    await page.getByRole("status").filter({ hasText: "Export successful" }).waitFor();
    expect(await focused()).toBe("Export CSV");
    expect(problems.filter((p) => !p.includes("401"))).toEqual([]);
    await context.close();
  }, 60_000);

  test("by keyboard, unlocking the dashboard puts the focus on what replaced the gate, and Log Out puts it back on the access code", async () => {
    const { page, context } = await openPage(browser, PHONE);
    const focused = () => focusedName(page, { preferId: true });
    await page.goto(`${server.url}/admin/dashboard`);
    await page.locator("[data-hydrated=true]").waitFor();
    await page.getByLabel("Access code").fill(CODE);
    await page.getByLabel("Access code").press("Enter");
    await page.locator("[data-unlocked=true]").waitFor();
    expect(await focused()).toBe("Unlocked with the access code for a short session.");
    await page.getByRole("button", { name: "Log Out" }).focus();
    await page.keyboard.press("Enter");
    await page.getByLabel("Access code").waitFor();
    expect(await focused()).toBe("admin-access-code");
    await context.close();
  }, 60_000);

  test("the dashboard's times say their zone (they are UTC, whatever the admin's own zone)", async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await loginAs(context, server, "admin@pollinate.example");
    await page.goto(`${server.url}/admin/dashboard`);
    await page.locator("[data-unlocked=true]").waitFor();
    await page.getByRole("tab", { name: "Sessions" }).click();
    const when = await page.getByRole("tabpanel").locator("tbody tr td:first-child").first().textContent();
    expect(when).toMatch(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M UTC$/);
    await page.getByRole("tab", { name: "Users" }).click();
    // the users' table, not the sessions' one still on screen
    await page.getByRole("tabpanel").getByRole("columnheader", { name: "Joined" }).waitFor();
    const joined = await page.getByRole("tabpanel").locator("tbody tr td:nth-child(7)").first().textContent();
    expect(joined).toMatch(/ UTC$/);
    await context.close();
  }, 60_000);
});
