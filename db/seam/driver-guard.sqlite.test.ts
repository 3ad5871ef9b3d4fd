import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { first } from "../client";
import { users } from "../schema";
import { createTestDatabase, type TestDatabase } from "../../src/testing/test-db";
import { installDriverGuard, refusedDriverCall } from "./driver-guard";

const ROOT = join(import.meta.dir, "../..");
let t: TestDatabase;
beforeAll(async () => {
  installDriverGuard();
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

test("an awaited builder passes the guard", async () => {
  expect(await first(t.db.select().from(users).where(eq(users.id, "nobody")).limit(1))).toBeUndefined();
});

test("a synchronous call planted in a service is refused", async () => {
  // a real file under src/, as a service would be, removed again at once; not a bare `return q.all()`:
  // JavaScriptCore drops the frame of a tail call (and Bun folds `const x = q.all(); return x`)
  const planted = join(ROOT, "src", `.planted-leak-${process.pid}.ts`);
  writeFileSync(
    planted,
    `import type { Db } from "../db/client";\nimport { users } from "../db/schema";\nexport function leakSync(db: Db) {\n  const rows = db.select().from(users).all();\n  return rows.length > 0 ? rows : [];\n}\n`,
  );
  try {
    const { leakSync } = await import(planted);
    expect(() => leakSync(t.db)).toThrow(/synchronous driver call outside db\//);
  } finally {
    rmSync(planted, { force: true });
  }
});

test("the rule: db/, tests and drizzle's execute may call the driver; product frames may not", () => {
  const frame = (path: string) => `Error\n    at guarded (${ROOT}/db/seam/driver-guard.ts:1:1)\n    at leak (${ROOT}/${path}:3:10)`;
  expect(refusedDriverCall(frame("src/features/bookings/service.ts"))).toContain("src/features/bookings/service.ts");
  expect(refusedDriverCall(frame("scripts/seed.ts"))).not.toBeNull();
  expect(refusedDriverCall(frame("db/sqlite/backup.ts"))).toBeNull();
  expect(refusedDriverCall(frame("src/auth/routes.test.ts"))).toBeNull();
  expect(refusedDriverCall(`Error\n    at execute (${ROOT}/node_modules/drizzle-orm/sqlite-core/query-builders/select.js:650:17)\n${frame("src/x.ts").split("\n").slice(1).join("\n")}`)).toBeNull();
});
