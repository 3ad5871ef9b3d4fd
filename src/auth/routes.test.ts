import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions, users } from "../../db/schema";
import { createUser } from "../testing/factories";
import { createTestApp, linkIn, type TestApp } from "../testing/test-app";
import { FORGOT_PASSWORD_ANSWER } from "./routes";
import { hashToken } from "./tokens";

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.cleanup());

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
  test("creates the account, signs in with a hashed session and sends a verification link", async () => {
    const { client, email, res } = await signUp();
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.user).toMatchObject({ email, firstName: "Maya", lastName: "Hart", roles: ["client"], isEmailVerified: false, accessLevel: "preview", subscriptionStatus: "free", trialUsed: false });
    expect(body.user.permissions.viewPractitioners).toBe(3);
    expect(body.user.permissions.bookSessions).toBe(false);

    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("pollinate_session="))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
    const token = client.cookies.get("pollinate_session")!;
    const rows = t.db.select().from(sessions).all();
    expect(rows.some((r) => r.sid === token)).toBe(false);
    expect(rows.some((r) => r.sid === hashToken(token))).toBe(true);

    const stored = t.db.select().from(users).where(eq(users.email, email)).get()!;
    expect(stored.passwordHash).toStartWith("$argon2id$");

    const mail = await t.waitForMail(email);
    expect(mail.subject).toBe("Confirm your e-mail address for Pollinate");
    const link = linkIn(mail);
    expect(link.url.origin).toBe("http://localhost");
    expect(link.url.pathname).toBe("/auth/verify-email");
    expect(stored.emailVerificationToken).toBe(hashToken(link.token!));

    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe(email);
  });

  test("records the practitioner role when chosen, and never admin", async () => {
    const practitioner = await signUp({ role: "practitioner" });
    expect((await practitioner.res.json()).user.roles).toEqual(["practitioner"]);
    const admin = await signUp({ role: "admin" });
    expect(admin.res.status).toBe(400);
  });

  test.each([
    [{ password: "short" }, "Password must be at least 8 characters long"],
    [{ confirmPassword: "something else" }, "Passwords do not match"],
    [{ firstName: "  " }, "Please enter your first name"],
    [{ email: "not-an-address" }, "Please enter a valid email address"],
  ])("refuses %j with the message %s", async (overrides, message) => {
    const { res } = await signUp(overrides);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });

  test("an address that is taken (in any letter case) answers 409", async () => {
    const { email } = await signUp();
    const again = await signUp({ email: email.toUpperCase() });
    expect(again.res.status).toBe(409);
    expect((await again.res.json()).message).toContain("already exists");
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

describe("sign-up keeps where the person was going (next)", () => {
  test("a form post goes to the verification page with next; the e-mailed link and its confirm carry it on", async () => {
    const client = t.client({ ip: freshIp() });
    const email = freshEmail();
    const res = await client.postForm("/api/auth/signup", { firstName: "Ivy", lastName: "Reed", email, password: "correct horse", confirmPassword: "correct horse", next: "/book/abc-123" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/auth/verify-email?next=%2Fbook%2Fabc-123");
    const sent = await (await client.get(res.headers.get("location")!)).text();
    expect(sent).toContain('href="/book/abc-123"');

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
    expect((await (await client.get("/api/auth/user")).json()).isEmailVerified).toBe(false);
    expect(t.db.select().from(users).where(eq(users.email, email)).get()!.isEmailVerified).toBe(false);

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
    expect(t.db.select().from(users).where(eq(users.email, email)).get()!.isEmailVerified).toBe(false);
  });

  test("a resend sends a new link and the old one stops working", async () => {
    const { client, email } = await signUp();
    const first = linkIn(await t.waitForMail(email));
    t.sentMail.length = 0;
    const res = await client.post("/api/auth/resend-verification", {});
    expect(res.status).toBe(200);
    expect((await res.json()).message).toContain(email);
    const second = linkIn(await t.waitForMail(email));
    expect(second.token).not.toBe(first.token);
    expect(await (await confirmEmail(t.client(), first.path)).text()).toContain("Link Not Valid");
    expect(await (await confirmEmail(t.client(), second.path)).text()).toContain("Email Verified");
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
  beforeAll(() => {
    email = freshEmail();
    createUser(t.db, { email, password: "right password", firstName: "Robin" });
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
    expect(t.db.select().from(sessions).where(eq(sessions.sid, sid)).get()).toBeUndefined();
    expect(first.cookies.has("pollinate_session")).toBe(false);
    expect((await first.get("/api/auth/user")).status).toBe(401);
    expect((await second.get("/api/auth/user")).status).toBe(200);
  });

  test("the header's sign-out form posts and is redirected home", async () => {
    const client = t.client();
    t.loginAs(client, t.db.select().from(users).where(eq(users.email, email)).get()!.id);
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
      createUser(t.db, { email: own, password: "right password" });
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
    const user = createUser(t.db, { email: freshEmail() });
    t.loginAs(client, user.id);
    const sid = hashToken(client.cookies.get("pollinate_session")!);
    const expiry = () => t.db.select().from(sessions).where(eq(sessions.sid, sid)).get()?.expire.getTime();
    const before = expiry()!;

    t.clock.advance(20 * DAY);
    const res = await client.get("/api/auth/user");
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("pollinate_session="))).toBe(true);
    expect(expiry()!).toBe(t.clock.now.getTime() + 30 * DAY);
    expect(expiry()!).toBeGreaterThan(before);

    t.clock.advance(31 * DAY);
    expect((await client.get("/api/auth/user")).status).toBe(401);
    expect(expiry()).toBeUndefined();
  });
});

describe("password reset", () => {
  test("the same answer for known and unknown addresses; an e-mail only for the known one", async () => {
    const email = freshEmail();
    createUser(t.db, { email, password: "old password" });
    t.sentMail.length = 0;
    const known = await t.client({ ip: freshIp() }).post("/api/auth/forgot-password", { email });
    const unknown = await t.client({ ip: freshIp() }).post("/api/auth/forgot-password", { email: "nobody@example.test" });
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(await unknown.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    await t.waitForMail(email);
    await Bun.sleep(20);
    expect(t.sentMail.map((m) => m.to)).toEqual([email]);
  });

  test("the link sets a new password once, signs out every session, and expires after an hour", async () => {
    const email = freshEmail();
    const user = createUser(t.db, { email, password: "old password" });
    const laptop = t.client();
    const phone = t.client();
    t.loginAs(laptop, user.id);
    t.loginAs(phone, user.id);

    await t.client({ ip: freshIp() }).post("/api/auth/forgot-password", { email });
    const mail = await t.waitForMail(email);
    expect(mail.subject).toBe("Reset your Pollinate password");
    const { path, token } = linkIn(mail);
    expect(path).toStartWith("/auth/reset-password?token=");
    expect(t.db.select().from(users).where(eq(users.id, user.id)).get()!.resetPasswordToken).toBe(hashToken(token!));

    const page = await phone.get(path);
    expect(await page.text()).toContain("Choose a New Password");

    const mismatch = await phone.post("/api/auth/reset-password", { token, password: "new password", confirmPassword: "other" });
    expect((await mismatch.json()).message).toBe("Passwords do not match");

    const res = await phone.post("/api/auth/reset-password", { token, password: "new password" });
    expect(res.status).toBe(200);
    expect((await laptop.get("/api/auth/user")).status).toBe(401);
    expect((await phone.get("/api/auth/user")).status).toBe(401);
    expect(t.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);

    const reuse = await phone.post("/api/auth/reset-password", { token, password: "another password" });
    expect(reuse.status).toBe(400);
    expect((await reuse.json()).message).toContain("invalid or has expired");
    expect(await (await phone.get(path)).text()).toContain("Link Expired");

    const ip = freshIp();
    expect((await t.client({ ip }).post("/api/auth/signin", { email, password: "old password" })).status).toBe(401);
    expect((await t.client({ ip }).post("/api/auth/signin", { email, password: "new password" })).status).toBe(200);

    await t.client({ ip: freshIp() }).post("/api/auth/forgot-password", { email });
    t.sentMail.length = 0;
    await t.client({ ip: freshIp() }).post("/api/auth/forgot-password", { email });
    const late = linkIn(await t.waitForMail(email));
    t.clock.advance(61 * 60 * 1000);
    expect((await t.client().post("/api/auth/reset-password", { token: late.token, password: "late password" })).status).toBe(400);
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

  test("one e-mail address is limited across many client addresses", async () => {
    const email = freshEmail();
    for (let i = 0; i < 10; i++) await t.client({ ip: freshIp() }).post("/api/auth/forgot-password", { email });
    const res = await t.client({ ip: freshIp() }).post("/api/auth/forgot-password", { email });
    expect(res.status).toBe(429);
  });

  test("X-Forwarded-Proto is ignored unless TRUST_PROXY is set", async () => {
    const email = freshEmail();
    createUser(t.db, { email, password: "right password" });
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

describe("rate limits behind a trusted proxy", () => {
  let proxied: TestApp;
  beforeAll(() => {
    proxied = createTestApp({ env: { TRUST_PROXY: "true", AUTH_RATE_LIMIT: "2" } });
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
    createUser(proxied.db, { email, password: "right password" });
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
  beforeEach(() => {
    client = t.client();
    userId = createUser(t.db, { email: freshEmail() }).id;
    t.loginAs(client, userId);
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
    expect(t.db.select().from(users).where(eq(users.id, userId)).get()).toMatchObject({ accessLevel: "preview", subscriptionStatus: "expired" });
    expect((await client.post("/api/auth/trial")).status).toBe(409);
  });

  test("is refused to an account that already has Premium", async () => {
    t.db.update(users).set({ accessLevel: "premium", subscriptionStatus: "premium" }).where(eq(users.id, userId)).run();
    const res = await client.post("/api/auth/trial");
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("You already have Premium access.");
  });
});

describe("Google sign-in when not configured", () => {
  test("the start URL sends the browser back to sign-in with a plain explanation", async () => {
    const res = await t.client().get("/api/auth/google");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth/signin?error=google_not_configured");
    const json = await t.client().get("/api/auth/google", { accept: "application/json" });
    expect(json.status).toBe(503);
    expect((await json.json()).message).toBe("Google sign-in is not configured on this server.");
  });
});
