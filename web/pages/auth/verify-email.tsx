import { AlertIcon, CheckCircleIcon } from "../../components/account-icons";
import { FormMessage } from "../../components/form-field";
import { Island } from "../../components/island";
import type { ApiUser } from "../../lib/types";
import { AuthShell, TextLink } from "./auth-shell";

/**
 * sent: signed in and not yet verified (just after sign-up); verified: the link was just followed;
 * already: signed in and verified; invalid: an unknown or used link; signed-out: no session, no link.
 */
export type VerifyEmailState = "sent" | "verified" | "already" | "invalid" | "signed-out";

/** `email` is the address the page is about (the verified one, which may not be the signed-in user's). */
export function VerifyEmailPage({ user, state, email }: { user: ApiUser | null; state: VerifyEmailState; email: string | null }) {
  if (state === "verified" || state === "already") {
    return (
      <AuthShell user={user} title="Email Verified" intro={email ? `${email} is confirmed.` : "Your email address is confirmed."}>
        <div className="flex items-center gap-3 rounded-xl bg-sage/60 px-4 py-3 text-sm text-forest-dark" role="status">
          <CheckCircleIcon className="h-6 w-6 shrink-0 text-moss" />
          <span>{state === "verified" ? "Thank you! Your email address is now verified." : "Your email address is already verified."}</span>
        </div>
        <a href={user ? "/" : "/auth/signin"} className="btn-primary w-full py-3">{user ? "Go to Dashboard" : "Sign In"}</a>
      </AuthShell>
    );
  }
  if (state === "invalid") {
    return (
      <AuthShell user={user} title="Link Not Valid">
        <div className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900" role="alert">
          <AlertIcon className="h-6 w-6 shrink-0" />
          <span>This verification link is invalid or has already been used. Links stop working once a newer one is sent.</span>
        </div>
        {user && !user.isEmailVerified ? (
          <Island name="ResendVerification" props={{ className: "btn-primary w-full py-3" }} />
        ) : (
          <a href={user ? "/" : "/auth/signin"} className="btn-primary w-full py-3">{user ? "Go to Dashboard" : "Sign In"}</a>
        )}
      </AuthShell>
    );
  }
  if (state === "signed-out") {
    return (
      <AuthShell user={null} title="Check Your Email" intro="If you just created an account, we've sent you a verification link.">
        <p className="text-sm text-ink">Open the e-mail from Pollinate and follow the link to verify your address. You can sign in to send a new link.</p>
        <a href="/auth/signin" className="btn-primary w-full py-3">Sign In</a>
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
      <Island name="ResendVerification" props={{ className: "btn-outline w-full" }} />
      <a href="/" className="btn-primary w-full py-3">Continue to Dashboard</a>
    </AuthShell>
  );
}
