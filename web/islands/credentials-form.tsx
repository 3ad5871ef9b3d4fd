import { useId, useRef, useState, type FormEvent } from "react";
import { FormMessage } from "../components/form-field";
import { api, apiRequest, errorMessage } from "../lib/api";
import type { ApiResponse } from "../../core/api-routes";
import { formatDate } from "../../core/dates";
import { CREDENTIAL_NUMBER_MAX, CREDENTIAL_TEXT_MAX, CREDENTIAL_TEXTS, CREDENTIALS_MAX, verifiedCredentialLine, type ApiCredential } from "../../core/credentials";

export interface CredentialsFormProps {
  credentials: ApiCredential[];
}

/** A practitioner's credentials (issue 26): add one (title, issuing body, number, year), remove one. An admin checks each. */
export default function CredentialsForm({ credentials: initial }: CredentialsFormProps) {
  const ids = useId();
  const [credentials, setCredentials] = useState(initial);
  const [result, setResult] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const yearText = String(data.get("year") ?? "").trim();
    setPending(true);
    setResult(null);
    try {
      // the answer is the map's; the body is not (a year that is not four digits goes as null, so that the server says 'Give the year it was issued.')
      const answer = await apiRequest<ApiResponse<"POST /api/practitioners/me/credentials">>("POST", "/api/practitioners/me/credentials", {
        title: String(data.get("title") ?? ""),
        issuingBody: String(data.get("issuingBody") ?? ""),
        number: String(data.get("number") ?? "") || null,
        year: /^\d{4}$/.test(yearText) ? Number(yearText) : null,
      });
      setCredentials((list) => [...list, answer.credential]);
      setResult({ kind: "success", text: answer.message });
      form.current?.reset();
    } catch (err) {
      setResult({ kind: "error", text: errorMessage(err, "The credential could not be added") });
    } finally {
      setPending(false);
    }
  }

  async function remove(id: string) {
    setPending(true);
    setResult(null);
    try {
      const answer = await api.send("DELETE", "/api/practitioners/me/credentials/:id", { params: { id } });
      setCredentials((list) => list.filter((c) => c.id !== id));
      setResult({ kind: "success", text: answer.message });
      heading.current?.focus();
    } catch (err) {
      setResult({ kind: "error", text: errorMessage(err, "The credential could not be removed") });
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="card space-y-3 p-5" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} ref={heading} tabIndex={-1} className="text-lg font-semibold text-forest">Credentials</h2>
      <p className="text-sm text-muted">List your qualifications. A Pollinate admin checks each with the body that issued it; your profile's Verified badge then says what was checked and when.</p>
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
      {credentials.length > 0 && (
        <ul className="space-y-2 text-sm" aria-label="Your credentials">
          {credentials.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-forest/10 px-3 py-2">
              <span className="min-w-0 wrap-anywhere">
                <span className="font-medium text-ink">{verifiedCredentialLine(c)}</span>
                <span className="block text-xs text-muted">{c.verifiedAt ? `Checked on ${formatDate(c.verifiedAt)}` : "Waiting for a check"}</span>
              </span>
              <button type="button" className="btn-outline px-3 py-1" aria-disabled={pending || undefined} onClick={() => !pending && remove(c.id)}>
                Remove<span className="sr-only"> {c.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {credentials.length < CREDENTIALS_MAX ? (
        <form ref={form} onSubmit={add} className="grid gap-3 sm:grid-cols-2" noValidate aria-label="Add a credential">
          <div className="sm:col-span-2">
            <label htmlFor={`${ids}-title-input`} className="label">Title</label>
            <input id={`${ids}-title-input`} name="title" className="input" maxLength={CREDENTIAL_TEXT_MAX} required placeholder="Registered Psychotherapist" />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={`${ids}-body`} className="label">Issuing body</label>
            <input id={`${ids}-body`} name="issuingBody" className="input" maxLength={CREDENTIAL_TEXT_MAX} required placeholder="UK Council for Psychotherapy" />
          </div>
          <div>
            <label htmlFor={`${ids}-number`} className="label">Number (optional)</label>
            <input id={`${ids}-number`} name="number" className="input" maxLength={CREDENTIAL_NUMBER_MAX} />
          </div>
          <div>
            <label htmlFor={`${ids}-year`} className="label">Year issued</label>
            <input id={`${ids}-year`} name="year" className="input" inputMode="numeric" pattern="[0-9]{4}" maxLength={4} required />
          </div>
          <div className="sm:col-span-2">
            <button type="submit" className="btn-primary" disabled={pending}>{pending ? "Saving..." : "Add credential"}</button>
          </div>
        </form>
      ) : (
        <p className="text-sm text-muted">{CREDENTIAL_TEXTS.tooMany}</p>
      )}
    </section>
  );
}
