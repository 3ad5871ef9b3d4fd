import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { FormMessage } from "../components/form-field";
import { PractitionerPhoto } from "../components/practitioner-photo";
import { api, apiUpload, errorMessage } from "../lib/api";
import { PHOTO_ACCEPT, PHOTO_LIMITS, PHOTO_PATH, PHOTO_TEXTS } from "../../core/practitioner-photo";
import type { ApiPractitioner } from "../../core/types";

export interface PractitionerPhotoFormProps {
  practitionerId: string;
  displayName: string | null;
  /** The photo saved now (ApiPractitioner.photoUrl); null: cards show the archetype's art. */
  photoUrl: string | null;
}

/** The practitioner's photo on cards, the profile and the booking page: choose, preview, save, remove (decision 029). */
export default function PractitionerPhotoForm({ practitionerId, displayName, photoUrl }: PractitionerPhotoFormProps) {
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const [saved, setSaved] = useState(photoUrl);
  const [chosen, setChosen] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [result, setResult] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  function choose(file: File | null) {
    setResult(null);
    setChosen(null);
    setPreview(null);
    if (!file) return;
    if (file.size > PHOTO_LIMITS.maxBytes) {
      setResult({ kind: "error", text: PHOTO_TEXTS.tooLarge });
      return;
    }
    setChosen(file);
    setPreview(URL.createObjectURL(file));
  }

  async function send(event: FormEvent, remove: boolean) {
    event.preventDefault();
    if (!remove && !chosen) {
      setResult({ kind: "error", text: PHOTO_TEXTS.choose });
      return;
    }
    setPending(true);
    setResult(null);
    try {
      const answer = remove ? await api.send("DELETE", "/api/practitioners/me/photo") : await apiUpload<ApiPractitioner>("PUT", PHOTO_PATH, chosen!);
      setSaved(answer.photoUrl);
      setChosen(null);
      setPreview(null);
      if (input.current) input.current.value = "";
      setResult({ kind: "success", text: remove ? PHOTO_TEXTS.removed : PHOTO_TEXTS.saved });
    } catch (err) {
      setResult({ kind: "error", text: errorMessage(err, "Your photo could not be saved") });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={(e) => send(e, false)} className="card space-y-3 p-5" aria-labelledby={`${ids}-title`} noValidate data-testid="photo-form">
      <h2 id={`${ids}-title`} className="text-lg font-semibold text-forest">Your photo</h2>
      <p className="text-sm text-muted">Shown with your name on your card, your profile and the booking page. Without one, clients see your archetype's art.</p>
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
      <div className="flex flex-wrap items-center gap-4">
        {preview ? (
          <img src={preview} alt="Preview of the chosen photo" width={96} height={96} className="h-24 w-24 shrink-0 rounded-full object-cover" data-testid="photo-preview" />
        ) : saved ? (
          <PractitionerPhoto practitioner={{ id: practitionerId, displayName, photoUrl: saved }} size={96} />
        ) : (
          <span className="flex h-24 w-24 shrink-0 items-center justify-center rounded-full bg-parchment text-center text-xs text-muted">No photo yet</span>
        )}
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor={`${ids}-file`} className="label">{saved ? PHOTO_TEXTS.replace : PHOTO_TEXTS.choose}</label>
          <input ref={input} id={`${ids}-file`} type="file" accept={PHOTO_ACCEPT} className="block w-full max-w-full text-sm" aria-describedby={`${ids}-hint`} onChange={(e) => choose(e.target.files?.[0] ?? null)} />
          <p id={`${ids}-hint`} className="text-xs text-muted">{PHOTO_TEXTS.hint}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={pending || !chosen}>{pending ? "Saving..." : "Save photo"}</button>
        {saved && (
          <button type="button" className="btn-outline" disabled={pending} onClick={(e) => send(e, true)}>
            {PHOTO_TEXTS.remove}
          </button>
        )}
      </div>
    </form>
  );
}
