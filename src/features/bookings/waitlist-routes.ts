/**
 * /api/waitlist (decision 028). JSON `{message}` on error: 400 bad input, 401 no session, 403 not
 * allowed (preview accounts, one's own practice), 404 unknown (or someone else's), 409 conflicts.
 *
 *   GET    /api/waitlist                       the client's waitlists with their open offers → WaitlistEntryAnswer[]
 *   POST   /api/waitlist                       {practitionerId, fromDate, toDate, timesOfDay[], duration, timeZone} → 201 WaitlistEntryAnswer
 *   DELETE /api/waitlist/{id}                  leave → 204
 *   POST   /api/waitlist/offers/{id}/accept    'Book it': books the held slot through the normal rules → 201 BookingDetail
 *   POST   /api/waitlist/offers/{id}/decline   'Not this one' → 204 (the slot passes to the next person)
 *   GET    /api/waitlist/count                 practitioner: how many people wait for them → {waiting}
 */
import { Hono } from "hono";
import { joinWaitlistSchema } from "../../../core/waitlist-inputs";
import type { ApiResponse } from "../../../core/api-routes";
import { bookableDateRange } from "../../../core/slots";
import { sessionFeeCents } from "../../../core/bookings";
import { centsToDecimal } from "../../../core/money";
import { requireRole, requireSignedIn, requireUser } from "../../auth/guards";
import type { AppEnv } from "../../http/app-context";
import { badRequest, conflict, notFound } from "../../http/errors";
import { validate } from "../../http/validate";
import { findVisiblePractitioner } from "../practitioners/service";
import { createBooking } from "./booking";
import { bookingOwner } from "./service";
import { countWaiting, declineOffer, joinWaitlist, leaveWaitlist, listWaitlists, offerForAcceptance } from "./waitlist";

const ID = /^[A-Za-z0-9-]{1,64}$/;

export { joinWaitlistSchema };

export function waitlistRoutes() {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const user = requireUser(c);
      return c.json(await listWaitlists(c.var.deps.db, user.id, c.var.deps.now()));
    })
    .get("/count", async (c) => {
      const user = requireRole(c, "practitioner");
      const owner = await bookingOwner(c.var.deps.db, user.id, "practitioner");
      return c.json({ waiting: owner?.view === "practitioner" ? await countWaiting(c.var.deps.db, owner.practitionerId) : 0 });
    })
    .post("/", requireSignedIn, validate("json", joinWaitlistSchema), async (c) => {
      const { db, now } = c.var.deps;
      const input = c.req.valid("json");
      const range = bookableDateRange(now(), input.timeZone);
      if (input.toDate < range.first || input.fromDate > range.last) throw badRequest(`Choose dates from today (${range.first}) up to ${range.last}`);
      const entry = await joinWaitlist(db, requireUser(c), { ...input, fromDate: input.fromDate < range.first ? range.first : input.fromDate, toDate: input.toDate > range.last ? range.last : input.toDate, duration: input.duration as 30 | 60 | 90 }, now());
      return c.json(entry satisfies ApiResponse<"POST /api/waitlist">, 201);
    })
    .delete("/:id", requireSignedIn, async (c) => {
      const id = c.req.param("id");
      if (!ID.test(id)) throw notFound("Waitlist entry not found");
      await leaveWaitlist(c.var.deps.db, requireUser(c).id, id, c.var.deps.now(), c.var.deps.config);
      return c.body(null, 204);
    })
    .post("/offers/:id/accept", requireSignedIn, async (c) => {
      const deps = c.var.deps;
      const user = requireUser(c);
      const id = c.req.param("id");
      if (!ID.test(id)) throw notFound("Offer not found");
      const now = deps.now();
      const offer = await offerForAcceptance(deps.db, user.id, id, now);
      const practitioner = await findVisiblePractitioner(deps.db, offer.practitionerId, user.id);
      if (!practitioner || practitioner.hourlyRateCents === null) throw conflict("This practitioner is not taking bookings at the moment.");
      const entry = (await listWaitlists(deps.db, user.id, now)).find((e) => e.offer?.id === id);
      const result = await createBooking(
        deps.db,
        user,
        {
          practitionerId: offer.practitionerId,
          scheduledDatetime: offer.start,
          duration: offer.duration as 30 | 60 | 90,
          // virtual when offered, else in person
          isVirtual: practitioner.isVirtual,
          totalAmount: centsToDecimal(sessionFeeCents(practitioner.hourlyRateCents, offer.duration)),
          notes: null,
          // two tabs accepting at once: the same key, so the second answers the first's booking
          idempotencyKey: `waitlist-${offer.id}`,
          timeZone: entry?.timeZone,
        },
        now,
        { config: deps.config, cap: { store: deps.counters.mail, actorId: user.id } },
        offer.id,
      );
      return c.json(result.booking satisfies ApiResponse<"POST /api/waitlist/offers/:id/accept">, result.created ? 201 : 200);
    })
    .post("/offers/:id/decline", requireSignedIn, async (c) => {
      const id = c.req.param("id");
      if (!ID.test(id)) throw notFound("Offer not found");
      await declineOffer(c.var.deps.db, requireUser(c).id, id, c.var.deps.now(), c.var.deps.config);
      return c.body(null, 204);
    });
}
