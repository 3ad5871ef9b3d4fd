import { AUTH_ERROR_TEXTS } from "../../core/auth";

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
      <path fill="#EA4335" d="M12 10.2v3.9h5.5c-.2 1.3-1.6 3.9-5.5 3.9-3.3 0-6-2.7-6-6.1s2.7-6.1 6-6.1c1.9 0 3.2.8 3.9 1.5l2.7-2.6C16.9 3.1 14.7 2 12 2 6.5 2 2 6.5 2 12s4.5 10 10 10c5.8 0 9.6-4.1 9.6-9.8 0-.7-.1-1.2-.2-1.7H12z" />
    </svg>
  );
}

/**
 * 'Continue with Google': a link to the OAuth start when configured; otherwise a disabled button
 * that says plainly why.
 */
export function GoogleButton({ enabled, role, next }: { enabled: boolean; role?: "client" | "practitioner"; next?: string | null }) {
  if (!enabled) {
    return (
      <div>
        <button type="button" disabled aria-describedby="google-not-configured" className="btn-outline w-full">
          <GoogleMark />
          Continue with Google
        </button>
        <p id="google-not-configured" className="mt-2 text-center text-xs text-muted">{AUTH_ERROR_TEXTS.google_not_configured}</p>
      </div>
    );
  }
  const params = new URLSearchParams();
  if (role === "practitioner") params.set("role", role);
  if (next) params.set("next", next);
  const query = params.toString();
  return (
    <a href={`/api/auth/google${query ? `?${query}` : ""}`} className="btn-outline w-full">
      <GoogleMark />
      Continue with Google
    </a>
  );
}

/** "or" between the Google button and the e-mail form. */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs uppercase tracking-wider text-muted" aria-hidden="true">
      <span className="h-px flex-1 bg-forest/15" />
      or
      <span className="h-px flex-1 bg-forest/15" />
    </div>
  );
}
