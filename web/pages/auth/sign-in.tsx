import { GoogleButton, OrDivider } from "../../components/google-button";
import { Island } from "../../components/island";
import { AuthShell, TextLink } from "./auth-shell";

export interface SignInPageProps {
  googleEnabled: boolean;
  next: string | null;
  error: string | null;
  notice: string | null;
}

export function SignInPage({ googleEnabled, next, error, notice }: SignInPageProps) {
  return (
    <AuthShell
      user={null}
      title="Welcome Back"
      intro="Sign in to continue your wellness journey."
      footer={<>New to Pollinate? <TextLink href={next ? `/auth/signup?next=${encodeURIComponent(next)}` : "/auth/signup"}>Create an account</TextLink></>}
    >
      <GoogleButton enabled={googleEnabled} next={next} />
      <OrDivider />
      <Island name="SignInForm" props={{ next, initialError: error, notice }} />
    </AuthShell>
  );
}
