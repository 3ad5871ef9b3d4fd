/**
 * Issue 22's two-process proofs, smaller (40 bookings of one slot, a 4-second write load): runs
 * scripts/prove-two-processes.ts, which starts the real server (`bun src/server.ts`, production) as
 * two processes on one fresh PostgreSQL database with a real SMTP server, and checks the numbers
 * it reports. `npm run test:postgres`; PG_URL as the other PostgreSQL tests (a role with CREATEDB).
 * About 1.5 minutes: the e-mail cut off with its process waits out the 30-second outbox lease.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "../..");
const folder = mkdtempSync(join(tmpdir(), "pollinate-two-processes-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

test(
  "two server processes on one PostgreSQL database: one booking of 40 racing, one lockout count, shared sessions, nothing acknowledged lost to kill -9, a cut-off e-mail sent once",
  async () => {
    const report = join(folder, "report.json");
    const proof = Bun.spawn([process.execPath, "scripts/prove-two-processes.ts", "--bookings", "40", "--load-seconds", "4", "--json", report], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: "" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err, code] = await Promise.all([new Response(proof.stdout).text(), new Response(proof.stderr).text(), proof.exited]);
    if (code !== 0) console.error(out, err);
    const r = JSON.parse(readFileSync(report, "utf8"));
    expect(r.failures).toEqual([]);
    expect(code).toBe(0);

    expect(r.race).toMatchObject({ requests: 40, toA: 20, toB: 20, successes: 1, conflicts: 39, stored: 1 });
    expect(r.lockout.oneProcess.failures).toBe(r.lockout.expected);
    expect(r.lockout.twoProcesses.failures).toBe(r.lockout.expected);
    expect(r.lockout.twoProcesses.byProcess).toMatch(/A×\d+, B×\d+/);
    expect(r.sessions).toEqual({ aToB: true, bToA: true });
    expect(r.kill.missing).toBe(0);
    expect(r.kill.acknowledged).toBeGreaterThan(0);
    expect(r.kill.rows).toBeGreaterThanOrEqual(r.kill.acknowledged);
    expect(r.kill.answers).toContain("no answer");
    for (const mail of [r.mail.afterAnswer, r.mail.whileSending]) {
      expect(mail).toMatchObject({ ok: true, status: 200, deliveredAtKill: 0, delivered: 1, rowAfter: "sent" });
    }
    expect(r.mail.whileSending.cutOff).toBe(1);
    // the dead process's claim is taken over once its lease (30 s) has run out, not before
    expect(r.mail.whileSending.deliveredMs).toBeGreaterThan(25_000);
  },
  300_000,
);
