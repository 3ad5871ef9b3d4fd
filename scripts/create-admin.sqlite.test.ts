import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { rolesOf } from "../src/auth/current-user";
import { findUserByEmail } from "../src/auth/accounts";
import { signIn } from "../src/auth/sign-in";
import { createSession, validateSessionToken } from "../src/auth/session";
import { createUser } from "../src/testing/factories";

const ROOT = join(import.meta.dir, "..");
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "pollinate-admin-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]) {
  const proc = Bun.spawnSync([process.execPath, "scripts/create-admin.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_PATH: join(dir, "app.db") },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: proc.exitCode, out: proc.stdout.toString() + proc.stderr.toString() };
}

describe("npm run create-admin", () => {
  test("creates a verified admin who can sign in, then promotes again idempotently", async () => {
    const first = run(["--email", "Ada@Example.test", "--password", "admin password", "--first-name", "Ada"]);
    expect(first.code).toBe(0);
    expect(first.out).toContain("Created admin account ada@example.test");
    const again = run(["--email", "ada@example.test", "--password", "newer password"]);
    expect(again.code).toBe(0);
    expect(again.out).toContain("already existed");

    const { db, close } = await openDatabase(join(dir, "app.db"));
    const user = (await findUserByEmail(db, "ada@example.test"))!;
    expect(user).toMatchObject({ firstName: "Ada", isEmailVerified: true });
    expect(await rolesOf(db, user.id)).toEqual(["admin"]);
    expect(await signIn(db, "ada@example.test", "newer password")).not.toBeNull();
    close();
  });

  test("a new password for an existing account ends its other sessions, as a password reset does", async () => {
    const path = join(dir, "app.db");
    const { db, close } = await openDatabase(path);
    const user = await createUser(db, { email: "eve-held@example.test", password: "old password" });
    // someone holding a session opened with the old password (or a stolen cookie)
    const held = await createSession(db, user.id, new Date());
    const other = await createUser(db, { email: "bystander@example.test", password: "old password" });
    const bystander = await createSession(db, other.id, new Date());
    close();

    const result = run(["--email", "eve-held@example.test", "--password", "the new admin password"]);
    expect(result.code).toBe(0);
    expect(result.out).toContain("its sessions were ended");

    const after = await openDatabase(path);
    expect(await validateSessionToken(after.db, held.token, new Date())).toBeNull();
    expect(await validateSessionToken(after.db, bystander.token, new Date())).not.toBeNull();
    expect(await rolesOf(after.db, user.id)).toContain("admin");
    after.close();
  });

  test.each([
    [[], "Usage:"],
    [["--email", "nope", "--password", "long enough"], "is not an e-mail address"],
    [["--email", "a@example.test", "--password", "short"], "at least 8 characters"],
  ])("refuses %j with a message", (args, message) => {
    const result = run(args);
    expect(result.code).toBe(1);
    expect(result.out).toContain(message);
  });
});
