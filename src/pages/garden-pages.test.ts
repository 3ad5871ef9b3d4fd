import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createGardenContent, createUser, createWallet, type User } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let author: User;

beforeAll(() => {
  t = createTestApp();
  author = createUser(t.db);
});
afterAll(() => t.cleanup());

describe("/garden", () => {
  test("an empty Garden says so in the spec's words", async () => {
    const res = await t.client().get("/garden");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Community Garden");
    expect(html).toContain("No content found. Be the first to share!");
    expect(html).not.toContain("We're Working on Something Special");
  });

  test("content is server-rendered as text (HTML in a title is escaped), with the Verified badge", async () => {
    createGardenContent(t.db, { authorId: author.id, title: "<img src=x onerror=alert(1)> Calm" });
    const html = await (await t.client().get("/garden")).text();
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt; Calm");
    expect(html).not.toContain("<img src=x onerror");
    expect(html).toContain("Verified");
  });

  test("unknown or hostile URL parameters fall back to defaults instead of failing", async () => {
    for (const q of ["?page=-4", "?page=abc", "?type=podcast", "?category=%00", `?q=${"a".repeat(500)}`, "?item=nope", `?item=${"x".repeat(5000)}`]) {
      expect((await t.client().get(`/garden${q}`)).status).toBe(200);
    }
  });
});

describe("/garden/wallet and /admin/garden", () => {
  test("a visitor is sent to sign in", async () => {
    for (const path of ["/garden/wallet", "/admin/garden"]) {
      const res = await t.client().request(path, { redirect: "manual" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toStartWith("/auth/signin?");
    }
  });

  test("the wallet shows the signed-in user's own balance", async () => {
    const client = t.client();
    t.loginAs(client, author.id);
    const html = await (await client.get("/garden/wallet")).text();
    expect(html).toContain("Your Seeds wallet");
    expect(html).toContain("0 Seeds");
  });

  test("a balance of one reads '1 Seed'", async () => {
    const one = createUser(t.db);
    createWallet(t.db, { userId: one.id, seedsBalance: 1, totalEarned: 1 });
    const client = t.client();
    t.loginAs(client, one.id);
    const html = await (await client.get("/garden/wallet")).text();
    expect(html).toContain('data-testid="wallet-balance">1 Seed</p>');
  });

  test("the review queue is for admins only", async () => {
    const client = t.client();
    t.loginAs(client, author.id);
    expect((await client.get("/admin/garden")).status).toBe(403);
    const admin = t.client();
    t.loginAs(admin, createUser(t.db, { roles: ["admin"] }).id);
    createGardenContent(t.db, { authorId: author.id, title: "Waiting piece", status: "pending" });
    const html = await (await admin.get("/admin/garden")).text();
    expect(html).toContain("Garden review queue");
    expect(html).toContain("Waiting piece");
  });
});
