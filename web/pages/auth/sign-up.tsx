import { GoogleButton, OrDivider } from "../../components/google-button";
import { Island } from "../../components/island";
import { withNextPath } from "../../../core/auth";
import { AuthShell, TextLink } from "./auth-shell";

export interface SignUpPageProps {
  googleEnabled: boolean;
  role: "client" | "practitioner";
  /** A checked same-site path to continue to after sign-up (from sign-in's ?next=). */
  next: string | null;
  error: string | null;
}

export function SignUpPage({ googleEnabled, role, next, error }: SignUpPageProps) {
  return (
    <AuthShell
      user={null}
      wide
      title="Start Your Journey"
      intro={role === "practitioner" ? "Create your facilitator account and begin sharing your practice." : "Create your account to find the practitioner your growth has been waiting for."}
      footer={<>Already have an account? <TextLink href={withNextPath("/auth/signin", next)}>Sign in</TextLink></>}
    >
      <GoogleButton enabled={googleEnabled} role={role} next={next} />
      <OrDivider />
      <Island name="SignUpForm" props={{ role, next, initialError: error }} hydrate="idle" />
      <p className="text-center text-xs text-muted">
        By creating an account you agree to our <a href="/terms" className="underline underline-offset-2">Terms of Service</a> and <a href="/privacy" className="underline underline-offset-2">Privacy Policy</a>.
      </p>
    </AuthShell>
  );
}
