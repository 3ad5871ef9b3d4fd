/**
 * Private calendar feeds: one secret token per user (only its SHA-256 is stored), an .ics address
 * any calendar app can subscribe to, listing the user's sessions as client and as practitioner
 * (cancelled ones stay listed as CANCELLED for 30 days, so subscribers drop them).
 */
import { and, desc, eq, gte, inArray, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { bookings, calendarFeedTokens, practitioners } from "../../../db/schema";
import { generateToken, hashToken } from "../../auth/tokens";
import { buildCalendar } from "../../email/calendar";
import { parseMailbox } from "../../email/templates";
import type { Config } from "../../config";
import { calendarEntry, loadBookingContext } from "./notifications";

const FEED_PAST_DAYS = 30;
const FEED_MAX_EVENTS = 500;

/** Creates the user's feed token, replacing (revoking) any earlier one; the address is shown once. */
export async function rotateFeedToken(db: Db, userId: string, appUrl: string): Promise<{ url: string }> {
  const token = generateToken();
  db.insert(calendarFeedTokens)
    .values({ userId, tokenHash: hashToken(token) })
    .onConflictDoUpdate({ target: calendarFeedTokens.userId, set: { tokenHash: hashToken(token), createdAt: new Date() } })
    .run();
  return { url: feedUrl(appUrl, token) };
}

export function feedUrl(appUrl: string, token: string): string {
  return `${appUrl}/api/calendar/${token}.ics`;
}

/** Revokes the feed: its address stops working at once. */
export async function revokeFeedToken(db: Db, userId: string): Promise<boolean> {
  return db.delete(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId)).returning().all().length > 0;
}

/** Whether the user has a feed (the address itself cannot be shown again). */
export async function hasFeedToken(db: Db, userId: string): Promise<boolean> {
  return !!db.select({ userId: calendarFeedTokens.userId }).from(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId)).get();
}

/** The feed of a token, or null for an unknown or revoked token. */
export async function calendarFeed(db: Db, token: string, config: Pick<Config, "APP_URL" | "MAIL_FROM">, now: Date): Promise<string | null> {
  if (!/^[a-z2-7]{16,64}$/.test(token)) return null;
  const owner = db.select({ userId: calendarFeedTokens.userId }).from(calendarFeedTokens).where(eq(calendarFeedTokens.tokenHash, hashToken(token))).get();
  if (!owner) return null;
  const profile = db.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, owner.userId)).get();
  const mine = profile ? or(eq(bookings.clientId, owner.userId), eq(bookings.practitionerId, profile.id))! : eq(bookings.clientId, owner.userId);
  const rows = db
    .select({ id: bookings.id, clientId: bookings.clientId })
    .from(bookings)
    .where(and(mine, gte(bookings.scheduledDatetime, new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000)), inArray(bookings.status, ["scheduled", "confirmed", "pending", "completed", "cancelled", "no-show"])))
    .orderBy(desc(bookings.scheduledDatetime))
    .limit(FEED_MAX_EVENTS)
    .all();
  const organizer = parseMailbox(config.MAIL_FROM);
  const entries = rows.flatMap((row) => {
    const ctx = loadBookingContext(db, row.id);
    return ctx ? [calendarEntry(ctx, config.APP_URL, organizer, row.clientId === owner.userId ? "client" : "practitioner")] : [];
  });
  return buildCalendar(entries, "PUBLISH", now, "Pollinate sessions");
}
