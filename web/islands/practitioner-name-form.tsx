import { useId, useState, type FormEvent } from "react";
import { FormMessage } from "../components/form-field";
import { api, errorMessage } from "../lib/api";
import { DISPLAY_NAME_MAX_LENGTH } from "../../core/practitioners";
import { practitionerDisplayName } from "../../core/types";

export interface PractitionerNameFormProps {
  practitionerId: string;
  /** The name saved now; null: clients see the reference alone. */
  displayName: string | null;
  /** Offered when none is saved: first name and last initial from the account. */
  suggestion: string;
}

/** The name clients see on cards, the profile, bookings and e-mails; 'Practitioner #…' stays beneath it. */
export default function PractitionerNameForm({ practitionerId, displayName, suggestion }: PractitionerNameFormProps) {
  const ids = useId();
  const [value, setValue] = useState(displayName ?? suggestion);
  const [saved, setSaved] = useState(displayName);
  const [result, setResult] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  async function save(event: FormEvent, next: string | null) {
    event.preventDefault();
    setPending(true);
    setResult(null);
    try {
      const answer = await api.send("PUT", "/api/practitioners/me/name", { body: { displayName: next } });
      setSaved(answer.displayName);
      setResult({ kind: "success", text: answer.displayName ? `Clients now see “${answer.displayName}”.` : "Clients now see your reference only." });
    } catch (err) {
      setResult({ kind: "error", text: errorMessage(err, "Your name could not be saved") });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={(e) => save(e, value.trim() || null)} className="card space-y-3 p-5" aria-labelledby={`${ids}-title`} noValidate>
      <h2 id={`${ids}-title`} className="text-lg font-semibold text-forest">Your name on Pollinate</h2>
      <p className="text-sm text-muted">
        Clients choose someone they can recognise. Your reference, {practitionerDisplayName(practitionerId)}, stays beneath the name on every screen.
        {saved ? "" : " Until you save a name, clients see the reference alone."}
      </p>
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
      <label htmlFor={`${ids}-name`} className="label">Display name</label>
      <input id={`${ids}-name`} className="input" maxLength={DISPLAY_NAME_MAX_LENGTH} value={value} onChange={(e) => setValue(e.target.value)} autoComplete="name" />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={pending}>{pending ? "Saving..." : "Save name"}</button>
        {saved && (
          <button type="button" className="btn-outline" disabled={pending} onClick={(e) => save(e, null)}>
            Show my reference only
          </button>
        )}
      </div>
    </form>
  );
}
