/**
 * Booking benchmarks (issue 9), on a temporary database:
 *
 * 1. Race: N (default 200) premium clients POST /api/bookings for the same slot at once over real
 *    HTTP (src/server.ts in production mode in a child process, on 127.0.0.1). Budget: exactly 1 success, N-1 clear 409s, no
 *    5xx, every answer within 1 s. A first race on a cold server is reported; the second is judged.
 * 2. Availability in-process: GET /api/bookings/{id}/availability through app.request() for a
 *    practitioner whose next 90 days are booked (every other slot). Budget: median under 5 ms.
 *
 *   bun scripts/bench-bookings.ts
 *   bun scripts/bench-bookings.ts --clients 200 --runs 300
 *
 * Exits non-zero when a budget is missed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { atomic, openDatabase } from "../db/client";
import { bookings } from "../db/schema";
import { defaultAvailability } from "../core/availability";
import { addDays, computeSlots, dateInZone, zonedInstant } from "../core/slots";
import { createApp } from "../src/app";
import { createSession, sessionCookieName } from "../src/auth/session";
import { loadConfig } from "../src/config";
import { createMailer } from "../src/email/mailer";
import { saveAvailabilitySettings } from "../src/features/bookings/availability";
import { createPractitioner, createUser } from "../src/testing/factories";
import { NO_ASSETS } from "../src/render/assets";

const { values } = parseArgs({ options: { clients: { type: "string", default: "200" }, runs: { type: "string", default: "300" } } });
const CLIENTS = Number(values.clients);
const RUNS = Number(values.runs);
const ORIGIN = "http://localhost";
const ZONE = "America/New_York";

const dir = mkdtempSync(join(tmpdir(), "pollinate-bench-bookings-"));
const { db, close } = await openDatabase(join(dir, "bench.db"));
const config = loadConfig({ NODE_ENV: "production", LOG_REQUESTS: "false", DATABASE_PATH: join(dir, "bench.db"), OUTBOX_DIR: join(dir, "outbox"), APP_URL: ORIGIN });
const mailer = createMailer(config, { log: () => {} });
const now = new Date();
const app = createApp({ config, db, assets: NO_ASSETS, now: () => now, mailer });
let failed = false;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// ------------------------------------------------------------------ 1. the race over HTTP
/** One race: CLIENTS fresh premium clients POST the same slot of a fresh practitioner at once. */
async function race(base: string, label: string): Promise<boolean> {
  const practitioner = await createPractitioner(db, { hourlyRateCents: 8500 });
  await saveAvailabilitySettings(db, practitioner.id, { ...defaultAvailability(ZONE), minimumNoticeMinutes: 0 }, now);
  // the first weekday at least two days ahead, 10:00 in New York
  let date = addDays(dateInZone(now, ZONE), 2);
  while ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) date = addDays(date, 1);
  const start = zonedInstant(date, 10 * 60, ZONE).toISOString();
  const cookies = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const user = await createUser(db, { accessLevel: "premium", subscriptionStatus: "premium" });
      // a session row is a write: inside atomic (the outside handle may be the read-only connection)
      const session = await atomic(db, async (tx) => createSession(tx, user.id, now));
      return `${sessionCookieName(false)}=${session.token}`;
    }),
  );
  const body = JSON.stringify({ practitionerId: practitioner.id, scheduledDatetime: start, duration: 60, isVirtual: true, totalAmount: "85.00", notes: null });

  const t0 = performance.now();
  const results = await Promise.all(
    cookies.map(async (cookie) => {
      const sent = performance.now();
      const res = await fetch(`${base}/api/bookings`, { method: "POST", headers: { "content-type": "application/json", origin: ORIGIN, cookie }, body });
      const text = await res.text();
      return { status: res.status, ms: performance.now() - sent, message: (JSON.parse(text) as { message?: string }).message };
    }),
  );
  const wall = performance.now() - t0;

  const byStatus = new Map<number, number>();
  for (const r of results) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const messages = new Set(results.filter((r) => r.status === 409).map((r) => r.message));
  const stored = (await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.practitionerId, practitioner.id))).length;
  console.log(`== race (${label}): ${CLIENTS} concurrent POST /api/bookings for one slot over HTTP`);
  console.log(`   statuses: ${[...byStatus].map(([s, n]) => `${s}×${n}`).join(", ")}; bookings stored: ${stored}`);
  console.log(`   409 message(s): ${[...messages].map((m) => JSON.stringify(m)).join(" | ")}`);
  console.log(`   latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms; all answered in ${wall.toFixed(0)} ms`);
  const ok = byStatus.get(201) === 1 && byStatus.get(409) === CLIENTS - 1 && stored === 1 && latencies.at(-1)! < 1000;
  console.log(`   ${ok ? "PASS" : "FAIL"} (budget: 1 × 201, ${CLIENTS - 1} × 409, no 5xx, every answer < 1000 ms)`);
  return ok;
}

{
  // The production server in its own process (src/server.ts, NODE_ENV=production) over the same
  // database file: the 200 clients here and the server do not share one event loop.
  const child = Bun.spawn([process.execPath, "src/server.ts"], {
    env: { ...process.env, DATABASE_PATH: join(dir, "bench.db"), NODE_ENV: "production", LOG_REQUESTS: "false", PORT: "0", HOST: "127.0.0.1", APP_URL: ORIGIN, OUTBOX_DIR: join(dir, "outbox"), SMTP_URL: "" },
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = child.stdout.getReader();
  let log = "";
  let port = "";
  const deadline = Date.now() + 15_000;
  while (!port && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    log += new TextDecoder().decode(value);
    port = log.match(/listening on http:\/\/[^:]+:(\d+)/)?.[1] ?? "";
  }
  if (!port) throw new Error(`the server did not start:\n${log}`);
  const base = `http://127.0.0.1:${port}`;
  await fetch(`${base}/healthz`);
  // The first race runs on a cold server (JIT, statement caches): reported, not judged.
  await race(base, "cold server, reported only");
  if (!(await race(base, "warm server"))) failed = true;
  child.kill("SIGTERM");
  await child.exited;
}

// ------------------------------------------------------------------ 2. availability in-process
{
  const practitioner = await createPractitioner(db, { hourlyRateCents: 8500 });
  const settings = { ...defaultAvailability(ZONE), minimumNoticeMinutes: 0, bufferMinutes: 0 };
  await saveAvailabilitySettings(db, practitioner.id, settings, now);
  const client = await createUser(db);
  // book every other 30-minute start of the next 90 days (one 30-minute session each)
  const first = dateInZone(now, ZONE);
  const rows: Array<typeof bookings.$inferInsert> = [];
  for (let i = 0; i <= 90; i++) {
    const date = addDays(first, i);
    const slots = computeSlots({ settings, date, duration: 30, viewerTimeZone: ZONE, bookings: [], now });
    slots.forEach((slot, k) => {
      if (k % 2 === 0) rows.push({ clientId: client.id, practitionerId: practitioner.id, scheduledDatetime: new Date(slot.start), duration: 30, totalAmountCents: 4250, isVirtual: true, status: "confirmed" });
    });
  }
  await atomic(db, async (tx) => {
    for (let i = 0; i < rows.length; i += 200) await tx.insert(bookings).values(rows.slice(i, i + 200));
  });

  const dates = Array.from({ length: 90 }, (_, i) => addDays(first, i + 1));
  const zones = [ZONE, "Europe/Berlin", "Asia/Tokyo"];
  const timings: number[] = [];
  for (let run = 0; run < RUNS + 20; run++) {
    const path = `/api/bookings/${practitioner.id}/availability?date=${dates[run % dates.length]}&duration=${[30, 60, 90][run % 3]}&tz=${zones[run % zones.length]}`;
    const t0 = performance.now();
    const res = await app.request(path);
    await res.json();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
    if (run >= 20) timings.push(ms); // the first 20 warm up the JIT and statement caches
  }
  timings.sort((a, b) => a - b);
  const median = percentile(timings, 50);
  console.log(`== availability in-process: ${rows.length} bookings over 90 days, ${RUNS} requests (3 zones, 3 durations, 90 dates)`);
  console.log(`   median ${median.toFixed(2)} ms, p95 ${percentile(timings, 95).toFixed(2)} ms, max ${timings.at(-1)!.toFixed(2)} ms`);
  console.log(`   ${median < 5 ? "PASS" : "FAIL"} (budget: median < 5 ms)`);
  if (median >= 5) failed = true;
}

mailer.close();
close();
rmSync(dir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
