/**
 * Seeds (SPEC.md sections 1, 6 and 9): the pollinator tier table, the reward rules and the
 * idempotency keys of rewards. The server pays by these rules; the browser shows them.
 */
import type { EarningReason, PollinatorTier, TransactionType } from "./enums";
import { ACCESS_LEVEL_LABELS } from "./constants";

export interface TierDefinition {
  tier: PollinatorTier;
  name: string;
  description: string;
  requiredSeeds: number;
  benefits: readonly string[];
  badgeColor: string;
  badgeIcon: string;
}

// ---------------------------------------------------------------------------------------------
// Reward rules
// ---------------------------------------------------------------------------------------------

/** Seeds per Garden upload (SPEC.md sections 6 and 9). */
export const SEEDS_PER_UPLOAD = 25;
/** Practitioners earn twice as much: the Facilitator Benefits' 2x multiplier. */
export const PRACTITIONER_SEEDS_MULTIPLIER = 2;
export const PRACTITIONER_SEEDS_PER_UPLOAD = SEEDS_PER_UPLOAD * PRACTITIONER_SEEDS_MULTIPLIER;
/** The facilitators' monthly bonus, granted once per calendar month (UTC). */
export const FACILITATOR_MONTHLY_BONUS = 50;

/**
 * What a tier gives, as the product delivers it today: the tier's badge beside the Seeds (the
 * Garden's Seeds header and the wallet). Seeds are earned only by sharing to the Garden and by the
 * facilitators' monthly bonus (below), and nothing spends them yet; every tier keeps those earning
 * rules, so the lowest tier lists them and each tier above includes the one below it.
 */
export const SEEDS_EARNING_BENEFITS = [
  `${SEEDS_PER_UPLOAD} Seeds for each piece you share to the Garden (${PRACTITIONER_SEEDS_PER_UPLOAD} for practitioners); sharing needs ${ACCESS_LEVEL_LABELS.premium.name} access`,
  `Practitioners: +${FACILITATOR_MONTHLY_BONUS} Seeds once each calendar month, claimed in the Garden`,
] as const;

/** 'The Sprout badge beside your Seeds in the Garden and in your wallet' */
function badgeBenefit(name: string): string {
  return `The ${name} badge beside your Seeds in the Garden and in your wallet`;
}

/** Said wherever Seeds are explained (the wallet, Maia, the Garden Guide): there is no redemption. */
export const SEEDS_NOT_SPENDABLE = "Seeds cannot be spent or redeemed yet.";

/**
 * The four tiers, lowest first. The `pollinator_tiers` table holds the same rows (seeded by the
 * garden migration, benefits rewritten by 0013; a test compares the two).
 */
export const POLLINATOR_TIER_DEFINITIONS = [
  {
    tier: "seedling",
    name: "Seedling",
    description: "Every garden starts with a single seed. Welcome to the community.",
    requiredSeeds: 0,
    benefits: [badgeBenefit("Seedling"), ...SEEDS_EARNING_BENEFITS],
    badgeColor: "#8FBC8F",
    badgeIcon: "🌱",
  },
  {
    tier: "sprout",
    name: "Sprout",
    description: "You are putting down roots by sharing with the community.",
    requiredSeeds: 100,
    benefits: [badgeBenefit("Sprout"), "Everything in Seedling"],
    badgeColor: "#6B8E23",
    badgeIcon: "🌿",
  },
  {
    tier: "blooming",
    name: "Blooming",
    description: "Your contributions help the whole garden flourish.",
    requiredSeeds: 250,
    benefits: [badgeBenefit("Blooming"), "Everything in Sprout"],
    badgeColor: "#D4AF37",
    badgeIcon: "🌸",
  },
  {
    tier: "wise_garden",
    name: "Wise Garden",
    description: "A pillar of the community whose care keeps the garden growing.",
    requiredSeeds: 500,
    benefits: [badgeBenefit("Wise Garden"), "Everything in Blooming"],
    badgeColor: "#8B4513",
    badgeIcon: "🌳",
  },
] as const satisfies readonly TierDefinition[];

/** The tiers' display names in order, as a sentence: 'Seedling, Sprout, Blooming and Wise Garden'. */
export function tierNamesText(): string {
  const names = POLLINATOR_TIER_DEFINITIONS.map((t) => t.name);
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The wallet's default next threshold (SPEC.md section 9): the first step up, Sprout. */
export const DEFAULT_NEXT_TIER_THRESHOLD = POLLINATOR_TIER_DEFINITIONS[1].requiredSeeds;

/** A Garden item's seedsReward when none is given (SPEC.md section 9, the column's default). */
export const GARDEN_DEFAULT_SEEDS_REWARD = 10;

/**
 * The tier reached with `totalEarned` Seeds and the threshold of the next one (at the top tier,
 * its own threshold: there is nothing further to reach).
 */
export function tierForSeeds(totalEarned: number): { tier: PollinatorTier; nextTierThreshold: number } {
  let index = 0;
  POLLINATOR_TIER_DEFINITIONS.forEach((definition, i) => {
    if (totalEarned >= definition.requiredSeeds) index = i;
  });
  const next = POLLINATOR_TIER_DEFINITIONS[index + 1] ?? POLLINATOR_TIER_DEFINITIONS[index];
  return { tier: POLLINATOR_TIER_DEFINITIONS[index].tier, nextTierThreshold: next.requiredSeeds };
}

/** The definition of a tier. */
export function tierDefinition(tier: PollinatorTier): TierDefinition {
  return POLLINATOR_TIER_DEFINITIONS.find((t) => t.tier === tier) ?? POLLINATOR_TIER_DEFINITIONS[0];
}

/** True at the top tier. */
export function isTopTier(tier: PollinatorTier): boolean {
  return tier === POLLINATOR_TIER_DEFINITIONS[POLLINATOR_TIER_DEFINITIONS.length - 1].tier;
}

/** Progress towards the next tier, 0 to 100 (100 at the top tier). */
export function tierProgressPercent(totalEarned: number): number {
  const { tier, nextTierThreshold } = tierForSeeds(totalEarned);
  if (isTopTier(tier)) return 100;
  const floor = tierDefinition(tier).requiredSeeds;
  return Math.max(0, Math.min(100, Math.floor(((totalEarned - floor) / (nextTierThreshold - floor)) * 100)));
}

/** Seeds a Garden upload earns its author. */
export function uploadReward(isPractitioner: boolean): number {
  return isPractitioner ? PRACTITIONER_SEEDS_PER_UPLOAD : SEEDS_PER_UPLOAD;
}

/** The Facilitator Benefits panel (SPEC.md section 2). */
export const FACILITATOR_BENEFITS = [
  { title: `${PRACTITIONER_SEEDS_MULTIPLIER}x Seeds multiplier`, text: `Earn ${PRACTITIONER_SEEDS_PER_UPLOAD} Seeds for every piece you share (others earn ${SEEDS_PER_UPLOAD}).` },
  { title: "Featured placement", text: "Standout content is featured at the top of the Garden." },
  { title: "Premium content", text: "Share in-depth practices, recordings and guides with the community." },
  { title: "Monthly bonus", text: `+${FACILITATOR_MONTHLY_BONUS} Seeds` },
] as const;

export const MONTHLY_BONUS_CLAIMED = "Your monthly bonus is in your wallet.";
export const MONTHLY_BONUS_ALREADY_CLAIMED = "You have already received this month's bonus.";
/** What replaces the claim button once this calendar month's bonus is paid. */
export const MONTHLY_BONUS_CLAIMED_STATE = "This month's bonus claimed";

/** The start of the calendar month (UTC) after `now`: when the next bonus can be claimed. */
export function nextBonusOpensAt(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

// ---------------------------------------------------------------------------------------------
// Idempotency keys: what a ledger row rewards and for whom (unique in seeds_transactions)
// ---------------------------------------------------------------------------------------------

/** The reward for sharing one piece of content. */
export function uploadRewardKey(contentId: string): string {
  return `garden_upload:${contentId}`;
}

/** The reward for an upload retried with the same Idempotency-Key header by the same user. */
export function uploadRequestKey(userId: string, requestKey: string): string {
  return `garden_upload_request:${userId}:${requestKey}`;
}

/** The reversal of a rejected item's reward (at most one per item). */
export function uploadReversalKey(contentId: string): string {
  return `garden_upload_reversal:${contentId}`;
}

/** 'YYYY-MM' of a date in UTC: the calendar month of the facilitator bonus. */
export function calendarMonth(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** The facilitator bonus of one calendar month. */
export function monthlyBonusKey(userId: string, month: string): string {
  return `facilitator_bonus:${userId}:${month}`;
}

// ---------------------------------------------------------------------------------------------
// The ledger rows the product writes: the only ways Seeds move (the live services write them with
// these, and the demo data copies them, so a demo wallet's history is one the product could show)
// ---------------------------------------------------------------------------------------------

/** What one paid ledger row says, apart from its user, balance, metadata and time. */
export interface SeedsLedgerFields {
  amount: number;
  type: TransactionType;
  reason: EarningReason | null;
  description: string;
  referenceId: string;
  referenceType: string;
  idempotencyKey: string;
}

/**
 * The reward for sharing a piece, paid at upload (src/features/garden/service.ts). Keyed by the
 * content unless the upload carried an Idempotency-Key header (then `idempotencyKey` is that).
 */
export function uploadRewardFields(content: { id: string; title: string }, isPractitioner: boolean, idempotencyKey: string = uploadRewardKey(content.id)): SeedsLedgerFields {
  return {
    amount: uploadReward(isPractitioner),
    type: "earned",
    reason: "garden_upload",
    description: `Shared “${content.title}” to the Garden`,
    referenceId: content.id,
    referenceType: "garden_content",
    idempotencyKey,
  };
}

/** The reversal of a rejected piece's reward (never more than the balance holds). */
export function uploadReversalFields(content: { id: string; title: string }, reversed: number): SeedsLedgerFields {
  return {
    amount: -reversed,
    type: "earned",
    reason: "garden_upload",
    description: `Reward reversed: “${content.title}” was not approved`,
    referenceId: content.id,
    referenceType: "garden_content",
    idempotencyKey: uploadReversalKey(content.id),
  };
}

/** The facilitators' bonus of one calendar month ('YYYY-MM', UTC), claimed in the Garden. */
export function monthlyBonusFields(userId: string, month: string): SeedsLedgerFields {
  return {
    amount: FACILITATOR_MONTHLY_BONUS,
    type: "reward",
    reason: null,
    description: `Facilitator monthly bonus (${month})`,
    referenceType: "facilitator_bonus",
    referenceId: month,
    idempotencyKey: monthlyBonusKey(userId, month),
  };
}

// ---------------------------------------------------------------------------------------------
// API shapes
// ---------------------------------------------------------------------------------------------

export interface ApiSeedsTransaction {
  id: string;
  amount: number;
  type: string;
  reason: string | null;
  description: string | null;
  referenceId: string | null;
  referenceType: string | null;
  balanceAfter: number;
  createdAt: string;
}

/** GET /api/seeds/wallet/{userId} (SPEC.md section 3 "Seeds wallet", plus totals and history). */
export interface ApiSeedsWallet {
  userId: string;
  seedsBalance: number;
  /** The tier's name ('Seedling'), as the screens show it. */
  currentTier: string;
  /** The tier key ('seedling'). */
  tier: PollinatorTier;
  totalEarned: number;
  totalSpent: number;
  nextTierThreshold: number;
  /** The latest transactions, newest first. */
  transactions: ApiSeedsTransaction[];
}

/** How many transactions the wallet answer carries. */
export const WALLET_TRANSACTIONS_SHOWN = 20;

/** POST /api/seeds/monthly-bonus */
export interface MonthlyBonusResponse {
  granted: boolean;
  amount: number;
  month: string;
  message: string;
  wallet: ApiSeedsWallet;
}
