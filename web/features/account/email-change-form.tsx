import { useId, useState, type FormEvent } from "react";
import { FormMessage } from "../../components/form-field";
import { api, errorMessage } from "../../lib/api";

type Result = { kind: "error" | "success"; text: string } | null;

/** Change e-mail: the new address and the password; the address changes when the link e-mailed there is opened. */
export default function EmailChangeForm({ email, hasPassword }: { email?: string; hasPassword: boolean }) {
  const ids = useId();
  const [newEmail, setNewEmail] = useState("");
  const [password, setPassword] = useState("");
  const [result, setResult] = useState<Result>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setResult(null);
    try {
      const answer = await api.send("POST", "/api/account/email", { body: { newEmail, currentPassword: password } });
      setResult({ kind: "success", text: answer.message });
      setNewEmail("");
      setPassword("");
    } catch (err) {
      setResult({ kind: "error", text: errorMessage(err, "Your e-mail address could not be changed") });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="card space-y-3 p-5" aria-labelledby={`${ids}-title`} noValidate>
      <h3 id={`${ids}-title`} className="text-lg font-semibold text-forest">Change e-mail</h3>
      {email && <p className="text-sm text-muted wrap-anywhere">Now: {email}</p>}
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
      <label htmlFor={`${ids}-email`} className="label">New e-mail address</label>
      <input id={`${ids}-email`} type="email" className="input" autoComplete="email" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} aria-describedby={`${ids}-hint`} />
      <label htmlFor={`${ids}-password`} className="label">Current password</label>
      <input id={`${ids}-password`} type="password" className="input" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <p id={`${ids}-hint`} className="text-xs text-muted">
        {hasPassword ? "We send a link to the new address; your address changes when you open it. Your current address is told too." : "Set a password first: changing the address asks for it."}
      </p>
      <button type="submit" className="btn-primary" disabled={pending || !newEmail}>Send confirmation link</button>
    </form>
  );
}
