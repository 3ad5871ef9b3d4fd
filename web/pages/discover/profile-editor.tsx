import { Island } from "../../components/island";
import type { ApiCredential } from "../../../core/credentials";
import type { ApiPractitioner, ApiUser } from "../../../core/types";
import { defaultDisplayName, practitionerDisplayName } from "../../../core/types";
import { PROFILE_LISTING_TEXTS } from "../../../core/practitioner-profile";
import { SiteLayout } from "../layout";
import { PAYMENT_INSTRUCTIONS_MAX, SESSION_MONEY_NOTE } from "../../../core/payments";
import { CANCELLATION_POLICY_LABEL, cancellationPolicyText } from "../../../core/booking-texts";
import { AVAILABILITY_EDITOR } from "../dashboard/practitioner";

/** What the payment instructions form shows (issue 24): the saved text, or what was sent with the reason it was refused. */
export interface PaymentInstructionsView {
  paymentInstructions: string;
  cancellationWindowHours: number;
  cancellationPolicy: string | null;
  saved?: boolean;
  error?: string | null;
}

/** Payment instructions (a plain form, no JavaScript needed) and the cancellation policy as clients read it, edited with the hours (decision 028). */
export function PaymentInstructionsForm({ view }: { view: PaymentInstructionsView }) {
  return (
    <section aria-labelledby="payment-instructions-title" id="payment-instructions" className="card mt-8 scroll-mt-24 p-6">
      <h2 id="payment-instructions-title" className="text-2xl font-semibold text-forest">How clients pay you</h2>
      <p className="mt-2 text-sm text-muted">
        {SESSION_MONEY_NOTE.split(":")[0]}. Clients see these instructions when they book, on their session card and in their confirmation e-mail. Links become links.
      </p>
      {view.saved && <p role="status" className="mt-3 rounded-xl bg-sage/40 p-3 text-sm text-ink">Payment instructions saved.</p>}
      {view.error && <p role="alert" className="mt-3 rounded-xl bg-red-50 p-3 text-sm text-red-800" id="payment-instructions-error">{view.error}</p>}
      <form method="post" action="/dashboard/practitioner/payment-instructions" className="mt-4 space-y-4">
        <div>
          <label htmlFor="payment-instructions-text" className="label">Payment instructions</label>
          <textarea
            id="payment-instructions-text"
            name="paymentInstructions"
            rows={5}
            maxLength={PAYMENT_INSTRUCTIONS_MAX}
            defaultValue={view.paymentInstructions}
            aria-describedby={view.error ? "payment-instructions-error payment-instructions-hint" : "payment-instructions-hint"}
            className="input w-full"
          />
          <p id="payment-instructions-hint" className="mt-1 text-xs text-muted">Bank transfer, a payment link, cash at in-person sessions… Up to {PAYMENT_INSTRUCTIONS_MAX.toLocaleString("en-US")} characters.</p>
        </div>
        <p className="text-sm text-ink" data-testid="profile-cancellation-policy">
          <span className="font-semibold">{CANCELLATION_POLICY_LABEL}:</span> {cancellationPolicyText(view.cancellationWindowHours, view.cancellationPolicy)}{" "}
          <a href={`${AVAILABILITY_EDITOR}#booking-policy`} className="font-semibold text-forest underline decoration-honey decoration-2 underline-offset-4">Change it with your hours</a>
        </p>
        <button type="submit" className="btn-primary">Save payment instructions</button>
      </form>
    </section>
  );
}

/** The practitioner's own profile editor (/dashboard/practitioner/profile). */
export function ProfileEditorPage({ user, profile, payments, credentials = [] }: { user: ApiUser; profile: ApiPractitioner | null; payments?: PaymentInstructionsView | null; credentials?: ApiCredential[] }) {
  return (
    <SiteLayout user={user}>
      <div className="container-page max-w-4xl py-10">
        <a href="/dashboard/practitioner" className="text-sm font-semibold text-forest underline decoration-honey decoration-2 underline-offset-4">← Practitioner Dashboard</a>
        <header className="mt-4">
          <p className="eyebrow">Your practice</p>
          <h1 className="mt-2 text-4xl font-semibold text-forest">{profile ? "Edit your profile" : "Create your profile"}</h1>
          <p className="mt-2 max-w-2xl text-muted">
            {profile
              ? `This is what clients see on ${practitionerDisplayName(profile.id)} and in the directory. Changes show at once.`
              : user.isEmailVerified ? PROFILE_LISTING_TEXTS.createIntro : "Tell clients how you work."}
          </p>
        </header>
        {!user.isEmailVerified && (
          <div className="mt-6 space-y-3 rounded-xl border border-honey bg-honey-light px-4 py-3 text-sm text-ink" data-testid="unlisted-notice">
            <p>{PROFILE_LISTING_TEXTS.unverified}</p>
            <Island name="ResendVerification" props={{ className: "btn-outline" }} hydrate="interaction" />
          </div>
        )}
        {profile && (
          <div className="mt-8">
            <Island name="PractitionerNameForm" props={{ practitionerId: profile.id, displayName: profile.displayName, suggestion: defaultDisplayName(user.firstName, user.lastName) }} />
          </div>
        )}
        {profile && (
          <div className="mt-8">
            <Island name="PractitionerPhotoForm" props={{ practitionerId: profile.id, displayName: profile.displayName, photoUrl: profile.photoUrl }} />
          </div>
        )}
        <div className="mt-8">
          <Island name="PractitionerProfileForm" props={{ profile, listed: user.isEmailVerified }} />
        </div>
        {profile && (
          <div className="mt-8">
            <Island name="CredentialsForm" props={{ credentials }} />
          </div>
        )}
        {payments && <PaymentInstructionsForm view={payments} />}
      </div>
    </SiteLayout>
  );
}
