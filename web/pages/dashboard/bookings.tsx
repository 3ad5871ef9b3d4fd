/** How the dashboards show bookings: status badges, the client's session cards, and booking rows. */
import type { BookingStatus } from "../../../core/enums";
import { BOOKING_STATUS_LABELS, type DashboardBooking } from "../../../core/bookings";
import { formatTimeUtc, formatWeekdayDate } from "../../../core/dates";
import { formatDollars } from "../../../core/money";
import { BOOKING_TEXTS } from "../../../core/booking-texts";
import { Island } from "../../components/island";
import type { ReactNode } from "react";

/** Tints with text contrast of at least 4.5:1. */
const STATUS_TINTS: Record<BookingStatus, string> = {
  scheduled: "bg-honey-light text-honey-dark",
  confirmed: "bg-sage text-forest-dark",
  pending: "bg-parchment text-ink",
  completed: "bg-forest text-white",
  cancelled: "bg-rose-light text-[#6e3f3f]",
  "no-show": "bg-earth-light text-[#6f370f]",
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <span data-testid="booking-status" className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TINTS[status]}`}>{BOOKING_STATUS_LABELS[status]}</span>;
}

/** "Virtual session", or "In person · Portland, OR" (the spec's fallback when the place is not set). */
export function sessionTypeText(booking: Pick<DashboardBooking, "isVirtual" | "location">): string {
  return booking.isVirtual ? "Virtual session" : `In person · ${booking.location ?? BOOKING_TEXTS.inPersonFallbackLocation}`;
}

/** The status line of a session card: what the client waits for, if anything. */
export function sessionStatusNote(booking: Pick<DashboardBooking, "status">): string | null {
  if (booking.status === "scheduled" || booking.status === "pending") return "Waiting for the practitioner to confirm.";
  return null;
}

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso}>
      {formatWeekdayDate(iso)} · {formatTimeUtc(iso)}
    </time>
  );
}

const practitionerLinkClass = "font-medium text-forest underline decoration-honey decoration-2 underline-offset-4";

/** An upcoming session of a client: when, how long, where, with whom, and its actions. */
export function SessionCard({ booking, now }: { booking: DashboardBooking; now: string }) {
  const note = sessionStatusNote(booking);
  return (
    <article className="card flex h-full flex-col gap-3 p-5 wrap-anywhere" aria-labelledby={`session-${booking.id}-title`} data-testid="session-card">
      <div className="flex items-start justify-between gap-3">
        <h3 id={`session-${booking.id}-title`} className="text-lg font-semibold text-ink">
          <time dateTime={booking.scheduledDatetime}>{formatWeekdayDate(booking.scheduledDatetime)}</time>
        </h3>
        <BookingStatusBadge status={booking.status} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Time</dt>
        <dd className="text-ink">{formatTimeUtc(booking.scheduledDatetime)} · {booking.duration} min</dd>
        <dt className="text-muted">Type</dt>
        <dd className="text-ink">{sessionTypeText(booking)}</dd>
        <dt className="text-muted">With</dt>
        <dd>
          <a href={`/practitioners/${booking.practitionerId}`} className={practitionerLinkClass}>{booking.practitionerName}</a>
        </dd>
      </dl>
      {booking.notes && <p className="rounded-xl bg-cream px-3 py-2 text-sm text-ink">“{booking.notes}”</p>}
      {note && <p className="text-xs text-muted">{note}</p>}
      <div className="mt-auto pt-1">
        <Island name="BookingActions" props={{ booking, viewer: "client", now }} />
      </div>
    </article>
  );
}

const ROW_COLUMNS = "md:grid-cols-[minmax(0,1.6fr)_minmax(0,1.2fr)_minmax(0,1.3fr)_minmax(0,0.6fr)_minmax(0,0.8fr)]";

/**
 * Bookings as rows: a labelled grid on wide screens, stacked label/value pairs on phones (the
 * labels stay for screen readers either way). `who` is the other party of the booking.
 */
export function BookingRows({ bookings, who, label, actions }: { bookings: DashboardBooking[]; who: "practitioner" | "client"; label: string; actions?: (booking: DashboardBooking) => ReactNode }) {
  const headings = ["Date & time", who === "practitioner" ? "Practitioner" : "Client", "Session", "Amount", "Status"];
  return (
    <div className="card overflow-hidden">
      <div aria-hidden="true" className={`hidden gap-4 border-b border-forest/10 bg-cream/60 px-5 py-3 text-xs font-semibold uppercase tracking-wide text-muted md:grid ${ROW_COLUMNS}`}>
        {headings.map((h) => (
          <span key={h}>{h}</span>
        ))}
      </div>
      <ul aria-label={label} className="divide-y divide-forest/10">
        {bookings.map((booking) => (
          <li key={booking.id} className="px-5 py-4 wrap-anywhere">
            <dl className={`grid grid-cols-2 gap-x-4 gap-y-3 text-sm md:items-center ${ROW_COLUMNS}`}>
              <div className="col-span-2 md:col-span-1">
                <dt className="text-xs text-muted md:sr-only">{headings[0]}</dt>
                <dd className="font-medium text-ink"><When iso={booking.scheduledDatetime} /></dd>
              </div>
              <div>
                <dt className="text-xs text-muted md:sr-only">{headings[1]}</dt>
                <dd>
                  {who === "practitioner" ? (
                    <a href={`/practitioners/${booking.practitionerId}`} className={practitionerLinkClass}>{booking.practitionerName}</a>
                  ) : (
                    <span className="text-ink">{booking.clientName}</span>
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted md:sr-only">{headings[2]}</dt>
                <dd className="text-ink">{booking.duration} min · {booking.isVirtual ? "Virtual" : "In person"}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted md:sr-only">{headings[3]}</dt>
                <dd className="text-ink">{formatDollars(booking.totalAmount)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted md:sr-only">{headings[4]}</dt>
                <dd><BookingStatusBadge status={booking.status} /></dd>
              </div>
            </dl>
            {actions && <div className="mt-3">{actions(booking)}</div>}
          </li>
        ))}
      </ul>
    </div>
  );
}
