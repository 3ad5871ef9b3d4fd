import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { atomic, isPostgres } from "../../db/client";
import { users } from "../../db/schema";
import { hashPassword } from "../auth/password";
import { createTestDatabase, type TestDatabase } from "../testing/test-db";
import { DEMO_ACCOUNTS } from "./demo-data";
import { demoAccountsExposed } from "./exposure";
import { seedDemoData } from "./seed";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoData(t.db);
});
afterAll(() => t.cleanup());

describe("the demo accounts on a public interface (issue 26)", () => {
  test("on loopback nothing is exposed; on 0.0.0.0 every demo account whose password is still the published one is named", async () => {
    expect(await demoAccountsExposed(t.db, { HOST: "127.0.0.1" })).toEqual([]);
    const exposed = await demoAccountsExposed(t.db, { HOST: "0.0.0.0" });
    expect(exposed).toContain(DEMO_ACCOUNTS.admin.email);
    expect(exposed.length).toBe(Object.keys(DEMO_ACCOUNTS).length);
  }, 30_000);

  test("an account whose password was changed is no longer exposed", async () => {
    const hash = await hashPassword("a private admin password");
    await atomic(t.db, async (tx) => {
      await tx.update(users).set({ passwordHash: hash }).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    });
    expect(await demoAccountsExposed(t.db, { HOST: "0.0.0.0" })).not.toContain(DEMO_ACCOUNTS.admin.email);
  }, 30_000);
});

test("the server refuses to start on 0.0.0.0 with the demo accounts, and says what to do", async () => {
  const t2 = await createTestDatabase();
  try {
    await seedDemoData(t2.db);
    const server = Bun.spawnSync([process.execPath, "src/server.ts"], {
      cwd: `${import.meta.dir}/../..`,
      // on PostgreSQL the test database's path is its URL: the server is pointed at that database
      env: { ...process.env, DATABASE_PATH: t2.path, ...(isPostgres(t2.db) ? { DATABASE_URL: t2.path } : {}), HOST: "0.0.0.0", PORT: "0", NODE_ENV: "test", LOG_REQUESTS: "false" },
      stderr: "pipe",
      stdout: "pipe",
      timeout: 20_000,
    });
    expect(server.exitCode).toBe(1);
    expect(server.stderr.toString()).toContain("Refusing to listen on 0.0.0.0");
    expect(server.stderr.toString()).toContain("HOST=127.0.0.1");
  } finally {
    t2.cleanup();
  }
}, 40_000);
