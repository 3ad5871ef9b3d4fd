import { AlertIcon, CheckCircleIcon } from "../../components/account-icons";
import { FormMessage } from "../../components/form-field";
import { Island } from "../../components/island";
import { VERIFY_OTHER_ACCOUNT_TEXTS, withNextPath } from "../../../core/auth";
import type { ApiUser } from "../../../core/types";
import { AuthShell, TextLink } from "./auth-shell";

/**
 * sent: signed in and not yet verified (just after sign-up); confirm: the e-mailed link was opened
 * (nothing changes until 'Confirm my e-mail' is pressed); verified: it was just pressed;
 * already: signed in and verified; invalid: an unknown, expired or used link; signed-out: no session,
 * no link (also just after sign-up, which does not sign in: confirming the link does).
 */
export type VerifyEmailState = "sent" | "confirm" | "verified" | "already" | "invalid" | "signed-out";

export interface VerifyEmailPageProps {
  user: ApiUser | null;
  state: VerifyEmailState;
  /** The address the page is about (the verified one, which may not be the signed-in user's). */
  email: string | null;
  /** The link's token, for the confirm form (state "confirm" only). */
  token: string | null;
  /** A checked same-site path the person was on their way to (e.g. /book/{id}) before signing up. */
  next: string | null;
  /** The link is another account's than the signed-in one (confirming it does not switch accounts). */
  otherAccount?: boolean;
}

export const CONFIRM_EMAIL_BUTTON = "Confirm my e-mail";

/** Where the page's main button goes: on to `next` when there is one, else home (or sign-in). */
function onwardLink(user: ApiUser | null, next: string | null): { href: string; label: string } {
  if (!user) return { href: withNextPath("/auth/signin", next), label: "Sign In" };
  if (next) return { href: next, label: "Continue where you left off" };
  return { href: "/", label: "Go to Dashboard" };
}

export function VerifyEmailPage({ user, state, email, token, next, otherAccount = false }: VerifyEmailPageProps) {
  // the link's `next` is where its owner was going, not the signed-in person
  const onward = onwardLink(user, otherAccount ? null : next);
  if (state === "confirm" && token) {
    return (
      <AuthShell user={user} title="Confirm Your Email" intro={email ? <>Confirm that <strong className="text-ink">{email}</strong> is your address.</> : "Confirm your e-mail address."}>
        {otherAccount && user ? (
          <p className="rounded-xl border border-honey bg-honey-light px-4 py-3 text-sm text-ink wrap-anywhere">{VERIFY_OTHER_ACCOUNT_TEXTS.confirm(user.email)}</p>
        ) : (
          <p className="text-sm text-ink">Press the button to finish verifying your address.</p>
        )}
        <form method="post" action="/auth/verify-email">
          <input type="hidden" name="token" value={token} />
          {next && <input type="hidden" name="next" value={next} />}
          <button type="submit" className="btn-primary w-full py-3">{CONFIRM_EMAIL_BUTTON}</button>
        </form>
      </AuthShell>
    );
  }
  if (state === "verified" || state === "already") {
    return (
      <AuthShell user={user} title="Email Verified" intro={email ? `${email} is confirmed.` : "Your email address is confirmed."}>
        <div className="flex items-center gap-3 rounded-xl bg-sage/60 px-4 py-3 text-sm text-forest-dark" role="status">
          <CheckCircleIcon className="h-6 w-6 shrink-0 text-moss" />
          <span>{state === "verified" ? (otherAccount ? VERIFY_OTHER_ACCOUNT_TEXTS.verified : "Thank you! Your email address is now verified.") : "Your email address is already verified."}</span>
        </div>
        <a href={onward.href} className="btn-primary w-full py-3">{onward.label}</a>
      </AuthShell>
    );
  }
  if (state === "invalid") {
    return (
      <AuthShell user={user} title="Link Not Valid">
        <div className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900" role="alert">
          <AlertIcon className="h-6 w-6 shrink-0" />
          <span>This verification link is invalid, has expired or has already been used. Links work for 24 hours, and stop working once a newer one is sent.</span>
        </div>
        {user && !user.isEmailVerified ? (
          <Island name="ResendVerification" props={{ className: "btn-primary w-full py-3", next }} hydrate="interaction" />
        ) : (
          <a href={onward.href} className="btn-primary w-full py-3">{onward.label}</a>
        )}
      </AuthShell>
    );
  }
  if (state === "signed-out") {
    return (
      <AuthShell user={null} title="Check Your Email" intro="If you just signed up, we've sent you an e-mail.">
        <p className="text-sm text-ink">Open the e-mail from Pollinate and follow its link to confirm your address: that signs you in. The link works for 24 hours; sign in to send a new one.</p>
        <a href={onward.href} className="btn-primary w-full py-3">Sign In</a>
      </AuthShell>
    );
  }
  return (
    <AuthShell
      user={user}
      title="Check Your Email"
      intro={<>We've sent a verification link to <strong className="text-ink">{email}</strong>.</>}
      footer={<>Wrong address? <TextLink href="/contact">Contact us</TextLink></>}
    >
      <FormMessage kind="success">Your account is ready. Follow the link in the e-mail to verify your address.</FormMessage>
      <p className="text-sm text-muted">The e-mail can take a minute to arrive. Check your spam folder too, or send a new link.</p>
      <Island name="ResendVerification" props={{ className: "btn-outline w-full", next }} hydrate="interaction" />
      <a href={onward.href} className="btn-primary w-full py-3">{next ? onward.label : "Continue to Dashboard"}</a>
    </AuthShell>
  );
}
