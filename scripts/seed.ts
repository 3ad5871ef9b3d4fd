/**
 * Seeds the demo data into the database at DATABASE_PATH (default ./data/app.db) if it is empty.
 *
 *   bun scripts/seed.ts                      seed an empty database, or say that it has data
 *   bun scripts/seed.ts --reset              delete the database file first
 *   bun scripts/seed.ts --practitioners N    also insert N generated practitioners (load tests)
 */
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client";
import { DEMO_ACCOUNTS } from "../src/demo/demo-data";
import { seedBulkPractitioners } from "../src/demo/bulk";
import { seedDemoData, isDatabaseEmpty } from "../src/demo/seed";

const MAX_BULK_PRACTITIONERS = 1_000_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parseCount(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const count = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_BULK_PRACTITIONERS) {
    fail(`--practitioners must be a whole number from 1 to ${MAX_BULK_PRACTITIONERS.toLocaleString("en-US")} (got "${text}").`);
  }
  return count;
}

function elapsed(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(2)} s`;
}

let args;
try {
  args = parseArgs({
    options: {
      reset: { type: "boolean", default: false },
      practitioners: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  }).values;
} catch (error) {
  fail(`${(error as Error).message}\nUsage: bun scripts/seed.ts [--reset] [--practitioners N]`);
}
if (args.help) {
  console.log("Usage: bun scripts/seed.ts [--reset] [--practitioners N]");
  process.exit(0);
}
const bulkCount = parseCount(args.practitioners);

const path = resolve(process.env.DATABASE_PATH || "./data/app.db");
const started = performance.now();

if (args.reset) {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
  console.log(`Deleted ${path}`);
}

const { db, close } = await openDatabase(path);
try {
  if (await isDatabaseEmpty(db)) {
    const seedStarted = performance.now();
    const summary = await seedDemoData(db);
    console.log(`Seeded demo data into ${path} in ${elapsed(seedStarted)}:`);
    for (const [table, count] of Object.entries(summary)) console.log(`  ${table.padEnd(18)} ${count}`);
    console.log(`Demo accounts (password "${DEMO_ACCOUNTS.client.password}"):`);
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      console.log(`  ${account.email.padEnd(32)} ${account.roles.join(", ")} (${account.accessLevel})`);
    }
  } else {
    console.log(`${path} already has data; demo data not seeded (use --reset to start over).`);
  }

  if (bulkCount !== undefined) {
    const bulkStarted = performance.now();
    const { first, last } = await seedBulkPractitioners(db, bulkCount);
    console.log(`Inserted ${bulkCount.toLocaleString("en-US")} generated practitioners (#${first}-#${last}) in ${elapsed(bulkStarted)}`);
  }
  console.log(`Done in ${elapsed(started)}`);
} finally {
  close();
}
