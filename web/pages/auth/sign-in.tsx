import { GoogleButton, OrDivider } from "../../components/google-button";
import { Island } from "../../components/island";
import { withNextPath } from "../../../core/auth";
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
      footer={<>New to Pollinate? <TextLink href={withNextPath("/auth/signup", next)}>Create an account</TextLink></>}
    >
      <GoogleButton enabled={googleEnabled} next={next} />
      <OrDivider />
      <Island name="SignInForm" props={{ next, initialError: error, notice }} hydrate="idle" />
    </AuthShell>
  );
}
