import { useId } from "react";
import { formatDate } from "../../core/dates";
import { CREDENTIAL_TEXTS, verifiedCredentialLine, type ApiCredential } from "../../core/credentials";

/**
 * The profile's Verified badge (issue 26): a button that explains, on hover, keyboard focus and tap
 * (a tap focuses it), what an admin checked and when. No script: the explanation is the button's
 * description (aria-describedby) and shows while the pointer is over it or the focus is in it.
 */
export function VerifiedBadge({ credentials }: { credentials: ApiCredential[] }) {
  const id = useId();
  const checked = credentials.filter((c) => c.verifiedAt !== null);
  return (
    // on a phone the explanation spans the badges' row (its positioned parent); from sm it hangs under the badge
    <span className="group inline-flex sm:relative">
      <button
        type="button"
        aria-describedby={id}
        className="rounded-full bg-sage px-2.5 py-0.5 text-xs font-semibold text-forest-dark underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-forest"
        data-testid="verified-badge"
      >
        Verified
      </button>
      <span
        role="tooltip"
        id={id}
        className="invisible absolute left-0 right-0 top-full z-30 mt-2 rounded-xl sm:right-auto sm:w-72 border border-forest/15 bg-white p-3 text-left text-xs font-normal text-ink opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        <span className="block font-semibold text-forest">{CREDENTIAL_TEXTS.verifiedExplainer}</span>
        {checked.length === 0 ? (
          <span className="mt-1 block">A Pollinate admin reviewed this profile. No credential is recorded as checked yet.</span>
        ) : (
          checked.map((c) => (
            <span key={c.id} className="mt-1 block wrap-anywhere">
              {verifiedCredentialLine(c)}: checked with the issuing body on {formatDate(c.verifiedAt!)}.
            </span>
          ))
        )}
      </span>
    </span>
  );
}

/** The profile's list of credentials, each saying whether it was checked. */
export function CredentialList({ credentials }: { credentials: ApiCredential[] }) {
  if (credentials.length === 0) return null;
  return (
    <section className="card p-5" aria-labelledby="credentials-title">
      <h2 id="credentials-title" className="text-xl font-semibold text-forest">Credentials</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {credentials.map((c) => (
          <li key={c.id} className="wrap-anywhere">
            <span className="font-medium text-ink">{verifiedCredentialLine(c)}</span>
            <span className="block text-xs text-muted">{c.verifiedAt ? `Checked by Pollinate on ${formatDate(c.verifiedAt)}` : "Not checked by Pollinate yet"}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
