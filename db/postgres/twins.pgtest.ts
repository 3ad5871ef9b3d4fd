/**
 * The ported triggers against their SQLite twins, side by side: one scenario of writes (profiles
 * listed and unlisted, accounts verified, suspended and reinstated, Garden pieces coming, changing
 * and going, sessions and roles) runs through drizzle on a fresh SQLite file migrated by
 * db/migrations and on a fresh PostgreSQL database migrated by db/postgres/migrations; after each
 * step, what the triggers keep (the directory, its version, the visible counts, the categories,
 * the session version) must read the same. `npm run test:postgres`, not `npm test`.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { SQL } from "bun";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq, sum } from "drizzle-orm";
import { drizzle as drizzleSqlite } from "drizzle-orm/bun-sqlite";
import { migrate as migrateSqlite } from "drizzle-orm/bun-sqlite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/bun-sql";
import { migrate as migratePostgres } from "drizzle-orm/bun-sql/migrator";
import * as sqliteSchema from "../schema/tables";
import * as postgresSchema from "./schema";

const BASE_URL = process.env.PG_URL ?? "postgres://pollinate:pollinate@127.0.0.1:5432";
const DATABASE = `pollinate_pg_twins_${process.pid}`;

function urlFor(database: string): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

// The scenario is written once against the tables of either schema: same names, same row types
// (db/postgres/schema-drift.test.ts), so drizzle's builders take the same calls.
type Schema = typeof postgresSchema;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = any;

interface Engine {
  name: string;
  db: AnyDb;
  s: Schema;
}

let folder: string;
let sqlite: Database;
let admin: SQL;
let client: SQL;
let engines: Engine[];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "pollinate-twins-"));
  sqlite = new Database(join(folder, "twins.db"), { create: true, strict: true });
  sqlite.exec("PRAGMA foreign_keys = ON");
  const liteDb = drizzleSqlite({ client: sqlite, schema: sqliteSchema, casing: "snake_case" });
  migrateSqlite(liteDb, { migrationsFolder: join(import.meta.dir, "../migrations") });

  admin = new SQL({ url: urlFor("postgres"), max: 1 });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${DATABASE}`);
  client = new SQL({ url: urlFor(DATABASE), max: 2 });
  const pgDb = drizzlePostgres({ client, schema: postgresSchema, casing: "snake_case" });
  await migratePostgres(pgDb, { migrationsFolder: join(import.meta.dir, "migrations") });

  engines = [
    { name: "sqlite", db: liteDb, s: sqliteSchema as unknown as Schema },
    { name: "postgres", db: pgDb, s: postgresSchema },
  ];
});

afterAll(async () => {
  sqlite?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
  await client?.close();
  await admin?.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin?.close();
});

/** What the triggers keep, read the same way on both engines. */
async function snapshot({ db, s }: Engine) {
  const directory = await db
    .select({
      practitionerId: s.practitionerDirectory.practitionerId,
      archetype: s.practitionerDirectory.archetype,
      experienceLevel: s.practitionerDirectory.experienceLevel,
      experienceRank: s.practitionerDirectory.experienceRank,
      hourlyRateCents: s.practitionerDirectory.hourlyRateCents,
      totalSessions: s.practitionerDirectory.totalSessions,
      isFeatured: s.practitionerDirectory.isFeatured,
    })
    .from(s.practitionerDirectory)
    .orderBy(asc(s.practitionerDirectory.practitionerId));
  const [directoryVersion] = await db.select({ v: s.practitionerDirectoryVersion.version }).from(s.practitionerDirectoryVersion);
  const [sessionVersion] = await db.select({ v: sum(s.sessionDataVersion.version) }).from(s.sessionDataVersion);
  const counts = (
    await db
      .select()
      .from(s.gardenVisibleCounts)
      .orderBy(asc(s.gardenVisibleCounts.contentType), asc(s.gardenVisibleCounts.category))
  ).filter((c: { n: number }) => c.n !== 0);
  const garden = (
    await db
      .select({ id: s.gardenContent.id, category: s.gardenContent.category, searchDocId: s.gardenContent.searchDocId })
      .from(s.gardenContent)
      .orderBy(asc(s.gardenContent.id))
  ).map((g: { id: string; category: string | null; searchDocId: number | null }) => ({ id: g.id, category: g.category, hasDocId: g.searchDocId !== null }));
  return { directory, directoryVersion: Number(directoryVersion.v), sessionVersion: Number(sessionVersion.v), counts, garden };
}

type Step = [name: string, run: (e: Engine) => Promise<unknown>];

const steps: Step[] = [
  [
    "three accounts (verified, unverified, suspended) and their profiles",
    async ({ db, s }) => {
      await db.insert(s.users).values([
        { id: "u1", email: "u1@example.com", isEmailVerified: true },
        { id: "u2", email: "u2@example.com", isEmailVerified: false },
        { id: "u3", email: "u3@example.com", isEmailVerified: true, suspendedAt: new Date(Date.UTC(2026, 0, 1)) },
        { id: "u4", email: "u4@example.com", isEmailVerified: true },
      ]);
      for (const [id, userId, level] of [["p1", "u1", "wise"], ["p2", "u2", "rising"], ["p3", "u3", "evolving"], ["p4", "u4", "rising"]] as const) {
        await db.insert(s.practitioners).values({ id, userId, archetype: "bee", experienceLevel: level, hourlyRateCents: 5000, specializations: ["Healing"] });
      }
    },
  ],
  ["a listed profile's rate and level change", ({ db, s }) => db.update(s.practitioners).set({ hourlyRateCents: 9000, experienceLevel: "evolving" }).where(eq(s.practitioners.id, "p1"))],
  ["a listed profile's sessions and featured flag change", ({ db, s }) => db.update(s.practitioners).set({ totalSessions: 12, isFeatured: true }).where(eq(s.practitioners.id, "p1"))],
  ["a listed profile's bio changes (no directory column)", ({ db, s }) => db.update(s.practitioners).set({ bio: "New words" }).where(eq(s.practitioners.id, "p1"))],
  ["an unlisted profile changes", ({ db, s }) => db.update(s.practitioners).set({ totalSessions: 7 }).where(eq(s.practitioners.id, "p2"))],
  ["u2 verifies its address", ({ db, s }) => db.update(s.users).set({ isEmailVerified: true }).where(eq(s.users.id, "u2"))],
  ["u1 is suspended", ({ db, s }) => db.update(s.users).set({ suspendedAt: new Date(Date.UTC(2026, 1, 1)) }).where(eq(s.users.id, "u1"))],
  ["u1 is reinstated", ({ db, s }) => db.update(s.users).set({ suspendedAt: null }).where(eq(s.users.id, "u1"))],
  ["u3 is reinstated", ({ db, s }) => db.update(s.users).set({ suspendedAt: null }).where(eq(s.users.id, "u3"))],
  ["u2 loses its verification", ({ db, s }) => db.update(s.users).set({ isEmailVerified: false }).where(eq(s.users.id, "u2"))],
  ["a name changes (no listing change)", ({ db, s }) => db.update(s.users).set({ firstName: "Ada" }).where(eq(s.users.id, "u1"))],
  ["p4 is deleted", ({ db, s }) => db.delete(s.practitioners).where(eq(s.practitioners.id, "p4"))],
  [
    "Garden pieces come",
    async ({ db, s }) => {
      await db.insert(s.gardenContent).values({ id: "g1", authorId: "u1", title: "Sit", contentType: "meditation", status: "approved" });
      await db.insert(s.gardenContent).values({ id: "g2", authorId: "u1", title: "Story", contentType: "article", status: "pending", tags: ["Success Story"] });
      await db.insert(s.gardenContent).values({ id: "g3", authorId: "u3", title: "Stretch", contentType: "exercise", status: "approved" });
      await db.insert(s.gardenContent).values({ id: "g4", authorId: "u3", title: "Hidden", contentType: "audio", status: "approved", isPublic: false });
    },
  ],
  ["a piece's tags make it a success story", ({ db, s }) => db.update(s.gardenContent).set({ tags: ["success-story"] }).where(eq(s.gardenContent.id, "g3"))],
  ["a piece goes back to pending", ({ db, s }) => db.update(s.gardenContent).set({ status: "pending" }).where(eq(s.gardenContent.id, "g1"))],
  ["a pending piece is approved", ({ db, s }) => db.update(s.gardenContent).set({ status: "approved" }).where(eq(s.gardenContent.id, "g2"))],
  ["a hidden piece is made public", ({ db, s }) => db.update(s.gardenContent).set({ isPublic: true }).where(eq(s.gardenContent.id, "g4"))],
  ["a piece changes type", ({ db, s }) => db.update(s.gardenContent).set({ contentType: "video", tags: [] }).where(eq(s.gardenContent.id, "g2"))],
  ["a piece is viewed (no count change)", ({ db, s }) => db.update(s.gardenContent).set({ viewCount: 3 }).where(eq(s.gardenContent.id, "g2"))],
  ["a piece is deleted", ({ db, s }) => db.delete(s.gardenContent).where(eq(s.gardenContent.id, "g3"))],
  [
    "sessions and roles come, change and go",
    async ({ db, s }) => {
      const sess = { userId: "u1", createdAt: "2026-01-01T00:00:00.000Z" };
      await db.insert(s.sessions).values({ sid: "s1", sess, expire: new Date(Date.UTC(2027, 0, 1)), userId: "u1" });
      await db.insert(s.sessions).values({ sid: "s2", sess, expire: new Date(Date.UTC(2027, 0, 1)), userId: "u3" });
      await db.update(s.sessions).set({ expire: new Date(Date.UTC(2027, 0, 2)) }).where(eq(s.sessions.sid, "s1"));
      await db.delete(s.sessions).where(eq(s.sessions.sid, "s1"));
      await db.insert(s.userRoles).values({ id: "r1", userId: "u3", role: "practitioner" });
      await db.update(s.userRoles).set({ role: "admin" }).where(eq(s.userRoles.id, "r1"));
    },
  ],
  ["u3 is deleted (its profile, pieces, session and role go by cascade)", ({ db, s }) => db.delete(s.users).where(eq(s.users.id, "u3"))],
];

test("each step of the scenario leaves the same directory, versions, counts and categories on both engines", async () => {
  const differences: string[] = [];
  const timeline: Record<string, unknown>[] = [];
  for (const [name, run] of steps) {
    const seen: Record<string, unknown> = {};
    for (const engine of engines) {
      await run(engine);
      seen[engine.name] = await snapshot(engine);
    }
    if (JSON.stringify(seen.sqlite) !== JSON.stringify(seen.postgres)) {
      differences.push(`after "${name}":\n  sqlite   ${JSON.stringify(seen.sqlite)}\n  postgres ${JSON.stringify(seen.postgres)}`);
    }
    timeline.push(seen.sqlite as Record<string, unknown>);
  }
  expect(differences).toEqual([]);
  // the scenario did move what it meant to move
  const last = timeline.at(-1) as { directory: { practitionerId: string }[]; sessionVersion: number; directoryVersion: number };
  expect(last.directory.map((d) => d.practitionerId)).toEqual(["p1"]);
  expect(last.directoryVersion).toBeGreaterThan(5);
  expect(last.sessionVersion).toBeGreaterThan(10);
});
