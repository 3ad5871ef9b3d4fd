/**
 * Which PostgreSQL driver under drizzle (docs/decisions/025-postgresql-driver.md): Bun's built-in
 * SQL client (drizzle-orm/bun-sql), postgres-js (drizzle-orm/postgres-js) and node-postgres
 * (drizzle-orm/node-postgres), measured on the same tables, through the same drizzle query
 * builders the services use, with the same pool size.
 *
 *   bun scripts/bench-pg-drivers.ts            # PG_URL or postgres://pollinate:pollinate@127.0.0.1:5432
 *   SECONDS_PER_CASE=1 ROUNDS=2 bun scripts/bench-pg-drivers.ts
 *
 * Creates (and drops at the end) the database pollinate_pg_bench. Cases:
 *   - pk:     one row by primary key (`select … where id = $1`)
 *   - join20: 20 rows of a two-table join, ordered and limited (a directory page's shape)
 *   - tx:     an interactive transaction: BEGIN; select … for update; update; COMMIT
 * For each: sequential latency (median, p99) and throughput with 16 concurrent callers.
 * Kept short on purpose (seconds): the machine is shared.
 */
import { SQL } from "bun";
import { and, asc, eq, sql } from "drizzle-orm";
import { drizzle as drizzleBunSql } from "drizzle-orm/bun-sql";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePostgresJs } from "drizzle-orm/postgres-js";
import { bigint, boolean, integer, jsonb, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";
import pg from "pg";
import postgres from "postgres";
import { jsonb as ourJsonb } from "./schema/columns";

const BASE_URL = process.env.PG_URL ?? "postgres://pollinate:pollinate@127.0.0.1:5432";
const DATABASE = "pollinate_pg_bench";
const POOL = Number(process.env.POOL ?? 10);
const CONCURRENCY = 16;
const SECONDS = Number(process.env.SECONDS_PER_CASE ?? 0.75);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const USERS = 2_000;
const PRACTITIONERS = 2_000;

function urlFor(database: string): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

const users = pgTable("users", {
  id: text().primaryKey(),
  email: text().notNull(),
  firstName: text(),
  lastName: text(),
  createdAt: bigint({ mode: "number" }).notNull(),
});

const practitioners = pgTable("practitioners", {
  id: text().primaryKey(),
  userId: text().notNull(),
  archetype: text().notNull(),
  bio: text(),
  hourlyRateCents: integer(),
  averageRating: real(),
  totalSessions: integer().notNull().default(0),
  createdAt: bigint({ mode: "number" }).notNull(),
});

const wallets = pgTable("wallets", {
  id: text().primaryKey(),
  balance: integer().notNull(),
});

/** The column types the PostgreSQL schema uses, read back through each driver (correctness first). */
const probes = pgTable("probes", {
  id: text().primaryKey(),
  at: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
  tags: jsonb().$type<string[]>().notNull(),
  doc: jsonb().$type<Record<string, unknown>>(),
  flag: boolean().notNull(),
  big: bigint({ mode: "number" }).notNull(),
});

/** The same lists through db/postgres/schema/columns.ts `jsonb()` (the value handed to the driver as is). */
const ourProbes = pgTable("our_probes", {
  id: text().primaryKey(),
  tags: ourJsonb().$type<string[]>().notNull(),
  doc: ourJsonb().$type<Record<string, unknown>>(),
});

const schema = { users, practitioners, wallets, probes, ourProbes };
const casing = { casing: "snake_case" as const, schema };

async function setUp(): Promise<void> {
  const admin = postgres(urlFor("postgres"), { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${DATABASE}`);
  await admin.unsafe(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const db = postgres(urlFor(DATABASE), { max: 1, onnotice: () => {} });
  await db.unsafe(`
    CREATE TABLE users (id text PRIMARY KEY, email text NOT NULL, first_name text, last_name text, created_at bigint NOT NULL);
    CREATE TABLE practitioners (id text PRIMARY KEY, user_id text NOT NULL REFERENCES users(id), archetype text NOT NULL,
      bio text, hourly_rate_cents integer, average_rating real, total_sessions integer NOT NULL DEFAULT 0, created_at bigint NOT NULL);
    CREATE INDEX practitioners_archetype_created_idx ON practitioners (archetype, created_at);
    CREATE TABLE wallets (id text PRIMARY KEY, balance integer NOT NULL);
    INSERT INTO users SELECT 'u' || i, 'user' || i || '@example.com', 'First' || i, 'Last' || i, 1700000000000 + i * 1000
      FROM generate_series(1, ${USERS}) i;
    INSERT INTO practitioners SELECT 'p' || i, 'u' || i, (ARRAY['bee','hummingbird','butterfly','beetle'])[1 + i % 4],
      repeat('A practitioner who listens. ', 8), 4000 + (i % 50) * 100, 3 + (i % 20) / 10.0, i % 40, 1700000000000 + i * 1000
      FROM generate_series(1, ${PRACTITIONERS}) i;
    CREATE TABLE probes (id text PRIMARY KEY, at timestamp(3) with time zone NOT NULL, tags jsonb NOT NULL, doc jsonb,
      flag boolean NOT NULL, big bigint NOT NULL);
    CREATE TABLE our_probes (id text PRIMARY KEY, tags jsonb NOT NULL, doc jsonb);
    INSERT INTO wallets SELECT 'w' || i, 1000000 FROM generate_series(1, 64) i;
    ANALYZE;
  `);
  await db.end();
}

async function tearDown(): Promise<void> {
  const admin = postgres(urlFor("postgres"), { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.end();
}

type Database = ReturnType<typeof drizzlePostgresJs<typeof schema>>;

interface Driver {
  name: string;
  open(): { db: Database; close(): Promise<void> };
}

const drivers: Driver[] = [
  {
    name: "bun-sql",
    open() {
      const client = new SQL({ url: urlFor(DATABASE), max: POOL });
      const db = drizzleBunSql({ client, ...casing }) as unknown as Database;
      return { db, close: () => client.close() };
    },
  },
  {
    name: "postgres-js",
    open() {
      const client = postgres(urlFor(DATABASE), { max: POOL, onnotice: () => {} });
      const db = drizzlePostgresJs({ client, ...casing });
      return { db, close: () => client.end() };
    },
  },
  {
    name: "node-postgres",
    open() {
      const client = new pg.Pool({ connectionString: urlFor(DATABASE), max: POOL });
      const db = drizzleNodePg({ client, ...casing }) as unknown as Database;
      return { db, close: () => client.end() };
    },
  },
];

let counter = 0;
const cases: Record<string, (db: Database) => Promise<unknown>> = {
  async pk(db) {
    const id = `p${1 + (counter++ % PRACTITIONERS)}`;
    const rows = await db.select().from(practitioners).where(eq(practitioners.id, id));
    if (rows.length !== 1) throw new Error("pk: expected one row");
  },
  async join20(db) {
    const archetype = ["bee", "hummingbird", "butterfly", "beetle"][counter++ % 4]!;
    const offset = (counter * 20) % 400;
    const rows = await db
      .select({
        id: practitioners.id,
        bio: practitioners.bio,
        rate: practitioners.hourlyRateCents,
        rating: practitioners.averageRating,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(practitioners)
      .innerJoin(users, eq(users.id, practitioners.userId))
      .where(and(eq(practitioners.archetype, archetype)))
      .orderBy(asc(practitioners.createdAt), asc(practitioners.id))
      .limit(20)
      .offset(offset);
    if (rows.length !== 20) throw new Error(`join20: expected 20 rows, got ${rows.length}`);
  },
  async tx(db) {
    const id = `w${1 + (counter++ % 64)}`;
    await db.transaction(async (tx) => {
      const [wallet] = await tx.select().from(wallets).where(eq(wallets.id, id)).for("update");
      if (!wallet) throw new Error("tx: no wallet");
      await tx
        .update(wallets)
        .set({ balance: sql`${wallets.balance} - 1` })
        .where(eq(wallets.id, id));
    });
  },
};

/**
 * Writes and reads back a Date with milliseconds, a JSON list, a JSON object, a boolean and a bigint
 * through the driver, and asks the server what it stored: a driver that double-encodes JSON (a
 * string instead of an array) or drops milliseconds fails here, whatever its speed.
 */
async function roundTrip(driver: string, db: Database): Promise<string[]> {
  const problems: string[] = [];
  const at = new Date(Date.UTC(2026, 10, 27, 9, 30, 15, 123));
  const id = `probe-${driver}`;
  const value = { id, at, tags: ["a", "b c"], doc: { k: [1, 2], s: "x" }, flag: true, big: 1_790_000_000_123 };
  await db.insert(probes).values(value);
  const [row] = await db.select().from(probes).where(eq(probes.id, id));
  if (!row) return ["no row read back"];
  if (!(row.at instanceof Date) || row.at.getTime() !== at.getTime()) problems.push(`timestamptz read back as ${String(row.at)}`);
  if (JSON.stringify(row.tags) !== JSON.stringify(value.tags)) problems.push(`jsonb list read back as ${JSON.stringify(row.tags)}`);
  if (JSON.stringify(row.doc) !== JSON.stringify(value.doc)) problems.push(`jsonb object read back as ${JSON.stringify(row.doc)}`);
  if (row.flag !== true) problems.push(`boolean read back as ${String(row.flag)}`);
  if (row.big !== value.big) problems.push(`bigint read back as ${String(row.big)}`);
  const [stored] = await db
    .select({ tagsType: sql<string>`jsonb_typeof(${probes.tags})`, docType: sql<string>`jsonb_typeof(${probes.doc})`, ms: sql<string>`to_char(${probes.at} at time zone 'UTC', 'MS')` })
    .from(probes)
    .where(eq(probes.id, id));
  if (stored?.tagsType !== "array") problems.push(`jsonb list stored as a ${stored?.tagsType}`);
  if (stored?.docType !== "object") problems.push(`jsonb object stored as a ${stored?.docType}`);
  if (stored?.ms !== "123") problems.push(`timestamptz stored with milliseconds ${stored?.ms}`);
  // a transaction that throws rolls back
  try {
    await db.transaction(async (tx) => {
      await tx.update(probes).set({ flag: false }).where(eq(probes.id, id));
      throw new Error("roll back");
    });
  } catch {}
  const [after] = await db.select({ flag: probes.flag }).from(probes).where(eq(probes.id, id));
  if (after?.flag !== true) problems.push("a throwing transaction did not roll back");
  return problems;
}

/** The JSON lists again, through our `jsonb()` column type. */
async function ourJsonbRoundTrip(driver: string, db: Database): Promise<string[]> {
  const problems: string[] = [];
  const id = `probe-${driver}`;
  const value = { id, tags: ["a", "b c"], doc: { k: [1, 2], s: "x" } };
  await db.insert(ourProbes).values(value);
  const [row] = await db.select().from(ourProbes).where(eq(ourProbes.id, id));
  if (JSON.stringify(row?.tags) !== JSON.stringify(value.tags)) problems.push(`list read back as ${JSON.stringify(row?.tags)}`);
  if (JSON.stringify(row?.doc) !== JSON.stringify(value.doc)) problems.push(`object read back as ${JSON.stringify(row?.doc)}`);
  const [stored] = await db
    .select({ tagsType: sql<string>`jsonb_typeof(${ourProbes.tags})`, docType: sql<string>`jsonb_typeof(${ourProbes.doc})` })
    .from(ourProbes)
    .where(eq(ourProbes.id, id));
  if (stored?.tagsType !== "array") problems.push(`list stored as a ${stored?.tagsType}`);
  if (stored?.docType !== "object") problems.push(`object stored as a ${stored?.docType}`);
  return problems;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
}

/**
 * Sequential latency, and the client process's CPU per call (user + system): on this shared 2-core
 * machine the wall-clock numbers move with the neighbours' load, while the CPU a driver spends per
 * query is steadier and is what it takes away from the database server on the same cores.
 */
async function sequential(db: Database, run: (db: Database) => Promise<unknown>): Promise<{ median: number; p99: number; n: number; cpuUs: number }> {
  const times: number[] = [];
  const cpu = process.cpuUsage();
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    const start = performance.now();
    await run(db);
    times.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  return { median: percentile(times, 0.5), p99: percentile(times, 0.99), n: times.length, cpuUs: (used.user + used.system) / times.length };
}

async function concurrent(db: Database, run: (db: Database) => Promise<unknown>): Promise<number> {
  let done = 0;
  const start = performance.now();
  const end = start + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        await run(db);
        done++;
      }
    }),
  );
  return done / ((performance.now() - start) / 1000);
}

interface Row {
  driver: string;
  case: string;
  round: number;
  median: number;
  p99: number;
  cpuUs: number;
  perSecond: number;
}

async function main(): Promise<void> {
  await setUp();
  const rows: Row[] = [];
  const correctness: string[] = [];
  try {
    for (const driver of drivers) {
      const { db, close } = driver.open();
      try {
        const problems = await roundTrip(driver.name, db);
        let ours: string;
        try {
          const found = await ourJsonbRoundTrip(driver.name, db);
          ours = found.length === 0 ? "lists and objects stored and read as written" : found.join("; ");
        } catch (error) {
          ours = `threw: ${((error as Error).cause as Error | undefined)?.message ?? (error as Error).message.split("\n")[0]}`;
        }
        correctness.push(`| ${driver.name} | ${problems.length === 0 ? "all read back as written" : problems.join("; ")} | ${ours} |`);
      } catch (error) {
        correctness.push(`| ${driver.name} | round trip threw: ${(error as Error).message.split("\n")[0]} | |`);
      } finally {
        await close();
      }
    }
    for (let round = 1; round <= ROUNDS; round++) {
      // a different driver goes first in each round, so that none always runs on a cold server
      const order = drivers.map((_, i) => drivers[(i + round - 1) % drivers.length]!);
      for (const driver of order) {
        const { db, close } = driver.open();
        try {
          for (const [name, run] of Object.entries(cases)) {
            for (let i = 0; i < 50; i++) await run(db); // warm the pool, prepared plans and JIT
            const latency = await sequential(db, run);
            const perSecond = await concurrent(db, run);
            rows.push({ driver: driver.name, case: name, round, median: latency.median, p99: latency.p99, cpuUs: latency.cpuUs, perSecond });
            console.error(
              `round ${round} ${driver.name.padEnd(13)} ${name.padEnd(6)} median ${latency.median.toFixed(3)} ms  p99 ${latency.p99.toFixed(3)} ms  cpu ${latency.cpuUs.toFixed(0)} µs/call  ` +
                `${CONCURRENCY} callers ${perSecond.toFixed(0)}/s`,
            );
          }
        } finally {
          await close();
        }
      }
    }
  } finally {
    await tearDown();
  }
  console.log("\n| driver | round trip (timestamptz ms, jsonb list/object, boolean, bigint, rollback) | db/postgres jsonb() |");
  console.log("|---|---|---|");
  for (const line of correctness) console.log(line);
  // the table: per driver and case, the best round (the least disturbed by the other engineers' load)
  console.log(`\n| driver | case | median ms | p99 ms | client CPU µs/call | ${CONCURRENCY} callers /s |`);
  console.log("|---|---|---:|---:|---:|---:|");
  for (const driver of drivers) {
    for (const name of Object.keys(cases)) {
      const mine = rows.filter((r) => r.driver === driver.name && r.case === name);
      const best = mine.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
      const median = Math.min(...mine.map((r) => r.median));
      const p99 = Math.min(...mine.map((r) => r.p99));
      const cpuUs = Math.min(...mine.map((r) => r.cpuUs));
      console.log(`| ${driver.name} | ${name} | ${median.toFixed(3)} | ${p99.toFixed(3)} | ${cpuUs.toFixed(0)} | ${best.perSecond.toFixed(0)} |`);
    }
  }
}

await main();
