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
  async (c) => {
    const { role, limit } = c.req.valid("query");
    const view = role ?? defaultBookingView(requireUser(c).roles);
    if (!view) throw forbidden(NO_BOOKING_ROLE);
    const user = requireRole(c, view);
    const owner = await bookingOwner(c.var.deps.db, user.id, view);
    return c.json(owner ? await listBookings(c.var.deps.db, owner, limit) : []);
  },
);
