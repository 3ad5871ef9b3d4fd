/** The access-code gate of the admin dashboard (signed-in admins never see it). */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { ADMIN_TEXTS, ADMIN_UNLOCKED_KEY } from "../../../core/admin";
import { ApiError, api, errorMessage } from "../../lib/api";

export function Gate({ configured, takeFocus, onUnlocked }: { configured: boolean; takeFocus: boolean; onUnlocked: () => void }) {
  const [code, setCode] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(configured ? null : ADMIN_TEXTS.codeNotConfigured);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    if (takeFocus) input.current?.focus();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- on mount only

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!code) return setError("Enter the access code");
    setPending(true);
    setError(null);
    try {
      await api.send("POST", "/api/admin/login", { body: { accessCode: code } });
      sessionStorage.setItem(ADMIN_UNLOCKED_KEY, "true");
      onUnlocked();
    } catch (e) {
      setError(e instanceof ApiError && e.status === 401 ? ADMIN_TEXTS.invalidCode : errorMessage(e, ADMIN_TEXTS.loginFailed));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="card max-w-md space-y-4 p-6" data-hydrated={hydrated ? "true" : undefined}>
      <p className="text-sm text-muted">Enter the admin access code to open the dashboard. Signed-in admins go straight in.</p>
      {error && <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">{error}</p>}
      <div>
        <label htmlFor="admin-access-code" className="label">Access code</label>
        <input ref={input} id="admin-access-code" type="password" autoComplete="off" className="input" value={code} maxLength={200} onChange={(e) => setCode(e.target.value)} disabled={!configured} />
      </div>
      {/* waiting, it ignores presses but keeps the keyboard focus (a disabled button drops it to the page's body) */}
      <button type="submit" className="btn-primary w-full" disabled={!configured || !hydrated} aria-disabled={pending || undefined}>
        {pending ? "Checking..." : "Unlock Dashboard"}
      </button>
    </form>
  );
}
