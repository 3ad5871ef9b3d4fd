import { atomic, first as firstRow } from "../../db/client";
import { afterAll, beforeAll, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { sessions, userRoles, users } from "../../db/schema";
import { TRIAL_NEEDS_VERIFIED_EMAIL_MESSAGE } from "../../core/access-texts";
import { MALFORMED_TEXT_MESSAGE } from "../../core/text";
import { createUser } from "../testing/factories";
import { createTestApp, linkIn, type TestApp } from "../testing/test-app";
import { outboxSummary } from "../email/outbox";
import { ACCOUNT_EMAILS_PER_HOUR, FORGOT_PASSWORD_ANSWER, RESEND_ANSWER, RESEND_CAPPED_MESSAGE, signUpAnswer } from "./routes";
import { AUTH_MESSAGES } from "../../core/auth";
import { hashToken } from "./tokens";

// many tests here pay for several argon2id hashes, slow when the machine is busy
setDefaultTimeout(30_000);

let t: TestApp;
const afterAllCleanups: Array<() => void> = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.cleanup();
  for (const cleanup of afterAllCleanups) cleanup();
});

const DAY = 24 * 60 * 60 * 1000;
let n = 0;
/** A fresh address per test, so that rate-limit counters per address do not carry over. */
const freshEmail = () => `person${++n}@example.test`;
/** A fresh client address per test for the same reason. */
const freshIp = () => `10.0.0.${++n}`;

async function signUp(overrides: Record<string, unknown> = {}) {
  const client = t.client({ ip: freshIp() });
  const email = (overrides.email as string) ?? freshEmail();
  const res = await client.post("/api/auth/signup", { firstName: "Maya", lastName: "Hart", email, password: "correct horse", ...overrides });
  return { client, email, res };
}

describe("GET /api/auth/user", () => {
  test("answers 401 with a message when signed out", async () => {
    const res = await t.client().get("/api/auth/user");
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe("Not signed in");
  });
});

describe("sign-up", () => {
  test("creates the account without signing in and e-mails a verification link; confirming it signs in with a hashed session", async () => {
    const { client, email, res } = await signUp();
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: signUpAnswer(email) });
    expect(res.headers.getSetCookie()).toEqual([]);

    const stored = (await firstRow(t.db.select().from(users).where(eq(users.email, email))))!;
    expect(stored.passwordHash).toStartWith("$argon2id$");
    expect((await t.db.select().from(userRoles).where(eq(userRoles.userId, stored.id))).map((r) => r.role)).toEqual(["client"]);

    const mail = await t.waitForMail(email);
    expect(mail.subject).toBe("Confirm your e-mail address for Pollinate");
    const link = linkIn(mail);
    expect(link.url.origin).toBe("http://localhost");
    expect(link.url.pathname).toBe("/auth/verify-email");
    const withToken = (await firstRow(t.db.select().from(users).where(eq(users.email, email))))!;
    expect(withToken.emailVerificationToken).toBe(hashToken(link.token!));
    expect(withToken.emailVerificationExpires!.getTime()).toBe(t.clock.now.getTime() + DAY);

    expect((await client.get("/api/auth/user")).status).toBe(401);
    expect(await (await confirmEmail(client, link.path)).text()).toContain("Email Verified");
    const cookie = client.cookies.get("pollinate_session")!;
    const rows = (await t.db.select().from(sessions));
    expect(rows.some((r) => r.sid === cookie)).toBe(false);
    expect(rows.some((r) => r.sid === hashToken(cookie))).toBe(true);
    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    const body = await me.json();
    expect(body).toMatchObject({ email, firstName: "Maya", lastName: "Hart", roles: ["client"], isEmailVerified: true, accessLevel: "preview", subscriptionStatus: "free", trialUsed: false });
    expect(body.permissions.viewPractitioners).toBe(3);
  });

  test("the session cookie set by confirming is HttpOnly, SameSite=Lax, Path=/, not Secure over http", async () => {
    const { client, email } = await signUp();
    const { path, token } = linkIn(await t.waitForMail(email));
    await client.get(path);
    const res = await client.postForm("/auth/verify-email", { token: token! });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("pollinate_session="))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
  });

  test("records the practitioner role when chosen, and never admin", async () => {
    const practitioner = await signUp({ role: "practitioner" });
    expect(practitioner.res.status).toBe(201);
    const id = (await firstRow(t.db.select().from(users).where(eq(users.email, practitioner.email))))!.id;
    expect((await t.db.select().from(userRoles).where(eq(userRoles.userId, id))).map((r) => r.role)).toEqual(["practitioner"]);
    const admin = await signUp({ role: "admin" });
    expect(admin.res.status).toBe(400);
  });

  test.each([
    [{ password: "short" }, "Password must be at least 8 characters long"],
    [{ confirmPassword: "something else" }, "Passwords do not match"],
    [{ firstName: "  " }, "Please enter your first name"],
    [{ email: "not-an-address" }, "Please enter a valid email address"],
    [{ email: "\u0000@b.example" }, "Please enter a valid email address"],
    [{ email: "<svg/onload=alert(1)>@x.example" }, "Please enter a valid email address"],
    [{ email: "a@b" }, "Please enter a valid email address"],
    [{ email: "\ud800@b.example" }, MALFORMED_TEXT_MESSAGE],
    [{ password: "abcdefgh\ud800" }, MALFORMED_TEXT_MESSAGE],
    [{ confirmPassword: "abcdefgh\udc00" }, MALFORMED_TEXT_MESSAGE],
    [{ firstName: "Ma\ud800ya" }, MALFORMED_TEXT_MESSAGE],
    [{ next: "/book/\ud800" }, MALFORMED_TEXT_MESSAGE],
  ])("refuses %j with the message %s", async (overrides, message) => {
    // nothing is created (counted: an address with a NUL cannot even be looked up on PostgreSQL)
    const accounts = async () => (await t.db.select({ id: users.id }).from(users)).length;
    const before = await accounts();
    const { res } = await signUp({ email: freshEmail(), ...overrides });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
    expect(await accounts()).toBe(before);
  });

  test("a taken address (in any letter case) gets exactly the answer of a new one, and its owner an e-mail", async () => {
    const owner = freshEmail();
    await createUser(t.db, { email: owner, password: "owner password", firstName: "Olive" });
    const taken = await signUp({ email: owner.toUpperCase(), password: "attacker password" });
    const fresh = await signUp({ email: freshEmail().toUpperCase() });
    expect(taken.res.status).toBe(201);
    expect(fresh.res.status).toBe(201);
    // the same text with the address as typed: nothing tells the two apart
    expect(await taken.res.json()).toEqual({ message: signUpAnswer(owner.toUpperCase()) });
    expect(taken.res.headers.getSetCookie()).toEqual(fresh.res.headers.getSetCookie());
    expect((await t.db.select().from(users).where(sql`lower(${users.email}) = ${owner}`))).toHaveLength(1);

    const mail = await t.waitForMail(owner);
    expect(mail.subject).toBe("Someone tried to sign up to Pollinate with your address");
    expect(mail.text).toContain("http://localhost/auth/signin");
    expect(mail.text).toContain("http://localhost/auth/forgot-password");
    // the owner's password is unchanged
    expect((await t.client({ ip: freshIp() }).post("/api/auth/signin", { email: owner, password: "owner password" })).status).toBe(200);
  });

  test("a taken address takes as long as a new one (both hash the password)", async () => {
    const owner = freshEmail();
    await createUser(t.db, { email: owner, password: "owner password" });
    const signUpMs = async (email: string) => {
      const started = performance.now();
      await t.client({ ip: freshIp() }).post("/api/auth/signup", { firstName: "A", lastName: "B", email, password: "correct horse" });
      return performance.now() - started;
    };
    // alternated, so that a busy moment of the machine slows both kinds alike
    const taken: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < 7; i++) {
      taken.push(await signUpMs(owner));
      fresh.push(await signUpMs(freshEmail()));
    }
    const median = (times: number[]) => times.toSorted((a, b) => a - b)[3]!;
    // argon2id takes tens of milliseconds; answering a taken address before hashing took about one
    // (a twentieth of a new one), so a quarter leaves room for a loaded machine and still fails then
    expect(median(taken)).toBeGreaterThan(median(fresh) * 0.25);
  }, 30_000);

  test("one address gets at most ACCOUNT_EMAILS_PER_HOUR 'someone tried to sign up' e-mails an hour", async () => {
    const owner = freshEmail();
    await createUser(t.db, { email: owner, password: "owner password" });
    for (let i = 0; i < ACCOUNT_EMAILS_PER_HOUR + 2; i++) expect((await signUp({ email: owner })).res.status).toBe(201);
    await t.waitForMail(owner);
    await t.drainOutbox();
    expect(t.sentMail.filter((m) => m.to === owner)).toHaveLength(ACCOUNT_EMAILS_PER_HOUR);
  });
});

/** Opens an e-mailed verification link and presses 'Confirm my e-mail', as a person would. */
async function confirmEmail(client: ReturnType<TestApp["client"]>, path: string): Promise<Response> {
  const page = await client.get(path);
  const html = await page.text();
  if (!html.includes("Confirm my e-mail")) return new Response(html, { status: page.status });
  const url = new URL(path, "http://localhost");
  const fields: Record<string, string> = { token: url.searchParams.get("token") ?? "" };
  const next = url.searchParams.get("next");
  if (next) fields.next = next;
  return client.postForm("/auth/verify-email", fields);
}

describe("sign-up refuses names that are not one line", () => {
  test("a line break, a NUL or another control character in a name answers 400 and creates nothing", async () => {
    for (const [field, value] of [["firstName", "Eve\r\nBCC: eve@evil.example"], ["lastName", "Hart\u0000"], ["firstName", "Tab\there"], ["lastName", "Line\u2028Two"]]) {
      const { email, res } = await signUp({ [field]: value });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(AUTH_MESSAGES.nameOneLine);
      expect((await firstRow(t.db.select().from(users).where(eq(users.email, email))))).toBeUndefined();
    }
    // the form without JavaScript shows the same text
    const form = await t.client({ ip: freshIp() }).postForm("/api/auth/signup", { firstName: "Eve\nX", lastName: "Hart", email: freshEmail(), password: "correct horse" });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/auth/signup?error=name_one_line");
  });
});

describe("sign-up refuses names with links (issue 26)", () => {
  test("a web address, a domain or an e-mail address in a name answers 400 and creates nothing; ordinary names pass", async () => {
    for (const value of ["Refund due: visit https://evil.example/pay", "www.evil.example", "pay at evil.example/now", "mail me: eve@evil.example", "evil.example"]) {
      const { email, res } = await signUp({ firstName: value });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(AUTH_MESSAGES.nameNoLinks);
      expect(await firstRow(t.db.select().from(users).where(eq(users.email, email)).limit(1))).toBeUndefined();
    }
    for (const value of ["J.R.R.", "Mary-Jane", "St. John", "O'Brien", "José", "Anne Marie"]) {
      const { res } = await signUp({ firstName: value });
      expect(res.status).toBe(201);
    }
  });
});

describe("sign-up keeps where the person was going (next)", () => {
  test("a form post goes to the verification page with next; the e-mailed link and its confirm carry it on", async () => {
    const client = t.client({ ip: freshIp() });
    const email = freshEmail();
    const res = await client.postForm("/api/auth/signup", { firstName: "Ivy", lastName: "Reed", email, password: "correct horse", confirmPassword: "correct horse", next: "/book/abc-123" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/auth/verify-email?next=%2Fbook%2Fabc-123");
    const sent = await (await client.get(res.headers.get("location")!)).text();
    expect(sent).toContain("Check Your Email");

    const link = linkIn(await t.waitForMail(email));
    expect(link.url.searchParams.get("next")).toBe("/book/abc-123");
    const page = await (await client.get(link.path)).text();
    expect(page).toContain('name="next" value="/book/abc-123"');
    const verified = await (await confirmEmail(client, link.path)).text();
    expect(verified).toContain("Email Verified");
    expect(verified).toContain('href="/book/abc-123"');
    expect(verified).toContain("Continue where you left off");
  });

  test("a JSON sign-up sends the link with next; an unsafe next is dropped", async () => {
    const safe = await signUp({ next: "/book/xyz" });
    expect(safe.res.status).toBe(201);
    expect(linkIn(await t.waitForMail(safe.email)).url.searchParams.get("next")).toBe("/book/xyz");
    const unsafe = await signUp({ next: "/\t/evil.example" });
    expect(unsafe.res.status).toBe(201);
    expect(linkIn(await t.waitForMail(unsafe.email)).url.searchParams.has("next")).toBe(false);
  });

  test("a failed form sign-up comes back to the form with next (and the chosen role)", async () => {
    const res = await t.client({ ip: freshIp() }).postForm("/api/auth/signup", { firstName: "Ivy", lastName: "Reed", email: freshEmail(), password: "short", role: "practitioner", next: "/book/abc" });
    expect(res.headers.get("location")).toBe("/auth/signup?role=practitioner&next=%2Fbook%2Fabc&error=password_too_short");
  });

  test("verification links for unsafe next values never carry them", async () => {
    const page = await (await t.client().get("/auth/verify-email?token=nope&next=//evil.example")).text();
    expect(page).not.toContain("evil.example");
  });
});

describe("e-mail verification", () => {
  test("opening the link changes nothing; 'Confirm my e-mail' verifies once; a used link is invalid", async () => {
    const { client, email } = await signUp();
    const { path, token } = linkIn(await t.waitForMail(email));
    // a mail scanner (or anyone) opening the link only gets the page with the button
    for (let i = 0; i < 2; i++) {
      const page = await t.client().get(path);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Confirm Your Email");
      expect(html).toContain('<form action="/auth/verify-email" method="post">');
      expect(html).toContain(`name="token" value="${token}"`);
      expect(html).toContain("Confirm my e-mail");
      expect(html).not.toContain("Email Verified");
    }
    expect((await firstRow(t.db.select().from(users).where(eq(users.email, email))))!.isEmailVerified).toBe(false);

    const confirmed = await client.postForm("/auth/verify-email", { token: token! });
    expect(confirmed.status).toBe(200);
    const html = await confirmed.text();
    expect(html).toContain("Email Verified");
    expect(html).toContain("Thank you! Your email address is now verified.");
    expect((await (await client.get("/api/auth/user")).json()).isEmailVerified).toBe(true);

    expect(await (await t.client().get(path)).text()).toContain("Link Not Valid");
    const reused = await t.client().postForm("/auth/verify-email", { token: token! });
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain("Link Not Valid");
  });

  test("the confirm button's post is refused from another site", async () => {
    const { email } = await signUp();
    const { token } = linkIn(await t.waitForMail(email));
    const res = await t.client().request("/auth/verify-email", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: token! }).toString(),
    });
    expect(res.status).toBe(403);
    expect((await firstRow(t.db.select().from(users).where(eq(users.email, email))))!.isEmailVerified).toBe(false);
  });

  test("a link works for 24 hours; after that it is refused and a resend gives one that works", async () => {
    const { client, email } = await signUp();
    const { path } = linkIn(await t.waitForMail(email));
    t.clock.advance(DAY - 60_000);
    expect(await (await t.client().get(path)).text()).toContain("Confirm Your Email");
    t.clock.advance(2 * 60_000);
    expect(await (await t.client().get(path)).text()).toContain("Link Not Valid");
    const late = await client.postForm("/auth/verify-email", { token: linkIn((await t.waitForMail(email))).token! });
    expect(late.status).toBe(400);
    expect((await firstRow(t.db.select().from(users).where(eq(users.email, email))))!.isEmailVerified).toBe(false);

    await t.drainOutbox();
    t.sentMail.length = 0;
    expect((await t.client({ ip: freshIp() }).post("/api/auth/resend-verification", { email })).status).toBe(200);
    const fresh = linkIn(await t.waitForMail(email));
    expect(await (await confirmEmail(client, fresh.path)).text()).toContain("Email Verified");
  });

  test("a resend sends a new link and the old one stops working", async () => {
    const { client, email } = await signUp();
    const first = linkIn(await t.waitForMail(email));
    await t.loginAs(client, (await firstRow(t.db.select().from(users).where(eq(users.email, email))))!.id);
    await t.drainOutbox();
    t.sentMail.length = 0;
    const res = await client.post("/api/auth/resend-verification", {});
    expect(res.status).toBe(200);
    expect((await res.json()).message).toContain(email);
    const second = linkIn(await t.waitForMail(email));
    expect(second.token).not.toBe(first.token);
    expect(await (await confirmEmail(t.client(), first.path)).text()).toContain("Link Not Valid");
    expect(await (await confirmEmail(t.client(), second.path)).text()).toContain("Email Verified");
  });

  test("one address gets at most ACCOUNT_EMAILS_PER_HOUR resent links an hour, by address or signed in", async () => {
    const email = freshEmail();
    const user = await createUser(t.db, { email, password: "right password", isEmailVerified: false });
    const toVictim = () => t.sentMail.filter((m) => m.to === email).length;
    await t.drainOutbox();
    t.sentMail.length = 0;
    for (let i = 0; i < ACCOUNT_EMAILS_PER_HOUR + 3; i++) {
      const res = await t.client({ ip: freshIp() }).post("/api/auth/resend-verification", { email });
      expect(res.status).toBe(200);
      expect((await res.json()).message).toBe(RESEND_ANSWER);
    }
    await t.drainOutbox();
    expect(toVictim()).toBe(ACCOUNT_EMAILS_PER_HOUR);
    // signed in (sign-in works before confirming): the same cap, said plainly
    const browser = t.client({ ip: freshIp() });
    await t.loginAs(browser, user.id);
    const capped = await browser.post("/api/auth/resend-verification", {});
    expect(capped.status).toBe(429);
    expect((await capped.json()).message).toBe(RESEND_CAPPED_MESSAGE);
    expect(toVictim()).toBe(ACCOUNT_EMAILS_PER_HOUR);
    // an hour later the owner can ask again
    t.clock.advance(60 * 60 * 1000 + 1000);
    expect((await browser.post("/api/auth/resend-verification", {})).status).toBe(200);
    await t.drainOutbox();
    expect(toVictim()).toBe(ACCOUNT_EMAILS_PER_HOUR + 1);
  });

  test("a resend for an address answers the same whether or not it has an account", async () => {
    const known = await signUp();
    const a = await t.client({ ip: freshIp() }).post("/api/auth/resend-verification", { email: known.email });
    const b = await t.client({ ip: freshIp() }).post("/api/auth/resend-verification", { email: freshEmail() });
    expect(await a.json()).toEqual(await b.json());
  });
});

describe("sign-in and sign-out", () => {
  let email: string;
  beforeAll(async () => {
    email = freshEmail();
    await createUser(t.db, { email, password: "right password", firstName: "Robin" });
  });

  test("a wrong password and an unknown address get the same 401 and both cost a password check", async () => {
    const timings: number[] = [];
    const answers: unknown[] = [];
    for (const body of [{ email, password: "wrong password" }, { email: freshEmail(), password: "wrong password" }]) {
      const started = performance.now();
      const res = await t.client({ ip: freshIp() }).post("/api/auth/signin", body);
      timings.push(performance.now() - started);
      expect(res.status).toBe(401);
      answers.push(await res.json());
    }
    expect(answers[0]).toEqual({ message: "Invalid email or password" });
    expect(answers[1]).toEqual(answers[0]);
    // argon2id verification takes tens of milliseconds; an early return would take well under 5
    expect(Math.min(...timings)).toBeGreaterThan(10);
  });

  test("each sign-in starts a new session; sign-out deletes it", async () => {
    const first = t.client({ ip: freshIp() });
    const second = t.client({ ip: freshIp() });
    expect((await first.post("/api/auth/signin", { email: email.toUpperCase(), password: "right password" })).status).toBe(200);
    expect((await second.post("/api/auth/signin", { email, password: "right password" })).status).toBe(200);
    expect(first.cookies.get("pollinate_session")).not.toBe(second.cookies.get("pollinate_session"));

    const sid = hashToken(first.cookies.get("pollinate_session")!);
    const out = await first.post("/api/auth/logout");
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ message: "Signed out" });
    expect((await firstRow(t.db.select().from(sessions).where(eq(sessions.sid, sid))))).toBeUndefined();
    expect(first.cookies.has("pollinate_session")).toBe(false);
    expect((await first.get("/api/auth/user")).status).toBe(401);
    expect((await second.get("/api/auth/user")).status).toBe(200);
  });

  test("signing in as another account in the same browser ends the previous session on the server (issue 26)", async () => {
    const other = freshEmail();
    await createUser(t.db, { email: other, password: "other password", firstName: "Wren" });
    const browser = t.client({ ip: freshIp() });
    expect((await browser.post("/api/auth/signin", { email, password: "right password" })).status).toBe(200);
    const previous = browser.cookies.get("pollinate_session")!;
    expect((await browser.post("/api/auth/signin", { email: other, password: "other password" })).status).toBe(200);
    expect(browser.cookies.get("pollinate_session")).not.toBe(previous);
    expect(await firstRow(t.db.select().from(sessions).where(eq(sessions.sid, hashToken(previous))).limit(1))).toBeUndefined();
    // the old token, replayed, is no one
    const replay = t.client({ ip: freshIp() });
    replay.cookies.set("pollinate_session", previous);
    expect((await replay.get("/api/auth/user")).status).toBe(401);
    expect(((await (await browser.get("/api/auth/user")).json()) as { email: string }).email).toBe(other);
  });

  test("the header's sign-out form posts and is redirected home", async () => {
    const client = t.client();
    await t.loginAs(client, (await firstRow(t.db.select().from(users).where(eq(users.email, email))))!.id);
    const res = await client.postForm("/api/auth/logout", {});
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
    expect((await client.get("/api/auth/user")).status).toBe(401);
  });

  test("a form post before the script loads signs in with a redirect, or comes back with the error", async () => {
    const client = t.client({ ip: freshIp() });
    const wrong = await client.postForm("/api/auth/signin", { email, password: "nope" });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get("location")).toBe("/auth/signin?error=invalid_credentials");
    expect(await (await client.get("/auth/signin?error=invalid_credentials")).text()).toContain("Invalid email or password");
    const right = await client.postForm("/api/auth/signin", { email, password: "right password", next: "/dashboard/client" });
    expect(right.headers.get("location")).toBe("/dashboard/client");
    expect((await client.get("/api/auth/user")).status).toBe(200);
  });

  test.each(["/\t/evil.example", "/\n/evil.example", "//evil.example", "/\\evil.example", "https://evil.example", "javascript:alert(1)", "/.//evil.example", "/%2e%2e//evil.example"])(
    "a form sign-in with next=%j goes home, not away",
    async (next) => {
      // an account per case: the per-address rate limit would stop a shared one
      const own = freshEmail();
      await createUser(t.db, { email: own, password: "right password" });
      const res = await t.client({ ip: freshIp() }).postForm("/api/auth/signin", { email: own, password: "right password", next });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/");
    },
  );

  test("a failed form sign-in comes back to the form with its next", async () => {
    const res = await t.client({ ip: freshIp() }).postForm("/api/auth/signin", { email: freshEmail(), password: "nope", next: "/book/abc" });
    expect(res.headers.get("location")).toBe("/auth/signin?next=%2Fbook%2Fabc&error=invalid_credentials");
  });

  test("an unknown ?error code shows nothing of its own", async () => {
    const html = await (await t.client().get("/auth/signin?error=Your+account+is+suspended")).text();
    expect(html).not.toContain("suspended");
  });

  test("sessions slide: used within 30 days they are extended, unused for 30 days they end", async () => {
    const client = t.client();
    const user = await createUser(t.db, { email: freshEmail() });
    await t.loginAs(client, user.id);
    const sid = hashToken(client.cookies.get("pollinate_session")!);
    const expiry = async () => (await firstRow(t.db.select().from(sessions).where(eq(sessions.sid, sid))))?.expire.getTime();
    const before = (await expiry())!;

    t.clock.advance(20 * DAY);
    const res = await client.get("/api/auth/user");
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("pollinate_session="))).toBe(true);
    expect((await expiry())!).toBe(t.clock.now.getTime() + 30 * DAY);
    expect((await expiry())!).toBeGreaterThan(before);

    t.clock.advance(31 * DAY);
    expect((await client.get("/api/auth/user")).status).toBe(401);
    expect(await expiry()).toBeUndefined();
  });
});

describe("absolute session lifetime", () => {
  test("a session kept busy still ends 90 days after sign-in, and is never extended past that", async () => {
    const client = t.client();
    const user = await createUser(t.db, { email: freshEmail() });
    await t.loginAs(client, user.id);
    const signedInAt = t.clock.now.getTime();
    const sid = hashToken(client.cookies.get("pollinate_session")!);
    for (let day = 20; day < 90; day += 20) {
      t.clock.advance(20 * DAY);
      expect((await client.get("/api/auth/user")).status).toBe(200);
      const expire = (await firstRow(t.db.select().from(sessions).where(eq(sessions.sid, sid))))!.expire.getTime();
      expect(expire).toBeLessThanOrEqual(signedInAt + 90 * DAY);
    }
    // day 80 now: still in, then past day 90 out, although the sliding expiry alone would allow it
    t.clock.advance(10 * DAY + 1);
    expect((await client.get("/api/auth/user")).status).toBe(401);
    expect((await firstRow(t.db.select().from(sessions).where(eq(sessions.sid, sid))))).toBeUndefined();
  });
});

describe("password reset", () => {
  test("the same answer for known and unknown addresses; an e-mail only for the known one", async () => {
    const email = freshEmail();
    await createUser(t.db, { email, password: "old password" });
    await t.drainOutbox();
    t.sentMail.length = 0;
    const known = await t.client({ ip: freshIp() }).post("/api/auth/forgot-password", { email });
    const unknown = await t.client({ ip: freshIp() }).post("/api/auth/forgot-password", { email: "nobody@example.test" });
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(await unknown.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    await t.waitForMail(email);
    await t.drainOutbox();
    expect(t.sentMail.map((m) => m.to)).toEqual([email]);
  });

  test("the link sets a new password once, signs out every session, and expires after an hour", async () => {
    const email = freshEmail();
    const user = await createUser(t.db, { email, password: "old password" });
    const laptop = t.client();
    const phone = t.client();
    await t.loginAs(laptop, user.id);
    await t.loginAs(phone, user.id);

    await t.client({ ip: freshIp() }).post("/api/auth/forgot-password", { email });
    const mail = await t.waitForMail(email);
    expect(mail.subject).toBe("Reset your Pollinate password");
    const { path, token } = linkIn(mail);
    expect(path).toStartWith("/auth/reset-password?token=");
    expect((await firstRow(t.db.select().from(users).where(eq(users.id, user.id))))!.resetPasswordToken).toBe(hashToken(token!));

    const page = await phone.get(path);
    expect(await page.text()).toContain("Choose a New Password");

    const mismatch = await phone.post("/api/auth/reset-password", { token, password: "new password", confirmPassword: "other" });
    expect((await mismatch.json()).message).toBe("Passwords do not match");

    const res = await phone.post("/api/auth/reset-password", { token, password: "new password" });
    expect(res.status).toBe(200);
    expect((await laptop.get("/api/auth/user")).status).toBe(401);
    expect((await phone.get("/api/auth/user")).status).toBe(401);
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, user.id)))).toHaveLength(0);

    const reuse = await phone.post("/api/auth/reset-password", { token, password: "another password" });
    expect(reuse.status).toBe(400);
    expect((await reuse.json()).message).toContain("invalid or has expired");
    expect(await (await phone.get(path)).text()).toContain("Link Expired");

    const ip = freshIp();
    expect((await t.client({ ip }).post("/api/auth/signin", { email, password: "old password" })).status).toBe(401);
    expect((await t.client({ ip }).post("/api/auth/signin", { email, password: "new password" })).status).toBe(200);
  });

  test("a reset link works until its hour is up, and not after", async () => {
    const email = freshEmail();
    await createUser(t.db, { email, password: "old password" });
    const requestLink = async () => {
      await t.drainOutbox();
    t.sentMail.length = 0;
      expect((await t.client({ ip: freshIp() }).post("/api/auth/forgot-password", { email })).status).toBe(200);
      return linkIn(await t.waitForMail(email));
    };

    const early = await requestLink();
    t.clock.advance(59 * 60 * 1000);
    expect(await (await t.client().get(early.path)).text()).toContain("Choose a New Password");
    expect((await t.client().post("/api/auth/reset-password", { token: early.token, password: "early password" })).status).toBe(200);
    expect((await t.client({ ip: freshIp() }).post("/api/auth/signin", { email, password: "early password" })).status).toBe(200);

    const late = await requestLink();
    t.clock.advance(61 * 60 * 1000);
    expect(await (await t.client().get(late.path)).text()).toContain("Link Expired");
    const refused = await t.client().post("/api/auth/reset-password", { token: late.token, password: "late password" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe("This reset link is invalid or has expired. Please request a new one.");
    expect((await t.client({ ip: freshIp() }).post("/api/auth/signin", { email, password: "early password" })).status).toBe(200);
  });

  test("one address gets at most ACCOUNT_EMAILS_PER_HOUR reset e-mails an hour, with the same answer every time", async () => {
    const email = freshEmail();
    await createUser(t.db, { email, password: "old password" });
    for (let i = 0; i < ACCOUNT_EMAILS_PER_HOUR + 2; i++) {
      const res = await t.client({ ip: freshIp() }).post("/api/auth/forgot-password", { email });
      expect(await res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    }
    await t.waitForMail(email);
    await t.drainOutbox();
    expect(t.sentMail.filter((m) => m.to === email)).toHaveLength(ACCOUNT_EMAILS_PER_HOUR);
    t.clock.advance(61 * 60 * 1000);
    await t.drainOutbox();
    t.sentMail.length = 0;
    await t.client({ ip: freshIp() }).post("/api/auth/forgot-password", { email });
    await t.waitForMail(email);
  });

  test("forgot-password stores the token before it answers and the e-mail leaves after, from the outbox (a known address costs an unknown one's transaction and one row more)", async () => {
    const email = freshEmail();
    const user = await createUser(t.db, { email, password: "old password" });
    await t.drainOutbox();
    t.sentMail.length = 0;
    const res = await t.client({ ip: freshIp() }).post("/api/auth/forgot-password", { email });
    expect(await res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    // the answer is out with the token stored and its e-mail waiting (timings of both paths: scripts/bench-auth-timing.ts)
    expect((await firstRow(t.db.select().from(users).where(eq(users.id, user.id))))!.resetPasswordToken).not.toBeNull();
    expect(t.sentMail).toEqual([]);
    expect((await outboxSummary(t.db)).pending).toBe(1);
    await t.waitForMail(email);
    expect((await firstRow(t.db.select().from(users).where(eq(users.id, user.id))))!.resetPasswordToken).not.toBeNull();
  });

  test.each([
    [{ token: "\ud800", password: "abcdefghij" }],
    [{ token: "abc", password: "abcdefghi\udfff" }],
  ])("malformed Unicode in %j answers 400, not 500", async (body) => {
    const res = await t.client({ ip: freshIp() }).request("/api/auth/reset-password", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(MALFORMED_TEXT_MESSAGE);
  });

  test("the raw body of the issue (a \\ud800 escape, as curl sends it) answers 400", async () => {
    const res = await t.client({ ip: freshIp() }).request("/api/auth/reset-password", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"token":"\\ud800","password":"abcdefghij"}',
    });
    expect(res.status).toBe(400);
  });
});

describe("rate limits", () => {
  test("the 11th sign-in in a minute from one address gets 429 with a clear message", async () => {
    const client = t.client({ ip: freshIp() });
    for (let i = 0; i < 10; i++) {
      const res = await client.post("/api/auth/signin", { email: freshEmail(), password: "whatever1" });
      expect(res.status).toBe(401);
    }
    const res = await client.post("/api/auth/signin", { email: freshEmail(), password: "whatever1" });
    expect(res.status).toBe(429);
    expect((await res.json()).message).toBe("Too many attempts. Please wait a minute and try again.");
    expect(res.headers.get("retry-after")).toBeTruthy();
  });

  test("an IPv6 client is counted by its /64: rotating the addresses of one network gets no more tries", async () => {
    const network = `2001:db8:${++n}:1`;
    for (let i = 1; i <= 10; i++) {
      const res = await t.client({ ip: `${network}::${i.toString(16)}` }).post("/api/auth/signup", { firstName: "Ro", lastName: "Tate", email: freshEmail(), password: "correct horse" });
      expect(res.status).toBe(201);
    }
    const rotated = await t.client({ ip: `${network}:ffff:ffff:ffff:ffff` }).post("/api/auth/signup", { firstName: "Ro", lastName: "Tate", email: freshEmail(), password: "correct horse" });
    expect(rotated.status).toBe(429);
    // another network is another client
    expect((await t.client({ ip: `2001:db8:${++n}:1::1` }).post("/api/auth/forgot-password", { email: freshEmail() })).status).toBe(200);
    // and an IPv4 client written as an IPv4-mapped IPv6 address is the same client
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await t.client({ ip }).post("/api/auth/forgot-password", { email: freshEmail() });
    expect((await t.client({ ip: `::ffff:${ip}` }).post("/api/auth/forgot-password", { email: freshEmail() })).status).toBe(429);
  });

  test("an attacker using up a stranger's address from other networks does not lock the owner out of forgot-password, resend or sign-up", async () => {
    const email = freshEmail();
    await createUser(t.db, { email, password: "right password", isEmailVerified: false });
    await t.drainOutbox();
    t.sentMail.length = 0;
    const attackers = [freshIp(), freshIp()];
    const requests: Array<[string, Record<string, string>, string]> = [
      ["/api/auth/forgot-password", { email }, FORGOT_PASSWORD_ANSWER],
      ["/api/auth/resend-verification", { email }, RESEND_ANSWER],
      ["/api/auth/signup", { firstName: "Eve", lastName: "Ill", email, password: "correct horse" }, signUpAnswer(email)],
    ];
    for (const [path, body] of requests) {
      for (const ip of attackers) for (let i = 0; i < 10; i++) await t.client({ ip }).post(path, body);
      // each attacking network is at its own limit…
      expect((await t.client({ ip: attackers[0] }).post(path, body)).status).toBe(429);
    }
    // …and the owner, on a network of their own, gets the usual answer to each
    const owner = t.client({ ip: freshIp() });
    for (const [path, body, message] of requests) {
      const res = await owner.post(path, body);
      expect(res.status).toBeLessThan(300);
      expect((await res.json()).message).toBe(message);
    }
    // while the mail a stranger can trigger stays capped per address and kind
    await t.drainOutbox();
    for (const subject of new Set(t.sentMail.filter((m) => m.to === email).map((m) => m.subject))) {
      expect(t.sentMail.filter((m) => m.to === email && m.subject === subject)).toHaveLength(ACCOUNT_EMAILS_PER_HOUR);
    }
    expect(new Set(t.sentMail.filter((m) => m.to === email).map((m) => m.subject)).size).toBe(3);
  }, 60_000);

  test("a form posted before the script loaded and refused by the limit goes back to its page with the limit's text, not to JSON", async () => {
    const small = await createTestApp({ env: { AUTH_RATE_LIMIT: "1" } });
    // cleaned up after the file: the reset e-mails asked for here are looked up after the answers
    afterAllCleanups.push(() => small.cleanup());
    const cases: Array<[string, Record<string, string>, string]> = [
      ["/api/auth/signin", { email: "a@example.test", password: "whatever1", next: "/book/abc" }, "/auth/signin?next=%2Fbook%2Fabc&error=rate_limited"],
      ["/api/auth/signup", { firstName: "Ivy", lastName: "Reed", email: "b@example.test", password: "short", role: "practitioner" }, "/auth/signup?role=practitioner&error=rate_limited"],
      ["/api/auth/forgot-password", { email: "c@example.test" }, "/auth/forgot-password?error=rate_limited"],
      ["/api/auth/reset-password", { token: "abc", password: "short" }, "/auth/reset-password?token=abc&error=rate_limited"],
    ];
    for (const [path, fields, location] of cases) {
      const client = small.client({ ip: freshIp() });
      expect((await client.postForm(path, fields)).status).not.toBe(429);
      const refused = await client.postForm(path, fields);
      expect(refused.status).toBe(303);
      expect(refused.headers.get("location")).toBe(location);
      expect(refused.headers.get("retry-after")).toBeTruthy();
    }
    // a script asking for JSON still gets the 429 and its message
    const client = small.client({ ip: freshIp() });
    await client.post("/api/auth/forgot-password", { email: "d@example.test" });
    const json = await client.post("/api/auth/forgot-password", { email: "d@example.test" });
    expect(json.status).toBe(429);
    expect((await json.json()).message).toBe("Too many attempts. Please wait a minute and try again.");
  });

  test("ten wrong passwords from one IP do not lock the owner out elsewhere, and that IP stays refused", async () => {
    const email = freshEmail();
    await createUser(t.db, { email, password: "right password" });
    const attacker = t.client({ ip: freshIp() });
    for (let i = 0; i < 10; i++) expect((await attacker.post("/api/auth/signin", { email, password: `guess ${i}` })).status).toBe(401);
    expect((await attacker.post("/api/auth/signin", { email, password: "right password" })).status).toBe(429);
    const owner = await t.client({ ip: freshIp() }).post("/api/auth/signin", { email, password: "right password" });
    expect(owner.status).toBe(200);
  });

  test("a malformed e-mail or password at sign-in answers 400", async () => {
    for (const body of [{ email: "a\ud800@example.test", password: "whatever1" }, { email: "a@example.test", password: "whatever\udc00" }]) {
      const res = await t.client({ ip: freshIp() }).post("/api/auth/signin", body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(MALFORMED_TEXT_MESSAGE);
    }
  });

  test("X-Forwarded-Proto is ignored unless TRUST_PROXY is set", async () => {
    const email = freshEmail();
    await createUser(t.db, { email, password: "right password" });
    const res = await t.client({ ip: freshIp() }).post("/api/auth/signin", { email, password: "right password" }, { "x-forwarded-proto": "https" });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("pollinate_session="))).not.toContain("Secure");
  });

  test("X-Forwarded-For is ignored unless TRUST_PROXY is set", async () => {
    const client = t.client({ ip: freshIp() });
    for (let i = 0; i < 10; i++) await client.post("/api/auth/signin", { email: freshEmail(), password: "whatever1" }, { "x-forwarded-for": `192.0.2.${i}` });
    const res = await client.post("/api/auth/signin", { email: freshEmail(), password: "whatever1" }, { "x-forwarded-for": "192.0.2.99" });
    expect(res.status).toBe(429);
  });
});

describe("sign-in lockout per account and per (account, IP)", () => {
  let small: TestApp;
  beforeAll(async () => {
    // AUTH_RATE_LIMIT 2: two failures per (account, IP) per 15 minutes, twenty per account per hour
    small = await createTestApp({ env: { AUTH_RATE_LIMIT: "2" } });
  });
  afterAll(() => small.cleanup());

  test("one IP's failures lock that IP out of that account for 15 minutes, not out of other accounts", async () => {
    const email = freshEmail();
    const other = freshEmail();
    await createUser(small.db, { email, password: "right password" });
    await createUser(small.db, { email: other, password: "right password" });
    const ip = freshIp();
    for (let i = 0; i < 2; i++) expect((await small.client({ ip }).post("/api/auth/signin", { email, password: "wrong" })).status).toBe(401);
    // past the per-IP request limit's minute (a separate rule): what refuses now is the lockout
    small.clock.advance(2 * 60_000);
    const locked = await small.client({ ip }).post("/api/auth/signin", { email, password: "right password" });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await small.client({ ip: freshIp() }).post("/api/auth/signin", { email, password: "right password" })).status).toBe(200);
    small.clock.advance(14 * 60_000);
    expect((await small.client({ ip }).post("/api/auth/signin", { email, password: "right password" })).status).toBe(200);
  });

  test("failures from many IPs lock the account for the hour (no guessing at scale)", async () => {
    const email = freshEmail();
    await createUser(small.db, { email, password: "right password" });
    for (let ip = 0; ip < 10; ip++) {
      const address = freshIp();
      for (let i = 0; i < 2; i++) expect((await small.client({ ip: address }).post("/api/auth/signin", { email, password: `guess ${ip}-${i}` })).status).toBe(401);
    }
    expect((await small.client({ ip: freshIp() }).post("/api/auth/signin", { email, password: "right password" })).status).toBe(429);
    small.clock.advance(61 * 60_000);
    expect((await small.client({ ip: freshIp() }).post("/api/auth/signin", { email, password: "right password" })).status).toBe(200);
  }, 30_000);

  test("failures from many networks do not lock the owner out on a network they signed in from before", async () => {
    const email = freshEmail();
    await createUser(small.db, { email, password: "right password" });
    const home = freshIp();
    expect((await small.client({ ip: home }).post("/api/auth/signin", { email, password: "right password" })).status).toBe(200);
    small.clock.advance(24 * 60 * 60_000);
    // an attacker spreads the account's whole hourly budget of failures over ten networks
    for (let ip = 0; ip < 10; ip++) {
      const address = freshIp();
      for (let i = 0; i < 2; i++) expect((await small.client({ ip: address }).post("/api/auth/signin", { email, password: `guess ${ip}-${i}` })).status).toBe(401);
    }
    // a new network (the attacker's next one) is held back…
    expect((await small.client({ ip: freshIp() }).post("/api/auth/signin", { email, password: "right password" })).status).toBe(429);
    // …the owner at home is not, and still has only the per-(account, network) tries there
    expect((await small.client({ ip: home }).post("/api/auth/signin", { email, password: "right password" })).status).toBe(200);
    small.clock.advance(61_000); // past the per-network request limit's minute (2 requests here)
    for (let i = 0; i < 2; i++) expect((await small.client({ ip: home }).post("/api/auth/signin", { email, password: `home guess ${i}` })).status).toBe(401);
    small.clock.advance(2 * 60_000);
    expect((await small.client({ ip: home }).post("/api/auth/signin", { email, password: "right password" })).status).toBe(429);
  }, 30_000);

  test("a network remembered for the owner is forgotten after 30 days without a sign-in from it", async () => {
    const email = freshEmail();
    await createUser(small.db, { email, password: "right password" });
    const home = freshIp();
    expect((await small.client({ ip: home }).post("/api/auth/signin", { email, password: "right password" })).status).toBe(200);
    small.clock.advance(31 * 24 * 60 * 60_000);
    for (let ip = 0; ip < 10; ip++) {
      const address = freshIp();
      for (let i = 0; i < 2; i++) await small.client({ ip: address }).post("/api/auth/signin", { email, password: `guess ${ip}-${i}` });
    }
    expect((await small.client({ ip: home }).post("/api/auth/signin", { email, password: "right password" })).status).toBe(429);
  }, 30_000);

  test("a password reset lifts the account's lockout at once", async () => {
    const email = freshEmail();
    await createUser(small.db, { email, password: "right password" });
    for (let ip = 0; ip < 10; ip++) {
      const address = freshIp();
      for (let i = 0; i < 2; i++) await small.client({ ip: address }).post("/api/auth/signin", { email, password: `guess ${ip}-${i}` });
    }
    expect((await small.client({ ip: freshIp() }).post("/api/auth/signin", { email, password: "right password" })).status).toBe(429);
    await small.client({ ip: freshIp() }).post("/api/auth/forgot-password", { email });
    const { token } = linkIn(await small.waitForMail(email));
    expect((await small.client({ ip: freshIp() }).post("/api/auth/reset-password", { token, password: "new password" })).status).toBe(200);
    expect((await small.client({ ip: freshIp() }).post("/api/auth/signin", { email, password: "new password" })).status).toBe(200);
  }, 30_000);
});

describe("rate limits behind a trusted proxy", () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ env: { TRUST_PROXY: "true", AUTH_RATE_LIMIT: "2" } });
  });
  afterAll(() => proxied.cleanup());

  const attempt = (forwardedFor: string) =>
    proxied.client().post("/api/auth/signin", { email: `${crypto.randomUUID()}@example.test`, password: "whatever1" }, { "x-forwarded-for": forwardedFor });

  test("counts per address the proxy appended (the last X-Forwarded-For entry)", async () => {
    expect((await attempt("198.51.100.1")).status).toBe(401);
    expect((await attempt("198.51.100.1")).status).toBe(401);
    expect((await attempt("198.51.100.1")).status).toBe(429);
    expect((await attempt("198.51.100.2")).status).toBe(401);
  });

  test("entries the client put in front of the proxy's do not get around the limit", async () => {
    // the client sends its own X-Forwarded-For; the proxy appends the real address 203.0.113.7
    expect((await attempt("1.1.1.1, 203.0.113.7")).status).toBe(401);
    expect((await attempt("2.2.2.2, 203.0.113.7")).status).toBe(401);
    expect((await attempt("3.3.3.3, 203.0.113.7")).status).toBe(429);
  });

  test("the session cookie is Secure when the proxy says the browser used https", async () => {
    const email = `${crypto.randomUUID()}@example.test`;
    await createUser(proxied.db, { email, password: "right password" });
    const over = (proto: string) => proxied.client({ ip: `10.9.9.${++n}` }).post("/api/auth/signin", { email, password: "right password" }, { "x-forwarded-for": `192.0.2.${++n}`, "x-forwarded-proto": proto });
    const https = (await over("https")).headers.getSetCookie().find((c) => c.startsWith("pollinate_session="))!;
    expect(https).toContain("Secure");
    expect(https).toContain("HttpOnly");
    const http = (await over("http")).headers.getSetCookie().find((c) => c.startsWith("pollinate_session="))!;
    expect(http).not.toContain("Secure");
  });
});

describe("cross-origin writes", () => {
  test.each(["/api/auth/signin", "/api/auth/signup", "/api/auth/logout", "/api/auth/trial"])("%s refuses another Origin", async (path) => {
    const res = await t.client().post(path, { email: "a@example.test", password: "x" }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("Cross-origin request refused");
  });
});

describe("free trial", () => {
  let client: ReturnType<TestApp["client"]>;
  let userId: string;
  beforeEach(async () => {
    client = t.client();
    userId = (await createUser(t.db, { email: freshEmail(), isEmailVerified: true })).id;
    await t.loginAs(client, userId);
  });

  test("needs a verified address (a made-up one gives no Premium)", async () => {
    const unverified = t.client();
    const id = (await createUser(t.db, { email: freshEmail() })).id;
    await t.loginAs(unverified, id);
    const res = await unverified.post("/api/auth/trial");
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(TRIAL_NEEDS_VERIFIED_EMAIL_MESSAGE);
    expect((await firstRow(t.db.select().from(users).where(eq(users.id, id))))).toMatchObject({ subscriptionStatus: "free", accessLevel: "preview", trialEndDate: null });
  });

  test("needs a signed-in user", async () => {
    expect((await t.client().post("/api/auth/trial")).status).toBe(401);
  });

  test("starts 7 days of Premium once; ends by itself", async () => {
    const res = await client.post("/api/auth/trial");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ accessLevel: "premium", subscriptionStatus: "trial" });
    expect(new Date(body.trialEndDate).getTime()).toBe(t.clock.now.getTime() + 7 * DAY);

    const me = await (await client.get("/api/auth/user")).json();
    expect(me).toMatchObject({ accessLevel: "premium", subscriptionStatus: "trial", trialUsed: true });
    expect(me.permissions.createContent).toBe(true);

    const again = await client.post("/api/auth/trial");
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("You have already used your free trial.");

    t.clock.advance(7 * DAY + 1);
    const later = await (await client.get("/api/auth/user")).json();
    expect(later).toMatchObject({ accessLevel: "preview", subscriptionStatus: "expired", trialEndDate: null, trialUsed: true });
    // reading the session wrote nothing…
    expect((await firstRow(t.db.select().from(users).where(eq(users.id, userId))))).toMatchObject({ accessLevel: "premium", subscriptionStatus: "trial" });
    expect((await client.post("/api/auth/trial")).status).toBe(409);
    // …the next sign-in stores the ended trial
    await atomic(t.db, async (tx) => {
      await tx.update(users).set({ passwordHash: await Bun.password.hash("right password") }).where(eq(users.id, userId));
    });
    const email = (await firstRow(t.db.select().from(users).where(eq(users.id, userId))))!.email;
    expect((await t.client({ ip: freshIp() }).post("/api/auth/signin", { email, password: "right password" })).status).toBe(200);
    expect((await firstRow(t.db.select().from(users).where(eq(users.id, userId))))).toMatchObject({ accessLevel: "preview", subscriptionStatus: "expired" });
  });

  test("is refused to an account that already has Premium", async () => {
    await atomic(t.db, async (tx) => {
      await tx.update(users).set({ accessLevel: "premium", subscriptionStatus: "premium" }).where(eq(users.id, userId));
    });
    const res = await client.post("/api/auth/trial");
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("You already have Premium access.");
  });
});

describe("Google sign-in when not configured", () => {
  test("the start URL sends the browser back to sign-in with a plain explanation", async () => {
    const res = await t.client().get("/api/auth/google", { accept: "text/html,application/xhtml+xml" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth/signin?error=google_not_configured");
    for (const accept of ["application/json", "*/*"]) {
      const json = await t.client().get("/api/auth/google", { accept });
      expect(json.status).toBe(404);
      expect((await json.json()).message).toBe("Google sign-in is not configured on this server.");
    }
  });
});
