/**
 * The Seeds wallets and ledger, and the only code that reads or writes them: other features (the
 * Garden's upload rewards) call the functions here, passing their transaction's `tx`.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { atomic, first, type Db } from "../../../db/client";
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
  uploadRequestKey,
  uploadReversalFields,
  uploadRewardFields,
  uploadRewardKey,
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
  const wallet = await first(db.select().from(seedsWallets).where(eq(seedsWallets.userId, userId)).limit(1));
  const transactions = await db
    .select()
    .from(seedsTransactions)
    .where(eq(seedsTransactions.userId, userId))
    // the id breaks ties of one millisecond: ledger ids are time-ordered (ledger.ts)
    .orderBy(desc(seedsTransactions.createdAt), desc(seedsTransactions.id))
    .limit(WALLET_TRANSACTIONS_SHOWN);
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

/** Writes one ledger entry in its own transaction (a keyed entry pays at most once). */
export async function recordSeeds(db: Db, entry: LedgerEntry): Promise<LedgerResult> {
  return atomic(db, async (tx) => recordLedgerEntry(tx, entry));
}

/** A user's Seeds balance: 0 before their first Seeds. */
export async function seedsBalanceOf(db: Db, userId: string): Promise<number> {
  return (await first(db.select({ balance: seedsWallets.seedsBalance }).from(seedsWallets).where(eq(seedsWallets.userId, userId)).limit(1)))?.balance ?? 0;
}

/** True when this calendar month's (UTC) facilitator bonus is already paid to `userId`. */
export async function monthlyBonusClaimed(db: Db, userId: string, now: Date): Promise<boolean> {
  return Boolean(await first(db.select({ id: seedsTransactions.id }).from(seedsTransactions).where(eq(seedsTransactions.idempotencyKey, monthlyBonusKey(userId, calendarMonth(now)))).limit(1)));
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

// ---------------------------------------------------------------------------------------------
// The Garden's upload rewards (src/features/garden/service.ts calls these inside its transaction)
// ---------------------------------------------------------------------------------------------

/** What an earlier share with the same Idempotency-Key was paid: the content it paid for, the amount and the request's fingerprint. */
export interface EarlierUploadReward {
  contentId: string | null;
  amount: number;
  /** The fingerprint kept with the key; null on rows paid before the fingerprint was kept. */
  requestHash: string | null;
}

/** The reward paid for `userId`'s share with this Idempotency-Key, if one was paid. */
export async function uploadRewardForRequest(db: Db, userId: string, requestKey: string): Promise<EarlierUploadReward | undefined> {
  const earlier = await first(db.select().from(seedsTransactions).where(eq(seedsTransactions.idempotencyKey, uploadRequestKey(userId, requestKey))).limit(1));
  if (!earlier) return undefined;
  const requestHash = earlier.metadata?.requestHash;
  return { contentId: earlier.referenceId, amount: earlier.amount, requestHash: typeof requestHash === "string" ? requestHash : null };
}

export interface UploadRewardInput {
  userId: string;
  isPractitioner: boolean;
  content: { id: string; title: string };
  /** The share's Idempotency-Key, if it had one: a retry then finds this row. */
  requestKey: string | null;
  /** The share request's fingerprint, kept with the key. */
  requestHash: string | null;
  now: Date;
}

/** Pays a share's Seeds inside the caller's transaction (a key already paid pays nothing); answers the balance after it. */
export async function awardUploadReward(tx: Db, input: UploadRewardInput): Promise<{ seedsBalance: number }> {
  const paid = await recordLedgerEntry(tx, {
    userId: input.userId,
    // the request key when there is one (a retry then finds this row), else the content's own
    ...uploadRewardFields(input.content, input.isPractitioner, input.requestKey ? uploadRequestKey(input.userId, input.requestKey) : uploadRewardKey(input.content.id)),
    // kept with the key, so that the key reused for other content is told apart from a retry
    metadata: input.requestHash ? { requestHash: input.requestHash } : null,
    now: input.now,
  });
  return { seedsBalance: paid.wallet.seedsBalance };
}

/**
 * Takes a rejected piece's upload reward back inside the caller's transaction, with a new ledger
 * row (never by editing the reward), at most once per piece and never below zero. Answers the
 * Seeds taken back.
 */
export async function reverseUploadReward(tx: Db, authorId: string, content: { id: string; title: string }, now: Date): Promise<number> {
  const reward = await first(
    tx
      .select()
      .from(seedsTransactions)
      .where(and(eq(seedsTransactions.referenceId, content.id), eq(seedsTransactions.referenceType, "garden_content"), eq(seedsTransactions.reason, "garden_upload")))
      .orderBy(asc(seedsTransactions.createdAt), asc(seedsTransactions.id))
      .limit(1),
  );
  if (!reward || reward.amount <= 0) return 0;
  const reversed = Math.min(reward.amount, await seedsBalanceOf(tx, authorId));
  if (reversed <= 0) return 0;
  const result = await recordLedgerEntry(tx, {
    userId: authorId,
    ...uploadReversalFields(content, reversed),
    metadata: { reversalOf: reward.id, reason: "rejected by a moderator" },
    now,
  });
  // the reversal is keyed by the piece: a second one takes nothing
  return result.duplicate ? 0 : reversed;
}
