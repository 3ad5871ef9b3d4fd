import { useState } from "react";
import { FormMessage } from "../components/form-field";
import { api, errorMessage } from "../lib/api";

export interface ResendVerificationProps {
  className?: string;
  /** A checked path the new link should lead on to, as the first one did. */
  next?: string | null;
}

/** Sends a new verification link to the signed-in user's address (rate-limited on the server). */
export default function ResendVerification({ className = "btn-outline", next = null }: ResendVerificationProps) {
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ kind: "error" | "success"; text: string } | null>(null);

  async function resend() {
    if (pending) return;
    setPending(true);
    setResult(null);
    try {
      const answer = await api.send("POST", "/api/auth/resend-verification", { body: next ? { next } : {} });
      setResult({ kind: "success", text: answer.message });
    } catch (err) {
      setResult({ kind: "error", text: errorMessage(err, "Failed to send the verification email") });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-3">
      {/* waiting, it ignores presses but keeps the keyboard focus (a disabled button drops it to the page's body) */}
      <button type="button" className={className} onClick={resend} aria-disabled={pending || undefined}>
        {pending ? "Sending..." : "Resend verification email"}
      </button>
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
    </div>
  );
}
