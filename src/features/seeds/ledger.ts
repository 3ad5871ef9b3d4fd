/**
 * The Seeds ledger: every change of a balance is one seeds_transactions row written in the same
 * transaction (atomic) as the wallet update, with the balance after it. Rows are never edited or
 * deleted; a correction is a new row. A keyed entry (core/seeds.ts) is paid at most once.
 */
import { eq } from "drizzle-orm";
import { first, type Db } from "../../../db/client";
import { seedsTransactions, seedsWallets } from "../../../db/schema";
import type { EarningReason, TransactionType } from "../../../core/enums";
import { tierForSeeds } from "../../../core/seeds";
import { conflict } from "../../http/errors";

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
export async function walletForUpdate(tx: Db, userId: string, now: Date): Promise<SeedsWalletRow> {
  const existing = await first(tx.select().from(seedsWallets).where(eq(seedsWallets.userId, userId)).limit(1));
  if (existing) return existing;
  const [created] = await tx
    .insert(seedsWallets)
    .values({ userId, createdAt: now, updatedAt: now })
    .returning();
  return created;
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
 * Writes one ledger row and the wallet it changes, inside the caller's transaction (`tx` from
 * `atomic`). Crossing a tier threshold moves the wallet's tier and next threshold in the same write.
 */
export async function recordLedgerEntry(tx: Db, entry: LedgerEntry): Promise<LedgerResult> {
  if (entry.idempotencyKey) {
    const paid = await first(tx.select().from(seedsTransactions).where(eq(seedsTransactions.idempotencyKey, entry.idempotencyKey)).limit(1));
    if (paid) return { transaction: paid, wallet: await walletForUpdate(tx, paid.userId, entry.now), duplicate: true };
  }
  const wallet = await walletForUpdate(tx, entry.userId, entry.now);
  const balanceAfter = wallet.seedsBalance + entry.amount;
  if (balanceAfter < 0) throw conflict(INSUFFICIENT_SEEDS);
  const { totalEarned, totalSpent } = totalsAfter(wallet, entry);
  const { tier, nextTierThreshold } = tierForSeeds(totalEarned);
  const [transaction] = await tx
    .insert(seedsTransactions)
    .values({
      // time-ordered (UUIDv7, monotonic in this process): rows of the same millisecond list in
      // the order they were written, since the wallet orders by (createdAt, id)
      id: Bun.randomUUIDv7(),
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
    .returning();
  const [updated] = await tx
    .update(seedsWallets)
    .set({ seedsBalance: balanceAfter, totalEarned, totalSpent, currentTier: tier, nextTierThreshold, lastActiveDate: entry.now, updatedAt: entry.now })
    .where(eq(seedsWallets.id, wallet.id))
    .returning();
  return { transaction, wallet: updated, duplicate: false };
}
