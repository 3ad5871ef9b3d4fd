/**
 * Step 1's date and time choice, also used to reschedule: a calendar from today to 90 days ahead
 * (past days disabled; react-day-picker's grid is keyboard-usable), and the day's slots in the
 * viewer's zone, unavailable ones disabled, 8 skeletons while loading (SPEC.md sections 2 and 9).
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { DayPicker } from "react-day-picker";
import { BOOKING_HORIZON_DAYS, BOOKING_SLOT_PLACEHOLDERS } from "../../../core/constants";
import { BOOKING_TEXTS, OWN_SESSION_LABEL } from "../../../core/booking-texts";
import { ApiError, errorMessage } from "../../lib/api";
import type { AvailabilitySlot } from "./booking-api";
import { availabilityQueries } from "./queries";
import { dateInZone, formatLongDate, formatOffsetIn, formatTimeIn, localDateText, parseLocalDate, zoneLabel } from "./time";

export const SLOT_SKELETONS = BOOKING_SLOT_PLACEHOLDERS;
export const NO_SLOTS_TEXT = BOOKING_TEXTS.noSlots;
export const AVAILABILITY_FAILED = BOOKING_TEXTS.availabilityFailed;

/**
 * The spec's 'Failed to fetch availability', except for a 409: the server says why this booking's
 * slots cannot be offered (its practitioner no longer takes bookings, decision 022), and the
 * person should read that instead.
 */
export function availabilityError(error: unknown): string {
  return error instanceof ApiError && error.status === 409 ? errorMessage(error, AVAILABILITY_FAILED) : AVAILABILITY_FAILED;
}

/** The first and last selectable days in `timeZone` (today … today + 90). */
export function bookableRange(timeZone: string, now: Date = new Date()): { first: Date; last: Date } {
  const first = parseLocalDate(dateInZone(now, timeZone));
  const last = new Date(first);
  last.setDate(last.getDate() + BOOKING_HORIZON_DAYS);
  return { first, last };
}

export interface SlotPickerProps {
  practitionerId: string;
  timeZone: string;
  date: string;
  duration: number;
  selectedStart: string | null;
  onDateChange: (date: string) => void;
  onSelect: (slot: AvailabilitySlot) => void;
  /** Shown above the slots (e.g. "that time was just taken"). */
  notice?: string | null;
  idPrefix: string;
  /** Rescheduling this booking: its own time counts as free. */
  excludeBookingId?: string;
}

/**
 * The day cells' size (react-day-picker's default 44 px; 37 px below 360 px, styles.css) times 7
 * columns and 6 weeks (`fixedWeeks`), plus the caption and the weekdays' row.
 */
const CALENDAR_SIZE = "h-[344px] w-[308px] max-[359px]:h-[302px] max-[359px]:w-[259px]";
const SLOT_LIST = "grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4";
const CALENDAR_BOX = "flex justify-center rounded-2xl border border-forest/10 bg-white p-2 md:justify-start";

function SlotSkeletons() {
  return (
    <ul className={SLOT_LIST} aria-label="Loading time slots">
      {Array.from({ length: SLOT_SKELETONS }, (_, i) => (
        <li key={i} className="skeleton h-11" data-testid="slot-skeleton" />
      ))}
    </ul>
  );
}

/**
 * The picker's frame before the viewer's zone is known (the server's HTML and the first render):
 * the same boxes at the calendar's size, so nothing below moves when the calendar arrives.
 */
export function SlotPickerPlaceholder() {
  return (
    <div className="grid gap-6 md:grid-cols-[auto_minmax(0,1fr)]" aria-busy="true" aria-label="Loading the calendar">
      <div>
        <p className="label">Date</p>
        <div className={CALENDAR_BOX}>
          <div className={`skeleton ${CALENDAR_SIZE}`} />
        </div>
      </div>
      <div className="min-w-0">
        <p className="text-lg font-semibold text-ink">Available times</p>
        <p className="mt-1 text-sm text-muted" aria-hidden="true">&nbsp;</p>
        <div className="mt-4">
          <SlotSkeletons />
        </div>
      </div>
    </div>
  );
}

/**
 * The buttons' texts: the time in the viewer's zone, with the offset added where a time comes
 * twice (the repeated hour of a fall-back day: "1:00 AM GMT-4", then "1:00 AM GMT-5").
 */
export function slotLabels(slots: readonly AvailabilitySlot[], timeZone: string): string[] {
  const times = slots.map((slot) => formatTimeIn(slot.start, timeZone));
  return times.map((time, i) => (times.indexOf(time) !== times.lastIndexOf(time) ? `${time} ${formatOffsetIn(slots[i].start, timeZone)}` : time));
}

export function SlotPicker({ practitionerId, timeZone, date, duration, selectedStart, onDateChange, onSelect, notice, idPrefix, excludeBookingId }: SlotPickerProps) {
  const { first, last } = bookableRange(timeZone);
  const availability = useQuery(availabilityQueries.forDay(practitionerId, date, duration, timeZone, excludeBookingId));
  // the days with hours (decision 028): kept from the last answer while the next day loads, so the calendar does not flicker
  const [openDates, setOpenDates] = useState<ReadonlySet<string> | null>(null);
  const answeredOpen = availability.data?.openDates;
  useEffect(() => {
    if (answeredOpen) setOpenDates(new Set(answeredOpen));
  }, [answeredOpen]);
  const slots = availability.data?.slots ?? [];
  const anyAvailable = slots.some((s) => s.available);
  const labels = slotLabels(slots, timeZone);
  // the zone's offset on the day shown, not today's (a day past a clock change has the other one)
  const shownDay = new Date(slots[0]?.start ?? `${date}T12:00:00Z`);
  const headingId = `${idPrefix}-slots-title`;
  return (
    <div className="grid gap-6 md:grid-cols-[auto_minmax(0,1fr)]">
      <div>
        <p className="label" id={`${idPrefix}-calendar-label`}>Date</p>
        <div className={CALENDAR_BOX}>
          <DayPicker
            mode="single"
            required
            aria-labelledby={`${idPrefix}-calendar-label`}
            selected={parseLocalDate(date)}
            onSelect={(day) => day && onDateChange(localDateText(day))}
            defaultMonth={parseLocalDate(date)}
            startMonth={first}
            endMonth={last}
            disabled={[{ before: first }, { after: last }, (day: Date) => openDates !== null && !openDates.has(localDateText(day))]}
            showOutsideDays={false}
            // always six rows: the calendar keeps its height from month to month and matches the placeholder
            fixedWeeks
          />
        </div>
      </div>
      <section aria-labelledby={headingId} className="min-w-0">
        <h3 id={headingId} className="text-lg font-semibold text-ink">Available times · {formatLongDate(date)}</h3>
        <p className="mt-1 text-sm text-muted" data-testid="time-zone-note">Times are in your time zone, {zoneLabel(timeZone, shownDay)}.</p>
        {notice && <p role="alert" className="mt-3 rounded-xl border border-honey bg-honey-light px-3 py-2 text-sm text-ink">{notice}</p>}
        <div className="mt-4" aria-live="polite" aria-busy={availability.isPending}>
          {availability.isPending ? (
            <SlotSkeletons />
          ) : availability.isError ? (
            <p role="alert" className="text-sm text-red-800">{availabilityError(availability.error)}</p>
          ) : !anyAvailable && !slots.some((s) => s.reason) ? (
            <p className="rounded-xl bg-cream px-4 py-3 text-sm text-ink">{NO_SLOTS_TEXT}</p>
          ) : (
            <ul className={SLOT_LIST} aria-label="Time slots">
              {slots.map((slot, i) => {
                const selected = slot.start === selectedStart;
                const own = slot.reason === "own-session";
                return (
                  <li key={slot.start}>
                    <button
                      type="button"
                      disabled={!slot.available}
                      aria-pressed={selected}
                      aria-label={own ? `${labels[i]}: ${OWN_SESSION_LABEL}` : undefined}
                      onClick={() => onSelect(slot)}
                      data-reason={slot.reason}
                      className={`min-h-11 w-full rounded-xl border px-1 py-1 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:border-dashed disabled:bg-parchment/50 disabled:text-muted ${own ? "" : "disabled:line-through"} ${
                        selected ? "border-forest bg-forest text-white" : "border-forest/20 bg-white text-ink hover:border-forest hover:bg-sage/40"
                      }`}
                    >
                      {labels[i]}
                      {own && <span className="block text-xs font-normal">{OWN_SESSION_LABEL}</span>}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </section>
    </div>
  );
}
