import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createUser } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
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

  test("a signed-in visitor of sign-in or sign-up goes home (or to ?next)", async () => {
    const client = t.client();
    t.loginAs(client, createUser(t.db).id);
    expect((await client.get("/auth/signup")).headers.get("location")).toBe("/");
    expect((await client.get("/auth/signin?next=/dashboard/client")).headers.get("location")).toBe("/dashboard/client");
    expect((await client.get("/auth/signin?next=//evil.example")).headers.get("location")).toBe("/");
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
    t.loginAs(client, createUser(t.db, { email: "fern@example.test" }).id);
    const html = await (await client.get("/auth/verify-email")).text();
    expect(html).toContain("Check Your Email");
    expect(html).toContain("fern@example.test");
    expect(html).toContain("Resend verification email");
  });
});
