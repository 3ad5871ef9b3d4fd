import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { seedsTransactions, seedsWallets } from "../../../db/schema";
import {
  DEFAULT_NEXT_TIER_THRESHOLD,
  FACILITATOR_MONTHLY_BONUS,
  MONTHLY_BONUS_ALREADY_CLAIMED,
  MONTHLY_BONUS_CLAIMED,
  WALLET_TRANSACTIONS_SHOWN,
  calendarMonth,
  monthlyBonusFields,
  monthlyBonusKey,
  tierDefinition,
  type ApiSeedsTransaction,
  type ApiSeedsWallet,
  type MonthlyBonusResponse,
} from "../../../core/seeds";
import { recordLedgerEntry, type LedgerEntry, type LedgerResult, type SeedsTransactionRow } from "./ledger";

function toApiTransaction(row: SeedsTransactionRow): ApiSeedsTransaction {
  return {
    id: row.id,
    amount: row.amount,
    type: row.type,
    reason: row.reason,
    description: row.description,
    referenceId: row.referenceId,
    referenceType: row.referenceType,
    balanceAfter: row.balanceAfter,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A user's wallet and latest transactions; an empty seedling wallet before the first Seeds. */
export async function getWallet(db: Db, userId: string): Promise<ApiSeedsWallet> {
  const wallet = db.select().from(seedsWallets).where(eq(seedsWallets.userId, userId)).get();
  const transactions = db
    .select()
    .from(seedsTransactions)
    .where(eq(seedsTransactions.userId, userId))
    .orderBy(desc(seedsTransactions.createdAt), desc(sql`rowid`))
    .limit(WALLET_TRANSACTIONS_SHOWN)
    .all();
  const tier = wallet?.currentTier ?? "seedling";
  return {
    userId,
    seedsBalance: wallet?.seedsBalance ?? 0,
    currentTier: tierDefinition(tier).name,
    tier,
    totalEarned: wallet?.totalEarned ?? 0,
    totalSpent: wallet?.totalSpent ?? 0,
    nextTierThreshold: wallet?.nextTierThreshold ?? DEFAULT_NEXT_TIER_THRESHOLD,
    transactions: transactions.map(toApiTransaction),
  };
}

/** Writes one ledger entry in its own immediate transaction (a keyed entry pays at most once). */
export async function recordSeeds(db: Db, entry: LedgerEntry): Promise<LedgerResult> {
  return db.transaction((tx) => recordLedgerEntry(tx, entry), { behavior: "immediate" });
}

/** True when this calendar month's (UTC) facilitator bonus is already paid to `userId`. */
export async function monthlyBonusClaimed(db: Db, userId: string, now: Date): Promise<boolean> {
  return Boolean(db.select({ id: seedsTransactions.id }).from(seedsTransactions).where(eq(seedsTransactions.idempotencyKey, monthlyBonusKey(userId, calendarMonth(now)))).get());
}

/** The facilitators' +50 Seeds, once per calendar month (UTC): a second claim pays nothing. */
export async function claimMonthlyBonus(db: Db, userId: string, now: Date): Promise<MonthlyBonusResponse> {
  const month = calendarMonth(now);
  const result = await recordSeeds(db, {
    userId,
    ...monthlyBonusFields(userId, month),
    now,
  });
  return {
    granted: !result.duplicate,
    amount: result.duplicate ? 0 : FACILITATOR_MONTHLY_BONUS,
    month,
    message: result.duplicate ? MONTHLY_BONUS_ALREADY_CLAIMED : MONTHLY_BONUS_CLAIMED,
    wallet: await getWallet(db, userId),
  };
}
