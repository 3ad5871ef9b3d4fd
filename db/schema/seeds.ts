/** The Seeds ledger's tables: wallets, their transactions and the Pollinator tiers (src/features/seeds owns them). */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { id, textList, timestamp, timestamps, sqlInList } from "./columns";
import { DEFAULT_NEXT_TIER_THRESHOLD } from "../../core/seeds";
import { POLLINATOR_TIERS, TRANSACTION_TYPES, type PollinatorTier, type TransactionType } from "../../core/enums";

export const seedsWallets = sqliteTable(
  "seeds_wallets",
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    seedsBalance: integer().notNull().default(0),
    totalEarned: integer().notNull().default(0),
    totalSpent: integer().notNull().default(0),
    currentTier: text().$type<PollinatorTier>().notNull().default("seedling"),
    nextTierThreshold: integer().notNull().default(DEFAULT_NEXT_TIER_THRESHOLD),
    lastActiveDate: integer({ mode: "timestamp_ms" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("seeds_wallets_user_unique").on(t.userId),
    check("seeds_wallets_balance_check", sql`seeds_balance >= 0`),
    check("seeds_wallets_tier_check", sql.raw(`current_tier IN (${sqlInList(POLLINATOR_TIERS)})`)),
  ],
);

export const seedsTransactions = sqliteTable(
  "seeds_transactions",
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amount: integer().notNull(),
    type: text().$type<TransactionType>().notNull(),
    reason: text(),
    description: text(),
    referenceId: text(),
    referenceType: text(),
    balanceAfter: integer().notNull(),
    metadata: text({ mode: "json" }).$type<Record<string, unknown>>(),
    /** What this row pays and for whom (core/seeds.ts): a retry finds the row instead of paying twice. */
    idempotencyKey: text(),
    createdAt: timestamp(),
  },
  (t) => [
    // a user's ledger, newest first
    index("seeds_transactions_user_idx").on(t.userId, t.createdAt),
    // each reward is paid once (null for rows that are not keyed, e.g. demo history)
    uniqueIndex("seeds_transactions_idempotency_unique").on(t.idempotencyKey),
    check("seeds_transactions_type_check", sql.raw(`type IN (${sqlInList(TRANSACTION_TYPES)})`)),
  ],
);

export const pollinatorTiers = sqliteTable(
  "pollinator_tiers",
  {
    id: id(),
    tier: text().$type<PollinatorTier>().notNull(),
    name: text().notNull(),
    description: text(),
    requiredSeeds: integer().notNull().default(0),
    benefits: textList(),
    badgeColor: text().notNull(),
    badgeIcon: text(),
    createdAt: timestamp(),
  },
  (t) => [
    uniqueIndex("pollinator_tiers_tier_unique").on(t.tier),
    check("pollinator_tiers_tier_check", sql.raw(`tier IN (${sqlInList(POLLINATOR_TIERS)})`)),
  ],
);
