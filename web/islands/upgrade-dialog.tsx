import { useEffect, useId, useRef, useState } from "react";
import { CloseIcon } from "../components/icons";
import { FormMessage } from "../components/form-field";
import { TRIAL_USED_MESSAGE, trialStartedMessage } from "../../core/access-texts";
import { api, errorMessage } from "../lib/api";
import type { UpgradeAccount } from "../../core/types";
import { ACCESS_LEVEL_LABELS, PLANS, TRIAL_DAYS, type Plan } from "../../core/constants";
import { formatDate } from "../../core/dates";
import { centsToDecimal, formatDollars } from "../../core/money";
import type { AccessInfo } from "../../core/types";

/** What the dialog needs to know about the viewer; null for a visitor. */
export interface UpgradeDialogProps {
  triggerLabel: string;
  triggerClassName?: string;
  account: UpgradeAccount | null;
}

import { paymentsNotSetUp } from "../../core/payments";

export { paymentsNotSetUp };

/** Where the browser goes next: Stripe Checkout (a seam for tests). */
export const navigation = { assign: (url: string) => window.location.assign(url) };

/**
 * The upgrade dialog of SPEC.md section 4: three plans with Basic preselected and Premium marked
 * Most Popular. The trial is real (a TRIAL_DAYS-day Premium trial started on the server, once per account);
 * 'Upgrade Now' opens Stripe Checkout for the chosen plan (the server picks the price), or says
 * plainly that payments are not set up (docs/decisions/026-payments.md).
 */
export default function UpgradeDialog({ triggerLabel, triggerClassName = "btn-honey", account }: UpgradeDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [plan, setPlan] = useState<Plan["level"]>("basic");
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [trialStarted, setTrialStarted] = useState(false);

  const trialUnavailable = account?.trialUsed ? TRIAL_USED_MESSAGE : null;
  // the trial button gives way to Continue: the keyboard focus moves there instead of to the page's body
  const continueRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (trialStarted) continueRef.current?.focus();
  }, [trialStarted]);

  const [checkoutPending, setCheckoutPending] = useState(false);

  async function upgradeNow() {
    if (checkoutPending) return;
    const chosen = PLANS.find((p) => p.level === plan)!;
    if (!account) {
      setMessage({ kind: "error", text: `Sign in or create an account to choose the ${chosen.name} plan.` });
      return;
    }
    if (!account.payments) {
      setMessage({ kind: "error", text: paymentsNotSetUp(chosen.name) });
      return;
    }
    setCheckoutPending(true);
    setMessage(null);
    try {
      const { url } = await api.send("POST", "/api/payments/checkout", { body: { plan } });
      navigation.assign(url);
    } catch (err) {
      setMessage({ kind: "error", text: errorMessage(err, "Checkout could not be opened. Please try again.") });
      setCheckoutPending(false);
    }
  }

  async function startTrial() {
    if (pending) return;
    setPending(true);
    setMessage(null);
    try {
      const answer = await api.send("POST", "/api/auth/trial");
      setTrialStarted(true);
      setMessage({ kind: "success", text: answer.trialEndDate ? trialStartedMessage(formatDate(answer.trialEndDate)) : answer.message });
    } catch (err) {
      setMessage({ kind: "error", text: errorMessage(err, "Failed to start the trial") });
    } finally {
      setPending(false);
    }
  }

  function close() {
    dialogRef.current?.close();
    // the page was rendered with the old access level: show the new one
    if (trialStarted) window.location.reload();
  }

  const current = account ? ACCESS_LEVEL_LABELS[account.accessLevel] : null;

  return (
    <>
      <button type="button" className={triggerClassName} aria-haspopup="dialog" onClick={() => dialogRef.current?.showModal()}>
        {triggerLabel}
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        onClose={() => trialStarted && window.location.reload()}
        className="m-auto w-[min(100%-1.5rem,56rem)] max-h-[calc(100dvh-1.5rem)] overflow-y-auto rounded-3xl border border-forest/10 bg-cream p-0 text-ink shadow-2xl backdrop:bg-ink/50"
      >
        <div className="relative p-5 sm:p-8">
          <button type="button" onClick={close} className="absolute right-3 top-3 flex h-11 w-11 items-center justify-center rounded-full text-forest hover:bg-sage/60" aria-label="Close">
            <CloseIcon className="h-5 w-5" />
          </button>
          <p className="eyebrow">Grow your access</p>
          <h2 id={titleId} className="mt-2 pr-10 text-3xl font-semibold text-forest">Upgrade Your Access</h2>
          <p className="mt-2 text-sm text-muted">
            {current ? `You're on ${current.name}: ${current.description.toLowerCase()}. ` : ""}Choose the plan that fits your journey.
          </p>

          <fieldset className="mt-6">
            <legend className="sr-only">Plans</legend>
            <div className="grid gap-4 md:grid-cols-3">
              {PLANS.map((p) => (
                <label
                  key={p.level}
                  className={`relative flex cursor-pointer flex-col rounded-2xl border-2 bg-white p-5 transition-colors has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-honey ${
                    plan === p.level ? "border-forest shadow-md" : "border-forest/10 hover:border-forest/40"
                  }`}
                >
                  {p.mostPopular && (
                    <span className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-honey px-3 py-0.5 text-xs font-semibold text-ink">Most Popular</span>
                  )}
                  <span className="flex items-center justify-between gap-2">
                    <span className="font-display text-xl font-semibold text-forest">{p.name}</span>
                    <input
                      type="radio"
                      // unique per dialog: a page can hold several, and same-named radios form one group
                      name={`${titleId}-plan`}
                      value={p.level}
                      checked={plan === p.level}
                      onChange={() => setPlan(p.level)}
                      aria-label={`${p.name}, ${formatDollars(centsToDecimal(p.priceCents))} per month${p.mostPopular ? ", most popular" : ""}`}
                      className="h-4 w-4 accent-forest"
                    />
                  </span>
                  <span className="mt-1 text-xs text-muted">{ACCESS_LEVEL_LABELS[p.level].description}</span>
                  <span className="mt-3">
                    <span className="text-3xl font-semibold text-ink">{formatDollars(centsToDecimal(p.priceCents))}</span>
                    <span className="text-sm text-muted">/month</span>
                  </span>
                  <ul className="mt-4 space-y-1.5 text-sm text-ink">
                    {p.features.map((feature) => (
                      <li key={feature} className="flex gap-2">
                        <span aria-hidden="true" className="text-moss">✓</span>
                        {feature}
                      </li>
                    ))}
                  </ul>
                </label>
              ))}
            </div>
          </fieldset>

          <div className="mt-6 space-y-3" aria-live="polite">
            {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
          </div>

          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
            {trialStarted ? (
              <button ref={continueRef} type="button" className="btn-primary" onClick={close}>Continue</button>
            ) : (
              <>
                {account ? (
                  <button type="button" className="btn-outline" onClick={startTrial}
                    // waiting, it ignores presses but keeps the keyboard focus (a disabled button drops it to the page's body)
                    disabled={Boolean(trialUnavailable)}
                    aria-disabled={pending || undefined}
                    aria-describedby={trialUnavailable ? `${titleId}-trial` : undefined}>
                    {pending ? "Starting trial..." : `Start ${TRIAL_DAYS}-Day Free Trial`}
                  </button>
                ) : (
                  <a href="/auth/signup" className="btn-outline">Sign up to start your free trial</a>
                )}
                <button type="button" className="btn-primary" onClick={upgradeNow} aria-disabled={checkoutPending || undefined}>
                  {checkoutPending ? "Opening checkout..." : "Upgrade Now"}
                </button>
              </>
            )}
          </div>
          {trialUnavailable && !trialStarted && <p id={`${titleId}-trial`} className="mt-3 text-right text-xs text-muted">{trialUnavailable}</p>}
        </div>
      </dialog>
    </>
  );
}
