import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { ARCHETYPES, EXPERIENCE_LEVELS, type Archetype, type ExperienceLevel, type ProfessionalCategory } from "../../core/enums";
import { FormMessage } from "../components/form-field";
import {
  ARCHETYPE_GUIDANCE_MESSAGE,
  ENTRY_ARCHETYPE,
  isArchetypeAllowed,
  PROFILE_LIMITS,
  PROFILE_LISTING_TEXTS,
  specializationList,
  validateProfileInput,
  type ProfileErrors,
  type ProfileField,
} from "../../core/practitioner-profile";
import { ApiError, api, errorMessage } from "../lib/api";
import { ARCHETYPE_DEFINITIONS, EXPERIENCE_LEVEL_LABELS } from "../../core/archetypes";
import { modalitiesByGroup } from "../../core/modalities";
import { practitionerDisplayName, type ApiPractitioner } from "../../core/types";

export interface PractitionerProfileFormProps {
  /** The saved profile, or null when the practitioner has not created one yet. */
  profile: ApiPractitioner | null;
  /** Whether the owner's e-mail address is verified: only then is the profile listed. */
  listed: boolean;
}

const LEVEL_HINTS: Record<ExperienceLevel, string> = {
  rising: "New to facilitating, or in your first couple of years of practice.",
  evolving: "An established practice of several years.",
  wise: "A long practice; you may mentor other facilitators.",
};

const FIELD_ORDER: ProfileField[] = ["experienceLevel", "archetype", "bio", "specializations", "professionalCategories", "hourlyRate", "isVirtual", "location"];

interface FormState {
  archetype: Archetype;
  experienceLevel: ExperienceLevel;
  bio: string;
  specializations: string;
  professionalCategories: ProfessionalCategory[];
  hourlyRate: string;
  location: string;
  isVirtual: boolean;
  isInPerson: boolean;
}

function initialState(profile: ApiPractitioner | null): FormState {
  if (!profile) {
    // new facilitators start at rising, as a Bee (SPEC.md section 1)
    return { archetype: ENTRY_ARCHETYPE, experienceLevel: "rising", bio: "", specializations: "", professionalCategories: [], hourlyRate: "", location: "", isVirtual: true, isInPerson: false };
  }
  return {
    archetype: profile.archetype,
    experienceLevel: profile.experienceLevel,
    bio: profile.bio ?? "",
    specializations: profile.specializations.join(", "),
    professionalCategories: profile.professionalCategories as ProfessionalCategory[],
    hourlyRate: profile.hourlyRate ?? "",
    location: profile.location ?? "",
    isVirtual: profile.isVirtual,
    isInPerson: profile.isInPerson,
  };
}

/** The practitioner's own profile: create or edit, checked here as you go and enforced by the API. */
export default function PractitionerProfileForm({ profile, listed }: PractitionerProfileFormProps) {
  const ids = useId();
  const [saved, setSaved] = useState(profile);
  const [form, setForm] = useState<FormState>(() => initialState(profile));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // the answer of a save is shown above the form: the focus goes there (and the page scrolls to it)
  // instead of staying on a Save button at the bottom, disabled while saving, where nothing changed
  const messageRef = useRef<HTMLDivElement>(null);
  const focusMessage = useRef(false);
  useEffect(() => {
    if (!message || !focusMessage.current) return;
    focusMessage.current = false;
    messageRef.current?.focus();
  }, [message]);
  const currentArchetype = saved?.archetype ?? null;

  function update(patch: Partial<FormState>) {
    const next = { ...form, ...patch };
    // moving to rising moves a not-yet-saved choice back to the entry archetype
    if (patch.experienceLevel && !isArchetypeAllowed(next.archetype, next.experienceLevel, currentArchetype)) next.archetype = ENTRY_ARCHETYPE;
    setForm(next);
    if (attempted) setErrors(validateProfileInput(next, currentArchetype).errors ?? {});
  }

  function focusFirstError(found: ProfileErrors) {
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setMessage(null);
    const checked = validateProfileInput(form, currentArchetype);
    if (checked.errors) {
      setErrors(checked.errors);
      setMessage({ kind: "error", text: "Please fix the highlighted fields." });
      focusFirstError(checked.errors);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      // the browser's zone: a new profile's hours start in it (decision 028)
      const result = await api.send("PUT", "/api/practitioners/me", { body: { ...checked.value, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone } });
      setSaved(result);
      setForm(initialState(result));
      focusMessage.current = true;
      setMessage({ kind: "success", text: !listed ? PROFILE_LISTING_TEXTS.savedUnverified : saved ? PROFILE_LISTING_TEXTS.saved : PROFILE_LISTING_TEXTS.created });
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? parseFieldErrors(error.body) : null;
      if (fieldErrors) {
        setErrors(fieldErrors);
        focusFirstError(fieldErrors);
      } else focusMessage.current = true;
      setMessage({ kind: "error", text: errorMessage(error, "Failed to save your profile") });
    } finally {
      setPending(false);
    }
  }

  const describe = (field: ProfileField, hint?: boolean) => [hint ? `${ids}-${field}-hint` : null, errors[field] ? `${ids}-${field}-error` : null].filter(Boolean).join(" ") || undefined;
  const specializations = specializationList(form.specializations);

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-8">
      {message && (
        <div ref={messageRef} tabIndex={-1} className="space-y-3 scroll-mt-24 focus:outline-none">
          <FormMessage kind={message.kind}>{message.text}</FormMessage>
          {message.kind === "success" && saved && (
            <p>
              <a href={`/practitioners/${saved.id}`} className="font-semibold text-forest underline">View your public profile ({practitionerDisplayName(saved.id)})</a>
            </p>
          )}
        </div>
      )}

      <Fieldset legend="Experience level" error={errors.experienceLevel} errorId={`${ids}-experienceLevel-error`}>
        <div className="grid gap-3 sm:grid-cols-3">
          {EXPERIENCE_LEVELS.map((level, i) => (
            <label key={level} className={`card flex cursor-pointer gap-3 p-4 ${form.experienceLevel === level ? "border-forest ring-2 ring-forest/30" : ""}`}>
              <input
                type="radio"
                name="experienceLevel"
                value={level}
                checked={form.experienceLevel === level}
                onChange={() => update({ experienceLevel: level })}
                data-field={i === 0 ? "experienceLevel" : undefined}
                className="mt-1 accent-forest"
              />
              <span>
                <span className="block font-semibold text-ink">{EXPERIENCE_LEVEL_LABELS[level]}</span>
                <span className="block text-sm text-muted">{LEVEL_HINTS[level]}</span>
              </span>
            </label>
          ))}
        </div>
      </Fieldset>

      <Fieldset legend="Archetype" error={errors.archetype} errorId={`${ids}-archetype-error`}>
        <p id={`${ids}-archetype-hint`} className="mb-3 text-sm text-muted">{ARCHETYPE_GUIDANCE_MESSAGE}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          {ARCHETYPES.map((archetype, i) => {
            const definition = ARCHETYPE_DEFINITIONS[archetype];
            const allowed = isArchetypeAllowed(archetype, form.experienceLevel, currentArchetype);
            return (
              <label
                key={archetype}
                className={`card flex gap-3 p-4 ${allowed ? "cursor-pointer" : "cursor-not-allowed opacity-60"} ${form.archetype === archetype ? "border-forest ring-2 ring-forest/30" : ""}`}
              >
                <input
                  type="radio"
                  name="archetype"
                  value={archetype}
                  checked={form.archetype === archetype}
                  disabled={!allowed}
                  onChange={() => update({ archetype })}
                  data-field={i === 0 ? "archetype" : undefined}
                  aria-describedby={`${ids}-archetype-hint`}
                  className="mt-1 accent-forest"
                />
                <img src={definition.image} alt="" width={40} height={40} className="h-10 w-10 shrink-0" />
                <span>
                  <span className="block font-semibold text-ink">
                    {definition.name} <span className="font-normal text-muted">· {definition.tagline}</span>
                  </span>
                  <span className="block text-sm text-muted">{definition.description}</span>
                  {!allowed && <span className="mt-1 block text-xs font-medium text-ink">Opens at the Evolving level</span>}
                </span>
              </label>
            );
          })}
        </div>
      </Fieldset>

      <div>
        <label htmlFor={`${ids}-bio`} className="label">Bio</label>
        <textarea
          id={`${ids}-bio`}
          data-field="bio"
          rows={6}
          value={form.bio}
          maxLength={PROFILE_LIMITS.bioMax}
          onChange={(e) => update({ bio: e.target.value })}
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={describe("bio", true)}
          className="input"
        />
        <p id={`${ids}-bio-hint`} className="mt-1 text-xs text-muted">
          How you work and who you help: {PROFILE_LIMITS.bioMin}–{PROFILE_LIMITS.bioMax} characters ({form.bio.trim().length} now).
        </p>
        <FieldError id={`${ids}-bio-error`} text={errors.bio} />
      </div>

      <div>
        <label htmlFor={`${ids}-specializations`} className="label">Specializations</label>
        <input
          id={`${ids}-specializations`}
          data-field="specializations"
          type="text"
          value={form.specializations}
          onChange={(e) => update({ specializations: e.target.value })}
          aria-invalid={errors.specializations ? true : undefined}
          aria-describedby={describe("specializations", true)}
          className="input"
          placeholder="Grief support, Burnout recovery, Sleep"
        />
        <p id={`${ids}-specializations-hint`} className="mt-1 text-xs text-muted">
          Separate them with commas; up to {PROFILE_LIMITS.specializationsMax}. Cards show the first 3.
        </p>
        {specializations.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-1.5 wrap-anywhere" aria-label="Specializations as they will appear">
            {specializations.map((s) => (
              <li key={s} className="rounded-full bg-sage/60 px-2.5 py-0.5 text-xs text-forest-dark">{s}</li>
            ))}
          </ul>
        )}
        <FieldError id={`${ids}-specializations-error`} text={errors.specializations} />
      </div>

      <Fieldset
        legend={`Professional categories (${form.professionalCategories.length} of up to ${PROFILE_LIMITS.categoriesMax})`}
        error={errors.professionalCategories}
        errorId={`${ids}-professionalCategories-error`}
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {modalitiesByGroup().map((group, groupIndex) => (
            <fieldset key={group.group} className="rounded-2xl border border-forest/10 bg-white p-4">
              <legend className="px-1 text-sm font-semibold text-forest">{group.label}</legend>
              <ul className="mt-1 space-y-1">
                {group.modalities.map((m, i) => {
                  const checked = form.professionalCategories.includes(m.key);
                  return (
                    <li key={m.key}>
                      <label className="flex cursor-pointer items-center gap-2 text-sm text-ink">
                        <input
                          type="checkbox"
                          checked={checked}
                          data-field={groupIndex === 0 && i === 0 ? "professionalCategories" : undefined}
                          onChange={() =>
                            update({ professionalCategories: checked ? form.professionalCategories.filter((c) => c !== m.key) : [...form.professionalCategories, m.key] })
                          }
                          className="accent-forest"
                        />
                        <span aria-hidden="true">{m.icon}</span> {m.name}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ))}
        </div>
      </Fieldset>

      <div className="grid gap-6 sm:grid-cols-2">
        <div>
          <label htmlFor={`${ids}-rate`} className="label">Rate per session (USD)</label>
          <div className="relative">
            <span className="pointer-events-none absolute left-3.5 top-1/2 -translate-y-1/2 text-sm text-muted" aria-hidden="true">$</span>
            <input
              id={`${ids}-rate`}
              data-field="hourlyRate"
              type="text"
              inputMode="decimal"
              value={form.hourlyRate}
              onChange={(e) => update({ hourlyRate: e.target.value })}
              aria-invalid={errors.hourlyRate ? true : undefined}
              aria-describedby={describe("hourlyRate", true)}
              className="input pl-7"
            />
          </div>
          <p id={`${ids}-hourlyRate-hint`} className="mt-1 text-xs text-muted">For a 60-minute session; 30 and 90 minutes are priced from it.</p>
          <FieldError id={`${ids}-hourlyRate-error`} text={errors.hourlyRate} />
        </div>
        <div>
          <label htmlFor={`${ids}-location`} className="label">Location</label>
          <input
            id={`${ids}-location`}
            data-field="location"
            type="text"
            value={form.location}
            maxLength={PROFILE_LIMITS.locationMax}
            onChange={(e) => update({ location: e.target.value })}
            aria-invalid={errors.location ? true : undefined}
            aria-describedby={describe("location", true)}
            className="input"
            placeholder="Portland, OR"
          />
          <p id={`${ids}-location-hint`} className="mt-1 text-xs text-muted">Your city; needed for in-person sessions.</p>
          <FieldError id={`${ids}-location-error`} text={errors.location} />
        </div>
      </div>

      <Fieldset legend="Session types" error={errors.isVirtual} errorId={`${ids}-isVirtual-error`}>
        <div className="flex flex-wrap gap-6">
          <label className="flex items-center gap-2 text-sm text-ink">
            <input type="checkbox" data-field="isVirtual" checked={form.isVirtual} onChange={(e) => update({ isVirtual: e.target.checked })} className="accent-forest" />
            Virtual sessions (video call)
          </label>
          <label className="flex items-center gap-2 text-sm text-ink">
            <input type="checkbox" checked={form.isInPerson} onChange={(e) => update({ isInPerson: e.target.checked })} className="accent-forest" />
            In-person sessions
          </label>
        </div>
      </Fieldset>

      <button type="submit" className="btn-primary" disabled={pending}>
        {pending ? "Saving..." : saved ? "Save Changes" : "Create Profile"}
      </button>
    </form>
  );
}

function Fieldset({ legend, error, errorId, children }: { legend: string; error?: string; errorId: string; children: ReactNode }) {
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="label text-base">{legend}</legend>
      {children}
      <FieldError id={errorId} text={error} />
    </fieldset>
  );
}

function FieldError({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return <p id={id} className="mt-1 text-sm text-red-800">{text}</p>;
}

/** The API's `errors` map from a 400 body, if there is one. */
function parseFieldErrors(body: string): ProfileErrors | null {
  try {
    const parsed = JSON.parse(body) as { errors?: ProfileErrors };
    return parsed.errors && typeof parsed.errors === "object" ? parsed.errors : null;
  } catch {
    return null;
  }
}
