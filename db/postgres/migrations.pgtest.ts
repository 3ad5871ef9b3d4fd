/**
 * The PostgreSQL migrations on a fresh database: `npm run test:postgres` (docs/decisions/025-postgresql-driver.md).
 * Not part of `npm test` (bun test only collects *.test.ts files; this one is run by path). Needs a
 * PostgreSQL server: PG_URL, default postgres://pollinate:pollinate@127.0.0.1:5432 (a role with
 * CREATEDB). It creates pollinate_pg_test_<pid>, applies db/postgres/migrations through drizzle's
 * migrator on Bun's SQL client, checks the exclusion constraint, each ported trigger against what
 * its SQLite twin does, the search columns, and drops the database.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sql";
import { migrate } from "drizzle-orm/bun-sql/migrator";
import * as schema from "./schema";
import { tablesOf } from "./schema-drift";
import { DERIVED_SEARCH } from "./practitioner-search";

const BASE_URL = process.env.PG_URL ?? "postgres://pollinate:pollinate@127.0.0.1:5432";
const DATABASE = `pollinate_pg_test_${process.pid}`;

function urlFor(database: string): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

let admin: SQL;
let client: SQL;
let db: ReturnType<typeof drizzle<typeof schema>>;

beforeAll(async () => {
  admin = new SQL({ url: urlFor("postgres"), max: 1 });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${DATABASE}`);
  client = new SQL({ url: urlFor(DATABASE), max: 4 });
  db = drizzle({ client, schema, casing: "snake_case" });
  await migrate(db, { migrationsFolder: join(import.meta.dir, "migrations") });
});

afterAll(async () => {
  await client?.close();
  await admin?.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return [...((await db.execute(query)) as unknown as T[])];
}

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rows<T>(query);
  return row as T;
}

let counter = 0;
async function createUser(options: { verified?: boolean; suspended?: boolean } = {}) {
  const [user] = await db
    .insert(schema.users)
    .values({
      email: `user${++counter}-${process.pid}@example.com`,
      isEmailVerified: options.verified ?? true,
      suspendedAt: options.suspended ? new Date() : null,
    })
    .returning();
  return user!;
}

async function createPractitioner(userId: string, values: Partial<typeof schema.practitioners.$inferInsert> = {}) {
  const [practitioner] = await db
    .insert(schema.practitioners)
    .values({
      userId,
      archetype: "bee",
      experienceLevel: "evolving",
      bio: "I listen.",
      specializations: ["Somatic healing", "Psychotherapy"],
      professionalCategories: ["Counselling"],
      location: "Österreich",
      hourlyRateCents: 8500,
      ...values,
    })
    .returning();
  return practitioner!;
}

async function listed(practitionerId: string) {
  return rows<{ doc_id: number; hourly_rate_cents: number | null; experience_rank: number }>(
    sql`select doc_id, hourly_rate_cents, experience_rank from practitioner_directory where practitioner_id = ${practitionerId}`,
  );
}

async function directoryVersion(): Promise<number> {
  return Number((await one<{ version: string | number }>(sql`select version from practitioner_directory_version where id = 1`)).version);
}

async function sessionVersion(): Promise<number> {
  return Number((await one<{ version: string | number }>(sql`select sum(version) as version from session_data_version`)).version);
}

/** The SQLSTATE of a failed query (Bun's client puts it in errno; drizzle wraps the error). */
async function sqlState(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { errno?: string; code?: string } }).cause ?? (error as { errno?: string });
    return (cause as { errno?: string }).errno ?? (cause as { code?: string }).code;
  }
}

describe("PostgreSQL migrations on a fresh database", () => {
  test("apply: the tables, the 22 ported triggers and the 2 of the search words, the extensions and the rows SQLite's migrations insert", async () => {
    const tables = await rows<{ n: number }>(sql`select count(*)::int as n from pg_tables where schemaname = 'public'`);
    // every table of the schema twin, and no other but the search's own words (migration 0012: as SQLite's FTS5 tables, no twin)
    expect(tables[0]!.n).toBe(tablesOf(schema, "postgres").size + DERIVED_SEARCH.tables.length);
    const triggers = await rows<{ tgname: string }>(sql`select tgname from pg_trigger where not tgisinternal order by tgname`);
    expect(triggers.map((t) => t.tgname)).toEqual([
      "garden_content_after_insert",
      "garden_content_after_text_update",
      "garden_counts_after_delete",
      "garden_counts_after_insert",
      "garden_counts_after_update",
      "practitioner_directory_version_delete",
      "practitioner_directory_version_insert",
      "practitioner_directory_version_update",
      "practitioners_search_delete",
      "practitioners_search_insert",
      "practitioners_search_update",
      "practitioners_terms_insert",
      "practitioners_terms_update",
      "sessions_session_version_delete",
      "sessions_session_version_insert",
      "sessions_session_version_update",
      "user_roles_session_version_delete",
      "user_roles_session_version_insert",
      "user_roles_session_version_update",
      "users_listed_lists_practitioner",
      "users_session_version_delete",
      "users_session_version_insert",
      "users_session_version_update",
      "users_unlisted_unlists_practitioner",
    ]);
    const extensions = await rows<{ extname: string }>(sql`select extname from pg_extension where extname in ('btree_gist', 'pg_trgm', 'unaccent') order by 1`);
    expect(extensions.map((e) => e.extname)).toEqual(["btree_gist", "pg_trgm", "unaccent"]);
    const tiers = await db.select().from(schema.pollinatorTiers).orderBy(schema.pollinatorTiers.requiredSeeds);
    expect(tiers.map((t) => t.tier)).toEqual(["seedling", "sprout", "blooming", "wise_garden"]);
    expect(Array.isArray(tiers[1]!.benefits)).toBe(true);
    expect(tiers[1]!.benefits).toEqual(["The Sprout badge beside your Seeds in the Garden and in your wallet", "Everything in Seedling"]);
  });

  test("row values: Dates with milliseconds, jsonb lists stored as arrays, booleans", async () => {
    const user = await createUser();
    const practitioner = await createPractitioner(user.id);
    expect(user.createdAt).toBeInstanceOf(Date);
    expect(user.isEmailVerified).toBe(true);
    expect(practitioner.specializations).toEqual(["Somatic healing", "Psychotherapy"]);
    const stored = await one<{ t: string }>(sql`select jsonb_typeof(specializations) as t from practitioners where id = ${practitioner.id}`);
    expect(stored.t).toBe("array");
    const at = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678));
    await db.update(schema.users).set({ suspendedAt: at }).where(eq(schema.users.id, user.id));
    const [read] = await db.select({ suspendedAt: schema.users.suspendedAt }).from(schema.users).where(eq(schema.users.id, user.id));
    expect(read!.suspendedAt!.getTime()).toBe(at.getTime());
  });

  describe("no double booking: the exclusion constraint bookings_no_overlap", () => {
    const start = new Date(Date.UTC(2027, 2, 1, 10, 0));
    const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
    let clientId: string;
    let practitionerId: string;
    const book = (at: Date, values: Partial<typeof schema.bookings.$inferInsert> = {}) =>
      db.insert(schema.bookings).values({ clientId, practitionerId, scheduledDatetime: at, duration: 60, totalAmountCents: 8500, isVirtual: true, ...values });

    beforeAll(async () => {
      clientId = (await createUser()).id;
      practitionerId = (await createPractitioner((await createUser()).id)).id;
      await book(start);
    });

    test("refuses a booking that overlaps another one of the same practitioner (23P01)", async () => {
      expect(await sqlState(book(minutes(30)))).toBe("23P01");
      expect(await sqlState(book(minutes(-30)))).toBe("23P01");
      expect(await sqlState(book(minutes(-90), { duration: 180 }))).toBe("23P01");
    });

    test("the same start is refused too (the unique index of the baseline answers first: 23505)", async () => {
      expect(await sqlState(book(start))).toBe("23505");
    });

    test("allows the next slot, another practitioner's, and a slot whose booking was cancelled", async () => {
      await book(minutes(60));
      const other = (await createPractitioner((await createUser()).id)).id;
      await db.insert(schema.bookings).values({ clientId, practitionerId: other, scheduledDatetime: minutes(30), totalAmountCents: 0, isVirtual: true });
      await book(minutes(150), { status: "cancelled" });
      await book(minutes(160));
      // and a cancelled booking may not come back over a live one
      expect(await sqlState(db.update(schema.bookings).set({ status: "scheduled" }).where(eq(schema.bookings.scheduledDatetime, minutes(150))))).toBe("23P01");
    });
  });

  describe("listing rules (SQLite 0003, 0004, 0012)", () => {
    test("practitioners_search_insert: a listed owner's new profile is in the directory; an unverified or suspended owner's is not", async () => {
      const listedOne = await createPractitioner((await createUser()).id, { experienceLevel: "wise" });
      expect(await listed(listedOne.id)).toEqual([expect.objectContaining({ hourly_rate_cents: 8500, experience_rank: 3 })]);
      expect(await listed((await createPractitioner((await createUser({ verified: false })).id)).id)).toEqual([]);
      expect(await listed((await createPractitioner((await createUser({ suspended: true })).id)).id)).toEqual([]);
    });

    test("practitioners_search_update: the directory row follows the profile", async () => {
      const p = await createPractitioner((await createUser()).id);
      await db.update(schema.practitioners).set({ hourlyRateCents: 12000, experienceLevel: "rising" }).where(eq(schema.practitioners.id, p.id));
      expect(await listed(p.id)).toEqual([expect.objectContaining({ hourly_rate_cents: 12000, experience_rank: 1 })]);
    });

    test("practitioners_search_delete: a deleted profile leaves the directory", async () => {
      const p = await createPractitioner((await createUser()).id);
      await db.delete(schema.practitioners).where(eq(schema.practitioners.id, p.id));
      expect(await listed(p.id)).toEqual([]);
    });

    test("users_listed_lists_practitioner and users_unlisted_unlists_practitioner: verify, suspend, reinstate, un-verify", async () => {
      const user = await createUser({ verified: false });
      const p = await createPractitioner(user.id);
      const setUser = (values: Partial<typeof schema.users.$inferInsert>) => db.update(schema.users).set(values).where(eq(schema.users.id, user.id));
      expect(await listed(p.id)).toHaveLength(0);
      await setUser({ isEmailVerified: true });
      expect(await listed(p.id)).toHaveLength(1);
      await setUser({ suspendedAt: new Date() });
      expect(await listed(p.id)).toHaveLength(0);
      await setUser({ suspendedAt: null });
      expect(await listed(p.id)).toHaveLength(1);
      await setUser({ firstName: "Ada" }); // neither column: no change
      expect(await listed(p.id)).toHaveLength(1);
      await setUser({ isEmailVerified: false });
      expect(await listed(p.id)).toHaveLength(0);
    });
  });

  test("practitioner_directory_version_insert/_update/_delete: one more for every change to the directory (SQLite 0009)", async () => {
    const before = await directoryVersion();
    const p = await createPractitioner((await createUser()).id);
    expect(await directoryVersion()).toBe(before + 1);
    await db.update(schema.practitioners).set({ totalSessions: 3 }).where(eq(schema.practitioners.id, p.id));
    expect(await directoryVersion()).toBe(before + 2);
    await db.delete(schema.practitioners).where(eq(schema.practitioners.id, p.id));
    expect(await directoryVersion()).toBe(before + 3);
    // an unlisted practitioner is not in the directory: its changes do not count
    const hidden = await createPractitioner((await createUser({ verified: false })).id);
    await db.update(schema.practitioners).set({ totalSessions: 4 }).where(eq(schema.practitioners.id, hidden.id));
    expect(await directoryVersion()).toBe(before + 3);
  });

  describe("the Garden (SQLite 0008, 0010)", () => {
    let authorId: string;
    beforeAll(async () => {
      authorId = (await createUser()).id;
    });
    const counts = async () =>
      Object.fromEntries(
        (await db.select().from(schema.gardenVisibleCounts)).filter((c) => c.n !== 0).map((c) => [`${c.contentType}/${c.category}`, c.n]),
      );
    const add = (values: Partial<typeof schema.gardenContent.$inferInsert>) =>
      db
        .insert(schema.gardenContent)
        .values({ authorId, title: "A piece", contentType: "article", ...values })
        .returning();

    test("garden_content_after_insert: a search doc id and a category from the type and tags", async () => {
      const [a] = await add({ contentType: "meditation" });
      const [b] = await add({ contentType: "article", tags: ["Success Story"] });
      const [c] = await add({ contentType: "video" });
      expect(a!.category).toBe("meditations");
      expect(b!.category).toBe("success-stories");
      expect(c!.category).toBe("resources");
      expect(new Set([a!.searchDocId, b!.searchDocId, c!.searchDocId]).size).toBe(3);
      expect(a!.searchDocId).toBeGreaterThan(0);
    });

    test("garden_counts_after_insert/_update/_delete and garden_content_after_text_update keep the visible counts", async () => {
      await db.delete(schema.gardenContent);
      expect(await counts()).toEqual({});
      const [piece] = await add({ contentType: "exercise", status: "approved" });
      await add({ contentType: "exercise", status: "pending" });
      await add({ contentType: "exercise", status: "approved", isPublic: false });
      expect(await counts()).toEqual({ "exercise/practical-tools": 1 });
      // tags only: the category changes in a BEFORE trigger, and the count moves with it
      await db.update(schema.gardenContent).set({ tags: ["success-story"] }).where(eq(schema.gardenContent.id, piece!.id));
      expect(await counts()).toEqual({ "exercise/success-stories": 1 });
      await db.update(schema.gardenContent).set({ contentType: "audio", tags: [] }).where(eq(schema.gardenContent.id, piece!.id));
      expect(await counts()).toEqual({ "audio/resources": 1 });
      await db.update(schema.gardenContent).set({ status: "pending" }).where(eq(schema.gardenContent.id, piece!.id));
      expect(await counts()).toEqual({});
      await db.update(schema.gardenContent).set({ status: "approved" }).where(eq(schema.gardenContent.id, piece!.id));
      expect(await counts()).toEqual({ "audio/resources": 1 });
      await db.update(schema.gardenContent).set({ viewCount: 5 }).where(eq(schema.gardenContent.id, piece!.id));
      expect(await counts()).toEqual({ "audio/resources": 1 });
      await db.delete(schema.gardenContent).where(eq(schema.gardenContent.id, piece!.id));
      expect(await counts()).toEqual({});
    });

    test("the search vector: word prefixes in title, tags and body", async () => {
      const [piece] = await add({ title: "Breathing for beginners", tags: ["calm"], content: "Slow exhalations" });
      const found = async (query: string) =>
        (await rows<{ id: string }>(sql`select id from garden_content where search_vector @@ to_tsquery('pollinate_words', ${query})`)).map((r) => r.id);
      expect(await found("breath:*")).toContain(piece!.id);
      expect(await found("calm")).toContain(piece!.id);
      expect(await found("exhal:*")).toContain(piece!.id);
      expect(await found("nothing:*")).not.toContain(piece!.id);
    });
  });

  test("practitioner search: word prefixes (tsvector) and substrings (pg_trgm), diacritics folded, listed only through the directory", async () => {
    const p = await createPractitioner((await createUser()).id, {
      specializations: ["Psychotherapy"],
      bio: "Healing through breath",
      location: "Zürich",
    });
    const hidden = await createPractitioner((await createUser({ verified: false })).id, { specializations: ["Psychotherapy"] });
    const prefix = async (query: string) =>
      (
        await rows<{ id: string }>(
          sql`select p.id from practitioners p join practitioner_directory d on d.practitioner_id = p.id where p.search_vector @@ to_tsquery('pollinate_words', ${query})`,
        )
      ).map((r) => r.id);
    const substring = async (text: string) =>
      (
        await rows<{ id: string }>(
          sql`select p.id from practitioners p join practitioner_directory d on d.practitioner_id = p.id where p.search_text like ${`%${text}%`}`,
        )
      ).map((r) => r.id);
    expect(await prefix("heal:*")).toContain(p.id);
    expect(await prefix("zurich")).toContain(p.id);
    expect(await prefix("grounding")).toContain(p.id); // the archetype's essence
    expect(await prefix("therapy:*")).not.toContain(p.id); // a prefix, not a substring
    expect(await substring("therapy")).toContain(p.id);
    expect(await substring("therapy")).not.toContain(hidden.id);
    expect(await substring("zuri")).toContain(p.id);
  });

  test("the nine session-version triggers: one more for every change to a session, a user or a role (SQLite 0011)", async () => {
    let expected = await sessionVersion();
    const step = async (work: Promise<unknown>, by = 1) => {
      await work;
      expected += by;
      expect(await sessionVersion()).toBe(expected);
    };
    const user = await createUser();
    expected += 1;
    expect(await sessionVersion()).toBe(expected);
    await step(db.update(schema.users).set({ firstName: "Grace" }).where(eq(schema.users.id, user.id)));
    await step(db.insert(schema.userRoles).values({ userId: user.id, role: "client" }));
    await step(db.update(schema.userRoles).set({ role: "practitioner" }).where(eq(schema.userRoles.userId, user.id)));
    await step(db.delete(schema.userRoles).where(eq(schema.userRoles.userId, user.id)));
    const sid = `sid-${process.pid}`;
    const sess = { userId: user.id, createdAt: new Date().toISOString() };
    await step(db.insert(schema.sessions).values({ sid, sess, expire: new Date(Date.now() + 3_600_000), userId: user.id }));
    const [session] = await db.select().from(schema.sessions).where(eq(schema.sessions.sid, sid));
    expect(session!.sess).toEqual(sess);
    await step(db.update(schema.sessions).set({ expire: new Date() }).where(eq(schema.sessions.sid, sid)));
    await step(db.delete(schema.sessions).where(eq(schema.sessions.sid, sid)));
    // deleting a user cascades to a session and a role: three changes
    await db.insert(schema.sessions).values({ sid, sess, expire: new Date(), userId: user.id });
    await db.insert(schema.userRoles).values({ userId: user.id, role: "client" });
    expected += 2;
    await step(db.delete(schema.users).where(eq(schema.users.id, user.id)), 3);
  });
});
