/**
 * Private calendar feeds: one secret token per user (only its SHA-256 is stored), an .ics address
 * any calendar app can subscribe to, listing the user's sessions as client and as practitioner
 * (cancelled ones stay listed as CANCELLED for 30 days, so subscribers drop them).
 */
import { and, desc, eq, gte, inArray, or } from "drizzle-orm";
import { atomic, first, type Db } from "../../../db/client";
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
  await atomic(db, async (tx) => {
    await tx
      .insert(calendarFeedTokens)
      .values({ userId, tokenHash: hashToken(token) })
      .onConflictDoUpdate({ target: calendarFeedTokens.userId, set: { tokenHash: hashToken(token), createdAt: new Date() } });
  });
  return { url: feedUrl(appUrl, token) };
}

export function feedUrl(appUrl: string, token: string): string {
  return `${appUrl}/api/calendar/${token}.ics`;
}

/** Revokes the feed: its address stops working at once. */
export async function revokeFeedToken(db: Db, userId: string): Promise<boolean> {
  const deleted = await atomic(db, (tx) => tx.delete(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId)).returning({ userId: calendarFeedTokens.userId }));
  return deleted.length > 0;
}

/** Whether the user has a feed (the address itself cannot be shown again). */
export async function hasFeedToken(db: Db, userId: string): Promise<boolean> {
  return (await first(db.select({ userId: calendarFeedTokens.userId }).from(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId)).limit(1))) !== undefined;
}

/** The feed of a token, or null for an unknown or revoked token. */
export async function calendarFeed(db: Db, token: string, config: Pick<Config, "APP_URL" | "MAIL_FROM">, now: Date): Promise<string | null> {
  if (!/^[a-z2-7]{16,64}$/.test(token)) return null;
  const owner = await first(db.select({ userId: calendarFeedTokens.userId }).from(calendarFeedTokens).where(eq(calendarFeedTokens.tokenHash, hashToken(token))).limit(1));
  if (!owner) return null;
  const profile = await first(db.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, owner.userId)).limit(1));
  const mine = profile ? or(eq(bookings.clientId, owner.userId), eq(bookings.practitionerId, profile.id))! : eq(bookings.clientId, owner.userId);
  const rows = await db
    .select({ id: bookings.id, clientId: bookings.clientId })
    .from(bookings)
    .where(and(mine, gte(bookings.scheduledDatetime, new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000)), inArray(bookings.status, ["scheduled", "confirmed", "pending", "completed", "cancelled", "no-show"])))
    .orderBy(desc(bookings.scheduledDatetime))
    .limit(FEED_MAX_EVENTS);
  const organizer = parseMailbox(config.MAIL_FROM);
  const entries = [];
  for (const row of rows) {
    const ctx = await loadBookingContext(db, row.id);
    if (ctx) entries.push(calendarEntry(ctx, config.APP_URL, organizer, row.clientId === owner.userId ? "client" : "practitioner"));
  }
  return buildCalendar(entries, "PUBLISH", now, "Pollinate sessions");
}
