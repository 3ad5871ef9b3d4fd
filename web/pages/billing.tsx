import { PAYMENT_TEXTS, planName, type PaidLevel } from "../../core/payments";
import { ACCESS_LEVEL_LABELS, PLANS } from "../../core/constants";
import { formatDate } from "../../core/dates";
import { centsToDecimal, formatDollars } from "../../core/money";
import type { ApiUser } from "../../core/types";
import { SiteLayout } from "./layout";

export type BillingReturnState = { kind: "welcome"; plan: PaidLevel } | { kind: "pending" } | { kind: "not-completed"; plan: PaidLevel | null };

/** A form that starts Checkout again for a plan (works without JavaScript: the server answers with a redirect to Stripe). */
export function CheckoutForm({ plan, label, className = "btn-primary" }: { plan: PaidLevel; label: string; className?: string }) {
  return (
    <form method="post" action="/billing/checkout">
      <input type="hidden" name="plan" value={plan} />
      <button type="submit" className={className}>{label}</button>
    </form>
  );
}

/** Where Stripe Checkout comes back to: what happened, in the site's words. */
export function BillingReturnPage({ user, state }: { user: ApiUser; state: BillingReturnState }) {
  return (
    <SiteLayout user={user}>
      <section className="honeycomb-bg">
        <div className="container-page flex flex-col items-center py-16 text-center sm:py-24">
          <img src="/images/brand-green.svg" alt="" width={64} height={64} className="h-16 w-16" />
          {state.kind === "welcome" && (
            <>
              <h1 className="mt-6 text-4xl font-semibold text-forest sm:text-5xl">{PAYMENT_TEXTS.welcome(planName(state.plan))}</h1>
              <p className="mt-4 max-w-xl text-lg text-muted" role="status">{PAYMENT_TEXTS.welcomeText(planName(state.plan))}</p>
              <p className="mt-2 text-sm text-muted">{ACCESS_LEVEL_LABELS[state.plan].name}: {ACCESS_LEVEL_LABELS[state.plan].description}.</p>
              <div className="mt-8 flex flex-wrap justify-center gap-3">
                <a href="/practitioners" className="btn-primary">Find Practitioners</a>
                <a href="/billing" className="btn-outline">Billing</a>
              </div>
            </>
          )}
          {state.kind === "pending" && (
            <>
              <h1 className="mt-6 text-4xl font-semibold text-forest sm:text-5xl">{PAYMENT_TEXTS.pendingTitle}</h1>
              <p className="mt-4 max-w-xl text-lg text-muted" role="status">{PAYMENT_TEXTS.pendingText}</p>
              <div className="mt-8 flex flex-wrap justify-center gap-3">
                <a href="/billing" className="btn-outline">Billing</a>
              </div>
            </>
          )}
          {state.kind === "not-completed" && (
            <>
              <h1 className="mt-6 text-4xl font-semibold text-forest sm:text-5xl">{PAYMENT_TEXTS.notCompletedTitle}</h1>
              <p className="mt-4 max-w-xl text-lg text-muted" role="status">{PAYMENT_TEXTS.notCompletedText}</p>
              <div className="mt-8 flex flex-wrap justify-center gap-3">
                {state.plan ? (
                  <CheckoutForm plan={state.plan} label={`${PAYMENT_TEXTS.tryAgain}: ${planName(state.plan)}`} />
                ) : (
                  <a href="/billing" className="btn-primary">{PAYMENT_TEXTS.tryAgain}</a>
                )}
                <a href="/" className="btn-outline">Back to Dashboard</a>
              </div>
            </>
          )}
        </div>
      </section>
    </SiteLayout>
  );
}

export interface BillingView {
  configured: boolean;
  plan: PaidLevel | null;
  planName: string | null;
  priceCents: number | null;
  stripeStatus: string | null;
  renewsOn: string | null;
  endsOn: string | null;
  graceEndsOn: string | null;
  hasCustomer: boolean;
  /** The access in force (a trial, or none). */
  accessName: string;
}

/** The Billing section of settings: the plan, its price, the renewal or end date, 'Manage billing'. */
export function BillingSection({ billing, error }: { billing: BillingView; error?: string | null }) {
  const live = billing.plan && (billing.renewsOn || billing.graceEndsOn || (billing.endsOn && billing.stripeStatus !== "canceled"));
  return (
    <section aria-labelledby="billing-title" className="card p-6">
      <h2 id="billing-title" className="text-2xl font-semibold text-forest">Billing</h2>
      {error && <p role="alert" className="mt-3 rounded-xl bg-red-50 p-3 text-sm text-red-800">{error}</p>}
      {billing.graceEndsOn && (
        <div role="alert" className="mt-4 rounded-xl border border-honey bg-honey/20 p-4 text-sm text-ink">
          <p>{PAYMENT_TEXTS.paymentFailed(formatDate(billing.graceEndsOn))}</p>
          {billing.configured && (
            <form method="post" action="/billing/portal" className="mt-2">
              <button type="submit" className="font-semibold text-forest underline">Update your card</button>
            </form>
          )}
        </div>
      )}
      {billing.plan && billing.endsOn && billing.plan && (
        <p className="mt-4 rounded-xl bg-sage/40 p-3 text-sm text-ink">
          {billing.stripeStatus === "canceled" ? `Your ${billing.planName} plan ended on ${formatDate(billing.endsOn)}.` : PAYMENT_TEXTS.accessEnds(billing.planName!, formatDate(billing.endsOn))}
        </p>
      )}
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">Plan</dt>
          <dd className="font-semibold text-ink">{live ? billing.planName : billing.accessName}</dd>
        </div>
        <div>
          <dt className="text-muted">Price</dt>
          <dd className="font-semibold text-ink">{live && billing.priceCents != null ? `${formatDollars(centsToDecimal(billing.priceCents))}/month` : "Free"}</dd>
        </div>
        <div>
          <dt className="text-muted">{billing.renewsOn ? "Renews on" : "Ends on"}</dt>
          <dd className="font-semibold text-ink">{billing.renewsOn ? formatDate(billing.renewsOn) : billing.endsOn && live ? formatDate(billing.endsOn) : "—"}</dd>
        </div>
      </dl>
      <div className="mt-6 flex flex-wrap gap-3">
        {billing.configured && billing.hasCustomer && (
          <form method="post" action="/billing/portal">
            <button type="submit" className="btn-primary">Manage billing</button>
          </form>
        )}
        {billing.configured && !live &&
          PLANS.map((p) => <CheckoutForm key={p.level} plan={p.level} label={`Choose ${p.name} · ${formatDollars(centsToDecimal(p.priceCents))}/month`} className={p.mostPopular ? "btn-primary" : "btn-outline"} />)}
        {!billing.configured && <p className="text-sm text-muted">Payments are not set up yet, so plans can't be bought today.</p>}
      </div>
    </section>
  );
}

export function BillingPage({ user, billing, error }: { user: ApiUser; billing: BillingView; error?: string | null }) {
  return (
    <SiteLayout user={user}>
      <div className="container-page max-w-3xl py-10">
        <p className="eyebrow">Settings</p>
        <h1 className="mt-2 text-4xl font-semibold text-forest">Your plan</h1>
        <div className="mt-6">
          <BillingSection billing={billing} error={error} />
        </div>
      </div>
    </SiteLayout>
  );
}
