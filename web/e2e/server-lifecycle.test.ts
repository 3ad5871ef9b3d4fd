import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "../..");

async function spawnServer(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "pollinate-life-"));
  const proc = Bun.spawn([process.execPath, "src/server.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_PATH: join(dir, "app.db"), PORT: "0", HOST: "127.0.0.1", NODE_ENV: "production", LOG_REQUESTS: "false", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { proc, dir };
}

test("SIGTERM stops the server cleanly: the database closes and the exit code is 0", async () => {
  const { proc, dir } = await spawnServer({});
  const reader = proc.stdout.getReader();
  let out = "";
  while (!/listening on http:\/\/[^:]+:\d+/.test(out)) out += new TextDecoder().decode((await reader.read()).value);
  const port = out.match(/:(\d+) \(/)![1];
  const pages = await Promise.all(Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/about`).then((r) => r.status)));
  expect(pages).toEqual(Array(20).fill(200));
  proc.kill("SIGTERM");
  expect(await proc.exited).toBe(0);
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    out += new TextDecoder().decode(value);
  }
  expect(out).toContain("Stopped cleanly");
  rmSync(dir, { recursive: true, force: true });
});

test("a bad configuration value stops the start with a message naming the variable", async () => {
  const { proc, dir } = await spawnServer({ PORT: "not-a-port" });
  expect(await proc.exited).toBe(1);
  const err = await new Response(proc.stderr).text();
  expect(err).toContain("PORT");
  expect(err).toContain("Invalid configuration");
  rmSync(dir, { recursive: true, force: true });
});
