import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Role } from "../../db/schema/enums";
import { createUser } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.cleanup());

function clientWith(roles: Role[], overrides: Parameters<typeof createUser>[1] = {}) {
  const client = t.client();
  t.loginAs(client, createUser(t.db, { roles, firstName: "Juniper", ...overrides }).id);
  return client;
}

describe("the home page by role", () => {
  test("a visitor sees the landing page", async () => {
    expect(await (await t.client().get("/")).text()).toContain("Find Your Match");
  });

  test.each([
    [["admin", "practitioner", "client"], "Survey Results"],
    [["practitioner", "client"], "Practitioner dashboard"],
    [["client"], "Client dashboard"],
  ] as Array<[Role[], string]>)("roles %j see %s (admin > practitioner > client)", async (roles, heading) => {
    const res = await clientWith(roles).get("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(heading);
    expect(html).not.toContain("Find Your Match");
  });

  test("anyone else gets the generic dashboard: greeting, the four fixed figures, activity and quick actions", async () => {
    const html = await (await clientWith([], { firstName: null }).get("/")).text();
    expect(html).toContain("Welcome back, <!-- -->Friend<!-- -->!");
    for (const label of ["Upcoming Sessions", "Total Sessions", "Messages", "Saved Practitioners", "Recent Activity", "Quick Actions"]) expect(html).toContain(label);
    expect(html).toMatch(/>2<\/p>[\s\S]*>12<\/p>[\s\S]*>3<\/p>[\s\S]*>3<\/p>/);
    expect(html).toMatch(/<a href="\/hive"[^>]*>Book New Session<\/a>/);
    expect(html).toMatch(/<a href="\/practitioners"[^>]*>Browse Practitioners<\/a>/);
    expect(html).toMatch(/<a href="\/"[^>]*>View Messages<\/a>/);
  });
});

describe("dashboards refuse other roles on the server", () => {
  test("a client opens the client dashboard, not the practitioner one or the admin pages", async () => {
    const client = clientWith(["client"]);
    expect((await client.get("/dashboard/client")).status).toBe(200);
    const practitioner = await client.get("/dashboard/practitioner");
    expect(practitioner.status).toBe(403);
    expect(await practitioner.text()).toContain("Access Denied");
    const admin = await client.get("/admin/survey");
    expect(admin.status).toBe(403);
    const html = await admin.text();
    expect(html).toContain("Access Denied");
    expect(html).toContain("You need admin privileges to access this page.");
    expect(html).toMatch(/<a href="\/"[^>]*>Go Home<\/a>/);
  });

  test("a practitioner cannot open the client dashboard", async () => {
    const client = clientWith(["practitioner"]);
    expect((await client.get("/dashboard/practitioner")).status).toBe(200);
    expect((await client.get("/dashboard/client")).status).toBe(403);
  });

  test("an admin opens /admin/survey", async () => {
    expect((await clientWith(["admin"]).get("/admin/survey")).status).toBe(200);
  });

  test.each(["/dashboard/client", "/dashboard/practitioner", "/admin/survey"])("a visitor at %s is sent to sign in and back", async (path) => {
    const res = await t.client().get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/auth/signin?next=${encodeURIComponent(path)}`);
  });
});

describe("menus and access", () => {
  test("the user menu shows the first name and the links of the user's roles", async () => {
    const html = await (await clientWith(["client"]).get("/dashboard/client")).text();
    expect(html).toContain("<span>Juniper</span>");
    expect(html).toContain(">Client Dashboard</a>");
    expect(html).not.toContain(">Practitioner Dashboard</a>");
    expect(html).not.toContain(">Admin Panel</a>");
    expect(html).toContain('action="/api/auth/logout"');
  });

  test("a preview client sees messaging locked behind the Premium Feature overlay", async () => {
    const html = await (await clientWith(["client"]).get("/dashboard/client")).text();
    expect(html).toContain("Premium Feature");
    expect(html).toContain("This feature requires Basic access");
    expect(html).toContain("Upgrade Access");
    expect(html).toContain('data-island="UpgradeDialog"');
  });

  test("a basic client has messaging unlocked", async () => {
    const html = await (await clientWith(["client"], { accessLevel: "basic" }).get("/dashboard/client")).text();
    expect(html).not.toContain("Premium Feature");
  });

  test("an unverified address shows the resend button; a verified one shows Verified", async () => {
    expect(await (await clientWith(["client"]).get("/")).text()).toContain("Resend verification email");
    const verified = await (await clientWith(["client"], { isEmailVerified: true }).get("/")).text();
    expect(verified).toContain("Verified");
    expect(verified).not.toContain("Resend verification email");
  });
});
