/**
 * The Seeds ledger: every change of a balance is one seeds_transactions row written in the same
 * immediate transaction as the wallet update, with the balance after it. Rows are never edited or
 * deleted; a correction is a new row. A keyed entry (core/seeds.ts) is paid at most once.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { seedsTransactions, seedsWallets } from "../../../db/schema";
import type { EarningReason, TransactionType } from "../../../core/enums";
import { tierForSeeds } from "../../../core/seeds";
import { conflict } from "../../http/errors";

/** The synchronous transaction handle of `db.transaction` (no `await` inside it). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type SeedsTransactionRow = typeof seedsTransactions.$inferSelect;
export type SeedsWalletRow = typeof seedsWallets.$inferSelect;

export interface LedgerEntry {
  userId: string;
  /** Signed: positive adds Seeds, negative takes them. */
  amount: number;
  type: TransactionType;
  reason?: EarningReason | null;
  description: string;
  referenceId?: string | null;
  referenceType?: string | null;
  metadata?: Record<string, unknown> | null;
  /** What this row pays and for whom; a second entry with the same key pays nothing. */
  idempotencyKey?: string | null;
  now: Date;
}

export interface LedgerResult {
  transaction: SeedsTransactionRow;
  wallet: SeedsWalletRow;
  /** True when the key had already been paid: nothing was written, `transaction` is the earlier row. */
  duplicate: boolean;
}

export const INSUFFICIENT_SEEDS = "Not enough Seeds for that";

/** The wallet of a user inside a transaction, created empty (seedling) when missing. */
export function walletForUpdate(tx: Tx, userId: string, now: Date): SeedsWalletRow {
  const existing = tx.select().from(seedsWallets).where(eq(seedsWallets.userId, userId)).get();
  if (existing) return existing;
  return tx.insert(seedsWallets).values({ userId, createdAt: now, updatedAt: now }).returning().get();
}

/**
 * How an entry moves the totals: earnings (earned, reward, gifted; a negative 'earned' is a
 * reversed earning) count in totalEarned, spending counts in totalSpent and a refund gives
 * spending back. So seedsBalance = totalEarned - totalSpent = the sum of the ledger.
 */
function totalsAfter(wallet: SeedsWalletRow, entry: Pick<LedgerEntry, "amount" | "type">) {
  let { totalEarned, totalSpent } = wallet;
  if (entry.type === "spent") totalSpent -= entry.amount;
  else if (entry.type === "refund") totalSpent -= entry.amount;
  else totalEarned += entry.amount;
  return { totalEarned, totalSpent };
}

/**
 * Writes one ledger row and the wallet it changes, inside the caller's immediate transaction.
 * Crossing a tier threshold moves the wallet's tier and next threshold in the same write.
 */
export function recordLedgerEntry(tx: Tx, entry: LedgerEntry): LedgerResult {
  if (entry.idempotencyKey) {
    const paid = tx.select().from(seedsTransactions).where(eq(seedsTransactions.idempotencyKey, entry.idempotencyKey)).get();
    if (paid) return { transaction: paid, wallet: walletForUpdate(tx, paid.userId, entry.now), duplicate: true };
  }
  const wallet = walletForUpdate(tx, entry.userId, entry.now);
  const balanceAfter = wallet.seedsBalance + entry.amount;
  if (balanceAfter < 0) throw conflict(INSUFFICIENT_SEEDS);
  const { totalEarned, totalSpent } = totalsAfter(wallet, entry);
  const { tier, nextTierThreshold } = tierForSeeds(totalEarned);
  const transaction = tx
    .insert(seedsTransactions)
    .values({
      userId: entry.userId,
      amount: entry.amount,
      type: entry.type,
      reason: entry.reason ?? null,
      description: entry.description,
      referenceId: entry.referenceId ?? null,
      referenceType: entry.referenceType ?? null,
      balanceAfter,
      metadata: entry.metadata ?? null,
      idempotencyKey: entry.idempotencyKey ?? null,
      createdAt: entry.now,
    })
    .returning()
    .get();
  const updated = tx
    .update(seedsWallets)
    .set({ seedsBalance: balanceAfter, totalEarned, totalSpent, currentTier: tier, nextTierThreshold, lastActiveDate: entry.now, updatedAt: entry.now })
    .where(eq(seedsWallets.id, wallet.id))
    .returning()
    .get();
  return { transaction, wallet: updated, duplicate: false };
}
