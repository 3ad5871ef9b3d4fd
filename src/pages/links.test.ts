import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { first } from "../../db/client";
import { practitioners, users } from "../../db/schema";
import { DEMO_ACCOUNTS, type DemoAccountKey } from "../demo/demo-data";
import { seedDemoData } from "../demo/seed";
import { createTestApp, type TestApp, type TestClient } from "../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db);
});
afterAll(() => t.cleanup());

async function clientFor(account: DemoAccountKey | null): Promise<TestClient> {
  const client = t.client();
  if (account) t.loginAs(client, (await first(t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS[account].email)).limit(1)))!.id);
  return client;
}

/** Internal links of a page (no fragments, no assets). */
async function linksOf(client: TestClient, path: string): Promise<string[]> {
  const res = await client.get(path);
  expect(res.status).toBe(200);
  const html = await res.text();
  return [...html.matchAll(/<a [^>]*href="(\/[^"#]*)"/g)].map((m) => m[1].replaceAll("&amp;", "&")).filter((href) => !href.startsWith("/images/"));
}

test("no link on the main pages of any role leads to a missing page, an error or a page that refuses that role", async () => {
  const profileId = (await first(t.db.select({ id: practitioners.id }).from(practitioners).limit(1)))!.id;
  const tours: Array<[DemoAccountKey | null, string[]]> = [
    [null, ["/", "/alpha", "/practitioners", "/hive", `/practitioners/${profileId}`, "/about", "/auth/signin", "/auth/signup"]],
    ["client", ["/", "/dashboard/client", "/dashboard/client/favorites", `/book/${profileId}`]],
    ["practitioner", ["/", "/dashboard/practitioner", "/dashboard/practitioner/profile", "/practitioners", "/dashboard/client/favorites"]],
    ["admin", ["/", "/admin/survey", "/practitioners", "/dashboard/client/favorites"]],
  ];
  const broken: string[] = [];
  for (const [account, pages] of tours) {
    const client = await clientFor(account);
    const seen = new Set<string>();
    for (const page of pages) for (const href of await linksOf(client, page)) seen.add(href);
    expect(seen.size).toBeGreaterThan(10);
    for (const href of seen) {
      const res = await client.get(href);
      // 403: a link the page offers to someone who may not follow it (e.g. the client dashboard to a practitioner)
      if (res.status === 403 || res.status === 404 || res.status >= 500) broken.push(`${account ?? "visitor"}: ${href} → ${res.status}`);
    }
  }
  expect(broken).toEqual([]);
});
