/** Builds the demo's Seeds wallets and ledgers. */
import { calendarMonth, monthlyBonusFields, tierForSeeds, uploadRewardFields, type SeedsLedgerFields } from "../../core/seeds";
import { DAY, type Clock, type DemoData, type DemoSeedsTransaction, type DemoUser } from "./data-set";
import { DEMO_SEED, DemoRandom, type IdSource } from "./random";

type LedgerEvent = SeedsLedgerFields & { at: Date };

/** Bonus claims stay at least this many days apart and this many days back: see buildSeedsLedgers. */
const BONUS_CLAIM_MIN_DAYS = 31;

/**
 * Wallets and ledgers, made only of the rows the live product writes (core/seeds.ts): the reward
 * for each piece shared to the Garden, paid to its author at its createdAt by the author's role,
 * and practitioners' monthly bonus claims. Nothing spends Seeds, so seedsBalance = totalEarned =
 * the last balanceAfter = the sum of the ledger, and totalSpent stays 0.
 *
 * A claim lies at least 31 days before today's midnight and 31 days after the previous one, so
 * every claim falls in a past calendar month (UTC), at most one a month, and the current month is
 * left to claim in the Garden; counted in days from today, the data shifts by whole days.
 */
export function buildSeedsLedgers(data: DemoData, clock: Clock, ids: IdSource, sage: DemoUser): void {
  const random = new DemoRandom(DEMO_SEED ^ 0x0008);
  const practitionerUserIds = new Set(data.practitioners.map((p) => p.userId));
  const gardenAuthors = new Set(data.gardenContent.map((item) => item.authorId));
  // practitioners active in the Garden claim their bonus there (Sage, the demo practitioner, too)
  const walletUsers = data.users.filter((u) => gardenAuthors.has(u.id) || u.id === sage.id);

  for (const user of walletUsers) {
    const joined = user.createdAt as Date;
    const events: LedgerEvent[] = data.gardenContent
      .filter((item) => item.authorId === user.id)
      .map((item) => ({ ...uploadRewardFields({ id: item.id, title: item.title }, practitionerUserIds.has(user.id)), at: item.createdAt as Date }));

    if (practitionerUserIds.has(user.id)) {
      // Sage claims most months; the others now and then
      const claimChance = user.id === sage.id ? 0.85 : 0.6;
      const joinedDaysAgo = (clock.anchorMs - joined.getTime()) / DAY;
      let daysAgo = joinedDaysAgo - random.int(2, 20) - random.next();
      while (daysAgo >= BONUS_CLAIM_MIN_DAYS) {
        if (random.chance(claimChance)) {
          const at = clock.ago(daysAgo);
          events.push({ ...monthlyBonusFields(user.id, calendarMonth(at)), at });
        }
        daysAgo -= BONUS_CLAIM_MIN_DAYS + random.int(0, 9) + random.next();
      }
    }
    if (events.length === 0) continue;
    events.sort((a, b) => a.at.getTime() - b.at.getTime());

    let balance = 0;
    let totalEarned = 0;
    const ledger: DemoSeedsTransaction[] = events.map((event, index) => {
      // ordering the ledger by date must reproduce the balance chain
      if (index > 0 && event.at.getTime() === events[index - 1].at.getTime()) throw new Error("Two demo ledger rows share a time");
      balance += event.amount;
      totalEarned += event.amount;
      const { at, ...fields } = event;
      return { id: ids.next("seedsTransaction"), userId: user.id, ...fields, balanceAfter: balance, metadata: null, createdAt: at };
    });
    const { tier, nextTierThreshold } = tierForSeeds(totalEarned);
    const last = ledger[ledger.length - 1].createdAt as Date;
    data.seedsTransactions.push(...ledger);
    data.wallets.push({
      id: ids.next("wallet"),
      userId: user.id,
      seedsBalance: balance,
      totalEarned,
      totalSpent: 0,
      currentTier: tier,
      nextTierThreshold,
      lastActiveDate: last,
      createdAt: events[0].at,
      updatedAt: last,
    });
  }
}
