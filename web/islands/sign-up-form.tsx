import { useState, type FormEvent } from "react";
import { FormField, FormMessage } from "../components/form-field";
import { formValues, useFormSubmit } from "../features/auth/use-form-submit";
import { AUTH_MESSAGES, validateSignUp, withNextPath, type SignUpValues } from "../../core/auth";
import { api } from "../lib/api";
import { MIN_PASSWORD_LENGTH } from "../../core/constants";

export type SignUpRole = "client" | "practitioner";

export interface SignUpFormProps {
  /** Preselected from ?role=practitioner ('Start as Facilitator', 'Begin Facilitating'). */
  role: SignUpRole;
  /** A checked same-site path to continue to once the account exists (e.g. /book/{id}). */
  next?: string | null;
  initialError: string | null;
}

const ROLE_CHOICES: Array<{ value: SignUpRole; title: string; text: string }> = [
  { value: "client", title: "Find a practitioner", text: "I'm seeking sessions and guidance" },
  { value: "practitioner", title: "Offer sessions", text: "I'm a facilitator sharing my practice" },
];

const FIELDS = ["firstName", "lastName", "email", "password", "confirmPassword", "role"] as const;

/** Sign-up: who you are here as, names, e-mail and password twice; success goes to /auth/verify-email (keeping `next`). */
export default function SignUpForm({ role: initialRole, next = null, initialError }: SignUpFormProps) {
  const [role, setRole] = useState<SignUpRole>(initialRole);
  const { hydrated, pending, error, fieldErrors, run } = useFormSubmit<keyof SignUpValues>(AUTH_MESSAGES.signUpFailed, initialError);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const values = formValues(event.currentTarget, FIELDS);
    void run(
      validateSignUp(values),
      async () => {
        await api.send("POST", "/api/auth/signup", {
          body: {
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            email: values.email.trim(),
            password: values.password,
            role,
            ...(next ? { next } : {}),
          },
        });
        window.location.assign(withNextPath("/auth/verify-email", next));
      },
      { navigates: true, form: event.currentTarget },
    );
  }

  return (
    <form method="post" action="/api/auth/signup" noValidate onSubmit={onSubmit} aria-busy={pending} data-hydrated={hydrated ? "true" : undefined} className="space-y-4">
      <FormMessage kind="error">{error}</FormMessage>
      {next && <input type="hidden" name="next" value={next} />}
      <fieldset>
        <legend className="label">I'm joining Pollinate to…</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {ROLE_CHOICES.map((choice) => (
            <label
              key={choice.value}
              className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-honey ${
                role === choice.value ? "border-forest bg-sage/50" : "border-forest/20 bg-white hover:border-forest/50"
              }`}
            >
              <input
                type="radio"
                name="role"
                value={choice.value}
                checked={role === choice.value}
                onChange={() => setRole(choice.value)}
                className="mt-1 accent-forest"
              />
              <span>
                <span className="block text-sm font-semibold text-ink">{choice.title}</span>
                <span className="block text-xs text-muted">{choice.text}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="signup-first-name" name="firstName" label="First name" autoComplete="given-name" required error={fieldErrors.firstName} />
        <FormField id="signup-last-name" name="lastName" label="Last name" autoComplete="family-name" required error={fieldErrors.lastName} />
      </div>
      <FormField id="signup-email" name="email" label="Email" type="email" autoComplete="email" required error={fieldErrors.email} />
      <FormField
        id="signup-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
        error={fieldErrors.password}
      />
      <FormField id="signup-confirm-password" name="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" required error={fieldErrors.confirmPassword} />
      {/* waiting, it ignores presses but keeps the keyboard focus (a disabled button drops it to the page's body) */}
      <button type="submit" className="btn-primary w-full py-3" aria-disabled={pending || undefined}>
        {pending ? "Creating account..." : "Create Account"}
      </button>
    </form>
  );
}
