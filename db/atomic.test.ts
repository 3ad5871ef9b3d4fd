import { afterEach, beforeEach, expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import { atomic, first } from "./client";
import { openFreshDatabase, type FreshDatabase } from "./test-databases";
import { users } from "./schema";

// on the run's engine (SQLite by default; PostgreSQL in `npm run test:pg-suite`)
let opened: FreshDatabase;
beforeEach(async () => {
  opened = await openFreshDatabase();
});
afterEach(async () => {
  await opened.cleanup();
});

const countUsers = async () => (await opened.db.select({ n: count() }).from(users))[0].n;

test("awaited check-then-insert inside atomic: 200 concurrent claims of one address give exactly one row", async () => {
  const { db } = opened;
  const claims = Array.from({ length: 200 }, (_, i) =>
    atomic(db, async (tx) => {
      const taken = await first(tx.select({ id: users.id }).from(users).where(eq(users.email, "one@example.test")).limit(1));
      // a pause between the check and the write: without the lock, every claim would pass the check
      await new Promise((resolve) => setTimeout(resolve, i % 3));
      if (taken) return false;
      await tx.insert(users).values({ email: "one@example.test", firstName: `Claim ${i}` });
      return true;
    }),
  );
  const results = await Promise.all(claims);
  expect(results.filter(Boolean).length).toBe(1);
  expect(await countUsers()).toBe(1);
});

test("a throw rolls back every write of the transaction", async () => {
  const { db } = opened;
  await expect(
    atomic(db, async (tx) => {
      await tx.insert(users).values({ email: "a@example.test" });
      throw new Error("refused");
    }),
  ).rejects.toThrow("refused");
  expect(await countUsers()).toBe(0);
});

test("atomic(tx) nests as a savepoint: the inner failure undoes only the inner writes", async () => {
  const { db } = opened;
  await atomic(db, async (tx) => {
    await tx.insert(users).values({ email: "outer@example.test" });
    await atomic(tx, async (inner) => {
      await inner.insert(users).values({ email: "inner@example.test" });
      throw new Error("inner refused");
    }).catch(() => undefined);
  });
  const emails = (await opened.db.select({ email: users.email }).from(users)).map((u) => u.email);
  expect(emails).toEqual(["outer@example.test"]);
});

test("atomic(db) inside a transaction is refused instead of waiting for itself", async () => {
  const { db } = opened;
  await expect(atomic(db, async () => atomic(db, async () => 1))).rejects.toThrow(/pass the transaction's handle/);
});

test("outside atomic the handle is read-only: a stray write fails and changes nothing", async () => {
  const error = await Promise.resolve()
    .then(() => opened.db.insert(users).values({ email: "stray@example.test" }))
    .then(() => undefined, (e: unknown) => e as Error & { cause?: unknown });
  // SQLite: "attempt to write a readonly database"; PostgreSQL: "cannot execute INSERT in a read-only transaction" (drizzle's cause)
  expect(`${error?.message} ${String(error?.cause)}`).toMatch(/readonly|read-only/);
  expect(await countUsers()).toBe(0);
});

test("reads outside a transaction do not see its writes until it commits", async () => {
  const { db } = opened;
  let seenDuring = -1;
  await atomic(db, async (tx) => {
    await tx.insert(users).values({ email: "pending@example.test" });
    seenDuring = await countUsers();
  });
  expect(seenDuring).toBe(0);
  expect(await countUsers()).toBe(1);
});
