import { AlertIcon, CheckCircleIcon } from "../../components/account-icons";
import { EMAIL_CHANGE_PATH, EMAIL_CHANGE_TEXTS } from "../../../core/email-change";
import type { ApiUser } from "../../../core/types";
import { AuthShell } from "./auth-shell";

/**
 * confirm: the e-mailed link was opened (nothing changes until the button is pressed: mail
 * scanners open links too); changed: it was pressed; taken: another account took the address
 * meanwhile; invalid: an unknown, expired or used link.
 */
export type ConfirmEmailChangeState = "confirm" | "changed" | "taken" | "invalid";

export interface ConfirmEmailChangePageProps {
  user: ApiUser | null;
  state: ConfirmEmailChangeState;
  /** The new address the link is about. */
  email: string | null;
  /** The link's token, for the confirm form (state "confirm" only). */
  token: string | null;
}

export function ConfirmEmailChangePage({ user, state, email, token }: ConfirmEmailChangePageProps) {
  if (state === "confirm" && token) {
    return (
      <AuthShell user={user} title="Confirm Your New Address" intro={<>Use <strong className="text-ink">{email}</strong> for your Pollinate account from now on?</>}>
        <p className="text-sm text-ink">Your account keeps its current address until you press the button.</p>
        <form method="post" action={EMAIL_CHANGE_PATH}>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="btn-primary w-full py-3">{EMAIL_CHANGE_TEXTS.confirmButton}</button>
        </form>
      </AuthShell>
    );
  }
  if (state === "changed" && email) {
    return (
      <AuthShell user={user} title="E-mail Address Changed">
        <div className="flex items-center gap-3 rounded-xl bg-sage/60 px-4 py-3 text-sm text-forest-dark wrap-anywhere" role="status">
          <CheckCircleIcon className="h-6 w-6 shrink-0 text-moss" />
          <span>{EMAIL_CHANGE_TEXTS.changed(email)}</span>
        </div>
        <a href={user ? "/" : "/auth/signin"} className="btn-primary w-full py-3">{user ? "Go to Dashboard" : "Sign In"}</a>
      </AuthShell>
    );
  }
  return (
    <AuthShell user={user} title={state === "taken" ? "Address Already Used" : "Link Not Valid"}>
      <div className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900" role="alert">
        <AlertIcon className="h-6 w-6 shrink-0" />
        <span>{state === "taken" ? EMAIL_CHANGE_TEXTS.taken : EMAIL_CHANGE_TEXTS.invalid}</span>
      </div>
      <a href={user ? "/" : "/auth/signin"} className="btn-primary w-full py-3">{user ? "Go to Dashboard" : "Sign In"}</a>
    </AuthShell>
  );
}
