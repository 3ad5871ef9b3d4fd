/**
 * What the counters of one sign-in cost in each store (src/http/counter-store.ts): the request
 * limit's hit, the throttle's wait check (two counts and a known-network look-up), then a failure
 * (two hits) or a success (a reset and a remember). Prints the median microseconds of N rounds per
 * store over a temporary SQLite file.
 *
 *   npx bun scripts/bench-counters.ts [N]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client";
import { signInThrottle } from "../src/auth/sign-in";
import { createDatabaseCounterStore, createMemoryCounterStore, type CounterStore } from "../src/http/counter-store";

const N = Number(process.argv[2] ?? 2000);
const dir = mkdtempSync(join(tmpdir(), "pollinate-bench-counters-"));
const opened = await openDatabase(join(dir, "app.db"));
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(name: string, store: CounterStore) {
  const throttle = signInThrottle(store, 10);
  const times = { limit: [] as number[], failure: [] as number[], success: [] as number[] };
  for (let i = 0; i < N; i++) {
    const now = new Date(Date.now() + i);
    const email = `person${i % 500}@example.test`;
    const ip = `10.0.${i % 250}.1`;
    let started = performance.now();
    await store.hit(`rate:auth:signin:${ip}`, 60_000, now, 10_000);
    times.limit.push(performance.now() - started);
    started = performance.now();
    await throttle.waitMs(email, ip, now);
    await throttle.recordFailure(email, ip, now);
    times.failure.push(performance.now() - started);
    started = performance.now();
    await throttle.waitMs(email, ip, now);
    await throttle.recordSuccess(email, ip, now);
    times.success.push(performance.now() - started);
  }
  const us = (values: number[]) => `${(median(values) * 1000).toFixed(0)} µs`;
  console.log(`${name}: request limit ${us(times.limit)}, sign-in throttle on a failure ${us(times.failure)}, on a success ${us(times.success)} (median of ${N})`);
}

await measure("memory", createMemoryCounterStore());
await measure("database", createDatabaseCounterStore(opened));
opened.close();
rmSync(dir, { recursive: true, force: true });
