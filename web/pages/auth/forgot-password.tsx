import { Island } from "../../components/island";
import type { ApiUser } from "../../../core/types";
import { AuthShell, TextLink } from "./auth-shell";

export function ForgotPasswordPage({ user, sentMessage, error }: { user: ApiUser | null; sentMessage: string | null; error: string | null }) {
  return (
    <AuthShell
      user={user}
      title="Forgot Password?"
      intro="Enter your email and we'll send you a link to choose a new password."
      footer={<>Remembered it? <TextLink href="/auth/signin">Back to sign in</TextLink></>}
    >
      <Island name="ForgotPasswordForm" props={{ sentMessage, error }} hydrate="idle" />
    </AuthShell>
  );
}
