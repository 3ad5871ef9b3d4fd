import { useId, useState, type FormEvent } from "react";
import { FormMessage } from "../components/form-field";
import { api, errorMessage } from "../lib/api";
import { MIN_PASSWORD_LENGTH } from "../../core/constants";
import EmailChangeForm from "../features/account/email-change-form";

export interface AccountControlsProps {
  /** False for an account made with Google that never set a password: it confirms with its address. */
  hasPassword: boolean;
  /** The account's current address (the change-of-address form says which it replaces). */
  email?: string;
}

type Result = { kind: "error" | "success"; text: string } | null;

/** Settings a person controls: change password, change e-mail, export my data, delete my account (issue 26). */
export default function AccountControls({ hasPassword, email }: AccountControlsProps) {
  const ids = useId();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [passwordResult, setPasswordResult] = useState<Result>(null);
  const [confirmation, setConfirmation] = useState("");
  const [deleting, setDeleting] = useState(false);
  const [deleteResult, setDeleteResult] = useState<Result>(null);
  const [pending, setPending] = useState(false);

  async function changePassword(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setPasswordResult(null);
    try {
      const answer = await api.send("POST", "/api/account/password", { body: { currentPassword: current, newPassword: next } });
      setPasswordResult({ kind: "success", text: answer.message });
      setCurrent("");
      setNext("");
    } catch (err) {
      setPasswordResult({ kind: "error", text: errorMessage(err, "Your password could not be changed") });
    } finally {
      setPending(false);
    }
  }

  async function deleteAccount(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setDeleteResult(null);
    try {
      await api.send("POST", "/api/account/delete", { body: { confirmation } });
      window.location.assign("/?deleted=1");
    } catch (err) {
      setDeleteResult({ kind: "error", text: errorMessage(err, "Your account could not be deleted") });
      setPending(false);
    }
  }

  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-2" id="account-controls">
      <form onSubmit={changePassword} className="card space-y-3 p-5" aria-labelledby={`${ids}-pw`} noValidate>
        <h3 id={`${ids}-pw`} className="text-lg font-semibold text-forest">Change password</h3>
        {passwordResult && <FormMessage kind={passwordResult.kind}>{passwordResult.text}</FormMessage>}
        {hasPassword && (
          <>
            <label htmlFor={`${ids}-current`} className="label">Current password</label>
            <input id={`${ids}-current`} type="password" className="input" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
          </>
        )}
        <label htmlFor={`${ids}-new`} className="label">New password</label>
        <input id={`${ids}-new`} type="password" className="input" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} value={next} onChange={(e) => setNext(e.target.value)} aria-describedby={`${ids}-new-hint`} />
        <p id={`${ids}-new-hint`} className="text-xs text-muted">At least {MIN_PASSWORD_LENGTH} characters. Your other devices are signed out.</p>
        <button type="submit" className="btn-primary" disabled={pending}>Change password</button>
      </form>

      <EmailChangeForm email={email} hasPassword={hasPassword} />

      <div className="card space-y-3 p-5">
        <h3 className="text-lg font-semibold text-forest">Your data</h3>
        <p className="text-sm text-muted">Download one file with everything Pollinate keeps about your account: profile (with its photo and credentials), sessions and their notes, reviews, favourites, Seeds and Garden pieces.</p>
        <a href="/api/account/export" className="btn-outline" download>Export my data</a>

        <h3 className="pt-3 text-lg font-semibold text-red-900">Delete my account</h3>
        <p className="text-sm text-muted">
          Your upcoming sessions are cancelled and the other person is told by e-mail. Your name, address, notes and profile are removed. Reviews and Garden pieces you wrote stay, signed “a former member”; past sessions stay in the other person's history without your name.
        </p>
        {!deleting ? (
          <button type="button" className="btn-outline text-red-900" onClick={() => setDeleting(true)}>Delete my account…</button>
        ) : (
          <form onSubmit={deleteAccount} className="space-y-3" noValidate>
            {deleteResult && <FormMessage kind={deleteResult.kind}>{deleteResult.text}</FormMessage>}
            <label htmlFor={`${ids}-confirm`} className="label">{hasPassword ? "Your password, to confirm (an account made with Google: your e-mail address)" : "Your e-mail address, to confirm"}</label>
            <input id={`${ids}-confirm`} type="password" className="input" autoComplete={hasPassword ? "current-password" : "email"} value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
            <div className="flex flex-wrap gap-2">
              <button type="submit" className="btn-primary bg-red-800 hover:bg-red-900" disabled={pending || !confirmation}>Delete my account for good</button>
              <button type="button" className="btn-outline" onClick={() => setDeleting(false)}>Keep my account</button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
