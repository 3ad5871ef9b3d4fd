import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createGardenContent, createPractitioner, createUser, createWallet, type User } from "../testing/factories";
import type { GardenShareResponse } from "../../core/garden";
import type { MonthlyBonusResponse } from "../../core/seeds";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let author: User;

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db);
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
    await createGardenContent(t.db, { authorId: author.id, title: "<img src=x onerror=alert(1)> Calm" });
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
    const one = await createUser(t.db);
    await createWallet(t.db, { userId: one.id, seedsBalance: 1, totalEarned: 1 });
    const client = t.client();
    t.loginAs(client, one.id);
    const html = await (await client.get("/garden/wallet")).text();
    expect(html).toContain('data-testid="wallet-balance">1 Seed</p>');
  });

  test("every tier benefit the wallet lists is what the server does: the Seeds it names are the Seeds sharing and the bonus pay, to whom they pay", async () => {
    const signedIn = (id: string) => {
      const client = t.client();
      t.loginAs(client, id);
      return client;
    };
    const member = signedIn((await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium" })).id);
    const basic = signedIn((await createUser(t.db, { accessLevel: "basic", subscriptionStatus: "premium" })).id);
    const practitioner = signedIn((await createPractitioner(t.db, { user: { accessLevel: "premium", subscriptionStatus: "premium" } })).userId);

    const html = await (await member.get("/garden/wallet")).text();
    const tiers = html.slice(html.indexOf('id="tiers-title"'), html.indexOf('id="history-title"'));
    const decode = (s: string) => s.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
    const benefits = [...tiers.matchAll(/<ul class="mt-2 list-disc[^"]*">(.*?)<\/ul>/gs)].flatMap((list) => [...list[1].matchAll(/<li>(.*?)<\/li>/gs)].map((li) => decode(li[1])));
    expect(benefits.length).toBeGreaterThanOrEqual(8);

    const share = (title: string) => ({ title, description: null, content: "Three slow breaths before I open the laptop.", contentType: "article", tags: [] });
    const memberShare = (await (await member.post("/api/garden/content", share("Three breaths"))).json()) as GardenShareResponse;
    const practitionerShare = (await (await practitioner.post("/api/garden/content", share("Steady feet"))).json()) as GardenShareResponse;
    const bonus = (await (await practitioner.post("/api/seeds/monthly-bonus")).json()) as MonthlyBonusResponse;
    expect(bonus.granted).toBe(true);

    // the Seeds named in the benefits are exactly the Seeds the server pays
    const named = new Set(benefits.flatMap((b) => [...b.matchAll(/(\d+) Seeds|\((\d+) for/g)].map((m) => Number(m[1] ?? m[2]))));
    expect([...named].sort((a, b) => a - b)).toEqual([...new Set([memberShare.seedsEarned, practitionerShare.seedsEarned, bonus.amount])].sort((a, b) => a - b));
    const shareLine = benefits.find((b) => b.includes(`${memberShare.seedsEarned} Seeds for each piece you share`))!;
    expect(shareLine).toContain(`(${practitionerShare.seedsEarned} for practitioners)`);
    // ... to whom it pays: sharing needs Premium (a basic member is refused), the bonus is the practitioners'
    expect(shareLine).toContain("Premium access");
    expect((await basic.post("/api/garden/content", share("Not mine to share"))).status).toBe(403);
    const bonusLines = benefits.filter((b) => b.includes(`+${bonus.amount} Seeds`));
    expect(bonusLines.length).toBeGreaterThan(0);
    for (const line of bonusLines) expect(line).toStartWith("Practitioners:");
    expect((await member.post("/api/seeds/monthly-bonus")).status).toBe(403);
    // nothing pays for sessions or reviews, nothing spends Seeds, the Garden's reading is an access level's
    for (const line of benefits) expect(line).not.toMatch(/session|review|redeem|discount|access to the (community )?garden/i);
  });

  test("the review queue is for admins only", async () => {
    const client = t.client();
    t.loginAs(client, author.id);
    expect((await client.get("/admin/garden")).status).toBe(403);
    const admin = t.client();
    t.loginAs(admin, (await createUser(t.db, { roles: ["admin"] })).id);
    await createGardenContent(t.db, { authorId: author.id, title: "Waiting piece", status: "pending" });
    const html = await (await admin.get("/admin/garden")).text();
    expect(html).toContain("Garden review queue");
    expect(html).toContain("Waiting piece");
  });
});
