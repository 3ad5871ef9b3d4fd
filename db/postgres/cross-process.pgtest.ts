/**
 * What several server processes (WORKERS) on one PostgreSQL database rely on, with two pools
 * standing for two processes: `npm run test:postgres`. PG_URL, default
 * postgres://pollinate:pollinate@127.0.0.1:5432; creates and drops pollinate_scale_cross_<pid>.
 *   - the outbox claim (FOR UPDATE SKIP LOCKED) never gives one row to two claimers;
 *   - a counter's check-and-count under the key's advisory lock holds a limit across both;
 *   - the version counters the session cache (decision 019) and the directory index (decision 017)
 *     compare on every request move, as read through the other process, when sessions, users,
 *     roles or listed practitioners change through one.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { and, count, eq, gt, sql, sum } from "drizzle-orm";
import { atomicPostgres, openPostgres, type OpenedPostgres, type PostgresDb } from "./client";
import { claimOutboxRowsPostgres } from "./outbox-claim";
import { lockKeyPostgres } from "./locks";
import * as schema from "./schema";
import { practitionersInOrder, searchDirectory } from "./practitioner-search";
import { effectiveSort, type DirectoryFilters } from "../../core/directory-params";
import type { Db } from "../client";

const BASE_URL = process.env.PG_URL ?? "postgres://pollinate:pollinate@127.0.0.1:5432";
const DATABASE = `pollinate_scale_cross_${process.pid}`;

function urlFor(database: string): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

let admin: SQL;
let one: OpenedPostgres;
let two: OpenedPostgres;

beforeAll(async () => {
  admin = new SQL({ url: urlFor("postgres"), max: 1 });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${DATABASE}`);
  one = await openPostgres(urlFor(DATABASE), { max: 6 });
  // read-only outside atomic, as the server's pool (openDatabase): a claim that wrote outside a transaction fails here
  two = await openPostgres(urlFor(DATABASE), { max: 6, migrate: false, readOnly: true });
});

afterAll(async () => {
  await one?.close();
  await two?.close();
  await admin?.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin?.close();
});

describe("two processes on one PostgreSQL database", () => {
  test("the outbox claim: 300 due e-mails drained by 8 claimers over two pools, each taken exactly once", async () => {
    const now = new Date();
    const rows = Array.from({ length: 300 }, (_, i) => ({
      id: Bun.randomUUIDv7(),
      kind: "email" as const,
      payload: { to: `person${i}@example.com`, subject: `Mail ${i}` },
      runAt: new Date(now.getTime() - 1_000 + i),
      createdAt: now,
    }));
    await one.db.insert(schema.outbox).values(rows);
    const taken: string[] = [];
    let passes = 0;
    const claimer = async (db: PostgresDb) => {
      for (;;) {
        const claimed = await claimOutboxRowsPostgres(db, now, 20, 30_000);
        passes++;
        if (claimed.length === 0) return;
        // in the order they were due
        const order = claimed.map((row) => rows.findIndex((r) => r.id === row.id));
        expect(order).toEqual([...order].sort((a, b) => a - b));
        taken.push(...claimed.map((row) => row.id));
        await Bun.sleep(Math.random() * 3);
      }
    };
    await Promise.all([one.db, two.db, one.db, two.db, one.db, two.db, one.db, two.db].map(claimer));
    expect(taken.length).toBe(300);
    expect(new Set(taken).size).toBe(300);
    expect(passes).toBeGreaterThanOrEqual(8 + 300 / 20);
    // a leased row is not due again until its lease ends
    expect(await claimOutboxRowsPostgres(two.db, now, 20, 30_000)).toEqual([]);
    const later = await claimOutboxRowsPostgres(two.db, new Date(now.getTime() + 31_000), 500, 30_000);
    expect(later.length).toBe(300);
  });

  test("a limit of 5 on one key holds for 40 simultaneous hits split between the two pools", async () => {
    const key = `signin:alternating-${process.pid}`;
    const at = new Date();
    const hit = (db: PostgresDb) =>
      atomicPostgres(db, async (tx) => {
        await lockKeyPostgres(tx, key);
        const [row] = await tx
          .select({ n: count() })
          .from(schema.limitEvents)
          .where(and(eq(schema.limitEvents.key, key), gt(schema.limitEvents.at, new Date(at.getTime() - 60_000))));
        if (row!.n >= 5) return false;
        await tx.insert(schema.limitEvents).values({ key, at, expiresAt: new Date(at.getTime() + 60_000) });
        return true;
      });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => hit(i % 2 ? one.db : two.db)));
    expect(results.filter(Boolean).length).toBe(5);
    const [stored] = await one.db.select({ n: count() }).from(schema.limitEvents).where(eq(schema.limitEvents.key, key));
    expect(stored!.n).toBe(5);
  });

  // the count is spread over shards (migration 0012): its value is their sum
  const sessionVersion = async (db: PostgresDb) => Number((await db.select({ v: sum(schema.sessionDataVersion.version) }).from(schema.sessionDataVersion))[0]!.v);
  const directoryVersion = async (db: PostgresDb) => (await db.select().from(schema.practitionerDirectoryVersion))[0]!.version;

  test("a session created, extended and deleted through one process moves the count the other compares", async () => {
    const start = await sessionVersion(two.db);
    const [user] = await one.db.insert(schema.users).values({ email: `cross-${process.pid}@example.com`, isEmailVerified: true }).returning();
    expect(await sessionVersion(two.db)).toBe(start + 1);
    const expire = new Date(Date.now() + 3_600_000);
    await one.db.insert(schema.sessions).values({ sid: `sid-${process.pid}`, sess: { userId: user!.id, createdAt: new Date().toISOString() }, expire, userId: user!.id });
    expect(await sessionVersion(two.db)).toBe(start + 2);
    await one.db.update(schema.sessions).set({ expire: new Date(expire.getTime() + 1_000) }).where(eq(schema.sessions.sid, `sid-${process.pid}`));
    expect(await sessionVersion(two.db)).toBe(start + 3);
    await one.db.insert(schema.userRoles).values({ userId: user!.id, role: "admin" });
    expect(await sessionVersion(two.db)).toBe(start + 4);
    await one.db.update(schema.users).set({ suspendedAt: new Date() }).where(eq(schema.users.id, user!.id));
    expect(await sessionVersion(two.db)).toBe(start + 5);
    // sign-out
    await one.db.delete(schema.sessions).where(eq(schema.sessions.sid, `sid-${process.pid}`));
    expect(await sessionVersion(two.db)).toBe(start + 6);
    // other tables leave it alone
    await one.db.insert(schema.outbox).values({ id: Bun.randomUUIDv7(), kind: "email", payload: {}, runAt: new Date() });
    expect(await sessionVersion(two.db)).toBe(start + 6);
  });

  test("200 sign-ins at once over both pools, each in its own serializable transaction, all commit and move the count by 200", async () => {
    const [user] = await one.db.insert(schema.users).values({ email: `burst-${process.pid}@example.com`, isEmailVerified: true }).returning();
    const start = await sessionVersion(two.db);
    const expire = new Date(Date.now() + 3_600_000);
    // one hot row took every sign-in's transaction through it: 200 at once ran out of retries
    const signIns = Array.from({ length: 200 }, (_, i) =>
      atomicPostgres(i % 2 ? one.db : two.db, async (tx) => {
        await tx.insert(schema.sessions).values({ sid: `burst-${process.pid}-${i}`, sess: { userId: user!.id, createdAt: new Date().toISOString() }, expire, userId: user!.id });
      }).then(
        () => "ok",
        (error: Error) => error.message,
      ),
    );
    const outcomes = await Promise.all(signIns);
    expect(outcomes.filter((o) => o !== "ok")).toEqual([]);
    expect(await sessionVersion(two.db)).toBe(start + 200);
  }, 60_000);

  test("a practitioner listed, changed and unlisted through one process moves the directory's version the other compares", async () => {
    const start = await directoryVersion(two.db);
    const [user] = await one.db.insert(schema.users).values({ email: `listed-${process.pid}@example.com`, isEmailVerified: true }).returning();
    const [practitioner] = await one.db
      .insert(schema.practitioners)
      .values({ userId: user!.id, archetype: "bee", experienceLevel: "wise", bio: "Through one process" })
      .returning();
    expect(await directoryVersion(two.db)).toBe(start + 1);
    const listed = await two.db.select().from(schema.practitionerDirectory).where(eq(schema.practitionerDirectory.practitionerId, practitioner!.id));
    expect(listed).toHaveLength(1);
    await one.db.update(schema.practitioners).set({ hourlyRateCents: 9_000 }).where(eq(schema.practitioners.id, practitioner!.id));
    expect(await directoryVersion(two.db)).toBe(start + 2);
    await one.db.update(schema.users).set({ suspendedAt: new Date() }).where(eq(schema.users.id, user!.id));
    expect(await directoryVersion(two.db)).toBe(start + 3);
    expect(await two.db.select().from(schema.practitionerDirectory).where(eq(schema.practitionerDirectory.practitionerId, practitioner!.id))).toHaveLength(0);
    // not until it commits: the other process sees the old version while the change is open
    await atomicPostgres(one.db, async (tx) => {
      await tx.update(schema.users).set({ suspendedAt: null }).where(eq(schema.users.id, user!.id));
      expect(await directoryVersion(two.db)).toBe(start + 3);
    });
    expect(await directoryVersion(two.db)).toBe(start + 4);
    const [{ n }] = (await two.db.execute(sql`select count(*)::int as n from practitioner_directory`)) as unknown as { n: number }[];
    expect(n).toBe(1);
  });

  test("a directory page read through the other process follows changes made through one: the kept count and rows are of the version the page was read at", async () => {
    const filters = (over: Partial<DirectoryFilters>): DirectoryFilters =>
      ({ q: "", archetype: null, level: null, minPrice: null, maxPrice: null, sort: null, session: null, page: 1, ...over }) as DirectoryFilters;
    const page = async (over: Partial<DirectoryFilters> = {}) => {
      const f = filters(over);
      const found = await searchDirectory(two.db as unknown as Db, { filters: f, sort: effectiveSort(f), visibleLimit: null, pageSize: 12 });
      const rows = await practitionersInOrder(two.db as unknown as Db, found.ids, found.version);
      return { found, rows };
    };
    const list = async (bio: string, archetype: "bee" | "beetle") => {
      const [user] = await one.db.insert(schema.users).values({ email: `dir-${bio.replace(/\W/g, "")}-${process.pid}@example.com`, isEmailVerified: true }).returning();
      const [row] = await one.db.insert(schema.practitioners).values({ userId: user!.id, archetype, experienceLevel: "wise", bio, createdAt: new Date(Date.now() + 60_000) }).returning();
      return row!;
    };
    const first = await page({ sort: "newest" });
    const beetlesBefore = await page({ archetype: "beetle" });
    // read again at the same version: one statement, the kept count and rows
    const again = await page({ sort: "newest" });
    expect(again.found.version).toBe(first.found.version!);
    expect(again.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));

    const added = await list("Listed through one", "beetle");
    const afterAdd = await page({ sort: "newest" });
    expect(afterAdd.found.total).toBe(first.found.total + 1);
    expect(afterAdd.rows[0]!.id).toBe(added.id);
    expect(afterAdd.rows[0]!.bio).toBe("Listed through one");
    expect((await page({ archetype: "beetle" })).found.total).toBe(beetlesBefore.found.total + 1);

    // a change to the row's text only: the kept row of the other process is not shown again
    await one.db.update(schema.practitioners).set({ bio: "Changed through one" }).where(eq(schema.practitioners.id, added.id));
    const afterEdit = await page({ sort: "newest" });
    expect(afterEdit.found.version!).toBeGreaterThan(afterAdd.found.version!);
    expect(afterEdit.rows[0]!.bio).toBe("Changed through one");

    // unlisted through one: gone from the other's count and page
    await one.db.update(schema.users).set({ suspendedAt: new Date() }).where(eq(schema.users.id, added.userId));
    const afterUnlist = await page({ sort: "newest" });
    expect(afterUnlist.found.total).toBe(first.found.total);
    expect(afterUnlist.rows.map((r) => r.id)).not.toContain(added.id);
    expect((await page({ archetype: "beetle" })).found.total).toBe(beetlesBefore.found.total);
  });
});
