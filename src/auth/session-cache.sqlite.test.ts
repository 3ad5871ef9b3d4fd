import { atomic } from "../../db/client";
import { afterEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { eq } from "drizzle-orm";
import { sessions, userRoles, users } from "../../db/schema";
import { createClient, createUser } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";

// Sessions are kept in memory between requests while nothing is written (session.ts). Each test
// signs a client in, makes one request so that its session is in memory, changes the data behind
// it in a way the session code never sees, and asks again: the second answer must follow the data.

let t: TestApp;
afterEach(() => t.cleanup());

async function signedInClient() {
  t = await createTestApp();
  const user = await createUser(t.db, { email: "rowan@example.com", firstName: "Rowan" });
  await createClient(t.db, { userId: user.id });
  const client = t.client();
  await t.loginAs(client, user.id);
  const first = await client.get("/api/auth/user");
  expect(first.status).toBe(200);
  return { user, client };
}

/** Another connection to the same file: an operator's script, or sqlite3 on the server. */
function otherConnection(path: string, sql: string, ...params: string[]) {
  const other = new Database(path);
  try {
    other.exec("PRAGMA busy_timeout = 5000");
    other.prepare(sql).run(...params);
  } finally {
    other.close();
  }
}

describe("sessions kept in memory follow the database", () => {
  test("a session deleted by another connection stops working at the next request", async () => {
    const { user, client } = await signedInClient();
    otherConnection(t.path, "DELETE FROM sessions WHERE user_id = ?", user.id);
    expect((await client.get("/api/auth/user")).status).toBe(401);
  });

  test("a role granted by another connection shows at the next request", async () => {
    const { user, client } = await signedInClient();
    expect(((await (await client.get("/api/auth/user")).json()) as { roles: string[] }).roles).toEqual(["client"]);
    otherConnection(t.path, "INSERT INTO user_roles (id, user_id, role) VALUES (?, ?, 'admin')", crypto.randomUUID(), user.id);
    expect(((await (await client.get("/api/auth/user")).json()) as { roles: string[] }).roles).toEqual(["admin", "client"]);
  });

  test("a role changed in place by another connection (UPDATE user_roles) shows at the next request", async () => {
    const { user, client } = await signedInClient();
    otherConnection(t.path, "UPDATE user_roles SET role = 'admin' WHERE user_id = ?", user.id);
    expect(((await (await client.get("/api/auth/user")).json()) as { roles: string[] }).roles).toEqual(["admin"]);
  });

  test("without the count's row nothing is kept: a session deleted by another connection still stops at once", async () => {
    const { user, client } = await signedInClient();
    otherConnection(t.path, "DELETE FROM session_data_version");
    expect((await client.get("/api/auth/user")).status).toBe(200);
    otherConnection(t.path, "DELETE FROM sessions WHERE user_id = ?", user.id);
    expect((await client.get("/api/auth/user")).status).toBe(401);
  });

  test("a change written through the app's own connection, outside the session code, shows at once", async () => {
    const { user, client } = await signedInClient();
    await atomic(t.db, async (tx) => {
      await tx.update(users).set({ firstName: "Robin" }).where(eq(users.id, user.id));
    });
    expect(((await (await client.get("/api/auth/user")).json()) as { firstName: string }).firstName).toBe("Robin");

    await atomic(t.db, async (tx) => {
      await tx.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    });
    expect((await client.get("/api/auth/user")).status).toBe(401);
  });

  test("a role removed and a session expired through the app's connection take effect at once", async () => {
    const { user, client } = await signedInClient();
    await atomic(t.db, async (tx) => {
      await tx.delete(userRoles).where(eq(userRoles.userId, user.id));
    });
    expect(((await (await client.get("/api/auth/user")).json()) as { roles: string[] }).roles).toEqual([]);

    await atomic(t.db, async (tx) => {
      await tx.update(sessions).set({ expire: new Date(t.clock.now.getTime() - 1000) }).where(eq(sessions.userId, user.id));
    });
    expect((await client.get("/api/auth/user")).status).toBe(401);
  });

  test("sign-out ends the session even though it was in memory", async () => {
    const { client } = await signedInClient();
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    expect((await client.post("/api/auth/logout")).status).toBe(200);
    // the old cookie, replayed, no longer signs anyone in
    const replay = await t.app.request("/api/auth/user", { headers: { cookie } });
    expect(replay.status).toBe(401);
  });
});
