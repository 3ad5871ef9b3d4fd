/**
 * The move from SQLite to PostgreSQL (db/migrate-to-postgres.ts, `npm run migrate-to-postgres`):
 * `npm run test:postgres`, not `npm test`. PG_URL, default postgres://pollinate:pollinate@127.0.0.1:5432
 * (a role with CREATEDB); creates and drops pollinate_scale_move_<pid> and pollinate_scale_from_<pid>.
 *
 * The demo data (src/demo/seed.ts) plus a row in the tables the demo leaves empty goes into a
 * SQLite file; the move copies it; then every table is read back through each engine's own drizzle
 * schema (the row types the services see) and compared row by row, sorted by primary key.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq, getTableName, is, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sql";
import { getTableConfig as getPgTableConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as getSqliteTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { atomic, openDatabase, type OpenedDatabase } from "./client";
import { copyLiveDatabase } from "./backup";
import { canonicalJson, formatReport, migrateToPostgres, MigrationRefused, normalise, type MigrationReport } from "./migrate-to-postgres";
import * as sqliteSchema from "./schema";
import * as pgSchema from "./postgres/schema";
import { seedDemoData } from "../src/demo/seed";

const BASE_URL = process.env.PG_URL ?? "postgres://pollinate:pollinate@127.0.0.1:5432";
const MOVE = `pollinate_scale_move_${process.pid}`;
const FROM = `pollinate_scale_from_${process.pid}`;

function urlFor(database: string): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

let admin: SQL;
let folder: string;
let source: OpenedDatabase;
let report: MigrationReport;
let movedMs: number;

beforeAll(async () => {
  admin = new SQL({ url: urlFor("postgres"), max: 1 });
  for (const name of [MOVE, FROM]) {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${name}`);
  }
  folder = mkdtempSync(join(tmpdir(), "pollinate-move-test-"));
  source = await openDatabase(join(folder, "app.db"));
  await seedDemoData(source.db, { now: new Date("2026-03-02T10:00:00.123Z") });
  // a row in the tables the demo data leaves empty, with the awkward values: JSON objects, nulls,
  // milliseconds, quotes and non-ASCII text
  await atomic(source.db, async (tx) => {
    const [user] = await tx.select().from(sqliteSchema.users).orderBy(asc(sqliteSchema.users.email)).limit(1);
    const [booking] = await tx.select().from(sqliteSchema.bookings).limit(1);
    const at = new Date("2026-03-02T10:00:00.789Z");
    await tx.insert(sqliteSchema.sessions).values({ sid: "sid-1", sess: { userId: user!.id, createdAt: at.toISOString() }, expire: at, userId: user!.id });
    await tx.insert(sqliteSchema.outbox).values({ id: "0190-outbox", kind: "email", payload: { to: "a@example.com", subject: `Grüße "quoted" 'single'`, html: "<p>…</p>", nested: { b: 1, a: [1, "x"] } }, runAt: at, createdAt: at });
    await tx.insert(sqliteSchema.limitEvents).values({ key: "signin:a@example.com", at, expiresAt: new Date(at.getTime() + 60_000) });
    await tx.insert(sqliteSchema.limitMarks).values({ key: "net:a@example.com:10.0.0", at, expiresAt: new Date(at.getTime() + 86_400_000) });
    await tx.insert(sqliteSchema.bookingEvents).values({ bookingId: booking!.id, type: "rescheduled", actor: "client", fromDatetime: at, toDatetime: new Date(at.getTime() + 3_600_000), reason: null });
    await tx.insert(sqliteSchema.bookingReminders).values({ bookingId: booking!.id, scheduledDatetime: booking!.scheduledDatetime, sentAt: at });
    await tx.insert(sqliteSchema.calendarFeedTokens).values({ userId: user!.id, tokenHash: "hash" });
    await tx.insert(sqliteSchema.adminAuditLog).values({ actor: "admin", action: "suspend", targetType: "user", targetId: user!.id, detail: "line\nbreak" });
    await tx.insert(sqliteSchema.adminGateSessions).values({ sid: "gate-1", kind: "dashboard", expire: at });
  });
  const started = performance.now();
  report = await migrateToPostgres(urlFor(MOVE), { databasePath: source.path });
  movedMs = performance.now() - started;
  console.log(formatReport(report));
  console.log(`migrateToPostgres: ${movedMs.toFixed(0)} ms`);
}, 120_000);

afterAll(async () => {
  source?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
  for (const name of [MOVE, FROM]) await admin?.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin?.close();
});

const sqliteTables = (Object.values(sqliteSchema) as unknown[]).filter((t) => is(t, SQLiteTable)) as SQLiteTable[];
const pgTables = new Map(((Object.values(pgSchema) as unknown[]).filter((t) => is(t, PgTable)) as PgTable[]).map((t) => [getTableName(t), t]));

describe("migrate-to-postgres", () => {
  test("copies every table and verifies each one's count and checksum", () => {
    expect(report.ok).toBe(true);
    const names = report.tables.map((r) => r.table);
    for (const table of sqliteTables) expect(names).toContain(getTableName(table));
    for (const result of report.tables) {
      expect(result.postgresRows).toBe(result.sqliteRows);
      expect(result.postgresChecksum).toBe(result.sqliteChecksum);
    }
    expect(report.tables.find((r) => r.table === "users")!.sqliteRows).toBeGreaterThan(50);
    expect(report.tables.find((r) => r.table === "outbox")!.sqliteRows).toBe(1);
    expect(report.derived).toEqual(["garden_search", "practitioner_search", "practitioner_substring"]);
  });

  test("every row reads the same through both engines' schemas (sorted by primary key)", async () => {
    const client = new SQL({ url: urlFor(MOVE), max: 2 });
    const pg = drizzle({ client, schema: pgSchema, casing: "snake_case" });
    try {
      let compared = 0;
      for (const table of sqliteTables) {
        const name = getTableName(table);
        const pgTable = pgTables.get(name);
        expect(pgTable, name).toBeDefined();
        const config = getSqliteTableConfig(table);
        const keyColumns = config.primaryKeys[0]?.columns ?? config.columns.filter((c) => c.primary);
        const keys = keyColumns.map((c) => Object.entries(table).find(([, column]) => column === c)![0]);
        const pgColumns = getPgTableConfig(pgTable!).columns;
        // `real` columns are 4-byte floats on PostgreSQL (the twin's declared type): compared at that precision
        const floats = Object.entries(pgTable!).filter(([, column]) => pgColumns.includes(column as never) && (column as { getSQLType(): string }).getSQLType() === "real").map(([key]) => key);
        const order = (rows: Record<string, unknown>[]) =>
          rows
            .map((row) => {
              const copy = { ...row };
              for (const key of floats) if (typeof copy[key] === "number") copy[key] = Math.fround(copy[key] as number);
              return copy;
            })
            .sort((a, b) => {
              const ka = canonicalJson(keys.map((k) => a[k] instanceof Date ? (a[k] as Date).getTime() : a[k]));
              const kb = canonicalJson(keys.map((k) => b[k] instanceof Date ? (b[k] as Date).getTime() : b[k]));
              return ka < kb ? -1 : ka > kb ? 1 : 0;
            });
        const fromSqlite = order((await source.db.select().from(table as never)) as Record<string, unknown>[]);
        const fromPostgres = order((await pg.select().from(pgTable as never)) as Record<string, unknown>[]);
        expect(fromPostgres.length, name).toBe(fromSqlite.length);
        for (let i = 0; i < fromSqlite.length; i++) expect(fromPostgres[i], `${name} row ${i}`).toEqual(fromSqlite[i]!);
        compared += fromSqlite.length;
      }
      expect(compared).toBe(report.rows);
    } finally {
      await client.close();
    }
  });

  test("the triggers ran on nothing copied, and work again afterwards; sequences continue after the copied maximum", async () => {
    const client = new SQL({ url: urlFor(MOVE), max: 1 });
    const pg = drizzle({ client, schema: pgSchema, casing: "snake_case" });
    try {
      const [sqliteVersions] = await source.db.select().from(sqliteSchema.practitionerDirectoryVersion);
      const [pgVersions] = await pg.select().from(pgSchema.practitionerDirectoryVersion);
      expect(pgVersions!.version).toBe(sqliteVersions!.version);
      const [maxDoc] = await pg.select({ m: sql<number>`max(${pgSchema.gardenContent.searchDocId})::int` }).from(pgSchema.gardenContent);
      const [author] = await pg.select().from(pgSchema.users).limit(1);
      const [piece] = await pg
        .insert(pgSchema.gardenContent)
        .values({ authorId: author!.id, title: "After the move", contentType: "article", status: "approved", isPublic: true, tags: ["moved"] })
        .returning();
      // the BEFORE INSERT trigger is on again, and its sequence continues after the copied ids
      expect(piece!.searchDocId).toBe(maxDoc!.m + 1);
      expect(piece!.category).toBe("insights");
      const [user] = await pg.insert(pgSchema.users).values({ email: `after-move-${process.pid}@example.com`, isEmailVerified: true }).returning();
      const [practitioner] = await pg.insert(pgSchema.practitioners).values({ userId: user!.id, archetype: "bee", experienceLevel: "wise", bio: "moved" }).returning();
      const [listed] = await pg.select().from(pgSchema.practitionerDirectory).where(eq(pgSchema.practitionerDirectory.practitionerId, practitioner!.id));
      const [maxListed] = await source.db.select({ m: sql<number>`max(${sqliteSchema.practitionerDirectory.docId})` }).from(sqliteSchema.practitionerDirectory);
      expect(listed!.docId).toBe(maxListed!.m + 1);
      const [after] = await pg.select().from(pgSchema.practitionerDirectoryVersion);
      expect(after!.version).toBe(sqliteVersions!.version + 1);
    } finally {
      await client.close();
    }
  });

  test("what PostgreSQL derives for the search (migration 0012) is filled after the copy: every directory row's vector, every word", async () => {
    const client = new SQL({ url: urlFor(MOVE), max: 1 });
    try {
      const [row] = await client.unsafe(
        `SELECT count(*)::int AS listed, count(*) FILTER (WHERE d.search_vector IS NOT DISTINCT FROM p.search_vector)::int AS filled,
           (SELECT count(*)::int FROM practitioner_search_terms) AS terms,
           (SELECT count(DISTINCT w)::int FROM practitioners, unnest(tsvector_to_array(search_vector)) w) AS words
         FROM practitioner_directory d JOIN practitioners p ON p.id = d.practitioner_id`,
      );
      expect(row.listed).toBeGreaterThan(0);
      expect(row.filled).toBe(row.listed);
      expect(row.terms).toBe(row.words);
    } finally {
      await client.close();
    }
  });

  test("refuses a database that is not empty, with a sentence saying so", async () => {
    const error = await migrateToPostgres(urlFor(MOVE), { databasePath: source.path }).catch((e) => e);
    expect(error).toBeInstanceOf(MigrationRefused);
    expect(error.message).toMatch(/^The PostgreSQL database pollinate_scale_move_\d+ is not empty \(.*clients: 16 rows.*\)\. migrate-to-postgres copies into an empty database only/);
  });

  test("--from: moves a backup file, leaving the file as it was", async () => {
    const backup = join(folder, "backup.db");
    copyLiveDatabase(source.path, backup);
    const before = await Bun.file(backup).bytes();
    const fromBackup = await migrateToPostgres(urlFor(FROM), { from: backup });
    expect(fromBackup.ok).toBe(true);
    expect(fromBackup.tables.map((r) => r.sqliteChecksum)).toEqual(report.tables.map((r) => r.sqliteChecksum));
    expect(Buffer.compare(Buffer.from(await Bun.file(backup).bytes()), Buffer.from(before))).toBe(0);
  }, 60_000);

  test("normalised values: one moment, one boolean, one JSON whatever the engine's form", () => {
    expect(normalise("timestamp", 1772445600123)).toBe(normalise("timestamp", new Date("2026-03-02T10:00:00.123Z")));
    expect(normalise("boolean", 1)).toBe(normalise("boolean", true));
    expect(normalise("json", '{"b":1,"a":[1,"x"]}')).toBe(normalise("json", { a: [1, "x"], b: 1 }));
    expect(normalise("float4", 4.83)).toBe(normalise("float4", 4.829999923706055));
    expect(normalise("integer", "9007199254740991")).toBe(9007199254740991);
  });
});
