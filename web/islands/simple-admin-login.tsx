import { useEffect, useState, type FormEvent } from "react";
import { ADMIN_TEXTS, SIMPLE_ADMIN_FLAG_KEY } from "../../core/admin";
import { StatusMessage, type Notice } from "../components/status-message";
import { toastAfterNavigation } from "../features/toast/toast";
import { api, errorMessage } from "../lib/api";

/** One password field; the server checks it and sets an HttpOnly cookie, the browser flag only mirrors it. */
export default function SimpleAdminLogin({ configured, loggedOut = false }: { configured: boolean; loggedOut?: boolean }) {
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(
    !configured ? { kind: "error", title: "Not configured", body: ADMIN_TEXTS.simpleNotConfigured } : loggedOut ? { kind: "success", title: ADMIN_TEXTS.simpleLoggedOut } : null,
  );
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!password) {
      setNotice({ kind: "error", title: "Password required", body: "Please enter the admin password." });
      return;
    }
    setPending(true);
    setNotice(null);
    try {
      await api.send("POST", "/api/simple-admin/login", { body: { password } });
      localStorage.setItem(SIMPLE_ADMIN_FLAG_KEY, "true");
      // SPEC.md section 8: the toast 'Success', shown by the panel this page leaves for
      toastAfterNavigation({ title: ADMIN_TEXTS.simpleSuccessTitle, description: ADMIN_TEXTS.simpleSuccessBody });
      window.location.assign("/simple-admin/panel");
    } catch (error) {
      setNotice({ kind: "error", title: ADMIN_TEXTS.loginFailed, body: errorMessage(error, ADMIN_TEXTS.simpleInvalidPassword) });
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-hydrated={hydrated ? "true" : undefined}>
      <StatusMessage notice={notice} />
      <div>
        <label htmlFor="simple-admin-password" className="label">Password</label>
        <input id="simple-admin-password" name="password" type="password" required autoComplete="current-password" className="input" value={password} maxLength={200} onChange={(e) => setPassword(e.target.value)} disabled={!configured} />
      </div>
      {/* waiting, it ignores presses but keeps the keyboard focus (a disabled button drops it to the page's body) */}
      <button type="submit" className="btn-primary w-full py-3" disabled={!configured || !hydrated} aria-disabled={pending || undefined}>
        {pending ? "Checking..." : "Access Admin Panel"}
      </button>
    </form>
  );
}
