import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { AUTH_ERROR_TEXTS } from "../../core/auth";
import { createUser } from "../testing/factories";
import { startFakeGoogle, type FakeGoogle } from "../testing/fake-google";
import { createTestApp, type TestApp, type TestClient } from "../testing/test-app";

let google: FakeGoogle;
let t: TestApp;
beforeAll(async () => {
  google = startFakeGoogle({ sub: "g-1", email: "new.person@example.test", email_verified: true, given_name: "Nova", family_name: "Reed", picture: "https://images.example/nova.png" });
  t = await createTestApp({ env: google.env });
});
afterAll(async () => {
  await t.cleanup();
  google.stop();
});

/** Follows start → provider → callback as a browser would; returns the callback's response. */
async function googleSignIn(client: TestClient, query = ""): Promise<Response> {
  const start = await client.get(`/api/auth/google${query}`);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("location")!);
  expect(authorize.origin).toBe(google.url);
  expect(authorize.searchParams.get("redirect_uri")).toBe("http://localhost/api/auth/google/callback");
  expect(authorize.searchParams.get("scope")).toBe("openid email profile");
  const back = await fetch(authorize, { redirect: "manual" });
  const callback = new URL(back.headers.get("location")!);
  return client.get(callback.pathname + callback.search);
}

describe("Google sign-in against a fake provider", () => {
  test("creates a verified account with the chosen role and signs it in", async () => {
    const client = t.client();
    const res = await googleSignIn(client, "?role=practitioner");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(google.refusals).toEqual([]);
    const me = await (await client.get("/api/auth/user")).json();
    expect(me).toMatchObject({ email: "new.person@example.test", firstName: "Nova", lastName: "Reed", isEmailVerified: true, roles: ["practitioner"], profileImageUrl: "https://images.example/nova.png" });
  });

  test("a second sign-in finds the same account by its Google id", async () => {
    const client = t.client();
    const res = await googleSignIn(client, "?next=/dashboard/practitioner");
    expect(res.headers.get("location")).toBe("/dashboard/practitioner");
    expect((await t.db.select().from(users).where(eq(users.googleId, "g-1")))).toHaveLength(1);
    expect((await client.get("/api/auth/user")).status).toBe(200);
  });

  test("links an existing password account when Google has verified the address", async () => {
    const existing = await createUser(t.db, { email: "robin@example.test", password: "password123", isEmailVerified: false });
    google.account = { sub: "g-2", email: "Robin@Example.test", email_verified: true };
    const client = t.client();
    const res = await googleSignIn(client);
    expect(res.headers.get("location")).toBe("/");
    const me = await (await client.get("/api/auth/user")).json();
    expect(me.id).toBe(existing.id);
    expect(me.isEmailVerified).toBe(true);
  });

  test("linking an address nobody had proven drops the password and sessions of whoever signed up with it", async () => {
    // a stranger signs up with the owner's address and signs in with the password before confirming
    const stranger = t.client({ ip: "10.77.0.1" });
    const email = "owner.of.this.address@example.test";
    expect((await stranger.post("/api/auth/signup", { firstName: "Not", lastName: "Owner", email, password: "stranger password" })).status).toBe(201);
    expect((await stranger.post("/api/auth/signin", { email, password: "stranger password" })).status).toBe(200);
    expect((await stranger.get("/api/auth/user")).status).toBe(200);

    // the owner signs in with Google, which has verified the address
    google.account = { sub: "g-owner", email, email_verified: true };
    const owner = t.client();
    expect((await googleSignIn(owner)).headers.get("location")).toBe("/");
    expect((await owner.get("/api/auth/user")).status).toBe(200);

    // the stranger's session and password no longer open the account
    expect((await stranger.get("/api/auth/user")).status).toBe(401);
    expect((await t.client({ ip: "10.77.0.2" }).post("/api/auth/signin", { email, password: "stranger password" })).status).toBe(401);
  });

  test("linking an account whose address was already verified keeps its password", async () => {
    await createUser(t.db, { email: "kept@example.test", password: "owner password", isEmailVerified: true });
    google.account = { sub: "g-kept", email: "kept@example.test", email_verified: true };
    expect((await googleSignIn(t.client())).headers.get("location")).toBe("/");
    expect((await t.client({ ip: "10.77.0.3" }).post("/api/auth/signin", { email: "kept@example.test", password: "owner password" })).status).toBe(200);
  });

  test("an address Google has not verified is neither linked nor given an account, with the same answer either way", async () => {
    await createUser(t.db, { email: "sam@example.test", password: "password123" });
    const answers = [];
    for (const [sub, email] of [["g-3", "sam@example.test"], ["g-3b", "nobody.here@example.test"]]) {
      google.account = { sub, email, email_verified: false };
      const client = t.client();
      const res = await googleSignIn(client);
      expect((await client.get("/api/auth/user")).status).toBe(401);
      const page = await client.get(res.headers.get("location")!);
      answers.push({ status: res.status, location: res.headers.get("location"), cookies: res.headers.getSetCookie(), page: (await page.text()).replaceAll(/nonce="[^"]*"/g, "") });
    }
    // known and unknown address: the same redirect, the same cookies, the same page, and no account made
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0].location).toBe("/auth/signin?error=google_unverified");
    expect(answers[0].page).toContain(AUTH_ERROR_TEXTS.google_unverified);
    expect(AUTH_ERROR_TEXTS.google_unverified).not.toMatch(/already|has an account|exists/i);
    expect((await t.db.select().from(users).where(eq(users.email, "nobody.here@example.test")))).toEqual([]);
  });

  test("a callback whose state does not match the browser's cookie is refused", async () => {
    const attacker = t.client();
    google.account = { sub: "g-4", email: "attacker@example.test", email_verified: true };
    const start = await attacker.get("/api/auth/google");
    const back = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const callback = new URL(back.headers.get("location")!);
    // the victim's browser never started this sign-in, so it has no matching state cookie
    const victim = t.client();
    const res = await victim.get(callback.pathname + callback.search);
    expect(res.headers.get("location")).toBe("/auth/signin?error=google_expired");
    expect((await victim.get("/api/auth/user")).status).toBe(401);
  });

  test("a cancelled consent comes back as a readable error", async () => {
    const client = t.client();
    await client.get("/api/auth/google");
    const res = await client.get("/api/auth/google/callback?error=access_denied&state=x");
    expect(res.headers.get("location")).toBe("/auth/signin?error=google_cancelled");
    expect(await (await client.get("/auth/signin?error=google_cancelled")).text()).toContain("Google sign-in was cancelled.");
  });

  test.each(["/%09/evil.example", "/%0A/evil.example", "//evil.example", "%2F%2Fevil.example", "/%5Cevil.example", "https://evil.example", "javascript:alert(1)", "/.//evil.example"])(
    "a Google sign-in started with next=%s comes home, never away or to an error",
    async (next) => {
      google.account = { sub: "g-1", email: "new.person@example.test", email_verified: true };
      const client = t.client();
      const res = await googleSignIn(client, `?next=${next}`);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    },
  );

  test("a saved next that was tampered with is checked again on the way back", async () => {
    google.account = { sub: "g-1", email: "new.person@example.test", email_verified: true };
    const client = t.client();
    const start = await client.get("/api/auth/google");
    const saved = JSON.parse(client.cookies.get("pollinate_oauth")!);
    client.cookies.set("pollinate_oauth", JSON.stringify({ ...saved, next: "/\t/evil.example" }));
    const back = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const callback = new URL(back.headers.get("location")!);
    const res = await client.get(callback.pathname + callback.search);
    expect(res.headers.get("location")).toBe("/");
  });

  test("sign-up's Google button keeps the role and the next page", async () => {
    const html = await (await t.client().get("/auth/signup?role=practitioner&next=%2Fbook%2Fabc")).text();
    expect(html).toContain('href="/api/auth/google?role=practitioner&amp;next=%2Fbook%2Fabc"');
  });

  test("the sign-in page links to Google when configured", async () => {
    const html = await (await t.client().get("/auth/signin")).text();
    expect(html).toContain('href="/api/auth/google"');
    expect(html).not.toContain("not configured");
  });
});
