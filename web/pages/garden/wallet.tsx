import { formatDate } from "../../../core/dates";
import { POLLINATOR_TIER_DEFINITIONS, isTopTier, tierDefinition, tierProgressPercent, type ApiSeedsWallet } from "../../../core/seeds";
import type { PollinatorTier } from "../../../core/enums";
import type { ApiUser } from "../../../core/types";
import { SiteLayout } from "../layout";
import { countNoun, NOUNS } from "../../../core/plural";

const number = (n: number) => n.toLocaleString("en-US");

/**
 * The tiers whose badge colour is too light for text on white (under 3:1 for large text), by tier:
 * the name is written in a darker shade (blooming's gold in the site's honey-dark).
 */
const READABLE_TIER_TEXT: Partial<Record<PollinatorTier, string>> = { seedling: "#3d6b3d", blooming: "var(--color-honey-dark)" };

/** The signed-in user's Seeds wallet: balance, tier, progress to the next tier and history. */
export function WalletPage({ user, wallet }: { user: ApiUser; wallet: ApiSeedsWallet }) {
  const tier = tierDefinition(wallet.tier);
  const progress = tierProgressPercent(wallet.totalEarned);
  const top = isTopTier(wallet.tier);
  return (
    <SiteLayout user={user}>
      <div className="container-page py-10 sm:py-12">
        <p className="eyebrow">Seeds</p>
        <h1 className="mt-2 text-4xl font-semibold text-forest sm:text-5xl">Your Seeds wallet</h1>
        <div className="mt-6 grid gap-4 md:grid-cols-3">
          <section className="card p-5" aria-label="Balance">
            <p className="text-sm text-muted">Balance</p>
            <p className="font-display text-4xl font-semibold text-forest" data-testid="wallet-balance">{countNoun(wallet.seedsBalance, NOUNS.seed)}</p>
            <p className="mt-2 text-sm text-muted">Earned {number(wallet.totalEarned)} · Spent {number(wallet.totalSpent)}</p>
          </section>
          <section className="card p-5 md:col-span-2" aria-label="Tier">
            <p className="text-sm text-muted">Pollinator tier</p>
            <p className="font-display text-3xl font-semibold" style={{ color: READABLE_TIER_TEXT[wallet.tier] ?? tier.badgeColor }}>
              <span aria-hidden="true">{tier.badgeIcon} </span>
              <span data-testid="wallet-tier">{wallet.currentTier}</span>
            </p>
            <p className="mt-1 text-sm text-ink">{tier.description}</p>
            <div className="mt-3 h-3 w-full overflow-hidden rounded-full bg-forest/10" role="progressbar" aria-label="Progress to the next tier" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
              <div className="h-full bg-moss" style={{ width: `${progress}%` }} />
            </div>
            <p className="mt-1 text-sm text-muted">
              {top ? "You have reached the highest tier." : `${number(wallet.totalEarned)} of ${number(wallet.nextTierThreshold)} Seeds earned towards the next tier.`}
            </p>
          </section>
        </div>

        <section className="mt-8" aria-labelledby="tiers-title">
          <h2 id="tiers-title" className="text-2xl font-semibold text-forest">Tiers</h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {POLLINATOR_TIER_DEFINITIONS.map((t) => (
              <li key={t.tier} className={`card p-4 ${t.tier === wallet.tier ? "border-2 border-forest" : ""}`} aria-current={t.tier === wallet.tier ? "true" : undefined}>
                <p className="font-semibold text-forest"><span aria-hidden="true">{t.badgeIcon} </span>{t.name}</p>
                <p className="text-xs text-muted">from {number(t.requiredSeeds)} Seeds earned</p>
                <ul className="mt-2 list-disc space-y-1 pl-4 text-sm text-ink">
                  {t.benefits.map((b) => <li key={b}>{b}</li>)}
                </ul>
              </li>
            ))}
          </ul>
        </section>

        <section className="mt-8" aria-labelledby="history-title">
          <h2 id="history-title" className="text-2xl font-semibold text-forest">History</h2>
          {wallet.transactions.length === 0 ? (
            <p className="card mt-3 p-6 text-muted">No Seeds yet. Share something to the <a href="/garden" className="font-semibold text-forest underline">Garden</a> to earn your first.</p>
          ) : (
            <div className="card relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Seeds history">
              {/* narrow cells on a phone: the four columns fit 390 px, no sideways scrolling to find the balance */}
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Your latest Seeds transactions, newest first</caption>
                <thead className="border-b border-forest/10 text-muted">
                  <tr>
                    <th scope="col" className="px-2 py-2 sm:px-4 font-medium">Date</th>
                    <th scope="col" className="px-2 py-2 sm:px-4 font-medium">What</th>
                    <th scope="col" className="px-2 py-2 sm:px-4 text-right font-medium">Seeds</th>
                    <th scope="col" className="px-2 py-2 sm:px-4 text-right font-medium">Balance</th>
                  </tr>
                </thead>
                <tbody data-testid="wallet-transactions">
                  {wallet.transactions.map((tr) => (
                    <tr key={tr.id} className="border-b border-forest/5 last:border-0">
                      <td className="whitespace-nowrap px-2 py-2 sm:px-4">{formatDate(tr.createdAt)}</td>
                      <td className="break-words px-2 py-2 sm:px-4">{tr.description ?? tr.type}</td>
                      <td className={`whitespace-nowrap px-2 py-2 sm:px-4 text-right font-semibold ${tr.amount < 0 ? "text-red-800" : "text-forest"}`}>{tr.amount > 0 ? "+" : ""}{number(tr.amount)}</td>
                      <td className="whitespace-nowrap px-2 py-2 sm:px-4 text-right">{number(tr.balanceAfter)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <p className="mt-6"><a href="/garden" className="btn-outline">Back to the Garden</a></p>
      </div>
    </SiteLayout>
  );
}
