import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { atomic, first as firstRow } from "../../../db/client";
import { pollinatorTiers, seedsTransactions, seedsWallets } from "../../../db/schema";
import { POLLINATOR_TIER_DEFINITIONS, type ApiSeedsWallet, type MonthlyBonusResponse } from "../../../core/seeds";
import { DemoRandom } from "../../demo/demo-data";
import { createGardenContent, createPractitioner, createUser, type User } from "../../testing/factories";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";
import { recordSeeds } from "./service";
import { reviewGardenContent, shareGardenContent } from "../garden/service";

let t: TestApp;
let user: User;
let client: TestClient;

function signedIn(id: string): TestClient {
  const c = t.client();
  t.loginAs(c, id);
  return c;
}

/** Every wallet equals the sum of its ledger, its last balanceAfter and earned - spent. */
async function expectWalletsMatchLedgers() {
  const wallets = (await t.db.select().from(seedsWallets));
  for (const wallet of wallets) {
    const ledger = (await t.db.select().from(seedsTransactions).where(eq(seedsTransactions.userId, wallet.userId)).orderBy(asc(seedsTransactions.createdAt), asc(seedsTransactions.id)));
    let running = 0;
    for (const row of ledger) {
      running += row.amount;
      expect(row.balanceAfter).toBe(running);
    }
    expect(wallet.seedsBalance).toBe(running);
    expect(wallet.seedsBalance).toBe(wallet.totalEarned - wallet.totalSpent);
  }
  return wallets.length;
}

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium" });
  client = signedIn(user.id);
});
afterAll(() => t.cleanup());

describe("GET /api/seeds/wallet/{userId}", () => {
  test("an empty seedling wallet before the first Seeds (nothing written by the read)", async () => {
    const res = await client.get(`/api/seeds/wallet/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.json()).toEqual({ userId: user.id, seedsBalance: 0, currentTier: "Seedling", tier: "seedling", totalEarned: 0, totalSpent: 0, nextTierThreshold: 100, transactions: [] });
    expect((await firstRow(t.db.select().from(seedsWallets).where(eq(seedsWallets.userId, user.id))))).toBeUndefined();
  });

  test("that user or an admin only: another user 403, a visitor 401", async () => {
    const other = await createUser(t.db);
    const refused = await signedIn(other.id).get(`/api/seeds/wallet/${user.id}`);
    expect(refused.status).toBe(403);
    expect((await t.client().get(`/api/seeds/wallet/${user.id}`)).status).toBe(401);
    const admin = await createUser(t.db, { roles: ["admin"] });
    expect((await signedIn(admin.id).get(`/api/seeds/wallet/${user.id}`)).status).toBe(200);
    expect((await signedIn(admin.id).get(`/api/seeds/wallet/${"x".repeat(101)}`)).status).toBe(400);
    // an id that is nobody's is a 404, not an empty wallet of a user who does not exist
    const nobody = await signedIn(admin.id).get("/api/seeds/wallet/no-such-user");
    expect(nobody.status).toBe(404);
    expect(await nobody.json()).toEqual({ message: "User not found" });
  });

  test("crossing a threshold moves the tier and the next threshold in the same write", async () => {
    const now = t.clock.now;
    for (let i = 0; i < 4; i++) {
      await recordSeeds(t.db, { userId: user.id, amount: 25, type: "earned", reason: "garden_upload", description: "Shared", now, idempotencyKey: `test-${i}` });
    }
    const wallet = (await (await client.get(`/api/seeds/wallet/${user.id}`)).json()) as ApiSeedsWallet;
    expect(wallet).toMatchObject({ seedsBalance: 100, currentTier: "Sprout", tier: "sprout", totalEarned: 100, nextTierThreshold: 250 });
    expect(wallet.transactions.map((tr) => tr.balanceAfter)).toEqual([100, 75, 50, 25]);
  });
});

describe("POST /api/seeds/monthly-bonus", () => {
  test("practitioners only (visitor 401, client 403)", async () => {
    expect((await t.client().post("/api/seeds/monthly-bonus")).status).toBe(401);
    expect((await client.post("/api/seeds/monthly-bonus")).status).toBe(403);
  });

  test("100 concurrent identical claims pay once; the next calendar month pays again", async () => {
    const practitioner = (await createPractitioner(t.db)).userId;
    const c = signedIn(practitioner);
    const answers = await Promise.all(Array.from({ length: 100 }, () => c.post("/api/seeds/monthly-bonus")));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as MonthlyBonusResponse[];
    expect(bodies.filter((b) => b.granted)).toHaveLength(1);
    expect(bodies.find((b) => !b.granted)!.message).toBe("You have already received this month's bonus.");
    const ledger = (await t.db.select().from(seedsTransactions).where(eq(seedsTransactions.userId, practitioner)));
    expect(ledger.map((r) => r.amount)).toEqual([50]);
    t.clock.advance(32 * 24 * 60 * 60 * 1000);
    const next = (await (await signedIn(practitioner).post("/api/seeds/monthly-bonus")).json()) as MonthlyBonusResponse;
    expect(next.granted).toBe(true);
    expect(next.wallet.seedsBalance).toBe(100);
  });
});

describe("the ledger", () => {
  test("100 concurrent identical reward requests (one idempotency key) pay once", async () => {
    const someone = await createUser(t.db);
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        Promise.resolve().then(() => recordSeeds(t.db, { userId: someone.id, amount: 25, type: "earned", reason: "referral", description: "A friend joined", idempotencyKey: `referral:${someone.id}:friend-1`, now: t.clock.now })),
      ),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect((await t.db.select().from(seedsTransactions).where(eq(seedsTransactions.userId, someone.id)))).toHaveLength(1);
    expect((await firstRow(t.db.select().from(seedsWallets).where(eq(seedsWallets.userId, someone.id))))!.seedsBalance).toBe(25);
  });

  test("a unique index keeps a key paid once even when a writer skips the check", async () => {
    const someone = await createUser(t.db);
    const row = { userId: someone.id, amount: 5, type: "earned" as const, balanceAfter: 5, idempotencyKey: "direct-key" };
    await atomic(t.db, async (tx) => {
      await tx.insert(seedsTransactions).values(row);
    });
    await expect(
      atomic(t.db, async (tx) => {
        await tx.insert(seedsTransactions).values(row);
      }),
    ).rejects.toThrow();
  });

  test("a spend below zero is refused and writes nothing", async () => {
    const someone = await createUser(t.db);
    await recordSeeds(t.db, { userId: someone.id, amount: 10, type: "earned", description: "x", now: t.clock.now });
    await expect(recordSeeds(t.db, { userId: someone.id, amount: -11, type: "spent", description: "y", now: t.clock.now })).rejects.toThrow("Not enough Seeds");
    expect((await t.db.select().from(seedsTransactions).where(eq(seedsTransactions.userId, someone.id)))).toHaveLength(1);
  });

  test("after a random series of shares, rejections, approvals, rewards, spends and retries, every wallet equals its ledger", async () => {
    const random = new DemoRandom(0xc0ffee);
    const people: Pick<User, "id">[] = [];
    for (let i = 0; i < 4; i++) people.push(await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium" }));
    for (let i = 0; i < 2; i++) people.push({ id: (await createPractitioner(t.db)).userId });
    const pending: string[] = [];
    const usedKeys: string[] = [];
    for (let step = 0; step < 300; step++) {
      const person = random.pick(people);
      const now = new Date(t.clock.now.getTime() + step * 1000);
      const op = random.int(0, 5);
      try {
        if (op === 0) {
          const shared = await shareGardenContent(t.db, { id: person.id, isPractitioner: step % 3 === 0 }, { title: `S${step}`, description: null, content: "c", contentType: "article", tags: [] }, random.chance(0.3) ? `k-${random.int(0, 20)}` : null, now);
          if (shared.content.status === "pending") pending.push(shared.content.id);
        } else if (op === 1 && pending.length) {
          await reviewGardenContent(t.db, pending.splice(random.int(0, pending.length - 1), 1)[0], random.chance(0.5) ? "reject" : "approve", now);
        } else if (op === 2) {
          const key = random.chance(0.5) && usedKeys.length ? random.pick(usedKeys) : `reward-${step}`;
          usedKeys.push(key);
          await recordSeeds(t.db, { userId: person.id, amount: random.int(1, 60), type: random.pick(["earned", "reward", "gifted"] as const), description: "r", idempotencyKey: key, now });
        } else if (op === 3) {
          await recordSeeds(t.db, { userId: person.id, amount: -random.int(1, 80), type: "spent", description: "s", now });
        } else if (op === 4) {
          await recordSeeds(t.db, { userId: person.id, amount: random.int(1, 30), type: "refund", description: "f", now });
        } else {
          await recordSeeds(t.db, { userId: person.id, amount: 5, type: "earned", reason: "daily_login", description: "d", now });
        }
      } catch (error) {
        // a refused spend, a rate-limited share or a share key reused for other content is part of
        // the series; the books must still balance
        expect((error as Error).message).toMatch(/Not enough Seeds|sharing quickly|waiting for review|different request payload/);
      }
    }
    expect(await expectWalletsMatchLedgers()).toBeGreaterThan(6);
    // keys pay once: no key appears twice
    const keys = (await t.db.select({ key: seedsTransactions.idempotencyKey }).from(seedsTransactions)).map((r) => r.key).filter(Boolean);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("pollinator tiers", () => {
  test("the table seeded by the migration equals core/seeds.ts", async () => {
    const rows = (await t.db.select().from(pollinatorTiers).orderBy(asc(pollinatorTiers.requiredSeeds)));
    expect(rows.map((r) => ({ tier: r.tier, name: r.name, description: r.description, requiredSeeds: r.requiredSeeds, benefits: r.benefits, badgeColor: r.badgeColor, badgeIcon: r.badgeIcon }))).toEqual(
      POLLINATOR_TIER_DEFINITIONS.map((d) => ({ ...d, benefits: [...d.benefits] })),
    );
  });

  test("a rejected upload's reward reversal can drop the tier back", async () => {
    const author = await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium" });
    await recordSeeds(t.db, { userId: author.id, amount: 80, type: "earned", description: "x", now: t.clock.now });
    const shared = await shareGardenContent(t.db, { id: author.id, isPractitioner: false }, { title: "Crossing", description: null, content: "c", contentType: "article", tags: [] }, null, t.clock.now);
    expect((await firstRow(t.db.select().from(seedsWallets).where(eq(seedsWallets.userId, author.id))))!.currentTier).toBe("sprout");
    await reviewGardenContent(t.db, shared.content.id, "reject", t.clock.now);
    expect((await firstRow(t.db.select().from(seedsWallets).where(eq(seedsWallets.userId, author.id))))).toMatchObject({ currentTier: "seedling", seedsBalance: 80, nextTierThreshold: 100 });
    await createGardenContent(t.db, { authorId: author.id });
  });
});
