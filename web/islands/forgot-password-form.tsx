import { useState, type FormEvent } from "react";
import { FormField, FormMessage } from "../components/form-field";
import { formValues, useFormSubmit } from "../features/auth/use-form-submit";
import { AUTH_MESSAGES, isValidEmail } from "../../core/auth";
import { api } from "../lib/api";

export interface ForgotPasswordFormProps {
  /** The server's answer, when the form was posted before the script loaded. */
  sentMessage: string | null;
  /** The error of a form posted before the script loaded (?error=), as sign-in and sign-up show theirs. */
  error?: string | null;
}

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export default function ForgotPasswordForm({ sentMessage, error: initialError = null }: ForgotPasswordFormProps) {
  const [sent, setSent] = useState<string | null>(sentMessage);
  const { hydrated, pending, error, fieldErrors, run } = useFormSubmit<"email">(AUTH_MESSAGES.forgotPasswordFailed, initialError);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const { email } = formValues(event.currentTarget, ["email"] as const);
    const problem = !email.trim() ? AUTH_MESSAGES.emailRequired : !isValidEmail(email) ? AUTH_MESSAGES.emailInvalid : undefined;
    void run(problem ? { email: problem } : {}, async () => {
      const answer = await api.send("POST", "/api/auth/forgot-password", { body: { email: email.trim() } });
      setSent(answer.message);
    }, { form: event.currentTarget });
  }

  return (
    <form method="post" action="/api/auth/forgot-password" noValidate onSubmit={onSubmit} aria-busy={pending} data-hydrated={hydrated ? "true" : undefined} className="space-y-4">
      <FormMessage kind="success">{sent}</FormMessage>
      <FormMessage kind="error">{error}</FormMessage>
      <FormField id="forgot-email" name="email" label="Email" type="email" autoComplete="email" required error={fieldErrors.email} />
      {/* waiting, it ignores presses but keeps the keyboard focus (a disabled button drops it to the page's body) */}
      <button type="submit" className="btn-primary w-full py-3" aria-disabled={pending || undefined}>
        {pending ? "Sending..." : sent ? "Send Again" : "Send Reset Link"}
      </button>
    </form>
  );
}
