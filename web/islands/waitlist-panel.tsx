/**
 * The waitlist's two screens (decision 028): `WaitlistJoin` on /book/{id} (a date range, times of
 * day and a length, in the viewer's zone) and `WaitlistPanel` on the client dashboard (each
 * waitlist, an offer held for the client with 'Book it' and 'Not this one', and Leave).
 */
import { useEffect, useId, useState } from "react";
import { TIME_OF_DAY_MINUTES, TIMES_OF_DAY, WAITLIST_HOLD_MINUTES, type TimeOfDay, type WaitlistEntryAnswer } from "../../core/waitlist";
import { api, errorMessage } from "../lib/api";
import { dateInZone, formatLongDate, formatTimeIn, formatWeekdayDateIn, viewerTimeZone, zoneLabel } from "../features/bookings/time";

/** Reloads the page after a change (tests replace `reload`). */
export const waitlistReload = { reload: () => window.location.reload() };

function addDaysText(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function WaitlistJoin({ practitionerId, durations }: { practitionerId: string; durations: number[] }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [zone, setZone] = useState<string | null>(null);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [times, setTimes] = useState<TimeOfDay[]>(["morning", "afternoon"]);
  const [duration, setDuration] = useState(durations[0] ?? 60);
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    const z = viewerTimeZone();
    const today = dateInZone(new Date(), z);
    setZone(z);
    setFrom(today);
    setTo(addDaysText(today, 14));
  }, []);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (pending || !zone) return;
    setPending(true);
    setMessage(null);
    try {
      await api.send("POST", "/api/waitlist", { body: { practitionerId, fromDate: from, toDate: to, timesOfDay: times, duration, timeZone: zone } });
      setMessage({ kind: "ok", text: `You are on the waitlist. When a time that suits you frees up we hold it for you for ${WAITLIST_HOLD_MINUTES} minutes and e-mail you; it is also on your dashboard.` });
    } catch (error) {
      setMessage({ kind: "error", text: errorMessage(error, "Could not join the waitlist") });
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="card mt-6 max-w-3xl p-5 sm:p-6" aria-labelledby={`${id}-title`} data-testid="waitlist-join">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-forest">No time that suits you?</h2>
      <p className="mt-1 text-sm text-muted">Join the waitlist: when a session that fits frees up, it is offered to the people waiting, one at a time, in the order they joined.</p>
      {!open ? (
        <button type="button" className="btn-outline mt-4" aria-expanded={false} onClick={() => setOpen(true)}>Join the waitlist</button>
      ) : (
        <form onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <div>
            <label htmlFor={`${id}-from`} className="label">From</label>
            <input id={`${id}-from`} type="date" className="input" value={from} onChange={(e) => setFrom(e.target.value)} required />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className="label">To</label>
            <input id={`${id}-to`} type="date" className="input" value={to} onChange={(e) => setTo(e.target.value)} required />
          </div>
          <fieldset className="sm:col-span-2">
            <legend className="label">Times of day {zone && <span className="font-normal text-muted">({zoneLabel(zone)})</span>}</legend>
            <div className="flex flex-wrap gap-4">
              {TIMES_OF_DAY.map((t) => (
                <label key={t} className="flex items-center gap-2 text-sm text-ink">
                  <input type="checkbox" className="h-4 w-4 accent-forest" checked={times.includes(t)} onChange={(e) => setTimes(e.target.checked ? [...times, t] : times.filter((x) => x !== t))} />
                  {TIME_OF_DAY_MINUTES[t].label}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={`${id}-duration`} className="label">Duration</label>
            <select id={`${id}-duration`} className="input" value={duration} onChange={(e) => setDuration(Number(e.target.value))}>
              {durations.map((d) => (
                <option key={d} value={d}>{d} minutes</option>
              ))}
            </select>
          </div>
          <div className="flex items-end">
            <button type="submit" className="btn-primary" aria-disabled={pending || undefined}>{pending ? "Joining..." : "Join the waitlist"}</button>
          </div>
        </form>
      )}
      {message && (
        <p role={message.kind === "error" ? "alert" : "status"} className={`mt-4 rounded-xl px-3 py-2 text-sm ${message.kind === "error" ? "border border-red-200 bg-red-50 text-red-900" : "bg-sage/60 text-forest-dark"}`}>{message.text}</p>
      )}
    </section>
  );
}

export function WaitlistPanel({ entries, highlightOffer = null }: { entries: WaitlistEntryAnswer[]; highlightOffer?: string | null }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function act(call: () => Promise<unknown>) {
    if (pending) return;
    setPending(true);
    setFailure(null);
    try {
      await call();
      waitlistReload.reload();
    } catch (error) {
      setFailure(errorMessage(error, "Please try again."));
      setPending(false);
    }
  }
  if (entries.length === 0) return <p className="card p-5 text-sm text-muted">You are not on any waitlist. On a practitioner's booking page, join theirs when no time suits you.</p>;
  return (
    <div className="space-y-3">
      {failure && <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">{failure}</p>}
      <ul className="grid gap-3 md:grid-cols-2" aria-label="Your waitlists">
        {entries.map((entry) => (
          <li key={entry.id} className={`card p-4 text-sm ${entry.offer && entry.offer.id === highlightOffer ? "border-2 border-honey" : ""}`} data-testid="waitlist-entry">
            <p className="font-semibold text-ink">
              <a href={`/practitioners/${entry.practitionerId}`} className="text-forest underline underline-offset-4">{entry.practitionerName}</a>
            </p>
            <p className="mt-1 text-muted">
              {formatLongDate(entry.fromDate)} – {formatLongDate(entry.toDate)} · {entry.timesOfDay.map((t) => TIME_OF_DAY_MINUTES[t].label.split(" (")[0]).join(", ")} · {entry.duration} min
            </p>
            {entry.offer ? (
              <div className="mt-3 rounded-xl bg-honey-light p-3 text-ink" data-testid="waitlist-offer">
                <p className="font-semibold">
                  A time freed up: {formatWeekdayDateIn(entry.offer.start, entry.timeZone)} · {formatTimeIn(entry.offer.start, entry.timeZone)} ({zoneLabel(entry.timeZone, new Date(entry.offer.start))})
                </p>
                <p className="mt-1 text-xs">Held for you until {formatTimeIn(entry.offer.expiresAt, entry.timeZone)}.</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <button type="button" className="btn-primary" aria-disabled={pending || undefined} onClick={() => act(() => api.send("POST", "/api/waitlist/offers/:id/accept", { params: { id: entry.offer!.id } }))}>Book it</button>
                  <button type="button" className="btn-outline" aria-disabled={pending || undefined} onClick={() => act(() => api.send("POST", "/api/waitlist/offers/:id/decline", { params: { id: entry.offer!.id } }))}>Not this one</button>
                </div>
              </div>
            ) : (
              <p className="mt-2 text-xs text-muted">Waiting: we e-mail you when a time that suits you frees up.</p>
            )}
            <button type="button" className="btn-ghost mt-2" aria-disabled={pending || undefined} onClick={() => act(() => api.send("DELETE", "/api/waitlist/:id", { params: { id: entry.id } }))}>
              Leave waitlist<span className="sr-only"> of {entry.practitionerName}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default WaitlistPanel;
