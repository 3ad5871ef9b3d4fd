import type { FormEvent } from "react";
import { FormField, FormMessage } from "../components/form-field";
import { formValues, useFormSubmit } from "../features/auth/use-form-submit";
import { AUTH_MESSAGES, validateSignIn } from "../../core/auth";
import { api } from "../lib/api";

export interface SignInFormProps {
  /** Where to go after signing in (a checked same-site path), else the home dashboard. */
  next: string | null;
  initialError: string | null;
  notice: string | null;
}

/** E-mail and password sign-in with a loading state; the server decides and answers in words. */
export default function SignInForm({ next, initialError, notice }: SignInFormProps) {
  const { hydrated, pending, error, fieldErrors, run } = useFormSubmit<"email" | "password">(AUTH_MESSAGES.signInFailed, initialError);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const values = formValues(event.currentTarget, ["email", "password"] as const);
    void run(
      validateSignIn(values),
      async () => {
        await api.send("POST", "/api/auth/signin", { body: { email: values.email.trim(), password: values.password } });
        window.location.assign(next ?? "/");
      },
      { navigates: true, form: event.currentTarget },
    );
  }

  return (
    <form method="post" action="/api/auth/signin" noValidate onSubmit={onSubmit} aria-busy={pending} data-hydrated={hydrated ? "true" : undefined} className="space-y-4">
      {notice && !error && <FormMessage kind="success">{notice}</FormMessage>}
      <FormMessage kind="error">{error}</FormMessage>
      {next && <input type="hidden" name="next" value={next} />}
      <FormField id="signin-email" name="email" label="Email" type="email" autoComplete="email" required error={fieldErrors.email} />
      <FormField id="signin-password" name="password" label="Password" type="password" autoComplete="current-password" required error={fieldErrors.password} />
      <div className="flex justify-end">
        <a href="/auth/forgot-password" className="text-sm font-medium text-forest underline underline-offset-4 hover:text-forest-dark">Forgot password?</a>
      </div>
      {/* waiting, it ignores presses but keeps the keyboard focus (a disabled button drops it to the page's body) */}
      <button type="submit" className="btn-primary w-full py-3" aria-disabled={pending || undefined}>
        {pending ? "Signing in..." : "Sign In"}
      </button>
    </form>
  );
}
