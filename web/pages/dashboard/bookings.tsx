/** How the dashboards show bookings: status badges, the client's session cards, and booking rows. */
import type { BookingStatus } from "../../../core/enums";
import { LinkedText } from "../../components/linked-text";
import { SESSION_MONEY_NOTE } from "../../../core/payments";
import type { DashboardBooking } from "../../../core/bookings";
import { formatWeekdayDateIn, formatZonedTimeIn, zoneLabel } from "../../features/bookings/time";
import { formatDollars } from "../../../core/money";
import { BOOKING_STATE_LABELS, BOOKING_TEXTS, bookingState, type BookingState } from "../../../core/booking-texts";
import { Island } from "../../components/island";
import type { ReactNode } from "react";

/** One tint per state (a request's two statuses alike), with text contrast of at least 4.5:1. */
const STATE_TINTS: Record<BookingState, string> = {
  requested: "bg-honey-light text-honey-dark",
  confirmed: "bg-sage text-forest-dark",
  completed: "bg-forest text-white",
  cancelled: "bg-rose-light text-[#6e3f3f]",
  expired: "bg-parchment text-ink",
  "no-show": "bg-earth-light text-[#6f370f]",
};

/** A booking's state in the flow's words (core/booking-texts.ts, decision 028): "Awaiting confirmation", "Confirmed", "Expired"… */
export function BookingStatusBadge({ status, cancelledBy = null }: { status: BookingStatus; cancelledBy?: DashboardBooking["cancelledBy"] }) {
  const state = bookingState({ status, cancelledBy });
  return <span data-testid="booking-status" className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_TINTS[state]}`}>{BOOKING_STATE_LABELS[state]}</span>;
}

/** "Cancelled by you · late cancellation · Reason: …", "Expired: not confirmed in time": who ended it and why. */
export function endedNote(booking: Pick<DashboardBooking, "status" | "cancelledBy" | "lateCancellation" | "cancellationReason">, viewer: "client" | "practitioner"): string | null {
  if (booking.status !== "cancelled") return null;
  if (booking.cancelledBy === "system") return "Expired: the practitioner did not confirm the request in time.";
  const who = booking.cancelledBy === null ? null : booking.cancelledBy === viewer ? "you" : booking.cancelledBy === "client" ? "the client" : "the practitioner";
  return [who ? `Cancelled by ${who}` : "Cancelled", booking.lateCancellation ? "late cancellation (inside the cancellation window)" : null, booking.cancellationReason ? `Reason: ${booking.cancellationReason}` : null]
    .filter(Boolean)
    .join(" · ");
}

/** "Virtual session", or "In person · Portland, OR" (the spec's fallback when the place is not set). */
export function sessionTypeText(booking: Pick<DashboardBooking, "isVirtual" | "location">): string {
  return booking.isVirtual ? "Virtual session" : `In person · ${booking.location ?? BOOKING_TEXTS.inPersonFallbackLocation}`;
}

/** A map search for an in-person session's address (it leaves the site). */
export function mapHref(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}

/** The street address with a map link, for the booking's own client and practitioner. */
export function SessionAddress({ address }: { address: string }) {
  return (
    <span>
      {address}{" "}
      <a href={mapHref(address)} target="_blank" rel="noopener noreferrer" className="whitespace-nowrap font-medium text-forest underline underline-offset-4">
        Map<span className="sr-only"> of {address} (opens OpenStreetMap)</span>
      </a>
    </span>
  );
}

/**
 * The status line of a session card, under the badge that names the state: a request's deadline
 * in the zone the card shows (decision 028); "scheduled" and "pending" both mean a request.
 */
export function sessionStatusNote(booking: Pick<DashboardBooking, "status"> & Partial<Pick<DashboardBooking, "expiresAt">>, timeZone = "UTC"): string | null {
  if (booking.status === "scheduled" || booking.status === "pending") {
    return booking.expiresAt
      ? `The practitioner has until ${formatWeekdayDateIn(booking.expiresAt, timeZone)} · ${formatZonedTimeIn(booking.expiresAt, timeZone)} to confirm, or the request expires.`
      : "The practitioner has not confirmed it yet.";
  }
  if (booking.status === "confirmed") return "Confirmed by the practitioner.";
  return null;
}

/** "Tue, Jun 3, 2026 · 9:30 AM EDT": a session's start in the zone the dashboard shows it in. */
export function When({ iso, timeZone }: { iso: string; timeZone: string }) {
  return (
    <time dateTime={iso}>
      {formatWeekdayDateIn(iso, timeZone)} · {formatZonedTimeIn(iso, timeZone)}
    </time>
  );
}

/**
 * The zone a client's dashboard shows a booking in: the one they booked it from, else the zone of
 * their latest booking that has one (`fallback`), else UTC.
 */
export function clientZoneOf(booking: Pick<DashboardBooking, "clientTimeZone">, fallback: string | null): string {
  return booking.clientTimeZone ?? fallback ?? "UTC";
}

/** The sentence under a list of sessions saying which zone its times are in, or null for an empty list. */
export function clientZoneNote(zones: readonly string[], at: Date): string | null {
  const distinct = [...new Set(zones)];
  if (distinct.length === 0) return null;
  if (distinct.length > 1) return "Times are in the time zone you booked each session from.";
  if (distinct[0] === "UTC") return "Times are in UTC.";
  return `Times are in your time zone, ${zoneLabel(distinct[0], at)}.`;
}

const practitionerLinkClass = "font-medium text-forest underline decoration-honey decoration-2 underline-offset-4";

/**
 * A cancelled session marked paid (paid ahead, or a late cancellation's fee): Pollinate holds no
 * money, so the row says any refund is between the two of them (decision 028).
 */
export function paidCancelledNote(booking: DashboardBooking): string | null {
  if (booking.status !== "cancelled" || !booking.payment?.paid) return null;
  return `Marked paid (${formatDollars(booking.payment.amount)}) and cancelled${booking.lateCancellation ? " late" : ""}: any fee or refund is between the client and the practitioner, under the cancellation policy.`;
}

/** 'Paid' when the practitioner marked it, else how to pay them (their instructions), with who handles the money. */
export function SessionPaymentNote({ booking }: { booking: DashboardBooking }) {
  if (booking.payment?.paid) {
    return <p className="text-sm font-semibold text-moss" data-testid="session-paid">Paid{booking.payment.amount !== booking.totalAmount ? ` · ${formatDollars(booking.payment.amount)}` : ""}</p>;
  }
  if (!booking.paymentInstructions || booking.status === "cancelled") return null;
  return (
    <div className="rounded-xl border border-forest/10 bg-white px-3 py-2 text-sm text-ink" data-testid="payment-instructions">
      <p className="font-semibold text-forest">How to pay · {formatDollars(booking.totalAmount)}</p>
      <LinkedText text={booking.paymentInstructions} className="mt-1" />
      <p className="mt-1 text-xs text-muted">{SESSION_MONEY_NOTE}</p>
    </div>
  );
}

/** An upcoming session of a client: when, how long, where, with whom, and its actions. */
export function SessionCard({ booking, now, timeZone }: { booking: DashboardBooking; now: string; timeZone: string }) {
  const note = sessionStatusNote(booking, timeZone);
  return (
    <article className="card flex h-full flex-col gap-3 p-5 wrap-anywhere" aria-labelledby={`session-${booking.id}-title`} data-testid="session-card">
      <div className="flex items-start justify-between gap-3">
        <h3 id={`session-${booking.id}-title`} className="text-lg font-semibold text-ink">
          <time dateTime={booking.scheduledDatetime}>{formatWeekdayDateIn(booking.scheduledDatetime, timeZone)}</time>
        </h3>
        <BookingStatusBadge status={booking.status} cancelledBy={booking.cancelledBy} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Time</dt>
        <dd className="text-ink">{formatZonedTimeIn(booking.scheduledDatetime, timeZone)} · {booking.duration} min</dd>
        <dt className="text-muted">Type</dt>
        <dd className="text-ink">{sessionTypeText(booking)}</dd>
        {booking.address && (
          <>
            <dt className="text-muted">Address</dt>
            <dd className="text-ink" data-testid="session-address"><SessionAddress address={booking.address} /></dd>
          </>
        )}
        <dt className="text-muted">Fee</dt>
        <dd className="text-ink">{formatDollars(booking.totalAmount)}</dd>
        <dt className="text-muted">With</dt>
        <dd>
          <a href={`/practitioners/${booking.practitionerId}`} className={practitionerLinkClass}>{booking.practitionerName}</a>
        </dd>
      </dl>
      {booking.notes && <p className="rounded-xl bg-cream px-3 py-2 text-sm text-ink">“{booking.notes}”</p>}
      {note && <p className="text-xs text-muted">{note}</p>}
      <SessionPaymentNote booking={booking} />
      <div className="mt-auto pt-1">
        <Island name="BookingActions" props={{ booking, viewer: "client", now, shownTimeZone: timeZone }} />
      </div>
    </article>
  );
}

const ROW_COLUMNS = "md:grid-cols-[minmax(0,1.6fr)_minmax(0,1.2fr)_minmax(0,1.3fr)_minmax(0,0.6fr)_minmax(0,0.8fr)]";

/**
 * Bookings as rows: a labelled grid on wide screens, stacked label/value pairs on phones (the
 * labels stay for screen readers either way). `who` is the other party of the booking; `zoneOf`
 * gives the zone each booking's time is shown in.
 */
export function BookingRows({ bookings, who, label, zoneOf, actions }: { bookings: DashboardBooking[]; who: "practitioner" | "client"; label: string; zoneOf: (booking: DashboardBooking) => string; actions?: (booking: DashboardBooking) => ReactNode }) {
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
                <dd className="font-medium text-ink"><When iso={booking.scheduledDatetime} timeZone={zoneOf(booking)} /></dd>
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
                <dd className="text-ink">{formatDollars(booking.totalAmount)}{booking.payment?.paid ? <span className="ml-1 font-semibold text-moss">· Paid</span> : null}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted md:sr-only">{headings[4]}</dt>
                <dd><BookingStatusBadge status={booking.status} cancelledBy={booking.cancelledBy} /></dd>
              </div>
            </dl>
            {endedNote(booking, who === "practitioner" ? "client" : "practitioner") && (
              <p className="mt-2 text-sm text-muted" data-testid="ended-note">{endedNote(booking, who === "practitioner" ? "client" : "practitioner")}</p>
            )}
            {paidCancelledNote(booking) && <p className="mt-2 text-sm text-ink" data-testid="paid-cancelled">{paidCancelledNote(booking)}</p>}
            {booking.address && booking.status !== "cancelled" && (
              <p className="mt-2 text-sm text-ink">Address: <SessionAddress address={booking.address} /></p>
            )}
            {actions && <div className="mt-3">{actions(booking)}</div>}
          </li>
        ))}
      </ul>
    </div>
  );
}
