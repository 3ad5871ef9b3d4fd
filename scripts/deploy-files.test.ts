/**
 * The example files of docs/deploy.md (deploy/) stay true to the server: the env template names every
 * variable src/config.ts reads and its active lines are a valid configuration; nginx refuses bodies
 * at BODY_LIMIT's default with the server's own answer; the unit runs the server, not `npm start`.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CONFIG_VARIABLES, loadConfig } from "../src/config";
import { createTestApp, TEST_ORIGIN } from "../src/testing/test-app";

const ROOT = join(import.meta.dir, "..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const template = read("deploy/pollinate.env.example");
const unit = read("deploy/pollinate.service");
const nginx = read("deploy/nginx/pollinate.conf");
const caddy = read("deploy/caddy/Caddyfile");

/** VAR=value lines as systemd's EnvironmentFile= reads them (comments and blank lines skipped). */
function environmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]] = match[2].trim();
  }
  return env;
}

describe("deploy/pollinate.env.example", () => {
  test("names every variable the server reads (set, or commented out with its comment), and no other", () => {
    const named = [...template.matchAll(/^#?([A-Z_][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    // NODE_ENV=production is the unit's own Environment= line
    const expected = CONFIG_VARIABLES.filter((name) => name !== "NODE_ENV");
    expect([...new Set(named)].sort()).toEqual([...expected].sort());
    expect(unit).toContain("\nEnvironment=NODE_ENV=production\n");
  });

  test("its active lines are a valid production configuration behind the proxy", () => {
    const config = loadConfig({ ...environmentFile(template), NODE_ENV: "production" });
    expect(config.HOST).toBe("127.0.0.1");
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.APP_URL).toStartWith("https://");
    expect(config.DATABASE_PATH).toStartWith("/var/lib/pollinate/");
    // the upstream nginx sends to is where the server listens
    expect(nginx).toContain(`server ${config.HOST}:${config.PORT};`);
  });
});

describe("deploy/nginx/pollinate.conf and deploy/caddy/Caddyfile", async () => {
  const t = await createTestApp();
  afterAll(() => t.cleanup());

  test("client_max_body_size (and Caddy's max_size) is BODY_LIMIT's default, and a larger body gets the server's own answer", async () => {
    const limit = loadConfig({}).BODY_LIMIT;
    const size = /client_max_body_size (\d+)m;/.exec(nginx);
    expect(Number(size?.[1]) * 1024 * 1024).toBe(limit);

    const res = await t.app.request("/api/auth/signin", {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json", "content-length": String(limit + 1) },
      body: "x".repeat(limit + 1),
    });
    expect(res.status).toBe(413);
    const answer = await res.text();
    const nginxAnswer = /location @body_too_large \{[^}]*return 413 '([^']*)';/.exec(nginx)?.[1];
    expect(nginxAnswer).toBe(answer);
    // deploy/caddy/Caddyfile, the alternative: the same limit and answer
    expect(caddy).toContain("max_size 1MiB");
    expect(limit).toBe(1024 * 1024);
    expect(/respond `([^`]*)` 413/.exec(caddy)?.[1]).toBe(answer);
    expect(caddy).toContain("reverse_proxy 127.0.0.1:3000");
  });
});

describe("deploy/pollinate.service", () => {
  test("runs the server itself (npm start would load the demo accounts) and stops it with SIGTERM", () => {
    expect(unit).toMatch(/^ExecStart=\S+\/node_modules\/\.bin\/bun src\/server\.ts$/m);
    expect(unit).not.toMatch(/^Exec\w*=.*npm (run )?start/m);
    expect(unit).toContain("\nKillSignal=SIGTERM\n");
    // the server's idle connections close after 30 s, a page waits at most 10 s: both fit
    expect(Number(/^TimeoutStopSec=(\d+)s$/m.exec(unit)?.[1])).toBeGreaterThanOrEqual(30);
  });
});
