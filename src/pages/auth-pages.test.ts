import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createUser } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

describe("account pages", () => {
  test.each(["/auth/signin", "/auth/signup", "/auth/forgot-password", "/auth/verify-email", "/auth/reset-password"])("%s renders for a visitor", async (path) => {
    const res = await t.client().get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
  });

  test("sign-in has the fields, the forgot-password link, the sign-up link and a plain Google notice", async () => {
    const html = await (await t.client().get("/auth/signin")).text();
    expect(html).toContain('name="email"');
    expect(html).toContain('name="password"');
    expect(html).toContain('href="/auth/forgot-password"');
    expect(html).toContain('href="/auth/signup"');
    expect(html).toContain("Continue with Google");
    expect(html).toContain("Google sign-in is not configured on this server.");
    expect(html).toContain('data-island="SignInForm"');
  });

  test("sign-up asks for names, e-mail and the password twice, and reads ?role=practitioner", async () => {
    const plain = await (await t.client().get("/auth/signup")).text();
    for (const name of ["firstName", "lastName", "email", "password", "confirmPassword"]) expect(plain).toContain(`name="${name}"`);
    expect(plain).toMatch(/checked="" value="client"/);
    const facilitator = await (await t.client().get("/auth/signup?role=practitioner")).text();
    expect(facilitator).toMatch(/checked="" value="practitioner"/);
  });

  test("forgot-password shows the error of a form posted before its script loaded (?error=), like sign-in and sign-up", async () => {
    const limited = await (await t.client().get("/auth/forgot-password?error=rate_limited")).text();
    expect(limited).toContain("Too many attempts. Please wait a minute and try again.");
    const failed = await (await t.client().get("/auth/forgot-password?error=failed")).text();
    expect(failed).toContain("Failed to send the reset link");
    // only the fixed texts: an unknown code shows nothing
    const unknown = await (await t.client().get("/auth/forgot-password?error=%3Cb%3Ehi")).text();
    expect(unknown).not.toContain("role=\"alert\"");
  });

  test("a signed-in visitor of sign-in or sign-up goes home (or to ?next)", async () => {
    const client = t.client();
    t.loginAs(client, (await createUser(t.db)).id);
    expect((await client.get("/auth/signup")).headers.get("location")).toBe("/");
    expect((await client.get("/auth/signin?next=/dashboard/client")).headers.get("location")).toBe("/dashboard/client");
    expect((await client.get("/auth/signin?next=//evil.example")).headers.get("location")).toBe("/");
  });

  // the raw query strings an attacker would put in a link (percent-encoded as they travel)
  const ATTACKS = ["/%09/evil.example", "/%0A/evil.example", "/%0D%0A/evil.example", "%2F%2Fevil.example", "//evil.example", "/%5Cevil.example", "/%5C%5Cevil.example", "https://evil.example", "https%3A%2F%2Fevil.example", "javascript:alert(1)", "javascript%3Aalert(1)", "/.//evil.example", "/%2e%2e//evil.example", "/%20/evil.example"];

  test.each(ATTACKS)("a signed-in visitor of /auth/signin?next=%s goes home, never away or to an error", async (next) => {
    const client = t.client();
    t.loginAs(client, (await createUser(t.db)).id);
    for (const page of ["/auth/signin", "/auth/signup"]) {
      const res = await client.get(`${page}?next=${next}`);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
  });

  test.each(ATTACKS)("the sign-in and sign-up pages drop next=%s from their forms and links", async (next) => {
    for (const page of ["/auth/signin", "/auth/signup"]) {
      const res = await t.client().get(`${page}?next=${next}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toContain("evil.example");
      expect(html).not.toContain("javascript:");
      expect(html).not.toContain('name="next"');
    }
  });

  test("sign-up carries a safe next into its form, the sign-in link, and back for a signed-in visitor", async () => {
    const html = await (await t.client().get("/auth/signup?next=%2Fbook%2Fabc")).text();
    expect(html).toContain('name="next" value="/book/abc"');
    expect(html).toContain('href="/auth/signin?next=%2Fbook%2Fabc"');
    const signIn = await (await t.client().get("/auth/signin?next=%2Fbook%2Fabc")).text();
    expect(signIn).toContain('href="/auth/signup?next=%2Fbook%2Fabc"');
    const client = t.client();
    t.loginAs(client, (await createUser(t.db)).id);
    expect((await client.get("/auth/signup?next=%2Fbook%2Fabc")).headers.get("location")).toBe("/book/abc");
  });

  test("after a reset the sign-in page says so", async () => {
    expect(await (await t.client().get("/auth/signin?reset=1")).text()).toContain("Your password has been reset.");
  });

  test("a reset page without a valid token offers a new link instead of the form", async () => {
    const html = await (await t.client().get("/auth/reset-password?token=nope")).text();
    expect(html).toContain("Link Expired");
    expect(html).not.toContain('name="password"');
  });

  test("verify-email after sign-up names the address and offers a resend", async () => {
    const client = t.client();
    t.loginAs(client, (await createUser(t.db, { email: "fern@example.test" })).id);
    const html = await (await client.get("/auth/verify-email")).text();
    expect(html).toContain("Check Your Email");
    expect(html).toContain("fern@example.test");
    expect(html).toContain("Resend verification email");
    expect(html).toContain('<a href="/" class="btn-primary w-full py-3">Continue to Dashboard</a>');
  });

  test("verify-email after a sign-up from a booking link offers to continue there", async () => {
    const client = t.client();
    t.loginAs(client, (await createUser(t.db)).id);
    const html = await (await client.get("/auth/verify-email?next=%2Fbook%2Fabc")).text();
    expect(html).toContain('href="/book/abc"');
    expect(html).toContain("Continue where you left off");
    expect(await (await client.get("/auth/verify-email?next=%2F%09%2Fevil.example")).text()).not.toContain("evil.example");
  });

  test("an unknown verification link says so without a confirm button", async () => {
    const res = await t.client().get("/auth/verify-email?token=unknown");
    const html = await res.text();
    expect(html).toContain("Link Not Valid");
    expect(html).not.toContain("Confirm my e-mail");
  });
});
