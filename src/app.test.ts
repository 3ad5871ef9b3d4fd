import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "./app";
import { loadConfig } from "./config";
import { createPractitioner } from "./testing/factories";
import { createTestDatabase, type TestDatabase } from "./testing/test-db";
import { createTestApp } from "./testing/test-app";
import { PLACEHOLDER_PAGES } from "../web/pages/placeholder";

let testDb: TestDatabase;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = createApp({
    config: loadConfig({ LOG_REQUESTS: "false", BODY_LIMIT: "2048" }),
    db: testDb.db,
    assets: { forPage: (islands) => ({ styles: [], entry: [...islands].length ? "/assets/client.js" : null, preloads: [] }) },
    now: () => new Date(),
  });
});
afterAll(() => testDb.cleanup());

describe("the app shell", () => {
  test("/healthz answers ok", async () => {
    const res = await app.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("ok");
  });

  test("an unknown /api path is a 404 JSON message", async () => {
    const res = await app.request("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect((await res.json()).message).toContain("/api/does-not-exist");
  });

  test("an unknown page is the spec's 404 page with status 404", async () => {
    const res = await app.request("/no/such/page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("404 Page Not Found");
    expect(html).toContain("Did you forget to add the page to the router?");
  });

  test.each(Object.entries(PLACEHOLDER_PAGES))("placeholder page %s shows its title, notice and buttons without scripts", async (path, page) => {
    const res = await app.request(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`>${page.title}</h1>`);
    expect(html).toContain("We&#x27;re Working on Something Special");
    expect(html).toMatch(/<a href="\/"[^>]*>Back to Dashboard<\/a>/);
    expect(html).toMatch(/<a href="\/hive"[^>]*>Explore Practitioners<\/a>/);
    expect(html).not.toContain("<script");
  });


  test("pages carry a CSP with a per-request nonce and other secure headers", async () => {
    const first = await app.request("/");
    const second = await app.request("/");
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(csp).not.toBe(second.headers.get("content-security-policy"));
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
  });

  test("cross-origin writes are refused, JSON included", async () => {
    const res = await app.request("/api/anything", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("Cross-origin request refused");
    const sneaky = await app.request("/api/anything", { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" }, body: "{}" });
    expect(sneaky.status).toBe(403);
  });

  test("a loopback APP_URL allows both loopback names as origins: the demo opened at 127.0.0.1 can write (issue 26)", async () => {
    for (const [appUrl, allowed, refused] of [
      ["http://localhost:3000", ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"], ["http://127.0.0.1:3001", "https://127.0.0.1:3000", "http://evil.example:3000"]],
      ["http://127.0.0.1:4000", ["http://localhost:4000", "http://127.0.0.1:4000"], ["http://localhost:3000"]],
    ] as const) {
      const local = await createTestApp({ env: { APP_URL: appUrl } });
      try {
        for (const origin of allowed) expect((await local.client().post("/api/anything", {}, { origin })).status).toBe(404);
        for (const origin of refused) expect((await local.client().post("/api/anything", {}, { origin })).status).toBe(403);
      } finally {
        local.cleanup();
      }
    }
    // a public APP_URL gets no such alias
    const pub = await createTestApp({ env: { APP_URL: "https://pollinate.example" } });
    try {
      expect((await pub.client().post("/api/anything", {}, { origin: "http://127.0.0.1:3000" })).status).toBe(403);
      expect((await pub.client().post("/api/anything", {}, { origin: "http://localhost" })).status).toBe(403);
    } finally {
      pub.cleanup();
    }
  });

  test("bodies over the limit get 413 with a message", async () => {
    const res = await app.request("/api/anything", {
      method: "POST",
      headers: { Origin: "http://localhost:3000", "Content-Type": "application/json" },
      body: JSON.stringify({ text: "x".repeat(5000) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toContain("too large");
  });
});

describe("home page and featured practitioners", () => {
  test("with no practitioners the home page says they are coming soon", async () => {
    const html = await (await app.request("/")).text();
    expect(html).toContain("Practitioners Coming Soon");
    for (const section of ["hero", "archetypes", "mascots", "how-it-works", "featured", "paths", "cta"]) {
      expect(html).toContain(`data-section="${section}"`);
    }
  });

  test("the landing and Alpha pages title their three-phase section 'How It Works' (SPEC.md section 2)", async () => {
    for (const path of ["/", "/alpha"]) {
      const html = await (await app.request(path)).text();
      expect(html).toMatch(/<h2 id="how-title"[^>]*>How It Works<\/h2>/);
    }
  });

  test("GET /api/practitioners lists at most 3 in the API shape, and the home page shows them", async () => {
    for (let i = 0; i < 5; i++) await createPractitioner(testDb.db, { hourlyRateCents: 8500 + i * 100 });
    const res = await app.request("/api/practitioners");
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list).toHaveLength(3);
    expect(list[0].hourlyRate).toMatch(/^\d+\.\d{2}$/);
    const html = await (await app.request("/")).text();
    expect(html).toContain(`Practitioner #${list[0].id.slice(-6)}`);
    expect(html).not.toContain("Practitioners Coming Soon");
  });
});
