import { useAtom } from "jotai";
import { useEffect, useRef, useState, type ReactNode, type Ref } from "react";
import { GARDEN_INTEREST_LEVELS, IDENTITY_TYPES, OPEN_TO_FREE_SESSION, SESSION_FREQUENCIES } from "../../core/enums";
import {
  BOOKING_ENCOURAGEMENTS,
  CONTRIBUTION_INTERESTS,
  CURRENCIES,
  GARDEN_INTEREST_LABELS,
  IDENTITY_LABELS,
  OPEN_TO_FREE_SESSION_LABELS,
  RECIPROCITY_PREFERENCES,
  SESSION_FREQUENCY_LABELS,
  SURVEY_BANDS,
  SURVEY_ESTIMATED_TIME,
  SURVEY_LIMITS,
  SURVEY_STEP_COUNT,
  SURVEY_STEPS,
  SURVEY_TEXTS,
  TRUST_FACTORS,
  contributorNumber,
  draftToInput,
  showsClientQuestions,
  showsFacilitatorQuestions,
  surveyProgress,
  type SurveyDraft,
} from "../../core/survey";
import { StatusMessage, type Notice } from "../components/status-message";
import { readStoredDraft, RESET, surveyDraftAtom } from "../features/survey/draft";
import { api, errorMessage } from "../lib/api";

export interface SurveyFormProps {
  signedIn: boolean;
}

type Phase = "intro" | "form" | "done";
type TextField = { [K in keyof SurveyDraft]: SurveyDraft[K] extends string ? K : never }[keyof SurveyDraft];
type ListField = { [K in keyof SurveyDraft]: SurveyDraft[K] extends string[] ? K : never }[keyof SurveyDraft];

const options = (values: readonly string[], labels?: Record<string, string>) => values.map((v) => ({ value: v, label: labels?.[v] ?? v }));

/** The four-step founding-member survey with a draft kept in this browser. */
export default function SurveyForm({ signedIn }: SurveyFormProps) {
  const [draft, setDraft] = useAtom(surveyDraftAtom);
  const [phase, setPhase] = useState<Phase>("intro");
  const [step, setStep] = useState(1);
  const [hydrated, setHydrated] = useState(false);
  const [contributor, setContributor] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [stepError, setStepError] = useState<string | null>(null);
  const [updatedNote, setUpdatedNote] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** The first control of the first unanswered required question (today: the identity type). */
  const firstMissingRef = useRef<HTMLInputElement>(null);
  /** Bumped when an answer is missing: focus then moves to that question, as accessible forms do. */
  const [missingFocus, setMissingFocus] = useState(0);

  useEffect(() => {
    setHydrated(true);
    setContributor(contributorNumber());
    const stored = readStoredDraft();
    if (stored?.identityType) {
      setPhase("form");
      setStep(2);
      setNotice({ kind: "success", title: "Welcome back", body: "We restored the answers you saved in this browser." });
    }
  }, []);

  useEffect(() => {
    if (hydrated && phase !== "intro") headingRef.current?.focus();
  }, [phase, step, hydrated]);

  // declared after the heading's effect, so that when both run (Submit sends the person back to
  // step 1) the missing answer wins over the step's heading
  useEffect(() => {
    if (missingFocus) firstMissingRef.current?.focus();
  }, [missingFocus]);

  function askForIdentity() {
    setStepError(SURVEY_TEXTS.identityRequired);
    setMissingFocus((n) => n + 1);
  }

  const setText = (field: TextField) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const toggle = (field: ListField, value: string) =>
    setDraft((d) => ({ ...d, [field]: d[field].includes(value) ? d[field].filter((v) => v !== value) : [...d[field], value] }));

  function next() {
    if (step === 1 && !draft.identityType) {
      askForIdentity();
      return;
    }
    setStepError(null);
    setStep((s) => Math.min(s + 1, SURVEY_STEP_COUNT));
  }

  async function submit() {
    if (pending) return;
    if (!draft.identityType) {
      setStep(1);
      askForIdentity();
      return;
    }
    setPending(true);
    setNotice(null);
    try {
      const answer = await api.send("POST", "/api/survey", { body: draftToInput(draft) });
      setDraft(RESET);
      setUpdatedNote(answer.updated ? SURVEY_TEXTS.updatedNote : null);
      setNotice({ kind: "success", title: SURVEY_TEXTS.submitSuccessTitle, body: SURVEY_TEXTS.submitSuccessBody });
      setPhase("done");
    } catch (error) {
      setNotice({ kind: "error", title: SURVEY_TEXTS.submitFailureTitle, body: errorMessage(error, SURVEY_TEXTS.submitFailureFallback) });
    } finally {
      setPending(false);
    }
  }

  const note = signedIn ? SURVEY_TEXTS.signedInNote : SURVEY_TEXTS.anonymousNote;

  if (phase === "intro") {
    return (
      <div className="card mx-auto max-w-2xl p-6 text-center sm:p-10" data-hydrated={hydrated ? "true" : undefined}>
        <p className="eyebrow">Founding Member Survey</p>
        <h2 className="mt-3 text-3xl font-semibold text-forest">Help shape Pollinate</h2>
        <p className="mt-3 text-muted">Four short steps about who you are, what you offer or seek, and the community you want. It takes about {SURVEY_ESTIMATED_TIME}.</p>
        <p className="mt-4 text-sm text-muted">{note}</p>
        <button type="button" className="btn-honey mt-6 px-8 py-3" disabled={!hydrated} onClick={() => setPhase("form")}>
          Start the Survey
        </button>
      </div>
    );
  }

  if (phase === "done") {
    return (
      <div className="card mx-auto max-w-2xl space-y-4 p-6 text-center sm:p-10">
        <StatusMessage notice={notice} />
        <h2 ref={headingRef} tabIndex={-1} className="text-3xl font-semibold text-forest">Thank you, founding member{contributor ? ` #${contributor}` : ""}!</h2>
        <p className="text-muted">Your insight helps decide what blooms first on Pollinate.</p>
        {updatedNote && <p className="text-sm text-forest-dark">{updatedNote}</p>}
        <div className="flex flex-wrap justify-center gap-3 pt-2">
          <a href="/" className="btn-outline">Back to Home</a>
          <a href="/practitioners" className="btn-primary">Explore Practitioners</a>
        </div>
      </div>
    );
  }

  const progress = surveyProgress(step);
  const identity = draft.identityType;
  return (
    <div className="mx-auto max-w-2xl space-y-4" data-hydrated="true">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
        <span>
          Step {step} of {SURVEY_STEP_COUNT}
        </span>
        {contributor && <span>Contributor #{contributor}</span>}
      </div>
      <div role="progressbar" aria-label="Survey progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="h-2 overflow-hidden rounded-full bg-forest/10">
        <div className="h-full bg-honey transition-all" style={{ width: `${progress}%` }} />
      </div>
      <StatusMessage notice={notice} onDismiss={() => setNotice(null)} />
      <form
        className="card space-y-6 p-5 sm:p-8"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (step < SURVEY_STEP_COUNT) next();
          else void submit();
        }}
      >
        <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-forest">
          {SURVEY_STEPS[step - 1]}
        </h2>
        <p className="text-sm text-muted">{note}</p>

        {step === 1 && (
          <>
            <RadioGroup name="identityType" legend="How do you see yourself on Pollinate? (required)" value={identity} onChange={setText("identityType")} choices={options(IDENTITY_TYPES, IDENTITY_LABELS)} error={stepError} firstInputRef={firstMissingRef} />
            <Select id="ageRange" label="Age range" value={draft.ageRange} onChange={setText("ageRange")} choices={options(SURVEY_BANDS.ageRanges)} />
            <TextInput id="countryOfResidence" label="Country of residence" value={draft.countryOfResidence} onChange={setText("countryOfResidence")} max={SURVEY_LIMITS.shortText} />
            <Select id="currency" label="Currency you pay or charge in" value={draft.currency} onChange={setText("currency")} choices={options(CURRENCIES)} />
          </>
        )}

        {step === 2 && (
          <>
            {showsFacilitatorQuestions(identity) && (
              <Section title="As a facilitator">
                <Select id="facilitatorSessionPrice" label="What do you charge for a typical session?" value={draft.facilitatorSessionPrice} onChange={setText("facilitatorSessionPrice")} choices={options(SURVEY_BANDS.facilitatorSessionPrice)} />
                <RadioGroup name="openToFreeSession" legend="Would you offer a free first session?" value={draft.openToFreeSession} onChange={setText("openToFreeSession")} choices={options(OPEN_TO_FREE_SESSION, OPEN_TO_FREE_SESSION_LABELS)} />
              </Section>
            )}
            {showsClientQuestions(identity) && (
              <Section title="As a client">
                <Select id="clientComfortablePrice" label="A session price you're comfortable with" value={draft.clientComfortablePrice} onChange={setText("clientComfortablePrice")} choices={options(SURVEY_BANDS.clientComfortablePrice)} />
                <Select id="clientMaxPrice" label="The most you would pay for a session" value={draft.clientMaxPrice} onChange={setText("clientMaxPrice")} choices={options(SURVEY_BANDS.clientMaxPrice)} />
                <Select id="clientTrialPrice" label="A fair price for a trial session" value={draft.clientTrialPrice} onChange={setText("clientTrialPrice")} choices={options(SURVEY_BANDS.clientTrialPrice)} />
                <Select id="sessionFrequency" label="How often would you book?" value={draft.sessionFrequency} onChange={setText("sessionFrequency")} choices={options(SESSION_FREQUENCIES, SESSION_FREQUENCY_LABELS)} />
              </Section>
            )}
            {!showsFacilitatorQuestions(identity) && !showsClientQuestions(identity) && (
              <p className="rounded-xl bg-sage/40 p-4 text-sm text-forest-dark">No role-specific questions for you here. Continue to tell us about the community you'd like.</p>
            )}
          </>
        )}

        {step === 3 && (
          <>
            {showsFacilitatorQuestions(identity) && (
              <Section title="Contributing as a facilitator">
                <Checkboxes legend="How would you like to contribute?" values={draft.contributionInterests} onToggle={(v) => toggle("contributionInterests", v)} choices={CONTRIBUTION_INTERESTS} />
                <Checkboxes legend="Which forms of reciprocity appeal to you?" values={draft.reciprocityPreferences} onToggle={(v) => toggle("reciprocityPreferences", v)} choices={RECIPROCITY_PREFERENCES} />
                <TextInput id="reciprocityOther" label="Another form of reciprocity" value={draft.reciprocityOther} onChange={setText("reciprocityOther")} max={SURVEY_LIMITS.longText} />
              </Section>
            )}
            {showsClientQuestions(identity) && (
              <Section title="Booking with confidence">
                <Checkboxes legend="What would encourage you to book?" values={draft.bookingEncouragements} onToggle={(v) => toggle("bookingEncouragements", v)} choices={BOOKING_ENCOURAGEMENTS} />
                <Checkboxes legend="What helps you trust a practitioner?" values={draft.trustFactors} onToggle={(v) => toggle("trustFactors", v)} choices={TRUST_FACTORS} />
                <TextInput id="trustFactorsOther" label="Anything else that builds trust" value={draft.trustFactorsOther} onChange={setText("trustFactorsOther")} max={SURVEY_LIMITS.longText} />
              </Section>
            )}
            <Section title="The Community Garden">
              <RadioGroup name="gardenInterestLevel" legend="How interested are you in the Community Garden?" value={draft.gardenInterestLevel} onChange={setText("gardenInterestLevel")} choices={options(GARDEN_INTEREST_LEVELS, GARDEN_INTEREST_LABELS)} />
              <TextArea id="gardenContentIdeas" label="What would you like to find there?" value={draft.gardenContentIdeas} onChange={setText("gardenContentIdeas")} />
              <Select id="gardenMonthlyPrice" label="A fair monthly price for full Garden access" value={draft.gardenMonthlyPrice} onChange={setText("gardenMonthlyPrice")} choices={options(SURVEY_BANDS.gardenMonthlyPrice)} />
            </Section>
          </>
        )}

        {step === 4 && <TextArea id="finalThoughts" label="Anything else you'd like Pollinate to become?" value={draft.finalThoughts} onChange={setText("finalThoughts")} />}

        <div className="flex flex-wrap justify-between gap-3 pt-2">
          <button type="button" className="btn-outline" onClick={() => (step === 1 ? setPhase("intro") : setStep(step - 1))}>
            Previous
          </button>
          {/* waiting, it ignores presses but keeps the keyboard focus (a disabled button drops it to the page's body) */}
          <button type="submit" className="btn-primary" aria-disabled={pending || undefined}>
            {step < SURVEY_STEP_COUNT ? "Next" : pending ? SURVEY_TEXTS.processing : "Submit Survey"}
          </button>
        </div>
      </form>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-xl border border-forest/10 p-4">
      <h3 className="text-lg font-semibold text-forest">{title}</h3>
      {children}
    </section>
  );
}

function RadioGroup({
  name,
  legend,
  value,
  onChange,
  choices,
  error,
  firstInputRef,
}: {
  name: string;
  legend: string;
  value: string;
  onChange: (v: string) => void;
  choices: Array<{ value: string; label: string }>;
  error?: string | null;
  firstInputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="label">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.map((c, i) => (
          <label key={c.value} className="flex cursor-pointer items-center gap-2 rounded-xl border border-forest/15 px-3 py-2 text-sm has-[:checked]:border-forest has-[:checked]:bg-sage/40">
            <input
              ref={i === 0 ? firstInputRef : undefined}
              type="radio"
              name={name}
              value={c.value}
              checked={value === c.value}
              onChange={() => onChange(c.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${name}-error` : undefined}
            />
            {c.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function Checkboxes({ legend, values, onToggle, choices }: { legend: string; values: string[]; onToggle: (v: string) => void; choices: Record<string, string> }) {
  return (
    <fieldset>
      <legend className="label">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {Object.entries(choices).map(([value, label]) => (
          <label key={value} className="flex cursor-pointer items-center gap-2 rounded-xl border border-forest/15 px-3 py-2 text-sm has-[:checked]:border-forest has-[:checked]:bg-sage/40">
            <input type="checkbox" value={value} checked={values.includes(value)} onChange={() => onToggle(value)} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Select({ id, label, value, onChange, choices }: { id: string; label: string; value: string; onChange: (v: string) => void; choices: Array<{ value: string; label: string }> }) {
  return (
    <div>
      <label htmlFor={id} className="label">{label}</label>
      <select id={id} name={id} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose…</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>{c.label}</option>
        ))}
      </select>
    </div>
  );
}

function TextInput({ id, label, value, onChange, max }: { id: string; label: string; value: string; onChange: (v: string) => void; max: number }) {
  return (
    <div>
      <label htmlFor={id} className="label">{label}</label>
      <input id={id} name={id} className="input" value={value} maxLength={max} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

function TextArea({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (v: string) => void }) {
  return (
    <div>
      <label htmlFor={id} className="label">{label}</label>
      <textarea id={id} name={id} rows={5} className="input" value={value} maxLength={SURVEY_LIMITS.longText} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
