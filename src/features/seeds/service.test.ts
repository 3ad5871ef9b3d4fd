/**
 * The Seeds functions other features call (the Garden's upload rewards) and the wallet's order:
 * they pay, reverse and read inside the caller's transaction, and only src/features/seeds
 * touches the Seeds tables.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { atomic, first as firstRow } from "../../../db/client";
import { seedsTransactions, seedsWallets } from "../../../db/schema";
import { PRACTITIONER_SEEDS_PER_UPLOAD, SEEDS_PER_UPLOAD, tierForSeeds, uploadRequestKey, uploadRewardKey } from "../../../core/seeds";
import { createGardenContent, createUser, type User } from "../../testing/factories";
import { createTestDatabase, type TestDatabase } from "../../testing/test-db";
import { awardUploadReward, claimMonthlyBonus, getWallet, monthlyBonusClaimed, recordSeeds, reverseUploadReward, seedsBalanceOf, uploadRewardForRequest } from "./service";

let t: TestDatabase;
const now = new Date(Date.UTC(2026, 2, 15, 12));

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const ledgerOf = async (userId: string) => (await t.db.select().from(seedsTransactions).where(eq(seedsTransactions.userId, userId)));

describe("the Garden's upload rewards", () => {
  let author: User;
  beforeAll(async () => {
    author = await createUser(t.db);
  });

  test("a share pays 25 Seeds (50 for a practitioner), keyed by the piece; paying it again pays nothing", async () => {
    const piece = await createGardenContent(t.db, { authorId: author.id, title: "Dawn", status: "pending" });
    expect(await seedsBalanceOf(t.db, author.id)).toBe(0);
    const paid = await atomic(t.db, (tx) => awardUploadReward(tx, { userId: author.id, isPractitioner: false, content: piece, requestKey: null, requestHash: null, now }));
    expect(paid).toEqual({ seedsBalance: SEEDS_PER_UPLOAD });
    const again = await atomic(t.db, (tx) => awardUploadReward(tx, { userId: author.id, isPractitioner: false, content: piece, requestKey: null, requestHash: null, now }));
    expect(again).toEqual({ seedsBalance: SEEDS_PER_UPLOAD });
    expect((await ledgerOf(author.id)).map((r) => [r.amount, r.idempotencyKey, r.referenceId, r.reason])).toEqual([[SEEDS_PER_UPLOAD, uploadRewardKey(piece.id), piece.id, "garden_upload"]]);

    const practitioner = await createUser(t.db, { roles: ["practitioner"] });
    const theirs = await createGardenContent(t.db, { authorId: practitioner.id, status: "pending" });
    await atomic(t.db, (tx) => awardUploadReward(tx, { userId: practitioner.id, isPractitioner: true, content: theirs, requestKey: null, requestHash: null, now }));
    expect(await seedsBalanceOf(t.db, practitioner.id)).toBe(PRACTITIONER_SEEDS_PER_UPLOAD);
  });

  test("with a request key the reward is keyed by it, keeps the request's fingerprint and is found again", async () => {
    const piece = await createGardenContent(t.db, { authorId: author.id, status: "pending" });
    expect(await uploadRewardForRequest(t.db, author.id, "key-1")).toBeUndefined();
    await atomic(t.db, (tx) => awardUploadReward(tx, { userId: author.id, isPractitioner: false, content: piece, requestKey: "key-1", requestHash: "abc", now }));
    expect(await uploadRewardForRequest(t.db, author.id, "key-1")).toEqual({ contentId: piece.id, amount: SEEDS_PER_UPLOAD, requestHash: "abc" });
    // the key is the user's own: another user's same header is another request
    expect(await uploadRewardForRequest(t.db, (await createUser(t.db)).id, "key-1")).toBeUndefined();
    expect((await ledgerOf(author.id)).find((r) => r.referenceId === piece.id)!.idempotencyKey).toBe(uploadRequestKey(author.id, "key-1"));
  });

  test("a reward paid inside a transaction that rolls back is not paid", async () => {
    const someone = await createUser(t.db);
    const piece = await createGardenContent(t.db, { authorId: someone.id, status: "pending" });
    await expect(
      atomic(t.db, async (tx) => {
        await awardUploadReward(tx, { userId: someone.id, isPractitioner: false, content: piece, requestKey: null, requestHash: null, now });
        throw new Error("the share failed");
      }),
    ).rejects.toThrow("the share failed");
    expect(await ledgerOf(someone.id)).toEqual([]);
    expect((await firstRow(t.db.select().from(seedsWallets).where(eq(seedsWallets.userId, someone.id))))).toBeUndefined();
  });

  test("a reversal takes the reward back with a new row, never below zero, at most once", async () => {
    const someone = await createUser(t.db);
    const piece = await createGardenContent(t.db, { authorId: someone.id, title: "Noise", status: "pending" });
    await atomic(t.db, (tx) => awardUploadReward(tx, { userId: someone.id, isPractitioner: false, content: piece, requestKey: null, requestHash: null, now }));
    await recordSeeds(t.db, { userId: someone.id, amount: -20, type: "spent", description: "spent most of it", now });
    expect(await atomic(t.db, (tx) => reverseUploadReward(tx, someone.id, piece, now))).toBe(5);
    expect(await atomic(t.db, (tx) => reverseUploadReward(tx, someone.id, piece, now))).toBe(0);
    const ledger = await ledgerOf(someone.id);
    expect(ledger.map((r) => r.amount)).toEqual([25, -20, -5]);
    expect(ledger[2]).toMatchObject({ reason: "garden_upload", referenceId: piece.id, description: "Reward reversed: “Noise” was not approved" });
    expect(ledger[2].metadata).toEqual({ reversalOf: ledger[0].id, reason: "rejected by a moderator" });
    expect(await seedsBalanceOf(t.db, someone.id)).toBe(0);
    // a piece that was never paid reverses nothing
    const unpaid = await createGardenContent(t.db, { authorId: someone.id, status: "pending" });
    expect(await atomic(t.db, (tx) => reverseUploadReward(tx, someone.id, unpaid, now))).toBe(0);
  });
});

describe("the wallet", () => {
  test("rows of one millisecond list newest first in the order they were written (no rowid)", async () => {
    const someone = await createUser(t.db);
    for (let i = 1; i <= 25; i++) await recordSeeds(t.db, { userId: someone.id, amount: i, type: "earned", description: `#${i}`, now });
    const wallet = await getWallet(t.db, someone.id);
    expect(wallet.transactions).toHaveLength(20);
    expect(wallet.transactions.map((r) => r.description)).toEqual(Array.from({ length: 20 }, (_, i) => `#${25 - i}`));
    expect(wallet.transactions[0].balanceAfter).toBe(wallet.seedsBalance);
    expect(wallet).toMatchObject({ seedsBalance: 325, totalEarned: 325, totalSpent: 0, tier: tierForSeeds(325).tier, nextTierThreshold: 500 });
  });

  test("the monthly bonus: claimed once a calendar month, and the wallet answer shows it", async () => {
    const practitioner = await createUser(t.db, { roles: ["practitioner"] });
    expect(await monthlyBonusClaimed(t.db, practitioner.id, now)).toBe(false);
    const claimed = await claimMonthlyBonus(t.db, practitioner.id, now);
    expect(claimed).toMatchObject({ granted: true, amount: 50, month: "2026-03" });
    expect(claimed.wallet.seedsBalance).toBe(50);
    expect(await monthlyBonusClaimed(t.db, practitioner.id, now)).toBe(true);
    expect(await claimMonthlyBonus(t.db, practitioner.id, new Date(Date.UTC(2026, 2, 31, 23, 59)))).toMatchObject({ granted: false, amount: 0 });
    expect(await monthlyBonusClaimed(t.db, practitioner.id, new Date(Date.UTC(2026, 3, 1)))).toBe(false);
  });
});

test("the Garden reaches the Seeds tables only through src/features/seeds", () => {
  for (const file of ["service.ts", "routes.ts"]) {
    const text = readFileSync(join(import.meta.dir, "../garden", file), "utf8");
    expect({ file, touches: text.match(/seedsTransactions|seedsWallets|pollinatorTiers|seeds\/ledger|recordLedgerEntry/g) ?? [] }).toEqual({ file, touches: [] });
  }
});
