import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestDatabase, type TestDatabase } from "../src/testing/test-db";
import { createPractitioner, createUser } from "../src/testing/factories";
import { DEFAULT_BOOKING_DURATION } from "../core/constants";
import { readConnectionOf, withWriteConnection } from "./sqlite/testing";
import { DEFAULT_NEXT_TIER_THRESHOLD, GARDEN_DEFAULT_SEEDS_REWARD, POLLINATOR_TIER_DEFINITIONS } from "../core/seeds";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());
/** Reads outside a transaction (the read-only connection with POLLINATE_SEPARATE_READER=1). */
const reader = () => readConnectionOf(t.db);

const SPEC_TABLES = [
  "sessions",
  "users",
  "user_roles",
  "practitioners",
  "clients",
  "sessions_booking",
  "reviews",
  "survey_responses",
  "seeds_wallets",
  "seeds_transactions",
  "pollinator_tiers",
  "garden_content",
  "garden_interactions",
  "favorite_practitioners",
];

describe("schema and migrations on a fresh database", () => {
  test("every table of SPEC.md section 3 exists", () => {
    const names = reader()
      .query<{ name: string }, []>("select name from sqlite_master where type = 'table'")
      .all()
      .map((r) => r.name);
    for (const table of SPEC_TABLES) expect(names).toContain(table);
  });

  test("pragmas: WAL, foreign keys on", async () => {
    expect(reader().query<{ journal_mode: string }, []>("pragma journal_mode").get()?.journal_mode).toBe("wal");
    await withWriteConnection(t.db, (sqlite) => {
      expect(sqlite.query<{ foreign_keys: number }, []>("pragma foreign_keys").get()?.foreign_keys).toBe(1);
    });
    expect(reader().query<{ foreign_keys: number }, []>("pragma foreign_keys").get()?.foreign_keys).toBe(1);
  });

  test("columns are snake_case with the spec's defaults", async () => {
    const user = await withWriteConnection(t.db, (sqlite) =>
      sqlite.query<Record<string, unknown>, []>("insert into users (id, email) values ('u-defaults', 'defaults@example.com') returning *").get()!,
    );
    expect(user.is_email_verified).toBe(0);
    expect(user.subscription_status).toBe("free");
    expect(user.access_level).toBe("preview");
    expect(typeof user.created_at).toBe("number");
    const practitioner = await withWriteConnection(t.db, (sqlite) =>
      sqlite
        .query<Record<string, unknown>, []>("insert into practitioners (id, user_id, archetype, experience_level) values ('p-defaults', 'u-defaults', 'bee', 'rising') returning *")
        .get()!,
    );
    expect(practitioner.is_virtual).toBe(1);
    expect(practitioner.is_in_person).toBe(0);
    expect(practitioner.is_verified).toBe(0);
    expect(practitioner.is_featured).toBe(0);
    expect(practitioner.total_sessions).toBe(0);
    expect(practitioner.specializations).toBe("[]");
  });

  test("the spec's numeric defaults in SQL are core's constants (SPEC.md sections 3 and 9)", () => {
    const defaultOf = (table: string, column: string) =>
      reader().query<{ name: string; dflt_value: string | null }, []>(`pragma table_info(${table})`).all().find((c) => c.name === column)?.dflt_value;
    expect(defaultOf("seeds_wallets", "next_tier_threshold")).toBe(String(DEFAULT_NEXT_TIER_THRESHOLD));
    expect(DEFAULT_NEXT_TIER_THRESHOLD).toBe(POLLINATOR_TIER_DEFINITIONS[1].requiredSeeds);
    expect(defaultOf("garden_content", "seeds_reward")).toBe(String(GARDEN_DEFAULT_SEEDS_REWARD));
    expect(defaultOf("sessions_booking", "duration")).toBe(String(DEFAULT_BOOKING_DURATION));
  });

  test("enumerations are checked in SQL", async () => {
    const user = await createUser(t.db);
    await expect(
      withWriteConnection(t.db, (sqlite) => sqlite.query("insert into practitioners (id, user_id, archetype, experience_level) values ('bad', ?, 'wasp', 'rising')").run(user.id)),
    ).rejects.toThrow(/CHECK constraint failed/);
    await expect(withWriteConnection(t.db, (sqlite) => sqlite.query("update users set access_level = 'gold' where id = ?").run(user.id))).rejects.toThrow(/CHECK constraint failed/);
    await expect(withWriteConnection(t.db, (sqlite) => sqlite.query("insert into user_roles (id, user_id, role) values ('r', ?, 'owner')").run(user.id))).rejects.toThrow(/CHECK constraint failed/);
  });

  test("e-mail addresses are unique regardless of case", async () => {
    await createUser(t.db, { email: "Same@Example.com" });
    await expect(createUser(t.db, { email: "same@example.com" })).rejects.toThrow();
  });

  test("foreign keys are enforced and cascade from users", async () => {
    await expect(withWriteConnection(t.db, (sqlite) => sqlite.query("insert into user_roles (id, user_id, role) values ('r2', 'nobody', 'client')").run())).rejects.toThrow(/FOREIGN KEY/);
    const practitioner = await createPractitioner(t.db);
    await withWriteConnection(t.db, (sqlite) => sqlite.query("delete from users where id = ?").run(practitioner.userId));
    expect(reader().query("select 1 from practitioners where id = ?").get(practitioner.id)).toBeNull();
  });

  test("ratings stay within 1 to 5", async () => {
    const practitioner = await createPractitioner(t.db);
    const client = await createUser(t.db, { roles: ["client"] });
    await expect(
      withWriteConnection(t.db, (sqlite) => sqlite.query("insert into reviews (id, client_id, practitioner_id, rating) values ('rv', ?, ?, 6)").run(client.id, practitioner.id)),
    ).rejects.toThrow(/CHECK constraint failed/);
  });
});
