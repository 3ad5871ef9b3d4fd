/**
 * The waitlist (decision 028). A client waits for a practitioner with a date range, times of day
 * and a length. A slot that frees up (a cancellation, an expired request, a session moved away, new
 * hours saved) is
 * written as an opening in the transaction that freed it; the waitlist job claims each opening once
 * and offers the slot to the first waiting client it suits (in the order they joined), holding it
 * for them for 30 minutes: nobody else can book it meanwhile, and one person holds one slot at a time. An offer declined or expired passes
 * to the next match; an accepted one books through the normal rules (createBooking: access level,
 * fee, the client's own overlap). Every step is a claim in one transaction (a conditional update
 * or a unique index: one open offer per practitioner and start; one offer per person and start),
 * so several processes run the job safely, and the rows survive restarts.
 */
import { startPeriodicPass, type PeriodicPass } from "../../ops/periodic-pass";
import { and, asc, count, eq, gt, inArray, isNull, lt, lte } from "drizzle-orm";
import { atomic, first, type Db } from "../../../db/client";
import { practitioners, users, waitlistEntries, waitlistOffers, waitlistOpenings } from "../../../db/schema";
import { TIME_OF_DAY_MINUTES, WAITLIST_HOLD_MINUTES, WAITLIST_MAX_ENTRIES, WAITLIST_MESSAGES, type TimeOfDay, type WaitlistEntryAnswer } from "../../../core/waitlist";
import { checkSlot, dateInZone, dayBounds, horizonEnd, openedStarts, timeInZone, type BusyPeriod, type SlotSettings } from "../../../core/slots";
import { timeToMinutes } from "../../../core/availability";
import { practitionerDisplayName, practitionerNameWithReference } from "../../../core/types";
import { PRACTITIONER_NOT_FOUND, type BookingDuration } from "../../../core/constants";
import { BOOKING_MESSAGES } from "../../../core/bookings";
import type { AppDeps, CurrentUser } from "../../http/app-context";
import { conflict, forbidden, notFound } from "../../http/errors";
import { accessInfoFor } from "../../auth/permissions";
import { enqueueEmail } from "../../email/outbox";
import { layout, parseMailbox, type TemplateContext } from "../../email/templates";
import { findVisiblePractitioner } from "../practitioners/service";
import { busyPeriods, readAvailability } from "./availability";
import { clientClash } from "./booking";
import type { BookingMailConfig } from "./notifications";
import { timesInZone } from "./notifications";

const DAY = 86_400_000;
const MINUTE = 60_000;

type WaitlistDeps = Pick<AppDeps, "db" | "config" | "now">;

export interface JoinWaitlistInput {
  practitionerId: string;
  fromDate: string;
  toDate: string;
  timesOfDay: TimeOfDay[];
  duration: BookingDuration;
  timeZone: string;
}

/** POST /api/waitlist: the client joins a practitioner's waitlist (one entry per practitioner). */
export async function joinWaitlist(db: Db, user: CurrentUser, input: JoinWaitlistInput, now: Date): Promise<WaitlistEntryAnswer> {
  const practitioner = await findVisiblePractitioner(db, input.practitionerId, user.id);
  if (!practitioner) throw notFound(PRACTITIONER_NOT_FOUND);
  if (practitioner.userId === user.id) throw forbidden(BOOKING_MESSAGES.selfBooking);
  const allowance = accessInfoFor(user, now).permissions.bookSessions;
  if (allowance === false || allowance === 0) throw forbidden(BOOKING_MESSAGES.previewUpgrade);
  const id = await atomic(db, async (tx) => {
    const mine = await tx.select({ practitionerId: waitlistEntries.practitionerId }).from(waitlistEntries).where(and(eq(waitlistEntries.clientId, user.id), eq(waitlistEntries.status, "waiting")));
    if (mine.some((e) => e.practitionerId === input.practitionerId)) throw conflict(WAITLIST_MESSAGES.alreadyWaiting);
    if (mine.length >= WAITLIST_MAX_ENTRIES) throw conflict(WAITLIST_MESSAGES.tooMany);
    const [row] = await tx
      .insert(waitlistEntries)
      // a time-ordered id (UUIDv7): the queue's order among entries of one instant
      .values({ ...input, id: Bun.randomUUIDv7(), clientId: user.id, status: "waiting", createdAt: now, updatedAt: now })
      .returning({ id: waitlistEntries.id });
    return row.id;
  });
  return (await listWaitlists(db, user.id, now)).find((e) => e.id === id)!;
}

/** The display names (issue 26) of some practitioners, by id; a practitioner without one is absent. */
async function practitionerNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: practitioners.id, displayName: practitioners.displayName }).from(practitioners).where(inArray(practitioners.id, [...new Set(ids)]));
  return new Map(rows.flatMap((r) => (r.displayName ? [[r.id, r.displayName] as const] : [])));
}

/** GET /api/waitlist: the client's waitlists still waiting, with the offer open for each. */
export async function listWaitlists(db: Db, clientId: string, now: Date): Promise<WaitlistEntryAnswer[]> {
  const entries = await db.select().from(waitlistEntries).where(and(eq(waitlistEntries.clientId, clientId), eq(waitlistEntries.status, "waiting"))).orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  const offers = await db.select().from(waitlistOffers).where(and(eq(waitlistOffers.clientId, clientId), eq(waitlistOffers.status, "open"), gt(waitlistOffers.expiresAt, now)));
  const names = await practitionerNames(db, entries.map((e) => e.practitionerId));
  return entries.map((e) => {
    const offer = offers.find((o) => o.entryId === e.id);
    return {
      id: e.id,
      practitionerId: e.practitionerId,
      practitionerName: practitionerNameWithReference(e.practitionerId, names.get(e.practitionerId)),
      fromDate: e.fromDate,
      toDate: e.toDate,
      timesOfDay: e.timesOfDay,
      duration: e.duration,
      timeZone: e.timeZone,
      status: e.status,
      createdAt: e.createdAt.toISOString(),
      offer: offer ? { id: offer.id, start: offer.start.toISOString(), duration: offer.duration, expiresAt: offer.expiresAt.toISOString() } : null,
    };
  });
}

/** DELETE /api/waitlist/{id}: the client leaves; an open offer of theirs passes on. Someone else's entry is a 404. */
export async function leaveWaitlist(db: Db, clientId: string, entryId: string, now: Date, config: BookingMailConfig): Promise<void> {
  await atomic(db, async (tx) => {
    const left = await tx
      .update(waitlistEntries)
      .set({ status: "left", updatedAt: now })
      .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.clientId, clientId), eq(waitlistEntries.status, "waiting")))
      .returning({ id: waitlistEntries.id });
    if (left.length === 0) throw notFound(WAITLIST_MESSAGES.notFound);
    const open = await tx.update(waitlistOffers).set({ status: "void", updatedAt: now }).where(and(eq(waitlistOffers.entryId, entryId), eq(waitlistOffers.status, "open"))).returning();
    for (const o of open) await offerNext(tx, config, o.practitionerId, o.start, o.duration, now);
  });
}

/** How many clients wait for a practitioner (their dashboard). */
export async function countWaiting(db: Db, practitionerId: string): Promise<number> {
  return (await first(db.select({ n: count() }).from(waitlistEntries).where(and(eq(waitlistEntries.practitionerId, practitionerId), eq(waitlistEntries.status, "waiting")))))?.n ?? 0;
}

/**
 * A slot that freed up: written in the transaction that freed it (cancel, expiry, reschedule away)
 * when anyone waits for this practitioner; the job offers it. One line at each place that frees a slot.
 */
export async function recordOpening(tx: Db, practitionerId: string, start: Date, duration: number, now: Date): Promise<void> {
  if (start.getTime() <= now.getTime()) return;
  const waiting = await first(tx.select({ id: waitlistEntries.id }).from(waitlistEntries).where(and(eq(waitlistEntries.practitionerId, practitionerId), eq(waitlistEntries.status, "waiting"))).limit(1));
  if (!waiting) return;
  await tx.insert(waitlistOpenings).values({ practitionerId, start, duration, createdAt: now });
}

/**
 * Saved hours that open time (new hours, a blocked date given back, a shorter notice): in the save's
 * transaction, each waiting client (in the order they joined) gets an opening at the earliest newly
 * bookable start that suits them, is free for them and was not given to someone before them; the
 * job offers them as it offers any freed slot. `before` null: the practitioner was not taking bookings.
 */
export async function recordOpenedHours(tx: Db, practitionerId: string, before: SlotSettings | null, after: SlotSettings, now: Date): Promise<void> {
  const entries = await tx.select().from(waitlistEntries).where(and(eq(waitlistEntries.practitionerId, practitionerId), eq(waitlistEntries.status, "waiting"))).orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  if (entries.length === 0) return;
  const from = new Date(Math.max(now.getTime(), Math.min(...entries.map((e) => dayBounds(e.fromDate, e.timeZone).start.getTime()))));
  const to = new Date(Math.min(horizonEnd(now).getTime() + MINUTE, Math.max(...entries.map((e) => dayBounds(e.toDate, e.timeZone).end.getTime()))));
  if (from.getTime() >= to.getTime()) return;
  const busy = [...(await busyPeriods(tx, practitionerId, from, to)), ...(await heldPeriods(tx, practitionerId, from, to, now, null))];
  const opened = new Map<number, number[]>();
  const given = new Set<number>();
  for (const entry of entries) {
    if (!opened.has(entry.duration)) opened.set(entry.duration, openedStarts(before, after, from, to, entry.duration, busy, now));
    for (const t of opened.get(entry.duration)!) {
      const start = new Date(t);
      if (given.has(t) || !suits(entry, start) || (await clientClash(tx, entry.clientId, start, entry.duration))) continue;
      given.add(t);
      await recordOpening(tx, practitionerId, start, entry.duration, now);
      break;
    }
  }
}

/**
 * Slots held by open offers (not yet expired) of a practitioner around [from, to), as busy periods,
 * the offers to `exceptClientId` aside (the person it is held for may book it).
 */
export async function heldPeriods(db: Db, practitionerId: string, from: Date, to: Date, now: Date, exceptClientId: string | null): Promise<BusyPeriod[]> {
  const rows = await db
    .select({ id: waitlistOffers.id, start: waitlistOffers.start, duration: waitlistOffers.duration, clientId: waitlistOffers.clientId })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.practitionerId, practitionerId), eq(waitlistOffers.status, "open"), gt(waitlistOffers.expiresAt, now), gt(waitlistOffers.start, new Date(from.getTime() - DAY)), lt(waitlistOffers.start, to)));
  return rows.filter((r) => r.clientId !== exceptClientId).map((r) => ({ id: r.id, start: r.start, end: new Date(r.start.getTime() + r.duration * MINUTE) }));
}

/** Whether a start suits an entry: its dates and its times of day, in the client's zone. */
export function suits(entry: { fromDate: string; toDate: string; timesOfDay: TimeOfDay[]; timeZone: string }, start: Date): boolean {
  const date = dateInZone(start, entry.timeZone);
  if (date < entry.fromDate || date > entry.toDate) return false;
  const minute = timeToMinutes(timeInZone(start, entry.timeZone));
  return entry.timesOfDay.some((t) => minute >= TIME_OF_DAY_MINUTES[t].from && minute < TIME_OF_DAY_MINUTES[t].to);
}

/**
 * Offers a free slot to the next waiting client it suits (joined first, never offered this start
 * before, free themselves then), holding it for WAITLIST_HOLD_MINUTES, with the e-mail; runs in
 * the caller's transaction. Nothing when the slot is held already, taken, or suits nobody.
 */
export async function offerNext(tx: Db, config: BookingMailConfig, practitionerId: string, start: Date, freedDuration: number, now: Date): Promise<string | null> {
  const held = await first(tx.select({ id: waitlistOffers.id }).from(waitlistOffers).where(and(eq(waitlistOffers.practitionerId, practitionerId), eq(waitlistOffers.start, start), eq(waitlistOffers.status, "open"))).limit(1));
  if (held) return null;
  const settings = await readAvailability(tx, practitionerId);
  if (!settings.takingBookings) return null;
  const busy = [...(await busyPeriods(tx, practitionerId, new Date(start.getTime() - DAY), new Date(start.getTime() + DAY))), ...(await heldPeriods(tx, practitionerId, new Date(start.getTime() - DAY), new Date(start.getTime() + DAY), now, null))];
  const entries = await tx.select().from(waitlistEntries).where(and(eq(waitlistEntries.practitionerId, practitionerId), eq(waitlistEntries.status, "waiting"))).orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  for (const entry of entries) {
    if (entry.duration > freedDuration || !suits(entry, start)) continue;
    if (!checkSlot({ settings, duration: entry.duration as BookingDuration, start, bookings: busy, now }).ok) continue;
    const before = await first(tx.select({ id: waitlistOffers.id }).from(waitlistOffers).where(and(eq(waitlistOffers.entryId, entry.id), eq(waitlistOffers.start, start))).limit(1));
    if (before) continue;
    // one hold per person at a time: someone already holding a slot is skipped (the next one goes to the next person)
    const holding = await first(tx.select({ id: waitlistOffers.id }).from(waitlistOffers).where(and(eq(waitlistOffers.entryId, entry.id), eq(waitlistOffers.status, "open"), gt(waitlistOffers.expiresAt, now))).limit(1));
    if (holding) continue;
    if (await clientClash(tx, entry.clientId, start, entry.duration)) continue;
    const expiresAt = new Date(now.getTime() + WAITLIST_HOLD_MINUTES * MINUTE);
    const [offer] = await tx
      .insert(waitlistOffers)
      .values({ entryId: entry.id, practitionerId, clientId: entry.clientId, start, duration: entry.duration, status: "open", expiresAt, createdAt: now, updatedAt: now })
      .returning({ id: waitlistOffers.id });
    await enqueueOfferEmail(tx, config, offer.id, entry.clientId, practitionerId, start, entry.duration, expiresAt, entry.timeZone, now);
    return offer.id;
  }
  return null;
}

async function enqueueOfferEmail(tx: Db, config: BookingMailConfig, offerId: string, clientId: string, practitionerId: string, start: Date, duration: number, expiresAt: Date, zone: string, now: Date): Promise<void> {
  const client = await first(tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, clientId)).limit(1));
  if (!client?.email) return;
  const tctx: TemplateContext = { appUrl: config.APP_URL, from: parseMailbox(config.MAIL_FROM), now };
  // the subject names the reference only: a display name is text the practitioner chose (issue 26)
  const reference = practitionerDisplayName(practitionerId);
  const name = practitionerNameWithReference(practitionerId, (await practitionerNames(tx, [practitionerId])).get(practitionerId));
  const when = timesInZone(start, zone);
  const until = timesInZone(expiresAt, zone);
  const subject = `A time with ${reference} is free: ${when.date}`;
  const page = `${config.APP_URL}/dashboard/client?offer=${offerId}#waitlist`;
  const block = {
    paragraphs: [
      `Hi ${client.firstName?.trim() || "there"}, a ${duration}-minute session with ${name} on ${when.date} at ${when.time} is now open, and you are next on the waitlist.`,
      `It is held for you until ${until.time}, ${until.date}. Choose 'Book it' or 'Not this one' on your dashboard; after that it passes to the next person.`,
    ],
    button: { label: "Book it or pass", href: page },
  };
  await enqueueEmail(tx, { to: client.email, subject, ...layout(subject, "A time is open for you", block, tctx), type: "session-confirmation" }, { now, dedupeKey: `waitlist-offer:${offerId}` });
}

/** POST /api/waitlist/offers/{id}/decline: the client passes; the slot goes to the next match. */
export async function declineOffer(db: Db, clientId: string, offerId: string, now: Date, config: BookingMailConfig): Promise<void> {
  await atomic(db, async (tx) => {
    const [offer] = await tx
      .update(waitlistOffers)
      .set({ status: "declined", updatedAt: now })
      .where(and(eq(waitlistOffers.id, offerId), eq(waitlistOffers.clientId, clientId), eq(waitlistOffers.status, "open")))
      .returning();
    if (!offer) {
      const mine = await first(tx.select({ id: waitlistOffers.id }).from(waitlistOffers).where(and(eq(waitlistOffers.id, offerId), eq(waitlistOffers.clientId, clientId))).limit(1));
      throw mine ? conflict(WAITLIST_MESSAGES.offerGone) : notFound(WAITLIST_MESSAGES.offerNotFound);
    }
    await offerNext(tx, config, offer.practitionerId, offer.start, offer.duration, now);
  });
}

/** The offer a client accepts, for createBooking: 404 for anyone it was not offered to, 409 once it is not open. */
export async function offerForAcceptance(db: Db, clientId: string, offerId: string, now: Date) {
  const offer = await first(db.select().from(waitlistOffers).where(eq(waitlistOffers.id, offerId)).limit(1));
  if (!offer || offer.clientId !== clientId) throw notFound(WAITLIST_MESSAGES.offerNotFound);
  if (offer.status !== "open" || offer.expiresAt.getTime() <= now.getTime()) throw conflict(WAITLIST_MESSAGES.offerGone);
  return offer;
}

/**
 * Inside createBooking's transaction for an accepted offer: claims it (still open, not expired,
 * this client's) and closes the entry, so two tabs accepting at once book once.
 */
export async function claimOffer(tx: Db, clientId: string, offerId: string, bookingId: string, now: Date): Promise<void> {
  const claimed = await tx
    .update(waitlistOffers)
    .set({ status: "accepted", bookingId, updatedAt: now })
    .where(and(eq(waitlistOffers.id, offerId), eq(waitlistOffers.clientId, clientId), eq(waitlistOffers.status, "open"), gt(waitlistOffers.expiresAt, now)))
    .returning({ entryId: waitlistOffers.entryId });
  if (claimed.length === 0) throw conflict(WAITLIST_MESSAGES.offerGone);
  await tx.update(waitlistEntries).set({ status: "booked", updatedAt: now }).where(eq(waitlistEntries.id, claimed[0].entryId));
}

/** One pass of the job: expired holds pass on, then new openings are offered. Answers the offers made. */
export async function runWaitlistPass(deps: WaitlistDeps): Promise<string[]> {
  const db: Db = deps.db;
  const now = deps.now();
  const made: string[] = [];
  const due = await db.select({ id: waitlistOffers.id }).from(waitlistOffers).where(and(eq(waitlistOffers.status, "open"), lte(waitlistOffers.expiresAt, now)));
  for (const { id } of due) {
    const next = await atomic(db, async (tx) => {
      const [offer] = await tx.update(waitlistOffers).set({ status: "expired", updatedAt: now }).where(and(eq(waitlistOffers.id, id), eq(waitlistOffers.status, "open"), lte(waitlistOffers.expiresAt, now))).returning();
      return offer ? offerNext(tx, deps.config, offer.practitionerId, offer.start, offer.duration, now) : null;
    });
    if (next) made.push(next);
  }
  const openings = await db.select({ id: waitlistOpenings.id }).from(waitlistOpenings).where(isNull(waitlistOpenings.processedAt)).orderBy(asc(waitlistOpenings.createdAt), asc(waitlistOpenings.id));
  for (const { id } of openings) {
    const next = await atomic(db, async (tx) => {
      // the claim: one process takes each opening
      const [opening] = await tx.update(waitlistOpenings).set({ processedAt: now }).where(and(eq(waitlistOpenings.id, id), isNull(waitlistOpenings.processedAt))).returning();
      return opening ? offerNext(tx, deps.config, opening.practitionerId, opening.start, opening.duration, now) : null;
    });
    if (next) made.push(next);
  }
  return made;
}

export type WaitlistJob = PeriodicPass;

/** Runs the waitlist pass every `intervalMs` (10 seconds by default) until stopped. */
export function startWaitlistJob(deps: WaitlistDeps, intervalMs = 10_000): WaitlistJob {
  return startPeriodicPass("waitlist", () => runWaitlistPass(deps), intervalMs);
}
