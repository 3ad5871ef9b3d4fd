import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { atomic } from "../../db/client";
import { users } from "../../db/schema";
import { createUser } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";
import { requirePermission, requireRole, requireSelfOrAdmin } from "./guards";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // test-only routes on the real app, behind the real session middleware
  t.app.get("/api/test/garden", (c) => c.json({ id: requirePermission(c, "accessGarden").id }));
  t.app.get("/api/test/create", (c) => c.json({ id: requirePermission(c, "createContent").id }));
  t.app.get("/api/test/admin", (c) => c.json({ id: requireRole(c, "admin").id }));
  t.app.get("/api/test/users/:id", (c) => c.json({ id: requireSelfOrAdmin(c, c.req.param("id")).id }));
});
afterAll(() => t.cleanup());

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, overrides);
  const client = t.client();
  await t.loginAs(client, user.id);
  return { user, client };
}

describe("guards", () => {
  test("requirePermission: 401 signed out, 403 with the spec's text below the level, 200 at it", async () => {
    expect((await t.client().get("/api/test/garden")).status).toBe(401);
    const preview = await signedIn();
    const refused = await preview.client.get("/api/test/garden");
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("This feature requires upgraded access");
    const basic = await signedIn({ accessLevel: "basic" });
    expect((await basic.client.get("/api/test/garden")).status).toBe(200);
    expect((await basic.client.get("/api/test/create")).status).toBe(403);
  });

  test("requirePermission follows the trial: premium while it runs, preview after", async () => {
    const { user, client } = await signedIn();
    await atomic(t.db, async (tx) => {
      await tx.update(users).set({ subscriptionStatus: "trial", accessLevel: "premium", trialEndDate: new Date(t.clock.now.getTime() + 60_000) }).where(eq(users.id, user.id));
    });
    expect((await client.get("/api/test/create")).status).toBe(200);
    t.clock.advance(120_000);
    expect((await client.get("/api/test/create")).status).toBe(403);
  });

  test("requireRole and requireSelfOrAdmin", async () => {
    const client = await signedIn();
    const admin = await signedIn({ roles: ["admin"] });
    expect((await client.client.get("/api/test/admin")).status).toBe(403);
    expect((await admin.client.get("/api/test/admin")).status).toBe(200);
    expect((await client.client.get(`/api/test/users/${client.user.id}`)).status).toBe(200);
    expect((await client.client.get(`/api/test/users/${admin.user.id}`)).status).toBe(403);
    expect((await admin.client.get(`/api/test/users/${client.user.id}`)).status).toBe(200);
  });
});
