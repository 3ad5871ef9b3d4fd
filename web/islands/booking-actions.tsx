/**
 * The actions of one booking on the dashboards (issue 9). Client: Cancel Session (any upcoming
 * session, request or confirmed, after a confirmation that says when it is late: decision 028), Join Meeting (confirmed virtual sessions with a link), Reschedule (the
 * wizard's slot picker), Leave a review (completed), the .ics file. Practitioner: Confirm, Cancel,
 * Mark completed and No-show. The server enforces the status flow; its 409 message is shown.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { signInHref } from "../../core/auth";
import { BOOKING_TRANSITIONS, type DashboardBooking } from "../../core/bookings";
import { lateCancellationText } from "../../core/booking-texts";
import { formatDollars } from "../../core/money";
import { DialogAlert, type DialogFailure } from "../components/dialog-alert";
import { ModalDialog as Dialog } from "../components/modal-dialog";
import type { AvailabilitySlot } from "../features/bookings/booking-api";
import { availabilityQueries } from "../features/bookings/queries";
import { SlotPicker } from "../features/bookings/slot-picker";
import { dateInZone, formatTimeIn, formatWeekdayDateIn, viewerTimeZone, zoneLabel } from "../features/bookings/time";
import { toastAfterNavigation, Toaster, useToast } from "../features/toast/toast";
import { ApiError, api, apiRequest, errorMessage } from "../lib/api";

export type BookingViewer = "client" | "practitioner";

/** Reloads the page after a change (tests replace `reload`). */
export const pageReload = { reload: () => window.location.reload() };

export const ACTION_TEXTS = {
  cancelTitle: "Cancel this session?",
  cancelInstead: "Cancel this session",
  cancelled: "Session cancelled",
  rescheduled: "Session rescheduled",
  confirmed: "Session confirmed",
  completed: "Session marked completed",
  noShow: "Session marked as a no-show",
  failed: "Something went wrong",
  failedFallback: "Please try again.",
  signIn: "Sign in",
} as const;

/** A session's 'Message': its conversation, opened at this session (issue 23). */
export function messageHref(bookingId: string): string {
  return `/messages/new?booking=${encodeURIComponent(bookingId)}`;
}

export function icsUrl(bookingId: string): string {
  return `/api/bookings/${encodeURIComponent(bookingId)}.ics`;
}

/**
 * `shownTimeZone` is the zone the page shows the booking in (the practitioner's or the client's,
 * UTC when none is known): the labels use it, and the viewer's own time is added where the browser's
 * zone differs from it.
 */
export default function BookingActions({ booking, viewer, now, shownTimeZone = "UTC" }: { booking: DashboardBooking; viewer: BookingViewer; now: string; shownTimeZone?: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [dialog, setDialogState] = useState<"cancel" | "reschedule" | "paid" | null>(null);
  const [paidAmount, setPaidAmount] = useState(booking.payment?.amount ?? booking.totalAmount);
  // a refusal of the dialog's action, shown inside it (a toast would sit under the modal dialog)
  const [failure, setFailure] = useState<DialogFailure | null>(null);
  const [reason, setReason] = useState("");
  const [timeZone, setTimeZone] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<AvailabilitySlot | null>(null);
  const started = new Date(booking.scheduledDatetime) <= new Date(now);
  // inside the cancellation window agreed when booking (its edge is not late), by the page's clock
  const late = booking.cancellationWindowHours > 0 && new Date(booking.scheduledDatetime).getTime() - new Date(now).getTime() < booking.cancellationWindowHours * 3_600_000;
  const label = `${booking.duration}-minute session on ${formatWeekdayDateIn(booking.scheduledDatetime, shownTimeZone)}`;

  useEffect(() => setTimeZone(viewerTimeZone()), []);

  function setDialog(next: "cancel" | "reschedule" | "paid" | null) {
    setFailure(null);
    setDialogState(next);
  }
  /** A dialog's own close event (Escape, or closed as another opens) clears only itself. */
  const closed = (which: "cancel" | "reschedule" | "paid") => () => setDialogState((current) => (current === which ? null : current));

  const act = useMutation({
    mutationFn: ({ action, body }: { action: string; body?: unknown; done: string }) =>
      apiRequest("POST", `/api/bookings/${encodeURIComponent(booking.id)}/${action}`, body ?? {}),
    onSuccess: (_answer, { done }) => {
      setDialog(null);
      toastAfterNavigation({ title: done });
      pageReload.reload();
    },
    onMutate: () => setFailure(null),
    onError: async (error, { action }) => {
      const description = errorMessage(error, ACTION_TEXTS.failedFallback);
      if (action !== "cancel" && action !== "reschedule") {
        toast({ title: ACTION_TEXTS.failed, description, variant: "destructive" });
        return;
      }
      const signedOut = error instanceof ApiError && error.status === 401;
      setFailure({
        title: ACTION_TEXTS.failed,
        description,
        action: signedOut ? { href: signInHref(window.location.pathname + window.location.search), label: ACTION_TEXTS.signIn } : undefined,
      });
      if (action === "reschedule" && error instanceof ApiError && error.status === 409 && slot && date && timeZone) {
        // fresh slots of the day shown; the chosen one, if taken meanwhile, is no longer chosen
        await queryClient.invalidateQueries({ queryKey: availabilityQueries.all(booking.practitionerId) });
        const fresh = await queryClient.fetchQuery(availabilityQueries.forDay(booking.practitionerId, date, booking.duration, timeZone, booking.id)).catch(() => null);
        if (!fresh?.slots.find((s) => s.start === slot.start)?.available) setSlot(null);
      }
    },
  });

  // the practitioner's mark of the session's payment (issue 24): Pollinate takes no money, this records it
  const markPayment = useMutation({
    mutationFn: (body: { paid: boolean; amount?: string }) => api.send("POST", "/api/payments/sessions/:bookingId", { params: { bookingId: booking.id }, body }),
    onMutate: () => setFailure(null),
    onSuccess: (_answer, body) => {
      setDialog(null);
      toastAfterNavigation({ title: body.paid ? "Session marked paid" : "Session marked unpaid" });
      pageReload.reload();
    },
    onError: (error) => setFailure({ title: ACTION_TEXTS.failed, description: errorMessage(error, ACTION_TEXTS.failedFallback) }),
  });

  // The picker's own query for the day shown: a 409 there means the session cannot be moved at all
  // (its practitioner is not taking bookings, or no longer offers its length). The answer tells
  // the person to cancel instead, so the dialog offers that, whatever buttons the card shows.
  const daySlots = useQuery({
    ...availabilityQueries.forDay(booking.practitionerId, date ?? "", booking.duration, timeZone ?? "UTC", booking.id),
    enabled: dialog === "reschedule" && date !== null && timeZone !== null,
  });
  const cannotMove = daySlots.error instanceof ApiError && daySlots.error.status === 409 && BOOKING_TRANSITIONS.cancel.from.includes(booking.status) && BOOKING_TRANSITIONS.cancel.by.includes(viewer);

  const buttons: ReactNode[] = [];
  const upcoming = !started && ["scheduled", "confirmed", "pending"].includes(booking.status);

  if (viewer === "client") {
    if (booking.status === "confirmed" && booking.isVirtual && booking.meetingLink) {
      buttons.push(<a key="join" href={booking.meetingLink} target="_blank" rel="noopener noreferrer" className="btn-primary">Join Meeting</a>);
    }
    if (booking.status === "confirmed" && !started) {
      buttons.push(
        <a key="message" href={messageHref(booking.id)} className="btn-outline">Message</a>,
      );
    }
    if (upcoming) {
      buttons.push(
        <button key="reschedule" type="button" className="btn-outline" onClick={() => { setDate(timeZone ? dateInZone(new Date(booking.scheduledDatetime), timeZone) : null); setSlot(null); setDialog("reschedule"); }}>Reschedule</button>,
      );
    }
    // SPEC.md shows it for scheduled sessions; a confirmed session or a pending request must be cancellable too (decision 028)
    if (upcoming) {
      buttons.push(<button key="cancel" type="button" className="btn-outline" onClick={() => setDialog("cancel")}>Cancel Session</button>);
    }
    if (booking.status === "completed" && !booking.reviewed) {
      buttons.push(<a key="review" href={`/practitioners/${booking.practitionerId}?tab=reviews`} className="btn-honey" aria-label={`Leave a review of ${booking.practitionerName}`}>Leave a review</a>);
    }
  } else {
    // the practitioner joins their own virtual sessions from the card too (decision 028)
    if (booking.status === "confirmed" && booking.isVirtual && booking.meetingLink) {
      buttons.push(<a key="join" href={booking.meetingLink} target="_blank" rel="noopener noreferrer" className="btn-primary" aria-label={`Join meeting — ${label}`}>Join Meeting</a>);
    }
    if (upcoming) buttons.push(<a key="message" href={messageHref(booking.id)} className="btn-outline">Message</a>);
    if ((booking.status === "scheduled" || booking.status === "pending") && !started) {
      buttons.push(<button key="confirm" type="button" className="btn-primary" disabled={act.isPending} onClick={() => act.mutate({ action: "confirm", done: ACTION_TEXTS.confirmed })}>Confirm</button>);
    }
    if (upcoming) {
      buttons.push(<button key="cancel" type="button" className="btn-outline" onClick={() => setDialog("cancel")}>Cancel</button>);
    }
    if (started && BOOKING_TRANSITIONS.complete.from.includes(booking.status)) {
      buttons.push(
        <button key="complete" type="button" className="btn-primary" disabled={act.isPending} onClick={() => act.mutate({ action: "complete", done: ACTION_TEXTS.completed })}>Mark completed</button>,
        <button key="no-show" type="button" className="btn-outline" disabled={act.isPending} onClick={() => act.mutate({ action: "no-show", done: ACTION_TEXTS.noShow })}>No-show</button>,
      );
    }
    // a cancelled session: its mark can be undone (a refund), and a late cancellation's fee recorded (decision 028)
    if (booking.status !== "cancelled" || booking.payment?.paid || booking.lateCancellation) {
      buttons.push(
        booking.payment?.paid ? (
          <button key="unpaid" type="button" className="btn-ghost" aria-disabled={markPayment.isPending || undefined} onClick={() => markPayment.isPending || markPayment.mutate({ paid: false })}>
            Mark unpaid<span className="sr-only"> — {label}</span>
          </button>
        ) : (
          <button key="paid" type="button" className="btn-outline" onClick={() => { setPaidAmount(booking.payment?.amount ?? booking.totalAmount); setDialog("paid"); }}>
            {booking.status === "cancelled" ? "Record late fee paid" : "Mark paid"}<span className="sr-only"> — {label}</span>
          </button>
        ),
      );
    }
  }
  if (booking.status !== "cancelled") {
    buttons.push(<a key="ics" href={icsUrl(booking.id)} download className="btn-ghost" aria-label={`Add to calendar (.ics) — ${label}`}>Add to calendar</a>);
  }

  return (
    <div className="flex flex-wrap gap-2" data-testid="booking-actions">
      {timeZone && timeZone !== shownTimeZone && (
        <p className="w-full text-xs text-muted" data-testid="local-time">
          Your time: {formatWeekdayDateIn(booking.scheduledDatetime, timeZone)} · {formatTimeIn(booking.scheduledDatetime, timeZone)} · {zoneLabel(timeZone, new Date(booking.scheduledDatetime))}
        </p>
      )}
      {buttons}
      <Dialog open={dialog === "paid"} onClose={closed("paid")} title={booking.status === "cancelled" ? "Record the late-cancellation fee" : "Mark this session paid"}>
        <p className="text-sm text-muted">
          {booking.status === "cancelled"
            ? `Record that ${booking.clientName} paid you the fee your cancellation policy names for the late cancellation of the ${label}.`
            : `Record that ${booking.clientName} paid you for the ${label}.`}{" "}
          Pollinate takes no money for sessions; this only keeps your books.
        </p>
        <label htmlFor={`paid-amount-${booking.id}`} className="label mt-4">Amount received (USD)</label>
        <input id={`paid-amount-${booking.id}`} className="input" inputMode="decimal" value={paidAmount} onChange={(e) => setPaidAmount(e.target.value)} />
        <DialogAlert failure={failure} className="mt-4" />
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-outline" onClick={() => setDialog(null)}>Not yet</button>
          <button type="button" className="btn-primary" aria-disabled={markPayment.isPending || undefined} onClick={() => markPayment.isPending || markPayment.mutate({ paid: true, amount: paidAmount.trim().replace(/^\$/, "") })}>
            {markPayment.isPending ? "Saving..." : "Mark paid"}
          </button>
        </div>
      </Dialog>
      <Dialog open={dialog === "cancel"} onClose={closed("cancel")} title={ACTION_TEXTS.cancelTitle}>
        <p className="text-sm text-muted">The {label} will be cancelled and {viewer === "client" ? "the practitioner" : "your client"} is told by e-mail.</p>
        {viewer === "client" && late && (
          <p className="mt-3 rounded-xl border border-honey bg-honey-light px-3 py-2 text-sm text-ink" data-testid="late-cancellation">{lateCancellationText(booking.cancellationWindowHours, booking.cancellationPolicy ?? null)}</p>
        )}
        {viewer === "practitioner" && <p className="mt-3 text-sm text-muted">Your client sees the reason you give.</p>}
        {booking.payment?.paid && (
          <p className="mt-3 rounded-xl border border-forest/10 bg-white px-3 py-2 text-sm text-ink" data-testid="paid-refund-note">
            {viewer === "client"
              ? `This session is marked paid (${formatDollars(booking.payment.amount)}). Pollinate holds no money: any refund is between you and the practitioner, under their cancellation policy.`
              : `You marked this session paid (${formatDollars(booking.payment.amount)}). Pollinate holds no money: refund your client directly, then mark it unpaid.`}
          </p>
        )}
        <label htmlFor={`cancel-reason-${booking.id}`} className="label mt-4">Reason (optional)</label>
        <textarea id={`cancel-reason-${booking.id}`} className="input" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        <DialogAlert failure={failure} className="mt-4" />
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-outline" onClick={() => setDialog(null)}>Keep Session</button>
          <button type="button" className="btn-primary bg-red-800 hover:bg-red-900" disabled={act.isPending} onClick={() => act.mutate({ action: "cancel", body: { reason: reason.trim() || null }, done: ACTION_TEXTS.cancelled })}>
            {act.isPending ? "Cancelling..." : "Yes, cancel session"}
          </button>
        </div>
      </Dialog>
      <Dialog open={dialog === "reschedule"} onClose={closed("reschedule")} title="Reschedule session">
        {timeZone && date ? (
          <>
            <p className="mb-4 text-sm text-muted">Now: {formatWeekdayDateIn(booking.scheduledDatetime, timeZone)} at {formatTimeIn(booking.scheduledDatetime, timeZone)}. Choose a new time ({booking.duration} minutes).</p>
            <SlotPicker
              idPrefix={`reschedule-${booking.id}`}
              practitionerId={booking.practitionerId}
              excludeBookingId={booking.id}
              timeZone={timeZone}
              date={date}
              duration={booking.duration}
              selectedStart={slot?.start ?? null}
              onDateChange={(d) => { setDate(d); setSlot(null); }}
              onSelect={setSlot}
            />
            <DialogAlert failure={failure} className="mt-4" />
            <div className="mt-5 flex flex-wrap justify-end gap-2">
              {cannotMove && <button type="button" className="btn-outline" onClick={() => setDialog("cancel")}>{ACTION_TEXTS.cancelInstead}</button>}
              <button type="button" className="btn-outline" onClick={() => setDialog(null)}>Close</button>
              <button
                type="button"
                className="btn-primary"
                disabled={!slot || act.isPending}
                onClick={() => slot && act.mutate({ action: "reschedule", body: { scheduledDatetime: slot.start }, done: ACTION_TEXTS.rescheduled })}
              >
                {act.isPending ? "Rescheduling..." : "Move session"}
              </button>
            </div>
          </>
        ) : null}
      </Dialog>
      <Toaster />
    </div>
  );
}
