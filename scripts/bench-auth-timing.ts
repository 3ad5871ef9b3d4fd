/**
 * Does an answer's timing tell whether an address has an account? Runs the app on a random port
 * over a temporary database and prints the median time of N requests (default 50) for sign-in with
 * a wrong password for an existing account (with a password, and Google-only) vs an unknown address,
 * sign-up with a taken vs a new address, forgot-password and resend-verification with a known vs an
 * unknown address, and those two again for a known address whose hourly mail cap is used up vs one
 * still under it (a fresh account each time), interleaved.
 *
 * The counters (src/http/counter-store.ts) are the app's default unless COUNTERS=memory or
 * COUNTERS=database puts every one of them in that store.
 *
 *   npx bun scripts/bench-auth-timing.ts [N]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { createApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createMailer } from "../src/email/mailer";
import { outboxSummary } from "../src/email/outbox";
import { databaseCounters, defaultCounters, memoryCounters } from "../src/http/counter-store";
import { createUser } from "../src/testing/factories";
import { NO_ASSETS } from "../src/render/assets";
import { ACCOUNT_EMAILS_PER_HOUR } from "../src/auth/routes";

const N = Number(process.argv[2] ?? 50);
const dir = mkdtempSync(join(tmpdir(), "pollinate-bench-auth-"));
const { db, close } = await openDatabase(join(dir, "app.db"));
const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (req, srv) => app.fetch(req, { server: srv }) });
const url = `http://127.0.0.1:${server.port}`;
const config = loadConfig({ NODE_ENV: "test", LOG_REQUESTS: "false", DATABASE_PATH: join(dir, "app.db"), OUTBOX_DIR: join(dir, "outbox"), APP_URL: url, AUTH_RATE_LIMIT: "10000" });
const counters = process.env.COUNTERS === "memory" ? memoryCounters() : process.env.COUNTERS === "database" ? databaseCounters({ db }) : defaultCounters({ db });
// the e-mails wait in the outbox table (no worker runs here)
const app = createApp({ config, db, assets: NO_ASSETS, now: () => new Date(), mailer: createMailer(config, { log: () => {} }), counters });
console.log(`counters: ${process.env.COUNTERS ?? "default"}`);

const taken = "taken@example.test";
await createUser(db, { email: taken, password: "a long password" });
const googleOnly = "google-only@example.test";
await createUser(db, { email: googleOnly, googleId: "google-only" });
const unverified = "unverified@example.test";
await createUser(db, { email: unverified, password: "a long password", isEmailVerified: false });
let n = 0;
const fresh = () => `new${++n}.${Date.now()}@example.test`;

async function time(path: string, body: object): Promise<number> {
  const started = performance.now();
  const res = await fetch(url + path, { method: "POST", headers: { "content-type": "application/json", accept: "application/json", origin: url }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return performance.now() - started;
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const signUp = (email: string) => ({ firstName: "Bench", lastName: "Mark", email, password: "a long password" });

/** `settleMs` > 0 waits that long after each request, so that work done after one answer (a mail) is not timed in the next. */
async function compare(label: string, a: [string, () => Promise<number>], b: [string, () => Promise<number>], settleMs = 0) {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < 3; i++) await Promise.all([a[1](), b[1]()]); // warm-up
  for (let i = 0; i < N; i++) {
    times[0].push(await a[1]());
    if (settleMs) await Bun.sleep(settleMs);
    times[1].push(await b[1]());
    if (settleMs) await Bun.sleep(settleMs);
  }
  console.log(`${label}: ${a[0]} ${median(times[0]).toFixed(2)} ms, ${b[0]} ${median(times[1]).toFixed(2)} ms (median of ${N}${settleMs ? `, ${settleMs} ms apart` : ""})`);
}

const signIn = (email: string) => ({ email, password: "not the password" });
await compare("sign-in", ["existing account, wrong password", () => time("/api/auth/signin", signIn(taken))], ["unknown address", () => time("/api/auth/signin", signIn(fresh()))]);
await compare("sign-in", ["Google-only account", () => time("/api/auth/signin", signIn(googleOnly))], ["unknown address", () => time("/api/auth/signin", signIn(fresh()))]);
await compare("sign-up", ["taken address", () => time("/api/auth/signup", signUp(taken))], ["new address", () => time("/api/auth/signup", signUp(fresh()))]);
await compare("forgot-password", ["known address", () => time("/api/auth/forgot-password", { email: taken })], ["unknown address", () => time("/api/auth/forgot-password", { email: fresh() })]);
await compare("resend-verification", ["unverified account", () => time("/api/auth/resend-verification", { email: unverified })], ["unknown address", () => time("/api/auth/resend-verification", { email: fresh() })]);

// The mail caps: one address is at its ACCOUNT_EMAILS_PER_HOUR after the warm-up; the other side
// gets a fresh account every time, so a mail goes out after each of its answers.
const cappedReset = "capped-reset@example.test";
await createUser(db, { email: cappedReset });
const cappedResend = "capped-resend@example.test";
await createUser(db, { email: cappedResend, isEmailVerified: false });
const freshAccount = async (verified: boolean) => (await createUser(db, { email: fresh(), isEmailVerified: verified })).email;
const uncapped = { reset: [] as string[], resend: [] as string[] };
// enough for the three runs over each below
for (let i = 0; i < 3 * (N + 3); i++) {
  uncapped.reset.push(await freshAccount(true));
  uncapped.resend.push(await freshAccount(false));
}
const capComparisons = (settleMs: number) => [
  () => compare("forgot-password", ["known address, mail cap used up", () => time("/api/auth/forgot-password", { email: cappedReset })], ["known address, under the cap", () => time("/api/auth/forgot-password", { email: uncapped.reset.pop() })], settleMs),
  () => compare("resend-verification", ["unverified account, mail cap used up", () => time("/api/auth/resend-verification", { email: cappedResend })], ["unverified account, under the cap", () => time("/api/auth/resend-verification", { email: uncapped.resend.pop() })], settleMs),
];
// back to back, as above: the mail sent after an uncapped answer runs while the next request (the capped one) is served
for (const run of capComparisons(0)) await run();
// 20 ms apart: each answer on its own
for (const run of capComparisons(20)) await run();
// what an attacker could see instead: the time of a request sent right after a capped vs an uncapped one
const after = (path: string, email: () => string | undefined) => async () => {
  await time(path, { email: email() });
  return time(path, { email: fresh() });
};
for (const [path, capped, under] of [
  ["/api/auth/forgot-password", cappedReset, uncapped.reset],
  ["/api/auth/resend-verification", cappedResend, uncapped.resend],
] as const) {
  await compare(`the next ${path} (unknown address)`, ["after a capped one", after(path, () => capped)], ["after one under the cap", after(path, () => under.pop())], 20);
}
const { pending } = await outboxSummary(db);
console.log(`(${pending} e-mails written to the outbox: the capped addresses got ${ACCOUNT_EMAILS_PER_HOUR} each)`);

await Bun.sleep(200);
server.stop(true);
close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
