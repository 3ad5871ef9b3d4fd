import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { adminAuditLog, practitioners, users } from "../../../db/schema";
import { SIMPLE_CSV_COLUMNS } from "../../../core/survey";
import { ADMIN_TEXTS, AUDIT_ACTION_LABELS, AUDIT_ACTIONS, auditActionLabel } from "../../../core/admin";
import { ACCESS_LEVEL_LABELS } from "../../../core/constants";
import { GATE_ALERT_FAILURES, GATE_CLIENT_DAY_MS, GATE_CLIENT_WINDOW_MS, GATE_FAILURES_PER_CLIENT, GATE_FAILURES_PER_CLIENT_PER_DAY } from "./gate-failures";
import { createMailer } from "../../email/mailer";
import { drainOutbox } from "../../email/outbox";
import { outbox } from "../../../db/schema";
import { atomic, first as firstRow } from "../../../db/client";
import { createBooking, createClient, createPractitioner, createSurveyResponse, createUser } from "../../testing/factories";
import { startSmtpSink, type SmtpSink } from "../../testing/smtp-sink";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";

const CODE = "correct-horse-battery";
const PASSWORD = "simple-admin-secret";
let t: TestApp;
let sink: SmtpSink;
const ADMIN_GETS = ["/api/admin/overview", "/api/admin/users", "/api/admin/practitioners", "/api/admin/sessions", "/api/admin/garden-content", "/api/admin/seeds-overview", "/api/admin/audit-log", "/api/admin/outbox"];

beforeAll(async () => {
  sink = await startSmtpSink();
  const env = { ADMIN_ACCESS_CODE: CODE, SIMPLE_ADMIN_PASSWORD: PASSWORD, SMTP_URL: sink.url, AUTH_RATE_LIMIT: "5" };
  t = await createTestApp({ env });
  const client = await createClient(t.db, { user: { email: "clara@example.test" } });
  const practitioner = await createPractitioner(t.db, { user: { email: "sage@example.test" } });
  await createBooking(t.db, { clientId: client.userId, practitionerId: practitioner.id });
  await createSurveyResponse(t.db, { identityType: "both", countryOfResidence: "=cmd|' /C calc'!A0" });
});
afterAll(async () => {
  await t.cleanup();
  await sink.close();
});

async function unlocked(ip = "10.9.0.1"): Promise<TestClient> {
  const c = t.client({ ip });
  const res = await c.post("/api/admin/login", { accessCode: CODE });
  expect(res.status).toBe(200);
  return c;
}

describe("the access-code gate", () => {
  test("no session, a client session, a forged header and a stale cookie are all refused on every admin call", async () => {
    const client = t.client();
    t.loginAs(client, (await createUser(t.db)).id);
    const forged = t.client();
    const stale = t.client();
    stale.cookies.set("pollinate_admin_gate", "stale-token");
    for (const path of ADMIN_GETS) {
      expect((await t.client().get(path)).status).toBe(401);
      expect((await client.get(path)).status).toBe(403);
      expect((await forged.get(path, { "x-admin-access-code": CODE, "x-admin": "true" })).status).toBe(401);
      expect((await stale.get(path)).status).toBe(401);
    }
    expect((await client.post("/api/admin/send-test-email", { email: "a@b.test", type: "welcome" })).status).toBe(403);
  });

  test("a wrong code is 401 'Invalid access code'; the right one sets an HttpOnly SameSite=Strict cookie", async () => {
    const c = t.client({ ip: "10.9.1.1" });
    const wrong = await c.post("/api/admin/login", { accessCode: "nope" });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe("Invalid access code");
    const right = await c.post("/api/admin/login", { accessCode: CODE });
    expect(right.status).toBe(200);
    const cookie = right.headers.getSetCookie().join(";");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect((await c.get("/api/admin/overview")).status).toBe(200);
    await c.post("/api/admin/logout");
    expect((await c.get("/api/admin/overview")).status).toBe(401);
  });

  test("the session is short-lived", async () => {
    const c = await unlocked("10.9.1.2");
    t.clock.advance(31 * 60_000);
    expect((await c.get("/api/admin/overview")).status).toBe(401);
  });

  test("logins are rate-limited and cross-site logins refused", async () => {
    const c = t.client({ ip: "10.9.2.1" });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await c.post("/api/admin/login", { accessCode: "guess" })).status);
    expect(statuses.at(-1)).toBe(429);
    expect((await t.client({ ip: "10.9.2.2" }).post("/api/admin/login", { accessCode: CODE }, { origin: "https://evil.example" })).status).toBe(403);
    expect((await t.client({ ip: "10.9.2.3" }).post("/api/admin/login", { accessCode: "x".repeat(5000) })).status).toBe(400);
  });

  test("a signed-in admin needs no code", async () => {
    const admin = t.client();
    t.loginAs(admin, (await createUser(t.db, { roles: ["admin"] })).id);
    expect((await admin.get("/api/admin/overview")).status).toBe(200);
  });

  test("without ADMIN_ACCESS_CODE the login says it is not configured", async () => {
    const bare = await createTestApp();
    const res = await bare.client().post("/api/admin/login", { accessCode: "anything" });
    expect(res.status).toBe(503);
    expect((await res.json()).message).toContain("not configured");
    await bare.cleanup();
  });
});

describe("lists, actions and the audit log", () => {
  test("overview counts and the row shapes of each list", async () => {
    const c = await unlocked("10.9.3.1");
    expect(await (await c.get("/api/admin/overview")).json()).toMatchObject({ totalPractitioners: 1, totalSessions: 1, totalGardenContent: 0 });
    const sessions = await (await c.get("/api/admin/sessions")).json();
    expect(sessions.rows[0]).toMatchObject({ clientEmail: "clara@example.test", practitionerEmail: "sage@example.test", duration: 60 });
    expect(Object.keys(sessions.rows[0]).sort()).toEqual(["cancelledBy", "clientEmail", "duration", "id", "isVirtual", "practitionerEmail", "scheduledDatetime", "status", "totalAmount"]);
    const users = await (await c.get("/api/admin/users?search=CLARA")).json();
    expect(users.rows.map((u: { email: string }) => u.email)).toEqual(["clara@example.test"]);
    const seeds = await (await c.get("/api/admin/seeds-overview")).json();
    expect(seeds.totals).toEqual({ totalBalance: 0, totalEarned: 0, totalSpent: 0 });
  });

  test("pages of 10 with search", async () => {
    const admin = t.client();
    t.loginAs(admin, (await createUser(t.db, { roles: ["admin"] })).id);
    for (let i = 0; i < 12; i++) await createUser(t.db, { email: `bulk${i}@paging.test` });
    const first = await (await admin.get("/api/admin/users?search=paging.test")).json();
    expect(first.total).toBe(12);
    expect(first.rows).toHaveLength(10);
    expect((await (await admin.get("/api/admin/users?search=paging.test&page=2")).json()).rows).toHaveLength(2);
    expect((await admin.get("/api/admin/users?page=-1")).status).toBe(400);
  });

  test("search finds a name with letters beyond ASCII in any case", async () => {
    const admin = t.client();
    t.loginAs(admin, (await createUser(t.db, { roles: ["admin"] })).id);
    await createUser(t.db, { email: "elodie@accents.test", firstName: "Élodie", lastName: "Öberg" });
    for (const search of ["Élodie", "élodie", "ÖBERG", "öberg", "ELODIE@accents"]) {
      const found = await (await admin.get(`/api/admin/users?search=${encodeURIComponent(search)}`)).json();
      expect(found.rows.map((u: { email: string }) => u.email), search).toEqual(["elodie@accents.test"]);
    }
  });

  test("verify and feature a practitioner, each audited with who and what", async () => {
    const admin = t.client();
    const adminUser = await createUser(t.db, { roles: ["admin"], email: "boss@example.test" });
    t.loginAs(admin, adminUser.id);
    const p = await createPractitioner(t.db);
    expect((await admin.post(`/api/admin/practitioners/${p.id}/verify`)).status).toBe(200);
    expect((await admin.post(`/api/admin/practitioners/${p.id}/feature`)).status).toBe(200);
    expect((await firstRow(t.db.select().from(practitioners).where(eq(practitioners.id, p.id))))).toMatchObject({ isVerified: true, isFeatured: true });
    expect((await admin.post(`/api/admin/practitioners/${p.id}/explode`)).status).toBe(400);
    expect((await admin.post(`/api/admin/practitioners/nope/verify`)).status).toBe(404);
    const audit = (await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, p.id)));
    expect(audit.map((a) => [a.actor, a.action]).sort()).toEqual([["boss@example.test", "feature"], ["boss@example.test", "verify"]]);
    // the test clock stands still, so every row has the same time: look for them, not at the first
    const rows: Array<{ actor: string; targetId: string; targetLabel: string | null }> = [];
    for (let page = 1; ; page++) {
      const log = await (await admin.get(`/api/admin/audit-log?page=${page}`)).json();
      rows.push(...log.rows);
      if (rows.length >= log.total) break;
    }
    const mine = rows.filter((r) => r.actor === "boss@example.test" && r.targetId === p.id);
    expect(mine).toHaveLength(2);
    // the practitioner by their account's address
    const email = (await firstRow(t.db.select({ email: users.email }).from(users).where(eq(users.id, p.userId))))!.email;
    expect(mine.map((r) => r.targetLabel)).toEqual([email, email]);
  });

  test("a suspended account's sessions stop working and it cannot sign in; reinstating restores sign-in", async () => {
    const admin = await unlocked("10.9.4.1");
    const member = await createUser(t.db, { password: "long-enough-1" });
    const browser = t.client({ ip: "10.9.4.2" });
    t.loginAs(browser, member.id);
    expect((await browser.get("/api/auth/user")).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${member.id}/suspend`, { reason: "Test suspension" })).status).toBe(200);
    expect((await browser.get("/api/auth/user")).status).toBe(401);
    const signIn = await t.client({ ip: "10.9.4.3" }).post("/api/auth/signin", { email: member.email, password: "long-enough-1" });
    expect(signIn.status).toBe(403);
    expect((await admin.post(`/api/admin/users/${member.id}/reinstate`)).status).toBe(200);
    expect((await t.client({ ip: "10.9.4.4" }).post("/api/auth/signin", { email: member.email, password: "long-enough-1" })).status).toBe(200);
  });

  test("the access code cannot suspend an admin account (403, nothing changed, nothing audited); a signed-in admin can, and the code can reinstate", async () => {
    const code = await unlocked("10.9.4.5");
    const boss = await createUser(t.db, { roles: ["admin"], password: "long-enough-1" });
    const bossBrowser = t.client({ ip: "10.9.4.6" });
    t.loginAs(bossBrowser, boss.id);
    const refused = await code.post(`/api/admin/users/${boss.id}/suspend`, { reason: "Test suspension" });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(ADMIN_TEXTS.codeCannotSuspendAdmin);
    expect((await bossBrowser.get("/api/auth/user")).status).toBe(200);
    const log = await (await code.get("/api/admin/audit-log")).json();
    expect(log.rows.filter((r: { targetId: string | null }) => r.targetId === boss.id)).toHaveLength(0);
    // a client account is still the code's to suspend
    const member = await createUser(t.db, {});
    expect((await code.post(`/api/admin/users/${member.id}/suspend`, { reason: "Test suspension" })).status).toBe(200);
    // another admin signed in may suspend an admin; the code may reinstate one
    const other = t.client({ ip: "10.9.4.7" });
    t.loginAs(other, (await createUser(t.db, { roles: ["admin"] })).id);
    expect((await other.post(`/api/admin/users/${boss.id}/suspend`, { reason: "Test suspension" })).status).toBe(200);
    expect((await bossBrowser.get("/api/auth/user")).status).toBe(401);
    expect((await code.post(`/api/admin/users/${boss.id}/reinstate`)).status).toBe(200);
  });

  test("an admin cannot suspend themself", async () => {
    const admin = t.client();
    const me = await createUser(t.db, { roles: ["admin"] });
    t.loginAs(admin, me.id);
    expect((await admin.post(`/api/admin/users/${me.id}/suspend`, { reason: "Test suspension" })).status).toBe(400);
  });
});

/** Sends what waits in the outbox now (the worker's pass, run by hand: the test app starts no worker). */
const drain = (app: TestApp) => drainOutbox({ db: app.db, mailer: app.mailer, now: () => app.clock.now, log: () => {} });

describe("test e-mails through the outbox and the real mailer", () => {
  test("each of the five types is queued (202, audited), then arrives over SMTP with HTML and text parts", async () => {
    const c = await unlocked("10.9.5.1");
    for (const type of ["welcome", "survey-thank-you", "alpha-invitation", "session-confirmation", "session-reminder"]) {
      const to = `${type}@inbox.test`;
      const res = await c.post("/api/admin/send-test-email", { email: to, type, data: { name: "Robin", practitionerName: "Sage", date: "Friday, March 14, 2025", time: "2:00 PM", isVirtual: true, meetingLink: "https://meet.example/abc" } });
      expect(res.status).toBe(202);
      const body = await res.json();
      expect(body.success).toBe(true);
      expect(body.queued).toBe(true);
      expect(body.message).toBe(ADMIN_TEXTS.testEmailQueued(type, to));
      const audited = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.detail, `${type} to ${to}`));
      expect(audited.map((a) => a.action)).toEqual(["send-test-email"]);
    }
    expect(await drain(t)).toBeGreaterThanOrEqual(5);
    for (const type of ["welcome", "survey-thank-you", "alpha-invitation", "session-confirmation", "session-reminder"]) {
      const mail = await sink.waitFor((m) => m.recipients.includes(`${type}@inbox.test`));
      expect(mail.parsed.html).toBeTruthy();
      expect(mail.parsed.text).toContain("Robin");
    }
  });

  test("no address, a bad type or a lone surrogate is a 400 and queues nothing; a failing transport shows in the outbox with its reason", async () => {
    const c = await unlocked("10.9.5.2");
    const before = (await t.db.select().from(outbox)).length;
    expect((await c.post("/api/admin/send-test-email", { type: "welcome" })).status).toBe(400);
    expect((await c.post("/api/admin/send-test-email", { email: "a@b.test", type: "newsletter" })).status).toBe(400);
    const surrogate = await c.request("/api/admin/send-test-email", { method: "POST", headers: { "content-type": "application/json" }, body: '{"email":"a@b.test","type":"welcome","data":{"name":"\\udc00"}}' });
    expect(surrogate.status).toBe(400);
    expect(await t.db.select().from(outbox)).toHaveLength(before);

    const broken = await createTestApp({ env: { ADMIN_ACCESS_CODE: CODE }, mailer: createMailer({ SMTP_URL: "smtp://127.0.0.1:1", MAIL_FROM: "x <x@y.test>", OUTBOX_DIR: "/tmp", APP_URL: "http://localhost" }, { log: () => {} }) });
    const bc = broken.client();
    await bc.post("/api/admin/login", { accessCode: CODE });
    const queued = await bc.post("/api/admin/send-test-email", { email: "a@b.test", type: "welcome" });
    expect(queued.status).toBe(202);
    expect(await drain(broken)).toBe(0);
    const summary = await (await bc.get("/api/admin/outbox")).json();
    expect(summary).toMatchObject({ pending: 1, sent: 0, failed: 0 });
    expect(summary.problems).toHaveLength(1);
    expect(summary.problems[0]).toMatchObject({ to: "a@b.test", attempts: 1, state: "retrying" });
    expect(summary.problems[0].lastError).toContain("ECONNREFUSED");
    await broken.cleanup();
  });
});

describe("GET /api/admin/outbox", () => {
  test("a visitor gets 401 and a signed-in non-admin 403; an admin by role and the access code both read it", async () => {
    expect((await t.client().get("/api/admin/outbox")).status).toBe(401);
    const member = t.client();
    t.loginAs(member, (await createUser(t.db)).id);
    expect((await member.get("/api/admin/outbox")).status).toBe(403);
    const admin = t.client();
    t.loginAs(admin, (await createUser(t.db, { roles: ["admin"] })).id);
    expect((await admin.get("/api/admin/outbox")).status).toBe(200);
    expect((await (await unlocked("10.9.6.1")).get("/api/admin/outbox")).status).toBe(200);
  });

  test("what waits, the oldest waiting's time, what was sent, and each failed or retrying message with its reason, oldest first", async () => {
    const app = await createTestApp();
    const admin = app.client();
    app.loginAs(admin, (await createUser(app.db, { roles: ["admin"] })).id);
    const empty = await (await admin.get("/api/admin/outbox")).json();
    expect(empty).toEqual({ pending: 0, sent: 0, failed: 0, oldestPendingAt: null, problems: [] });

    const at = (iso: string) => new Date(iso);
    const email = (to: string, subject: string) => ({ to, subject, text: "Hello", html: "<p>Hello</p>" });
    await atomic(app.db, async (tx) => {
      await tx.insert(outbox).values([
        { kind: "email", payload: email("waits@inbox.test", "Welcome"), createdAt: at("2026-03-01T10:00:00Z"), runAt: at("2026-03-01T10:00:00Z") },
        { kind: "email", payload: email("sent@inbox.test", "Sent"), status: "sent", createdAt: at("2026-03-01T09:00:00Z"), runAt: at("2026-03-01T09:00:00Z"), doneAt: at("2026-03-01T09:00:01Z") },
        { kind: "email", payload: email("gone@inbox.test", "<b>Reminder</b>"), status: "failed", attempts: 8, lastError: "550 <mailbox> unavailable", createdAt: at("2026-02-28T08:00:00Z"), runAt: at("2026-02-28T08:00:00Z"), doneAt: at("2026-03-01T08:00:00Z") },
        { kind: "email", payload: email("later@inbox.test", "Retry"), attempts: 2, lastError: "connection timed out", createdAt: at("2026-03-01T11:00:00Z"), runAt: at("2026-03-01T12:00:00Z") },
      ]);
    });
    const summary = await (await admin.get("/api/admin/outbox")).json();
    expect(summary).toMatchObject({ pending: 2, sent: 1, failed: 1, oldestPendingAt: "2026-03-01T10:00:00.000Z" });
    expect(summary.problems.map((p: { to: string; subject: string; attempts: number; state: string; lastError: string; createdAt: string }) => [p.to, p.subject, p.attempts, p.state, p.lastError, p.createdAt])).toEqual([
      ["gone@inbox.test", "<b>Reminder</b>", 8, "failed", "550 <mailbox> unavailable", "2026-02-28T08:00:00.000Z"],
      ["later@inbox.test", "Retry", 2, "retrying", "connection timed out", "2026-03-01T11:00:00.000Z"],
    ]);
    await app.cleanup();
  });
});

describe("simple admin", () => {
  test("the panel's data calls need the cookie the password login sets", async () => {
    expect((await t.client().get("/api/simple-admin/responses")).status).toBe(401);
    expect((await t.client().get("/api/simple-admin/responses.csv")).status).toBe(401);
    const forged = t.client();
    forged.cookies.set("pollinate_simple_admin", "forged");
    expect((await forged.get("/api/simple-admin/responses", { "x-simple-admin-auth": "true" })).status).toBe(401);
    const c = t.client({ ip: "10.9.6.1" });
    const wrong = await c.post("/api/simple-admin/login", { password: "nope" });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe("Invalid password");
    expect((await c.post("/api/simple-admin/login", {})).status).toBe(400);
    expect((await c.post("/api/simple-admin/login", { password: PASSWORD })).status).toBe(200);
    const list = await (await c.get("/api/simple-admin/responses")).json();
    expect(list.statistics).toMatchObject({ facilitators: 1, clients: 1 });
    const csv = Papa.parse<string[]>(await (await c.get("/api/simple-admin/responses.csv")).text(), { skipEmptyLines: true }).data;
    expect(csv[0]).toEqual([...SIMPLE_CSV_COLUMNS]);
    expect(csv[1][3]).toBe("'=cmd|' /C calc'!A0");
    await c.post("/api/simple-admin/logout");
    expect((await c.get("/api/simple-admin/responses")).status).toBe(401);
  });

  test("the panel page redirects to the login without the cookie; the dashboard page is a gate for a client", async () => {
    const res = await t.client().get("/simple-admin/panel");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/simple-admin/login");
    const page = await (await t.client().get("/admin/dashboard")).text();
    expect(page).toContain("Access code");
    expect(page).not.toContain("data-unlocked");
    // no admin data in the page behind the gate
    expect(page).not.toContain('"queryKey":["/api/admin"');
  });

  test("the unlocked dashboard page brings its first screen: figures, the users list and the audit log are server HTML", async () => {
    const admin = await createUser(t.db, { roles: ["admin"], email: "first-screen-admin@example.test" });
    const c = t.client();
    t.loginAs(c, admin.id);
    const page = await (await c.get("/admin/dashboard")).text();
    expect(page).toContain("data-unlocked");
    expect(page).toContain("first-screen-admin@example.test");
    expect(page).toContain("Audit Log");
    expect(page).not.toContain("Loading…");
    expect(page).toContain('"queryKey":["/api/admin","users","",1]');
  });

  test("the dashboard's audit log shows each action in words, not its stored value", async () => {
    const app = await createTestApp();
    try {
      const admin = await createUser(app.db, { roles: ["admin"], email: "words-admin@example.test" });
      const member = await createUser(app.db, { email: "words-member@example.test" });
      const c = app.client();
      app.loginAs(c, admin.id);
      expect((await c.post(`/api/admin/users/${member.id}/suspend`, { reason: "Test suspension" })).status).toBe(200);
      const page = await (await c.get("/admin/dashboard")).text();
      const audit = page.slice(page.indexOf('id="audit-heading"'), page.indexOf("</section>", page.indexOf('id="audit-heading"')));
      expect(audit).toContain('data-audit-action="suspend"');
      expect(audit).toContain(`<td>${AUDIT_ACTION_LABELS.suspend}</td>`);
      expect(audit).not.toContain("<td>suspend</td>");
      // the target by its address, not its id alone
      expect(audit).toContain("user: words-member@example.test");
      expect(audit).not.toContain(`user: ${member.id}`);
    } finally {
      await app.cleanup();
    }
  });

  test("the dashboard's user table shows each access level by its name (Premium), not its stored value", async () => {
    const app = await createTestApp();
    try {
      const admin = await createUser(app.db, { roles: ["admin"], email: "level-admin@example.test", accessLevel: "unlimited" });
      await createUser(app.db, { email: "level-member@example.test", accessLevel: "premium" });
      const c = app.client();
      app.loginAs(c, admin.id);
      const page = await (await c.get("/admin/dashboard")).text();
      const row = (email: string) => page.slice(page.indexOf(`${email}</td>`), page.indexOf("</tr>", page.indexOf(`${email}</td>`)));
      expect(row("level-member@example.test")).toContain(`<td>${ACCESS_LEVEL_LABELS.premium.name}</td>`);
      expect(row("level-admin@example.test")).toContain(`<td>${ACCESS_LEVEL_LABELS.unlimited.name}</td>`);
      expect(row("level-member@example.test")).not.toContain("<td>premium</td>");
      // roles by their names too
      expect(row("level-admin@example.test")).toContain("<td>Admin</td>");
      expect(row("level-member@example.test")).toContain("<td>Client</td>");
    } finally {
      await app.cleanup();
    }
  });

  test("every audited action has its words, and an unknown stored value shows as stored", () => {
    for (const action of AUDIT_ACTIONS) expect(auditActionLabel(action)).not.toBe(action);
    expect(auditActionLabel("send-test-email")).toBe("Sent a test e-mail");
    expect(auditActionLabel("some-old-action")).toBe("some-old-action");
    expect(auditActionLabel("constructor")).toBe("constructor");
  });

  test("without SIMPLE_ADMIN_PASSWORD the login says the panel is not configured", async () => {
    const bare = await createTestApp();
    const res = await bare.client().post("/api/simple-admin/login", { password: "anything" });
    expect(res.status).toBe(503);
    expect((await res.json()).message).toContain("not configured");
    expect(await (await bare.client().get("/simple-admin/login")).text()).toContain("not configured");
    await bare.cleanup();
  });
});

describe("wrong secrets: each client backs off on its own", () => {
  test.each([
    ["/api/admin/login", "accessCode", CODE, "admin access code"],
    ["/api/simple-admin/login", "password", PASSWORD, "simple admin password"],
  ])("%s: 50 wrong secrets from 5 addresses in a burst, and 5 a minute from one, never close it to the right secret from another address", async (path, field, secret, name) => {
    const app = await createTestApp({ env: { ADMIN_ACCESS_CODE: CODE, SIMPLE_ADMIN_PASSWORD: PASSWORD, AUTH_RATE_LIMIT: "50" } });
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 50; i++) statuses.push((await app.client({ ip: `127.0.0.${2 + (i % 5)}` }).post(path, { [field]: `guess ${i}` })).status);
      // each address has its few tries, then waits: the burst mostly meets 429s
      expect(statuses.filter((s) => s === 401).length).toBe(5 * GATE_FAILURES_PER_CLIENT);
      const backedOff = await app.client({ ip: "127.0.0.2" }).post(path, { [field]: secret });
      expect(backedOff.status).toBe(429);
      expect((await backedOff.json()).message).toBe(ADMIN_TEXTS.gateClosed);
      expect(Number(backedOff.headers.get("retry-after"))).toBeGreaterThan(0);
      // the right secret from an address that has not been guessing is let in at once
      expect((await app.client({ ip: "127.0.0.9" }).post(path, { [field]: secret })).status).toBe(200);
      // a slow guesser (5 a minute for an hour) keeps only itself out
      for (let minute = 0; minute < 60; minute++) {
        for (let i = 0; i < 5; i++) await app.client({ ip: "10.70.0.1" }).post(path, { [field]: `slow ${minute}.${i}` });
        app.clock.advance(60_000);
      }
      expect((await app.client({ ip: "10.70.0.2" }).post(path, { [field]: secret })).status).toBe(200);
      expect((await app.client({ ip: "10.70.0.1" }).post(path, { [field]: secret })).status).toBe(429);
      // many guesses from many networks together are logged once for the operator, not turned into a lockout
      expect(warn).not.toHaveBeenCalled();
      for (let i = 0; i < GATE_ALERT_FAILURES + 5; i++) await app.client({ ip: `10.72.${Math.floor(i / 200)}.${i % 200}` }).post(path, { [field]: `spread ${i}` });
      expect((await app.client({ ip: "10.73.0.1" }).post(path, { [field]: secret })).status).toBe(200);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toContain(name);
      // a client's wait ends: its failures age out of the window
      app.clock.advance(GATE_CLIENT_DAY_MS);
      expect((await app.client({ ip: "127.0.0.2" }).post(path, { [field]: secret })).status).toBe(200);
    } finally {
      warn.mockRestore();
      await app.cleanup();
    }
  }, 60_000);

  test("an admin who signs in with their account is not held back, even from a network that is waiting", async () => {
    const app = await createTestApp({ env: { ADMIN_ACCESS_CODE: CODE, AUTH_RATE_LIMIT: "50" } });
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    try {
      for (let i = 0; i < GATE_FAILURES_PER_CLIENT; i++) await app.client({ ip: "10.62.0.1" }).post("/api/admin/login", { accessCode: `guess ${i}` });
      expect((await app.client({ ip: "10.62.0.1" }).post("/api/admin/login", { accessCode: CODE })).status).toBe(429);
      const admin = app.client({ ip: "10.62.0.1" });
      app.loginAs(admin, (await createUser(app.db, { roles: ["admin"] })).id);
      expect((await admin.get("/api/admin/overview")).status).toBe(200);
    } finally {
      warn.mockRestore();
      await app.cleanup();
    }
  }, 30_000);

  test("a client's daily allowance of wrong secrets is smaller than its per-window allowance times the windows in a day", async () => {
    const app = await createTestApp({ env: { ADMIN_ACCESS_CODE: CODE, AUTH_RATE_LIMIT: "50" } });
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    try {
      let wrong = 0;
      for (let window = 0; window < 24 * 6; window++) {
        for (let i = 0; i < GATE_FAILURES_PER_CLIENT; i++) if ((await app.client({ ip: "10.71.0.1" }).post("/api/admin/login", { accessCode: `g${window}.${i}` })).status === 401) wrong++;
        app.clock.advance(GATE_CLIENT_WINDOW_MS);
      }
      expect(wrong).toBeLessThanOrEqual(GATE_FAILURES_PER_CLIENT_PER_DAY + GATE_FAILURES_PER_CLIENT);
    } finally {
      warn.mockRestore();
      await app.cleanup();
    }
  }, 60_000);
});
