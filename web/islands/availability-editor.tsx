/**
 * /dashboard/practitioner/availability: weekly hours (several intervals a day), the IANA zone
 * (preselected from the browser until first saved), date overrides, buffer, minimum notice,
 * offered durations and the practitioner's own video link. Saves with PUT /api/availability/me;
 * the server validates with the same zod schema (core/availability.ts).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useState } from "react";
import { flushSync } from "react-dom";
import {
  bookingSettingsSchema,
  CANCELLATION_POLICY_MAX_LENGTH,
  CANCELLATION_WINDOWS,
  REQUEST_EXPIRY_CHOICES,
  SESSION_ADDRESS_MAX_LENGTH,
  type BookingSettings,
  END_OF_DAY,
  endTimeForField,
  endTimeFromField,
  MAX_INTERVALS_PER_DAY,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type AvailabilitySettings,
  type AvailabilitySettingsAnswer,
  type TimeInterval,
  type Weekday,
} from "../../core/availability";
import { BOOKING_DURATIONS } from "../../core/constants";
import { canonicalTimeZone, canonicalTimeZones, timeZoneDisplayName } from "../../core/time-zones";
import { viewerTimeZone } from "../features/bookings/time";
import { Toaster, useToast } from "../features/toast/toast";
import { api, errorMessage } from "../lib/api";

export const AVAILABILITY_QUERY_KEY = ["/api/availability/me"] as const;
export const SAVED_TITLE = "Availability saved";
/** In place of '+ Add hours' when the day's last interval ends at midnight: a row after it would be 24:00–24:00, which saving refuses. */
export const HOURS_UNTIL_MIDNIGHT = "These hours run until midnight (12:00 AM). To add more, end an interval earlier first.";

const NOTICE_OPTIONS = [
  { value: 0, label: "No minimum" },
  { value: 60, label: "1 hour" },
  { value: 120, label: "2 hours" },
  { value: 240, label: "4 hours" },
  { value: 720, label: "12 hours" },
  { value: 1440, label: "1 day" },
  { value: 2880, label: "2 days" },
  { value: 4320, label: "3 days" },
  { value: 10080, label: "1 week" },
];
const BUFFER_OPTIONS = [0, 5, 10, 15, 20, 30, 45, 60, 90, 120];

/**
 * For a practitioner who never saved: the zone preselected from the browser is not yet the one
 * clients book in, and saving moves the hours to the zone selected. Said, so that saving a video
 * link alone does not move every hour silently.
 */
export function zoneNotSavedNote(inForce: string): string {
  return `Until you save, clients book these hours in ${timeZoneDisplayName(inForce)} time (the default). Saving puts them in the zone selected above.`;
}

/** Every IANA zone the browser knows (about 400; the server's list may differ, so only the browser asks). */
function browserTimeZones(): string[] {
  try {
    // by today's names: Chromium lists Kolkata as "Asia/Calcutta", Kyiv as "Europe/Kiev"
    return canonicalTimeZones((Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf("timeZone"));
  } catch {
    return [];
  }
}

/** The form's names for its fields: its headings and labels, and the refusals that point at them. */
const FIELD_LABELS = {
  timeZone: "Time zone",
  bufferMinutes: "Buffer between sessions",
  minimumNoticeMinutes: "Minimum notice",
  durations: "Durations you offer",
  videoLink: "Your video link",
  overrides: "Date overrides",
  cancellationWindowHours: "Cancellation window",
  cancellationPolicy: "Cancellation policy",
  requestExpiryHours: "Confirm requests within",
  sessionAddress: "Address of in-person sessions",
} as const;

/** Where a schema issue is, in the form's words ("Monday, hours 1"), not the field path ("weeklyHours › monday › 0"). */
export function fieldLabel(path: readonly PropertyKey[], settings: Pick<AvailabilitySettings, "overrides"> | null): string {
  const [field, key, third, index] = path;
  const hours = (i: unknown) => (typeof i === "number" ? `, hours ${i + 1}` : "");
  if (field === "weeklyHours" && typeof key === "string" && key in WEEKDAY_LABELS) return `${WEEKDAY_LABELS[key as Weekday]}${hours(third)}`;
  if (field === "overrides" && typeof key === "number") {
    const date = settings?.overrides[key]?.date;
    return `${date ? `Override on ${date}` : "Date override"}${third === "intervals" ? hours(index) : ""}`;
  }
  return typeof field === "string" && field in FIELD_LABELS ? FIELD_LABELS[field as keyof typeof FIELD_LABELS] : "";
}

/** The editable part of the answer. */
function settingsOf({ practitionerId: _p, saved: _s, takingBookings: _t, ...settings }: AvailabilitySettingsAnswer): BookingSettings {
  // a zone saved by its old name before the server kept today's is offered by today's
  return { ...settings, timeZone: canonicalTimeZone(settings.timeZone) };
}

/**
 * Applies a change that adds or removes the focused control, then moves the keyboard focus to the
 * first of `ids` that exists afterwards (a removed or disabled button would leave it on the page's body).
 */
function changeKeepingFocus(change: () => void, ...ids: string[]) {
  flushSync(change);
  for (const id of ids) {
    const el = document.getElementById(id);
    if (el && !(el as HTMLButtonElement).disabled) return el.focus();
  }
}

/** Rows of start–end times. `fallbackFocusId`: where focus goes when the last row is removed and the rows with it. */
function IntervalRows({ intervals, onChange, label, idPrefix, fallbackFocusId }: { intervals: TimeInterval[]; onChange: (next: TimeInterval[]) => void; label: string; idPrefix: string; fallbackFocusId?: string }) {
  const untilMidnight = intervals[intervals.length - 1]?.end === END_OF_DAY;
  return (
    <div className="space-y-2">
      {intervals.map((iv, i) => (
        <div key={i} className="flex flex-wrap items-center gap-1.5 sm:gap-2" data-testid="interval">
          <label className="sr-only" htmlFor={`${idPrefix}-${i}-start`}>{`${label} interval ${i + 1} start`}</label>
          <input id={`${idPrefix}-${i}-start`} type="time" step={300} className="input w-[7.5rem] px-2" value={iv.start} onChange={(e) => onChange(intervals.map((x, j) => (j === i ? { ...x, start: e.target.value } : x)))} />
          <span aria-hidden="true" className="text-muted">–</span>
          <label className="sr-only" htmlFor={`${idPrefix}-${i}-end`}>{`${label} interval ${i + 1} end`}</label>
          <input id={`${idPrefix}-${i}-end`} type="time" step={300} className="input w-[7.5rem] px-2" value={endTimeForField(iv.end)} onChange={(e) => onChange(intervals.map((x, j) => (j === i ? { ...x, end: endTimeFromField(e.target.value) } : x)))} />
          <button
            type="button"
            id={`${idPrefix}-${i}-remove`}
            className="flex h-11 w-11 items-center justify-center rounded-full text-lg text-forest hover:bg-sage/60"
            aria-label={`Remove ${label} interval ${i + 1}`}
            title="Remove"
            // focus stays in the list: on the row that takes this one's place, else the row above, else the add button
            onClick={() => changeKeepingFocus(() => onChange(intervals.filter((_, j) => j !== i)), `${idPrefix}-${Math.min(i, intervals.length - 2)}-remove`, `${idPrefix}-add`, fallbackFocusId ?? "")}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
      {intervals.length < MAX_INTERVALS_PER_DAY && untilMidnight && <p className="text-xs text-muted" data-testid="hours-until-midnight">{HOURS_UNTIL_MIDNIGHT}</p>}
      {intervals.length < MAX_INTERVALS_PER_DAY && !untilMidnight && (
        <button
          type="button"
          id={`${idPrefix}-add`}
          className="text-sm font-semibold text-forest underline decoration-honey decoration-2 underline-offset-4"
          aria-label={`Add hours on ${label}`}
          onClick={() => {
            const last = intervals[intervals.length - 1];
            const start = last ? last.end : "09:00";
            const [h, m] = start.split(":").map(Number);
            const end = h >= 23 ? END_OF_DAY : `${String(h + 1).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
            // on to the new row's start time (the button goes once the day is full)
            changeKeepingFocus(() => onChange([...intervals, { start, end }]), `${idPrefix}-${intervals.length}-start`);
          }}
        >
          + Add hours
        </button>
      )}
    </div>
  );
}

export default function AvailabilityEditor() {
  const id = useId();
  const queryClient = useQueryClient();
  const toast = useToast();
  const query = useQuery({ queryKey: AVAILABILITY_QUERY_KEY, queryFn: () => api.get("/api/availability/me") });
  // the page brings the settings (server data), so the server renders the whole form and hydration
  // changes nothing: no skeleton that the form then pushes the page down from
  const [draft, setDraft] = useState<BookingSettings | null>(() => (query.data ? settingsOf(query.data) : null));
  const [zones, setZones] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [overrideDate, setOverrideDate] = useState("");
  const neverSaved = query.data?.saved === false;

  useEffect(() => {
    if (query.data && !draft) setDraft(settingsOf(query.data));
  }, [query.data, draft]);
  // known only in the browser, after hydration: the zone list, and for a practitioner who never
  // saved, the browser's zone preselected
  useEffect(() => setZones(browserTimeZones()), []);
  useEffect(() => {
    if (neverSaved) setDraft((d) => (d ? { ...d, timeZone: viewerTimeZone() } : d));
  }, [neverSaved]);
  const zoneOptions = useMemo(() => (draft && !zones.includes(draft.timeZone) ? [draft.timeZone, ...zones] : zones), [zones, draft?.timeZone]);

  const save = useMutation({
    mutationFn: (body: BookingSettings) => api.send("PUT", "/api/availability/me", { body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(AVAILABILITY_QUERY_KEY, answer);
      await queryClient.invalidateQueries({ queryKey: ["availability"] });
      setError(null);
      toast({ title: SAVED_TITLE, description: "Clients see your new times right away." });
    },
    onError: (e) => setError(errorMessage(e, "Could not save your availability")),
  });

  if (query.isError) return <p role="alert" className="card p-6 text-red-800">{errorMessage(query.error, "Could not load your availability")}</p>;
  if (!draft) return <div className="skeleton h-96 w-full" aria-busy="true" aria-label="Loading your availability" />;

  const setDay = (day: Weekday, intervals: TimeInterval[]) => setDraft({ ...draft, weeklyHours: { ...draft.weeklyHours, [day]: intervals } });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (save.isPending) return;
    const parsed = bookingSettingsSchema.safeParse(draft);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = fieldLabel(issue.path, draft);
      setError(`${where ? where + ": " : ""}${issue.message}`);
      return;
    }
    save.mutate(parsed.data);
  }

  return (
    <form onSubmit={submit} className="space-y-6" noValidate>
      <section className="card p-5 sm:p-6" aria-labelledby={`${id}-zone`}>
        <h2 id={`${id}-zone`} className="text-xl font-semibold text-forest">{FIELD_LABELS.timeZone}</h2>
        <p className="mt-1 text-sm text-muted">Your hours are in this zone; clients see them in their own.</p>
        <label htmlFor={`${id}-tz`} className="label mt-4">Your time zone</label>
        <select id={`${id}-tz`} className="input max-w-sm" value={draft.timeZone} onChange={(e) => setDraft({ ...draft, timeZone: e.target.value })}>
          {zoneOptions.map((z) => (
            <option key={z} value={z}>{timeZoneDisplayName(z)}</option>
          ))}
        </select>
        {/* rendered by the server too (the page brings the settings): the browser's zone arriving does not move the page */}
        {neverSaved && query.data && (
          <p className="mt-2 text-sm text-ink" data-testid="zone-not-saved">
            {zoneNotSavedNote(query.data.timeZone)}
          </p>
        )}
      </section>

      <section className="card p-5 sm:p-6" aria-labelledby={`${id}-weekly`}>
        <h2 id={`${id}-weekly`} className="text-xl font-semibold text-forest">Weekly hours</h2>
        <ul className="mt-4 divide-y divide-forest/10">
          {WEEKDAYS.map((day) => {
            const intervals = draft.weeklyHours[day];
            const on = intervals.length > 0;
            return (
              <li key={day} className="grid gap-3 py-4 sm:grid-cols-[10rem_minmax(0,1fr)]" data-testid={`day-${day}`}>
                <label className="flex items-center gap-2 font-medium text-ink">
                  <input type="checkbox" id={`${id}-${day}-on`} className="h-4 w-4 accent-forest" checked={on} onChange={(e) => setDay(day, e.target.checked ? [{ start: "09:00", end: "17:00" }] : [])} />
                  {WEEKDAY_LABELS[day]}
                </label>
                {on ? <IntervalRows intervals={intervals} onChange={(next) => setDay(day, next)} label={WEEKDAY_LABELS[day]} idPrefix={`${id}-${day}`} fallbackFocusId={`${id}-${day}-on`} /> : <p className="text-sm text-muted">Unavailable</p>}
              </li>
            );
          })}
        </ul>
      </section>

      <section className="card p-5 sm:p-6" aria-labelledby={`${id}-overrides`}>
        <h2 id={`${id}-overrides`} className="text-xl font-semibold text-forest">{FIELD_LABELS.overrides}</h2>
        <p className="mt-1 text-sm text-muted">A day off, or other hours on one date.</p>
        <div className="mt-4 flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={`${id}-override-date`} className="label">Date</label>
            <input id={`${id}-override-date`} type="date" className="input" value={overrideDate} onChange={(e) => setOverrideDate(e.target.value)} />
          </div>
          <button
            type="button"
            className="btn-outline"
            disabled={!overrideDate || draft.overrides.some((o) => o.date === overrideDate)}
            // this button is disabled once the date is added: focus moves on to the new override's hours
            onClick={() =>
              changeKeepingFocus(() => {
                setDraft({ ...draft, overrides: [...draft.overrides, { date: overrideDate, intervals: [] }].sort((a, b) => a.date.localeCompare(b.date)) });
                setOverrideDate("");
              }, `${id}-o-${overrideDate}-add`)
            }
          >
            Add override
          </button>
        </div>
        {draft.overrides.length > 0 && (
          <ul className="mt-4 divide-y divide-forest/10" aria-label="Date overrides">
            {draft.overrides.map((o, i) => {
              const setIntervals = (intervals: TimeInterval[]) => setDraft({ ...draft, overrides: draft.overrides.map((x, j) => (j === i ? { ...x, intervals } : x)) });
              return (
                <li key={o.date} className="grid gap-3 py-4 sm:grid-cols-[10rem_minmax(0,1fr)_auto]" data-testid="override">
                  <span className="font-medium text-ink">{o.date}</span>
                  <div>
                    {o.intervals.length === 0 ? <p className="text-sm text-muted">Day off</p> : null}
                    <IntervalRows intervals={o.intervals} onChange={setIntervals} label={o.date} idPrefix={`${id}-o-${o.date}`} />
                  </div>
                  <button
                    type="button"
                    className="btn-ghost h-fit px-3"
                    aria-label={`Remove override on ${o.date}`}
                    onClick={() => changeKeepingFocus(() => setDraft({ ...draft, overrides: draft.overrides.filter((_, j) => j !== i) }), `${id}-override-date`)}
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className="card grid gap-5 p-5 sm:grid-cols-2 sm:p-6" aria-labelledby={`${id}-rules`}>
        <h2 id={`${id}-rules`} className="text-xl font-semibold text-forest sm:col-span-2">Booking rules</h2>
        <div>
          <label htmlFor={`${id}-buffer`} className="label">{FIELD_LABELS.bufferMinutes}</label>
          <select id={`${id}-buffer`} className="input" value={draft.bufferMinutes} onChange={(e) => setDraft({ ...draft, bufferMinutes: Number(e.target.value) })}>
            {BUFFER_OPTIONS.map((m) => (
              <option key={m} value={m}>{m === 0 ? "No buffer" : `${m} minutes`}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-notice`} className="label">{FIELD_LABELS.minimumNoticeMinutes}</label>
          <select id={`${id}-notice`} className="input" value={draft.minimumNoticeMinutes} onChange={(e) => setDraft({ ...draft, minimumNoticeMinutes: Number(e.target.value) })}>
            {(NOTICE_OPTIONS.some((o) => o.value === draft.minimumNoticeMinutes) ? NOTICE_OPTIONS : [{ value: draft.minimumNoticeMinutes, label: `${draft.minimumNoticeMinutes} minutes` }, ...NOTICE_OPTIONS]).map((o) => (
              <option key={o.value} value={o.value}>{o.label}</option>
            ))}
          </select>
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="label">{FIELD_LABELS.durations}</legend>
          <div className="flex flex-wrap gap-4">
            {BOOKING_DURATIONS.map((d) => (
              <label key={d} className="flex items-center gap-2 text-ink">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-forest"
                  checked={draft.durations.includes(d)}
                  onChange={(e) => setDraft({ ...draft, durations: e.target.checked ? [...draft.durations, d].sort((a, b) => a - b) : draft.durations.filter((x) => x !== d) })}
                />
                {d} minutes
              </label>
            ))}
          </div>
        </fieldset>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-video`} className="label">{`${FIELD_LABELS.videoLink} (optional)`}</label>
          <input id={`${id}-video`} type="url" inputMode="url" className="input" placeholder="https://meet.example.com/your-room" value={draft.videoLink ?? ""} onChange={(e) => setDraft({ ...draft, videoLink: e.target.value })} />
          <p className="mt-1 text-xs text-muted">Virtual sessions use this room. Without one, each session gets its own generated room link.</p>
        </div>
      </section>

      <section id="booking-policy" className="card grid scroll-mt-24 gap-5 p-5 sm:grid-cols-2 sm:p-6" aria-labelledby={`${id}-policy`}>
        <h2 id={`${id}-policy`} className="text-xl font-semibold text-forest sm:col-span-2">Requests, cancellations and address</h2>
        <div>
          <label htmlFor={`${id}-expiry`} className="label">{FIELD_LABELS.requestExpiryHours}</label>
          <select id={`${id}-expiry`} className="input" value={draft.requestExpiryHours} onChange={(e) => setDraft({ ...draft, requestExpiryHours: Number(e.target.value) })}>
            {REQUEST_EXPIRY_CHOICES.map((h) => (
              <option key={h} value={h}>{`${h} hours`}</option>
            ))}
          </select>
          <p className="mt-1 text-xs text-muted">A request you have not confirmed by then (and never later than your minimum notice before the start) expires, and both of you are told.</p>
        </div>
        <div>
          <label htmlFor={`${id}-window`} className="label">{FIELD_LABELS.cancellationWindowHours}</label>
          <select id={`${id}-window`} className="input" value={draft.cancellationWindowHours} onChange={(e) => setDraft({ ...draft, cancellationWindowHours: Number(e.target.value) })}>
            {CANCELLATION_WINDOWS.map((h) => (
              <option key={h} value={h}>{h === 0 ? "None" : `${h} hours before the start`}</option>
            ))}
          </select>
          <p className="mt-1 text-xs text-muted">A client who cancels inside it is told it is a late cancellation, and you see it marked.</p>
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-policy-text`} className="label">{`${FIELD_LABELS.cancellationPolicy} (optional)`}</label>
          <textarea id={`${id}-policy-text`} className="input" rows={2} maxLength={CANCELLATION_POLICY_MAX_LENGTH} value={draft.cancellationPolicy ?? ""} onChange={(e) => setDraft({ ...draft, cancellationPolicy: e.target.value })} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-address`} className="label">{`${FIELD_LABELS.sessionAddress} (optional)`}</label>
          <input id={`${id}-address`} className="input" autoComplete="street-address" maxLength={SESSION_ADDRESS_MAX_LENGTH} value={draft.sessionAddress ?? ""} onChange={(e) => setDraft({ ...draft, sessionAddress: e.target.value })} />
          <p className="mt-1 text-xs text-muted">Your profile shows only your city; a client sees the full address once booked (confirmation, session card, calendar).</p>
        </div>
      </section>

      {error && <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">{error}</p>}
      <div className="flex flex-wrap gap-3">
        {/* waiting, it ignores presses but keeps the keyboard focus (a disabled button drops it to the page's body) */}
        <button type="submit" className="btn-primary" aria-disabled={save.isPending || undefined}>{save.isPending ? "Saving..." : "Save availability"}</button>
        <a href="/dashboard/practitioner" className="btn-outline">Back to Dashboard</a>
      </div>
      <Toaster />
    </form>
  );
}
