/** Global answers of src/http through the whole app: private caching, frame and feature policies, robots.txt, Origin. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createPractitioner, createUser } from "../testing/factories";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app";
import { PRIVATE_NO_STORE } from "./private-cache";
import { ROBOTS_TXT } from "./robots";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

describe("Cache-Control: private, no-store on everything that depends on the session", () => {
  test.each(["/api/auth/user", "/api/bookings", "/api/favorites/{id}", "/api/practitioners/me"])("%s, signed in and signed out", async (template) => {
    const user = (await createPractitioner(t.db)).userId;
    const path = template.replace("{id}", user);
    const client = t.client();
    await t.loginAs(client, user);
    const signedIn = await client.get(path);
    expect(signedIn.status).toBeLessThan(500);
    expect(signedIn.headers.get("cache-control")).toBe(PRIVATE_NO_STORE);
    // an error answer for a visitor is no more cacheable than the data
    expect((await t.client().get(path)).headers.get("cache-control")).toBe(PRIVATE_NO_STORE);
  });

  test("an HTML page rendered for a signed-in user", async () => {
    const client = t.client();
    await t.loginAs(client, (await createUser(t.db)).id);
    const res = await client.get("/");
    expect(res.headers.get("content-type")).toStartWith("text/html");
    expect(res.headers.get("cache-control")).toBe(PRIVATE_NO_STORE);
  });

  test("a public answer that chose its own header keeps it", async () => {
    expect((await t.client().get("/robots.txt")).headers.get("cache-control")).toBe("public, max-age=86400");
  });
});

describe("framing, features and crawlers", () => {
  test("X-Frame-Options agrees with frame-ancestors 'none', and a Permissions-Policy is sent", async () => {
    const res = await t.client().get("/");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("permissions-policy")).toContain("geolocation=()");
  });

  test("/robots.txt keeps crawlers out of the API and the token pages under /auth only; sign-in and sign-up stay crawlable", async () => {
    const res = await t.client().get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/plain");
    const text = await res.text();
    expect(text).toBe(ROBOTS_TXT);
    const lines = text.split("\n");
    for (const line of ["Allow: /", "Disallow: /api", "Disallow: /auth"]) expect(lines).toContain(line);
    // sign-in and sign-up are landing pages (canonical URL, description): the longer Allow rule wins
    for (const line of ["Allow: /auth/signin", "Allow: /auth/signup"]) expect(lines).toContain(line);
    // pages behind sign-in are not blocked: their visitor forms say noindex, which crawlers must be able to read
    expect(lines.filter((line) => line.startsWith("Disallow:"))).toEqual(["Disallow: /api", "Disallow: /auth"]);
  });

  const robotsMeta = (html: string) => /<meta name="robots" content="([^"]*)">/.exec(html)?.[1] ?? null;
  const description = (html: string) => /<meta name="description" content="([^"]*)">/.exec(html)?.[1] ?? null;

  test("noindex is said to visitors (the admin forms, a 404), never on a page only a signed-in person receives", async () => {
    const visitor = t.client();
    for (const path of ["/admin/dashboard", "/simple-admin/login", "/no-such-page"]) {
      expect(robotsMeta(await (await visitor.get(path)).text())).toBe("noindex");
    }
    // a visitor asking for a dashboard is sent to sign-in, which may be indexed
    const dashboard = await visitor.get("/dashboard/client/favorites");
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get("location")).toStartWith("/auth/signin");

    const client = t.client();
    await t.loginAs(client, (await createUser(t.db, { roles: ["client"] })).id);
    for (const path of ["/", "/dashboard/client/favorites", "/garden/wallet"]) {
      const html = await (await client.get(path)).text();
      expect(robotsMeta(html)).toBeNull();
      expect(description(html)?.length ?? 0).toBeGreaterThan(20);
    }
    expect(robotsMeta(await (await client.get("/no-such-page")).text())).toBeNull();
  });
});

describe("same-origin check on writes", () => {
  test("an Origin equal to a forged Host is refused; APP_URL's origin passes", async () => {
    const forged = await t.app.request("http://evil.example:3301/api/auth/logout", {
      method: "POST",
      headers: { host: "evil.example:3301", origin: "http://evil.example:3301", accept: "application/json" },
    });
    expect(forged.status).toBe(403);
    const own = await t.app.request("/api/auth/logout", { method: "POST", headers: { origin: TEST_ORIGIN, accept: "application/json" } });
    expect(own.status).toBe(200);
  });
});
