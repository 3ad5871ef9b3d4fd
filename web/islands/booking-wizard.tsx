/**
 * /book/{id}: the three-step booking wizard of SPEC.md sections 2, 4, 5 and 8, word for word.
 * Step and draft live in jotai atoms; times are in the viewer's zone, named. The server decides
 * everything (fee, availability, access limits); a slot taken meanwhile sends the viewer back to
 * step 1 with fresh slots and a message.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LinkedText } from "../components/linked-text";
import { SESSION_MONEY_NOTE } from "../../core/payments";
import { useAtom } from "jotai";
import { startTransition, useEffect, useId, useRef, useState } from "react";
import { ARCHETYPE_DEFINITIONS, EXPERIENCE_LEVEL_LABELS } from "../../core/archetypes";
import { BOOKING_DURATIONS, BOOKING_NOTES_MAX_LENGTH, BOOKING_NOTES_ROWS } from "../../core/constants";
import { signInHref } from "../../core/auth";
import { formatDollars } from "../../core/money";
import { PractitionerPhoto } from "../components/practitioner-photo";
import { practitionerDisplayName, practitionerNameWithReference, type ApiPractitioner, type UpgradeAccount } from "../../core/types";
import { feeForRate, type AvailabilitySlot, type CreateBookingBody } from "../features/bookings/booking-api";
import { BOOKING_TEXTS, CANCELLATION_POLICY_LABEL, cancellationPolicyText } from "../../core/booking-texts";
import { availabilityQueries, BOOKINGS_QUERY_KEY } from "../features/bookings/queries";
import { SlotPicker, SlotPickerPlaceholder } from "../features/bookings/slot-picker";
import { dateInZone, formatLongDate, formatTimeIn, randomKey, viewerTimeZone, zoneLabel } from "../features/bookings/time";
import { bookingDraftAtom, WIZARD_STEPS, wizardStepAtom, type WizardStep } from "../features/bookings/wizard-state";
import { toastAfterNavigation, Toaster, useToast } from "../features/toast/toast";
import { ApiError, api, errorMessage } from "../lib/api";
import UpgradeDialog from "./upgrade-dialog";

/** SPEC.md section 8's texts (core/bookings.ts), plus the slot-taken message of issue 9. */
export const TEXTS = {
  selectSlot: BOOKING_TEXTS.selectSlot,
  incompleteTitle: BOOKING_TEXTS.incompleteTitle,
  incompleteText: BOOKING_TEXTS.incompleteDescription,
  notice: BOOKING_TEXTS.reviewNotice,
  confirm: BOOKING_TEXTS.confirm,
  pending: BOOKING_TEXTS.confirming,
  failedTitle: BOOKING_TEXTS.failedTitle,
  failedFallback: BOOKING_TEXTS.failedFallback,
  bookedTitle: BOOKING_TEXTS.successTitle,
  bookedText: BOOKING_TEXTS.successDescription,
  slotTaken: "That time was just booked by someone else. The times below are up to date: please choose another.",
} as const;

export const CLIENT_DASHBOARD = "/dashboard/client";

/** Where the browser goes after booking (tests replace `go`). */
export const navigation = { go: (url: string) => window.location.assign(url) };

export interface BookingWizardProps {
  practitioner: ApiPractitioner;
  account: UpgradeAccount;
  /** Durations the practitioner offers (of 30/60/90). */
  durations?: number[];
  /** The practitioner's payment instructions, shown in the review step (issue 24). */
  payment?: { paymentInstructions: string };
  /** The practitioner's one cancellation policy: window (hours, 0: none) and text, stated in the review step and the confirmation (decision 028). */
  cancellation?: { windowHours: number; policy: string | null };
}

/** A duration and its fee ("90 minutes · $217.50"); the duration alone without a rate. */
function durationText(minutes: number, hourlyRate: string | null): string {
  return hourlyRate ? `${minutes} minutes · ${formatDollars(feeForRate(hourlyRate, minutes))}` : `${minutes} minutes`;
}

function StepIndicator({ step }: { step: WizardStep }) {
  return (
    <ol className="flex flex-wrap gap-2" aria-label="Booking steps">
      {WIZARD_STEPS.map((label, i) => {
        const n = i + 1;
        const state = n === step ? "current" : n < step ? "done" : "todo";
        return (
          <li
            key={label}
            aria-current={state === "current" ? "step" : undefined}
            className={`flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm ${
              state === "current" ? "border-forest bg-forest text-white" : state === "done" ? "border-moss/30 bg-sage text-forest-dark" : "border-forest/15 bg-white text-muted"
            }`}
          >
            <span className={`flex h-6 w-6 items-center justify-center rounded-full text-xs font-semibold ${state === "current" ? "bg-white text-forest" : "bg-parchment text-ink"}`}>{n}</span>
            {label}
          </li>
        );
      })}
    </ol>
  );
}

/** Who the session is with: the photo beside the display name, the 'Practitioner #' reference beneath (issue 26). */
function PractitionerIdentity({ practitioner, testId }: { practitioner: ApiPractitioner; testId: string }) {
  return (
    <div className="flex items-center gap-3" data-testid={testId}>
      <PractitionerPhoto practitioner={practitioner} size={48} />
      <div className="min-w-0 wrap-anywhere">
        <p className="text-lg font-semibold text-ink">{practitioner.displayName || practitionerDisplayName(practitioner.id, "Facilitator")}</p>
        {practitioner.displayName && <p className="text-xs text-muted">{practitionerDisplayName(practitioner.id)}</p>}
      </div>
    </div>
  );
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right text-ink">{value}</dd>
    </div>
  );
}

export default function BookingWizard({ practitioner, account, durations = [...BOOKING_DURATIONS], cancellation, payment }: BookingWizardProps) {
  const idPrefix = useId();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [step, setStep] = useAtom(wizardStepAtom);
  const [draft, setDraft] = useAtom(bookingDraftAtom);
  const [timeZone, setTimeZone] = useState<string | null>(null);
  const [stepError, setStepError] = useState<string | null>(null);
  const [slotNotice, setSlotNotice] = useState<string | null>(null);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const idempotencyKey = useRef<string>("");
  const headingRef = useRef<HTMLHeadingElement>(null);

  const offersVirtual = practitioner.isVirtual;
  const offersInPerson = practitioner.isInPerson;
  const archetype = ARCHETYPE_DEFINITIONS[practitioner.archetype];
  const total = feeForRate(practitioner.hourlyRate, draft.duration);

  // the viewer's zone and "today" are known only in the browser (the server renders a placeholder)
  useEffect(() => {
    const zone = viewerTimeZone();
    idempotencyKey.current = randomKey();
    // the calendar's first render is the island's biggest: as a transition it yields to input
    startTransition(() => {
      setTimeZone(zone);
      setDraft((d) => ({
        ...d,
        date: d.date ?? dateInZone(new Date(), zone),
        duration: durations.includes(d.duration) ? d.duration : durations[0],
        isVirtual: offersVirtual ? d.isVirtual : false,
      }));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function goTo(next: WizardStep) {
    setStepError(null);
    setStep(next);
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  function next() {
    if (step === 1 && !draft.slot) {
      setStepError(TEXTS.selectSlot);
      return;
    }
    goTo((step + 1) as WizardStep);
  }

  const book = useMutation({
    mutationFn: (body: CreateBookingBody) => api.send("POST", "/api/bookings", { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: BOOKINGS_QUERY_KEY });
      toastAfterNavigation({ title: TEXTS.bookedTitle, description: TEXTS.bookedText });
      navigation.go(CLIENT_DASHBOARD);
    },
    onError: async (error) => {
      idempotencyKey.current = randomKey();
      if (error instanceof ApiError && error.status === 401) {
        // signed out meanwhile (SPEC.md section 5): to sign-in, which says 'Sign in required' /
        // 'Please sign in to book a session' as it does for visitors, and comes back here
        navigation.go(signInHref(`/book/${practitioner.id}`, "booking"));
        return;
      }
      toast({ title: TEXTS.failedTitle, description: errorMessage(error, TEXTS.failedFallback), variant: "destructive" });
      if (error instanceof ApiError && error.status === 409 && draft.slot && timeZone) {
        // fresh slots; if the chosen one is gone, back to step 1 with a clear message
        await queryClient.invalidateQueries({ queryKey: availabilityQueries.all(practitioner.id) });
        const fresh = await queryClient.fetchQuery(availabilityQueries.forDay(practitioner.id, draft.date!, draft.duration, timeZone));
        const still = fresh.slots.find((s) => s.start === draft.slot!.start);
        // taken only by the client's own other session (decision 028): the practitioner's slot is free, so the review stays with the server's sentence
        if (!still?.available && still?.reason !== "own-session") {
          setDraft((d) => ({ ...d, slot: null }));
          setSlotNotice(TEXTS.slotTaken);
          goTo(1);
        }
      } else if (error instanceof ApiError && error.status === 403) {
        setLimitMessage(errorMessage(error, TEXTS.failedFallback));
      }
    },
  });

  function confirm() {
    if (!draft.date || !draft.slot) {
      toast({ title: TEXTS.incompleteTitle, description: TEXTS.incompleteText, variant: "destructive" });
      return;
    }
    const notes = draft.notes.trim();
    book.mutate({
      practitionerId: practitioner.id,
      scheduledDatetime: draft.slot.start,
      duration: draft.duration,
      isVirtual: draft.isVirtual,
      totalAmount: total,
      notes: notes === "" ? null : notes,
      idempotencyKey: idempotencyKey.current,
      // the client's zone, for their e-mails
      timeZone: timeZone ?? undefined,
    });
  }

  const whenText = draft.slot && timeZone ? `${formatLongDate(draft.date!)} at ${formatTimeIn(draft.slot.start, timeZone)}` : null;
  const typeText = draft.isVirtual ? BOOKING_TEXTS.virtualTitle : BOOKING_TEXTS.inPersonTitle;
  const stepTitleId = `${idPrefix}-step-title`;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      <div className="min-w-0 space-y-6">
        <StepIndicator step={step} />
        <section className="card p-5 sm:p-8" aria-labelledby={stepTitleId}>
          <h2 id={stepTitleId} ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-forest outline-none">
            {step === 1 ? "Choose a date and time" : step === 2 ? "Session details" : "Review and confirm"}
          </h2>

          {step === 1 ? (
            <div className="mt-6 space-y-6">
              <div className="max-w-xs">
                <label htmlFor={`${idPrefix}-duration`} className="label">Duration</label>
                <select
                  id={`${idPrefix}-duration`}
                  className="input"
                  value={draft.duration}
                  aria-describedby={`${idPrefix}-duration-fees`}
                  onChange={(e) => setDraft((d) => ({ ...d, duration: Number(e.target.value), slot: null }))}
                >
                  {durations.map((d) => (
                    <option key={d} value={d}>{durationText(d, practitioner.hourlyRate)}</option>
                  ))}
                </select>
                {/* what each duration costs, before step 3 (issue 27: the '/session' price is the hourly rate) */}
                <p id={`${idPrefix}-duration-fees`} className="mt-1.5 text-sm text-muted" data-testid="duration-fees">
                  {durations.map((d) => durationText(d, practitioner.hourlyRate).replace(" · ", ": ")).join(" · ")}
                </p>
              </div>
              {/* the viewer's zone and "today" are known only in the browser: the server renders the frame */}
              {!timeZone || !draft.date ? (
                <SlotPickerPlaceholder />
              ) : (
                <SlotPicker
                  idPrefix={idPrefix}
                  practitionerId={practitioner.id}
                  timeZone={timeZone}
                  date={draft.date}
                  duration={draft.duration}
                  selectedStart={draft.slot?.start ?? null}
                  notice={slotNotice}
                  onDateChange={(date) => setDraft((d) => ({ ...d, date, slot: null }))}
                  onSelect={(slot: AvailabilitySlot) => {
                    setSlotNotice(null);
                    setStepError(null);
                    setDraft((d) => ({ ...d, slot }));
                  }}
                />
              )}
            </div>
          ) : step === 2 ? (
            <div className="mt-6 space-y-6">
              <fieldset>
                <legend className="label">Session type</legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  {offersVirtual && (
                    <label className={`card flex cursor-pointer gap-3 p-4 ${draft.isVirtual ? "border-2 border-forest" : ""}`}>
                      <input type="radio" name={`${idPrefix}-type`} className="mt-1 accent-forest" checked={draft.isVirtual} onChange={() => setDraft((d) => ({ ...d, isVirtual: true }))} />
                      <span>
                        <span className="block font-semibold text-ink">{BOOKING_TEXTS.virtualTitle}</span>
                        <span className="block text-sm text-muted">{BOOKING_TEXTS.virtualDescription}</span>
                      </span>
                    </label>
                  )}
                  {offersInPerson && (
                    <label className={`card flex cursor-pointer gap-3 p-4 ${!draft.isVirtual ? "border-2 border-forest" : ""}`}>
                      <input type="radio" name={`${idPrefix}-type`} className="mt-1 accent-forest" checked={!draft.isVirtual} onChange={() => setDraft((d) => ({ ...d, isVirtual: false }))} />
                      <span>
                        <span className="block font-semibold text-ink">{BOOKING_TEXTS.inPersonTitle}</span>
                        <span className="block text-sm text-muted">{practitioner.location ?? BOOKING_TEXTS.inPersonFallbackLocation}</span>
                      </span>
                    </label>
                  )}
                </div>
              </fieldset>
              <div>
                <label htmlFor={`${idPrefix}-notes`} className="label">{BOOKING_TEXTS.notesLabel}</label>
                <textarea
                  id={`${idPrefix}-notes`}
                  rows={BOOKING_NOTES_ROWS}
                  maxLength={BOOKING_NOTES_MAX_LENGTH}
                  className="input"
                  value={draft.notes}
                  onChange={(e) => setDraft((d) => ({ ...d, notes: e.target.value }))}
                  placeholder="Anything the practitioner should know before your session"
                />
              </div>
            </div>
          ) : (
            <div className="mt-6 space-y-5">
              <PractitionerIdentity practitioner={practitioner} testId="review-practitioner" />
              <dl className="grid gap-3 text-sm">
                <SummaryRow label="Date & Time" value={whenText && timeZone ? `${whenText} · ${zoneLabel(timeZone, new Date(draft.slot!.start))}` : "—"} />
                <SummaryRow label="Duration" value={`${draft.duration} minutes`} />
                <SummaryRow label="Session Type" value={typeText} />
                <SummaryRow label="Session Fee" value={formatDollars(total)} />
                <SummaryRow label="Notes" value={draft.notes.trim() || "None"} />
                <SummaryRow label={CANCELLATION_POLICY_LABEL} value={cancellationPolicyText(cancellation?.windowHours ?? 0, cancellation?.policy ?? null)} />
              </dl>
              <p className="rounded-xl bg-sage/60 px-4 py-3 text-sm text-forest-dark">{TEXTS.notice}</p>
              {payment?.paymentInstructions && (
                <div className="rounded-xl border border-forest/10 bg-white px-4 py-3 text-sm text-ink" data-testid="review-payment-instructions">
                  <p className="font-semibold text-forest">How to pay {practitionerNameWithReference(practitioner.id, practitioner.displayName)}</p>
                  <LinkedText text={payment.paymentInstructions} className="mt-1" />
                  <p className="mt-2 text-xs text-muted">{SESSION_MONEY_NOTE}</p>
                </div>
              )}
              {limitMessage && (
                <div role="alert" className="rounded-xl border border-honey bg-honey-light p-4 text-sm text-ink" data-testid="booking-limit">
                  <p>{limitMessage}</p>
                  <div className="mt-3">
                    <UpgradeDialog triggerLabel="Upgrade Access" triggerClassName="btn-honey" account={account} />
                  </div>
                </div>
              )}
              <button type="button" className="btn-primary w-full sm:w-auto" disabled={book.isPending} onClick={confirm}>
                {book.isPending ? TEXTS.pending : TEXTS.confirm}
              </button>
            </div>
          )}

          {stepError && <p role="alert" className="mt-4 text-sm font-medium text-red-800">{stepError}</p>}

          <div className="mt-8 flex flex-wrap justify-between gap-3 border-t border-forest/10 pt-5">
            <button type="button" className="btn-outline" disabled={step === 1} onClick={() => goTo((step - 1) as WizardStep)}>{BOOKING_TEXTS.previous}</button>
            {step < 3 && <button type="button" className="btn-primary" onClick={next} disabled={!timeZone}>{BOOKING_TEXTS.next}</button>}
          </div>
        </section>
      </div>

      <aside className="card h-fit p-6" aria-label="Booking summary">
        <PractitionerIdentity practitioner={practitioner} testId="summary-practitioner" />
        <dl className="mt-4 space-y-3 text-sm">
          <SummaryRow label="Archetype" value={archetype.name} />
          <SummaryRow label="Experience" value={EXPERIENCE_LEVEL_LABELS[practitioner.experienceLevel]} />
          <SummaryRow label="Date" value={draft.date ? formatLongDate(draft.date) : "—"} />
          <SummaryRow label="Time" value={draft.slot && timeZone ? formatTimeIn(draft.slot.start, timeZone) : "—"} />
          <SummaryRow label="Duration" value={`${draft.duration} minutes`} />
          <div className="flex justify-between gap-4 border-t border-forest/10 pt-3">
            <dt className="font-semibold text-ink">Total</dt>
            <dd className="font-semibold text-forest" data-testid="booking-total">{formatDollars(total)}</dd>
          </div>
        </dl>
        {timeZone && <p className="mt-4 text-xs text-muted">Times in {zoneLabel(timeZone, draft.slot ? new Date(draft.slot.start) : undefined)}.</p>}
      </aside>
      <Toaster />
    </div>
  );
}
