/**
 * Booking API (issue 9). Every answer is JSON `{message}` on error (400 bad input, 401 no session,
 * 403 not allowed / access level, 404 unknown, 409 conflict or disallowed transition).
 *
 *   GET  /api/bookings                           the user's bookings (DashboardBooking[]; ?role=client|practitioner&limit=)
 *   GET  /api/bookings/{practitionerId}/availability?date=yyyy-MM-dd&duration=30|60|90&tz=Area/City
 *        → AvailabilityAnswer {timeZone, practitionerTimeZone, date, duration, slots:[{time:"HH:mm", available, start: ISO}]}
 *          (times in `tz`, the practitioner's zone by default; public, no session needed)
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
 *   POST /api/calendar/token                     create or rotate the private feed token → CalendarFeedAnswer {url}
 *   DELETE /api/calendar/token                   revoke it → 204
 *   GET  /api/calendar/{token}.ics               the private feed (no session; the token is the secret)
 */
import { Hono } from "hono";
import { z } from "zod";
import { BOOKING_VIEWS } from "../../../core/bookings";
import { BOOKINGS_LIST_DEFAULT_LIMIT, BOOKINGS_LIST_MAX_LIMIT } from "../../../core/constants";
import { requireRole, requireUser } from "../../auth/guards";
import type { AppEnv } from "../../http/env";
import { forbidden } from "../../http/errors";
import { validate } from "../../http/validate";
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

/** /api/bookings: the signed-in user's bookings, as a client or as a practitioner. */
export const bookingRoutes = new Hono<AppEnv>().get(
  "/",
  // a visitor learns to sign in before anything about the query
  async function signedInOnly(c, next) {
    requireUser(c);
    await next();
  },
  validate("query", bookingListQuery),
  (c) => {
    const { role, limit } = c.req.valid("query");
    const view = role ?? defaultBookingView(requireUser(c).roles);
    if (!view) throw forbidden(NO_BOOKING_ROLE);
    const user = requireRole(c, view);
    const owner = bookingOwner(c.var.deps.db, user.id, view);
    return c.json(owner ? listBookings(c.var.deps.db, owner, limit) : []);
  },
);
