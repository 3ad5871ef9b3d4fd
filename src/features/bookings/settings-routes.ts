import { Hono } from "hono";
import type { ApiResponse } from "../../../core/api-routes";
import { eq } from "drizzle-orm";
import { practitioners } from "../../../db/schema";
import { bookingSettingsSchema } from "../../../core/availability";
import type { CalendarFeedAnswer } from "../../../core/bookings";
import { requireRole, requireRoleFirst, requireSignedIn, requireUser } from "../../auth/guards";
import type { AppEnv } from "../../http/app-context";
import { notFound } from "../../http/errors";
import { validate } from "../../http/validate";
import { first, type Db } from "../../../db/client";
import { getAvailabilitySettings, saveAvailabilitySettings } from "./availability";
import { calendarFeed, hasFeedToken, revokeFeedToken, rotateFeedToken } from "./calendar-feed";

export const NO_PROFILE_MESSAGE = "Create your practitioner profile first: availability belongs to a profile.";

async function ownPractitionerId(db: Db, userId: string): Promise<string> {
  const row = await first(db.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, userId)).limit(1));
  if (!row) throw notFound(NO_PROFILE_MESSAGE);
  return row.id;
}

/** /api/availability/me: the signed-in practitioner's own availability settings. */
export const availabilityRoutes = new Hono<AppEnv>()
  .get("/me", async (c) => {
    const user = requireRole(c, "practitioner");
    return c.json((await getAvailabilitySettings(c.var.deps.db, await ownPractitionerId(c.var.deps.db, user.id))) satisfies ApiResponse<"GET /api/availability/me">);
  })
  .put("/me", requireRoleFirst("practitioner"), validate("json", bookingSettingsSchema), async (c) => {
    const { db, now } = c.var.deps;
    const practitionerId = await ownPractitionerId(db, requireUser(c).id);
    return c.json((await saveAvailabilitySettings(db, practitionerId, c.req.valid("json"), now())) satisfies ApiResponse<"PUT /api/availability/me">);
  });

/** /api/calendar: the private calendar feed (token management with a session; the feed by token). */
export const calendarRoutes = new Hono<AppEnv>()
  .get("/token", async (c) => {
    const user = requireUser(c);
    return c.json({ active: await hasFeedToken(c.var.deps.db, user.id) });
  })
  .post("/token", requireSignedIn, async (c) => {
    const answer: CalendarFeedAnswer = await rotateFeedToken(c.var.deps.db, requireUser(c).id, c.var.deps.config.APP_URL);
    return c.json(answer satisfies ApiResponse<"POST /api/calendar/token">, 201);
  })
  .delete("/token", requireSignedIn, async (c) => {
    await revokeFeedToken(c.var.deps.db, requireUser(c).id);
    return c.body(null, 204);
  })
  .get("/:file{[a-z2-7]{16,64}\\.ics}", async (c) => {
    const { db, config, now } = c.var.deps;
    const feed = await calendarFeed(db, c.req.param("file").replace(/\.ics$/, ""), config, now());
    if (feed === null) throw notFound("This calendar address is not valid or was revoked. Create a new one in your settings.");
    return c.body(feed, 200, { "content-type": "text/calendar; charset=utf-8", "cache-control": "private, no-store" });
  });
