/**
 * Booking API (issue 9). Every answer is JSON `{message}` on error (400 bad input, 401 no session,
 * 403 not allowed / access level, 404 unknown, 409 conflict or disallowed transition).
 *
 *   GET  /api/bookings                           the user's bookings (DashboardBooking[]; ?role=client|practitioner&limit=)
 *   GET  /api/bookings/{practitionerId}/availability?date=yyyy-MM-dd&duration=30|60|90&tz=Area/City
 *        → AvailabilityAnswer {timeZone, practitionerTimeZone, date, duration, slots:[{time:"HH:mm", available, start: ISO}]}
 *          (times in `tz`, the practitioner's zone by default; public, no session needed;
 *          `&exclude={bookingId}`: that booking's own time counts as free, for its client or practitioner only)
 *   POST /api/bookings                           BookingPayload (spec payload + idempotencyKey? + timeZone?) → 201 BookingDetail
 *                                                (the same idempotencyKey again → 200 with the first booking)
 *   GET  /api/bookings/{id}                      BookingDetail (client or practitioner of the booking)
 *   POST /api/bookings/{id}/confirm              practitioner; scheduled → confirmed          → BookingDetail
 *   POST /api/bookings/{id}/cancel   {reason?}   client or practitioner, before the start     → BookingDetail
 *   POST /api/bookings/{id}/complete             practitioner, confirmed, after the start     → BookingDetail
 *   POST /api/bookings/{id}/no-show              practitioner, confirmed, after the start     → BookingDetail
 *   POST /api/bookings/{id}/reschedule {scheduledDatetime}  either side, before the start, to a free slot → BookingDetail
 *   GET  /api/bookings/{id}.ics                  calendar file of one booking (text/calendar)
 *   GET  /api/availability/me                    practitioner's own settings → AvailabilitySettingsAnswer
 *   PUT  /api/availability/me                    AvailabilitySettings body  → AvailabilitySettingsAnswer
 *   GET  /api/calendar/token                     {active: boolean} (whether a feed exists; its address is shown only once)
 *   POST /api/calendar/token                     create or rotate the private feed token → CalendarFeedAnswer {url}
 *   DELETE /api/calendar/token                   revoke it → 204
 *   GET  /api/calendar/{token}.ics               the private feed (no session; the token is the secret)
 */
import { Hono } from "hono";
import type { ApiResponse } from "../../../core/api-routes";
import { z } from "zod";
import {
  availabilityQuerySchema,
  BOOKING_MESSAGES,
  BOOKING_TEXTS,
  bookingPayloadSchema,
  BOOKING_VIEWS,
  cancelBodySchema,
  rescheduleBodySchema,
  type AvailabilityAnswer,
} from "../../../core/bookings";
import { BOOKINGS_LIST_DEFAULT_LIMIT, BOOKINGS_LIST_MAX_LIMIT, PRACTITIONER_NOT_FOUND } from "../../../core/constants";
import { DATE_MESSAGE, isValidDateText, isValidTimeZone, TIME_ZONE_MESSAGE } from "../../../core/availability";
import { bookableDateRange, datesWithHours } from "../../../core/slots";
import { BOOKING_HORIZON_DAYS } from "../../../core/constants";
import { requireRole, requireSignedIn, requireSignedInWith, requireUser } from "../../auth/guards";
import type { AppDeps, AppEnv } from "../../http/app-context";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { hasBody, validate } from "../../http/validate";
import { getAvailabilitySettings, slotsForDay, withOwnSessions } from "./availability";
import { findVisiblePractitioner } from "../practitioners/service";
import { assertBookingId, bookingForParticipant, createBooking, getBookingDetail, rescheduleBooking, transitionBooking, type BookingMail } from "./booking";
import { buildCalendar } from "../../email/calendar";
import { parseMailbox } from "../../email/templates";
import { calendarEntry, loadBookingContext } from "./notifications";
import { bookingOwner, defaultBookingView, listBookings } from "./service";

export const NO_BOOKING_ROLE = "Bookings are listed for client and practitioner accounts";

const limitMessage = `limit must be a whole number from 1 to ${BOOKINGS_LIST_MAX_LIMIT}`;

export const bookingListQuery = z.object({
  role: z.enum(BOOKING_VIEWS, { error: `role must be one of ${BOOKING_VIEWS.join(", ")}` }).optional(),
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(BOOKINGS_LIST_MAX_LIMIT, limitMessage)
    .default(BOOKINGS_LIST_DEFAULT_LIMIT),
});

const idParam = z.object({ id: z.string() });

/**
 * /api/bookings: list, availability, create, the status flow, reschedule and the .ics download.
 * The e-mails of a change are written to the outbox inside the change's transaction (`mail`),
 * capped per actor in the app's `counters.mail` store.
 */
export function bookingRoutes() {
  /** The e-mails of a change the other side hears of (capped per actor). */
  const changeBy = (deps: AppDeps, userId: string): BookingMail => ({ config: deps.config, cap: { store: deps.counters.mail, actorId: userId } });
  return new Hono<AppEnv>()
    .get(
      "/",
      // a visitor learns to sign in before anything about the query
      async function signedInOnly(c, next) {
        requireUser(c);
        await next();
      },
      validate("query", bookingListQuery),
      async (c) => {
        const { role, limit } = c.req.valid("query");
        const view = role ?? defaultBookingView(requireUser(c).roles);
        if (!view) throw forbidden(NO_BOOKING_ROLE);
        const user = requireRole(c, view);
        const owner = await bookingOwner(c.var.deps.db, user.id, view);
        return c.json(owner ? await listBookings(c.var.deps.db, owner, limit) : []);
      },
    )
    .get("/:practitionerId/availability", validate("query", availabilityQuerySchema), async (c) => {
      const { db, now } = c.var.deps;
      const practitionerId = c.req.param("practitionerId");
      if (!/^[A-Za-z0-9-]{1,64}$/.test(practitionerId)) throw notFound(PRACTITIONER_NOT_FOUND);
      const { date, duration, tz, exclude } = c.req.valid("query");
      const visible = (await findVisiblePractitioner(db, practitionerId, c.var.user?.id ?? null)) !== undefined;
      if (!visible && (exclude === undefined || !c.var.user)) throw notFound(PRACTITIONER_NOT_FOUND);
      let movingDuration: number | undefined;
      if (exclude !== undefined) {
        // the slots around a booking being moved: its own client or practitioner only
        const { booking } = await bookingForParticipant(db, assertBookingId(exclude), requireUser(c).id);
        movingDuration = booking.duration;
        if (booking.practitionerId !== practitionerId) throw notFound(BOOKING_MESSAGES.notFound);
        // its participants know the practitioner: they hear why it cannot move, as the reschedule itself answers (decision 022)
        if (!visible) throw conflict(BOOKING_MESSAGES.practitionerUnavailable);
      }
      if (tz !== undefined && !isValidTimeZone(tz)) throw badRequest(`tz: ${TIME_ZONE_MESSAGE}`);
      if (!isValidDateText(date)) throw badRequest(`date: ${DATE_MESSAGE}`);
      const settings = await getAvailabilitySettings(db, practitionerId);
      // no day would have a slot for it: they hear why, as the reschedule itself answers
      if (movingDuration !== undefined && !(settings.durations as readonly number[]).includes(movingDuration)) throw conflict(BOOKING_MESSAGES.lengthNoLongerOffered);
      const timeZone = tz ?? settings.timeZone;
      const range = bookableDateRange(now(), timeZone);
      if (date < range.first || date > range.last) {
        throw badRequest(`date: choose a date from today (${range.first}) up to ${BOOKING_HORIZON_DAYS} days ahead (${range.last}) in ${timeZone}`);
      }
      const slots = settings.takingBookings ? await slotsForDay(db, practitionerId, settings, date, duration, timeZone, now(), exclude, c.var.user?.id ?? null) : [];
      const answer: AvailabilityAnswer = {
        timeZone,
        practitionerTimeZone: settings.timeZone,
        date,
        duration,
        offeredDurations: settings.durations,
        firstDate: range.first,
        lastDate: range.last,
        // a signed-in viewer is not offered a time they already have a session at (with anyone)
        slots: c.var.user ? await withOwnSessions(db, c.var.user.id, slots, duration, exclude) : slots,
        openDates: settings.takingBookings ? datesWithHours(settings, range.first, range.last, timeZone, duration) : [],
        takingBookings: settings.takingBookings,
      };
      return c.json(answer satisfies ApiResponse<"GET /api/bookings/:practitionerId/availability">);
    })
    // a visitor (or a session that ended during the wizard) hears the spec's 'Please sign in to book a session'
    .post("/", requireSignedInWith(BOOKING_TEXTS.signInDescription), validate("json", bookingPayloadSchema), async (c) => {
      const deps = c.var.deps;
      const user = requireUser(c);
      const result = await createBooking(deps.db, user, c.req.valid("json"), deps.now(), changeBy(deps, user.id));
      return c.json(result.booking satisfies ApiResponse<"POST /api/bookings">, result.created ? 201 : 200);
    })
    .get("/:file{[A-Za-z0-9-]{1,64}\\.ics}", async (c) => {
      const user = requireUser(c);
      const { db, config, now } = c.var.deps;
      const id = c.req.param("file").replace(/\.ics$/, "");
      const { party } = await bookingForParticipant(db, id, user.id);
      const ctx = (await loadBookingContext(db, id))!;
      const ics = buildCalendar([calendarEntry(ctx, config.APP_URL, parseMailbox(config.MAIL_FROM), party)], "PUBLISH", now());
      return c.body(ics, 200, {
        "content-type": "text/calendar; charset=utf-8",
        "content-disposition": `attachment; filename="pollinate-session-${id.slice(-6)}.ics"`,
        "cache-control": "private, no-store",
      });
    })
    .get("/:id", validate("param", idParam), async (c) => {
      const user = requireUser(c);
      const id = assertBookingId(c.req.valid("param").id);
      await bookingForParticipant(c.var.deps.db, id, user.id);
      return c.json(await getBookingDetail(c.var.deps.db, id));
    })
    .post("/:id/confirm", requireSignedIn, async (c) => {
      const deps = c.var.deps;
      // only the client hears of it: not capped
      const result = await transitionBooking(deps.db, requireUser(c).id, assertBookingId(c.req.param("id")), "confirm", deps.now(), null, { config: deps.config });
      return c.json(result.booking);
    })
    .post("/:id/complete", requireSignedIn, async (c) => {
      const deps = c.var.deps;
      const result = await transitionBooking(deps.db, requireUser(c).id, assertBookingId(c.req.param("id")), "complete", deps.now());
      return c.json(result.booking);
    })
    .post("/:id/no-show", requireSignedIn, async (c) => {
      const deps = c.var.deps;
      const result = await transitionBooking(deps.db, requireUser(c).id, assertBookingId(c.req.param("id")), "no-show", deps.now());
      return c.json(result.booking);
    })
    .post("/:id/cancel", requireSignedIn, async (c, next) => {
      // the body is optional: no body at all means no reason
      if (!c.req.header("content-type") && !hasBody(c)) {
        const deps = c.var.deps;
        const userId = requireUser(c).id;
        const result = await transitionBooking(deps.db, userId, assertBookingId(c.req.param("id")), "cancel", deps.now(), null, changeBy(deps, userId));
        return c.json(result.booking);
      }
      await next();
    }, validate("json", cancelBodySchema), async (c) => {
      const deps = c.var.deps;
      const { reason } = c.req.valid("json");
      const userId = requireUser(c).id;
      const result = await transitionBooking(deps.db, userId, assertBookingId(c.req.param("id")), "cancel", deps.now(), reason, changeBy(deps, userId));
      return c.json(result.booking);
    })
    .post("/:id/reschedule", requireSignedIn, validate("json", rescheduleBodySchema), async (c) => {
      const deps = c.var.deps;
      const userId = requireUser(c).id;
      const result = await rescheduleBooking(deps.db, userId, assertBookingId(c.req.param("id")), c.req.valid("json").scheduledDatetime, deps.now(), changeBy(deps, userId));
      return c.json(result.booking);
    });
}
