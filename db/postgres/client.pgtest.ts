/**
 * The draft PostgreSQL client (db/postgres/client.ts): `npm run test:postgres`, not `npm test`.
 * PG_URL, default postgres://pollinate:pollinate@127.0.0.1:5432 (a role with CREATEDB); creates and
 * drops pollinate_pg_client_<pid>.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { and, eq, sql } from "drizzle-orm";
import { atomicPostgres, openPostgres, type OpenedPostgres } from "./client";
import { isPostgresExclusionViolation, isPostgresUniqueViolation, postgresErrorCode } from "./errors";
import * as schema from "./schema";

const BASE_URL = process.env.PG_URL ?? "postgres://pollinate:pollinate@127.0.0.1:5432";
const DATABASE = `pollinate_pg_client_${process.pid}`;

function urlFor(database: string): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

let admin: SQL;
let opened: OpenedPostgres;

beforeAll(async () => {
  admin = new SQL({ url: urlFor("postgres"), max: 1 });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${DATABASE}`);
  opened = await openPostgres(urlFor(DATABASE), { max: 10 });
});

afterAll(async () => {
  await opened?.close();
  await admin?.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin?.close();
});

const counter = () =>
  opened.db
    .select({ n: schema.gardenVisibleCounts.n })
    .from(schema.gardenVisibleCounts)
    .where(and(eq(schema.gardenVisibleCounts.contentType, "article"), eq(schema.gardenVisibleCounts.category, "counter")));

describe("atomicPostgres", () => {
  beforeAll(async () => {
    await opened.db.insert(schema.gardenVisibleCounts).values({ contentType: "article", category: "counter", n: 0 });
  });

  test("a throw rolls the whole transaction back", async () => {
    await expect(
      atomicPostgres(opened.db, async (tx) => {
        await tx.update(schema.gardenVisibleCounts).set({ n: 99 }).where(eq(schema.gardenVisibleCounts.category, "counter"));
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    expect((await counter())[0]!.n).toBe(0);
  });

  test("called with the transaction's handle, it nests as a savepoint", async () => {
    await atomicPostgres(opened.db, async (tx) => {
      await tx.update(schema.gardenVisibleCounts).set({ n: 1 }).where(eq(schema.gardenVisibleCounts.category, "counter"));
      await expect(
        atomicPostgres(tx, async (inner) => {
          await inner.update(schema.gardenVisibleCounts).set({ n: 50 }).where(eq(schema.gardenVisibleCounts.category, "counter"));
          throw new Error("inner");
        }),
      ).rejects.toThrow("inner");
    });
    expect((await counter())[0]!.n).toBe(1);
    await opened.db.update(schema.gardenVisibleCounts).set({ n: 0 }).where(eq(schema.gardenVisibleCounts.category, "counter"));
  });

  test("serializable read-then-write by 8 concurrent callers: serialization failures are retried, no update is lost", async () => {
    let runs = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        atomicPostgres(
          opened.db,
          async (tx) => {
            runs++;
            const [row] = await tx
              .select({ n: schema.gardenVisibleCounts.n })
              .from(schema.gardenVisibleCounts)
              .where(eq(schema.gardenVisibleCounts.category, "counter"));
            await Bun.sleep(2); // let the others read the same value
            await tx.update(schema.gardenVisibleCounts).set({ n: row!.n + 1 }).where(eq(schema.gardenVisibleCounts.category, "counter"));
          },
          { isolationLevel: "serializable", attempts: 50 },
        ),
      ),
    );
    expect((await counter())[0]!.n).toBe(8);
    expect(runs).toBeGreaterThan(8); // some ran again after a 40001
  });
});

test("200 concurrent bookings of one slot at slightly different starts: exactly one succeeds, the exclusion constraint refuses the rest", async () => {
  const [client] = await opened.db.insert(schema.users).values({ email: `client-${process.pid}@example.com`, isEmailVerified: true }).returning();
  const [owner] = await opened.db.insert(schema.users).values({ email: `owner-${process.pid}@example.com`, isEmailVerified: true }).returning();
  const [practitioner] = await opened.db
    .insert(schema.practitioners)
    .values({ userId: owner!.id, archetype: "bee", experienceLevel: "wise" })
    .returning();
  const start = Date.UTC(2027, 5, 1, 9, 0);
  const outcomes = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      atomicPostgres(opened.db, async (tx) => {
        // a different millisecond each: the unique index on the start cannot tell them apart
        await tx.insert(schema.bookings).values({
          clientId: client!.id,
          practitionerId: practitioner!.id,
          scheduledDatetime: new Date(start + i * 1000),
          duration: 60,
          totalAmountCents: 1000,
          isVirtual: true,
        });
        return "booked";
      }).catch((error) => (isPostgresExclusionViolation(error) ? "overlap" : isPostgresUniqueViolation(error) ? "same start" : `other ${postgresErrorCode(error)} ${error}`)),
    ),
  );
  const tally = outcomes.reduce<Record<string, number>>((t, o) => ({ ...t, [o]: (t[o] ?? 0) + 1 }), {});
  expect(tally).toEqual({ booked: 1, overlap: 199 });
  const [stored] = await opened.db.select({ n: sql<number>`count(*)::int` }).from(schema.bookings).where(eq(schema.bookings.practitionerId, practitioner!.id));
  expect(stored!.n).toBe(1);
});
