import type { FormEvent } from "react";
import { FormField, FormMessage } from "../components/form-field";
import { formValues, useFormSubmit } from "../features/auth/use-form-submit";
import { validateNewPassword } from "../../core/auth";
import { api } from "../lib/api";
import { MIN_PASSWORD_LENGTH } from "../../core/constants";

export interface ResetPasswordFormProps {
  token: string;
  initialError: string | null;
}

/** Chooses a new password with the e-mailed token; success signs out everywhere and goes to sign-in. */
export default function ResetPasswordForm({ token, initialError }: ResetPasswordFormProps) {
  const { hydrated, pending, error, fieldErrors, run } = useFormSubmit<"password" | "confirmPassword">("Failed to reset your password", initialError);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const values = formValues(event.currentTarget, ["password", "confirmPassword"] as const);
    void run(
      validateNewPassword(values),
      async () => {
        await api.send("POST", "/api/auth/reset-password", { body: { token, password: values.password } });
        window.location.assign("/auth/signin?reset=1");
      },
      { navigates: true, form: event.currentTarget },
    );
  }

  return (
    <form method="post" action="/api/auth/reset-password" noValidate onSubmit={onSubmit} aria-busy={pending} data-hydrated={hydrated ? "true" : undefined} className="space-y-4">
      <FormMessage kind="error">{error}</FormMessage>
      <input type="hidden" name="token" value={token} />
      <FormField id="reset-password" name="password" label="New password" type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} hint={`At least ${MIN_PASSWORD_LENGTH} characters`} error={fieldErrors.password} />
      <FormField id="reset-confirm-password" name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" required error={fieldErrors.confirmPassword} />
      {/* waiting, it ignores presses but keeps the keyboard focus (a disabled button drops it to the page's body) */}
      <button type="submit" className="btn-primary w-full py-3" aria-disabled={pending || undefined}>
        {pending ? "Saving..." : "Set New Password"}
      </button>
    </form>
  );
}
