import { AlertIcon } from "../../components/account-icons";
import { Island } from "../../components/island";
import { AUTH_ERROR_TEXTS } from "../../../core/auth";
import type { ApiUser } from "../../../core/types";
import { AuthShell, TextLink } from "./auth-shell";

/** The page the reset e-mail links to; the token is checked before the form is shown. */
export function ResetPasswordPage({ user, token, valid, error }: { user: ApiUser | null; token: string; valid: boolean; error: string | null }) {
  if (!valid) {
    return (
      <AuthShell user={user} title="Link Expired">
        <div className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900" role="alert">
          <AlertIcon className="h-6 w-6 shrink-0" />
          <span>{AUTH_ERROR_TEXTS.reset_invalid}</span>
        </div>
        <a href="/auth/forgot-password" className="btn-primary w-full py-3">Request a New Link</a>
      </AuthShell>
    );
  }
  return (
    <AuthShell
      user={user}
      title="Choose a New Password"
      intro="Saving it signs you out on every device."
      footer={<>Changed your mind? <TextLink href="/auth/signin">Back to sign in</TextLink></>}
    >
      <Island name="ResetPasswordForm" props={{ token, initialError: error }} hydrate="idle" />
    </AuthShell>
  );
}
