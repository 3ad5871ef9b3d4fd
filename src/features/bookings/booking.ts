/**
 * Booking writes: create (fee, slot, access level, idempotency; no double booking), the status
 * flow and reschedules. Each check-and-write is one `atomic` transaction (BEGIN IMMEDIATE, one
 * writer at a time: ARCHITECTURE.md, Data); the partial unique index on (practitioner_id,
 * scheduled_datetime) is the second guard. The e-mails are written to the outbox inside that
 * transaction (notifications.ts) and sent after the answer.
 */
import { and, asc, count, eq, gt, gte, lt, ne, sql } from "drizzle-orm";
import { atomic, first, type Db } from "../../../db/client";
import { bookingEvents, bookings, practitioners, reviews, users } from "../../../db/schema";
import {
  BOOKING_MESSAGES,
  UPCOMING_STATUSES,
  canTransition,
  sessionFeeCents,
  shortSessionTime,
  transitionRefusal,
  type BookingAction,
  type BookingDetail,
  type BookingEventType,
  type BookingPayload,
} from "../../../core/bookings";
import { centsToDecimal, decimalToCents } from "../../../core/money";
import { checkSlot, overlapsBusy, SLOT_REFUSAL_MESSAGES } from "../../../core/slots";
import { WAITLIST_MESSAGES } from "../../../core/waitlist";
import { claimOffer, heldPeriods, recordOpening } from "./waitlist";
import { practitionerDisplayName, practitionerNameWithReference } from "../../../core/types";
import type { BookingStatus } from "../../../core/enums";
import { PRACTITIONER_NOT_FOUND } from "../../../core/constants";
import { accessInfoFor } from "../../auth/permissions";
import type { CurrentUser } from "../../http/app-context";
import { isOverlapViolation } from "../../../db/errors";
import { badRequest, conflict, forbidden, httpError, isUniqueViolation, notFound } from "../../http/errors";
import { generateToken } from "../../auth/tokens";
import { busyPeriods, readAvailability } from "./availability";
import { findVisiblePractitioner } from "../practitioners/service";
import { enqueueBookingNotice, type BookingMailConfig, type ChangeMailCap } from "./notifications";
import { clientFullName, monthBoundsIn } from "./service";
import { recordConversationEvent } from "../conversations/service";

const DAY = 86_400_000;
/** Generated rooms for virtual sessions when the practitioner has no video link of their own. */
export const MEETING_ROOM_BASE = "https://meet.jit.si/Pollinate-";

export type BookingRow = typeof bookings.$inferSelect;
export type Party = "client" | "practitioner";

/** A unique video room for one session. */
export function generatedMeetingLink(): string {
  return `${MEETING_ROOM_BASE}${generateToken()}`;
}

export async function addEvent(tx: Db, bookingId: string, type: BookingEventType, actor: Party | "system", now: Date, extra: { from?: Date; to?: Date; reason?: string | null } = {}): Promise<void> {
  await tx
    .insert(bookingEvents)
    // a time-ordered id (UUIDv7, monotonic within the process): the history's tie-break for events of one instant
    .values({ id: Bun.randomUUIDv7(), bookingId, type, actor, createdAt: now, fromDatetime: extra.from ?? null, toDatetime: extra.to ?? null, reason: extra.reason ?? null });
  // the pair's conversation gets the event as a dated system line (issue 23)
  await recordConversationEvent(tx, bookingId, type, now);
}

/**
 * Where a booking change's e-mails go: the config they are written with and, for the changes
 * the other side hears of (booked, moved, cancelled), the cap of those e-mails. Without it a
 * change sends none (scripts and tests of the rules alone).
 */
export interface BookingMail {
  config: BookingMailConfig;
  cap?: ChangeMailCap;
}

/** One booking with its history, as GET /api/bookings/{id} answers it. */
export async function getBookingDetail(db: Db, bookingId: string): Promise<BookingDetail | null> {
  return readBookingDetail(db, bookingId);
}


export async function readBookingDetail(db: Db, bookingId: string): Promise<BookingDetail | null> {
  const row = await first(
    db
      .select({ booking: bookings, location: practitioners.location, practitionerDisplayName: practitioners.displayName, firstName: users.firstName, lastName: users.lastName })
      .from(bookings)
      .innerJoin(practitioners, eq(practitioners.id, bookings.practitionerId))
      .innerJoin(users, eq(users.id, bookings.clientId))
      .where(eq(bookings.id, bookingId))
      .limit(1),
  );
  if (!row) return null;
  const b = row.booking;
  // events of one instant in the order they were written: addEvent's ids are time-ordered (no rowid on PostgreSQL)
  const history = await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id));
  const settings = await readAvailability(db, b.practitionerId);
  const timeZone = settings.timeZone;
  const reviewed = (await first(db.select({ id: reviews.id }).from(reviews).where(eq(reviews.sessionId, bookingId)).limit(1))) !== undefined;
  return {
    id: b.id,
    status: b.status,
    scheduledDatetime: b.scheduledDatetime.toISOString(),
    duration: b.duration,
    isVirtual: b.isVirtual,
    totalAmount: centsToDecimal(b.totalAmountCents),
    practitionerName: practitionerNameWithReference(b.practitionerId, row.practitionerDisplayName),
    clientName: clientFullName(row.firstName, row.lastName),
    practitionerId: b.practitionerId,
    clientId: b.clientId,
    location: row.location,
    meetingLink: b.meetingLink,
    notes: b.notes,
    timeZone,
    clientTimeZone: b.clientTimeZone,
    cancellationReason: b.cancellationReason,
    reviewed,
    ...bookingRoundTwoFields(b, settings.sessionAddress),
    cancellationPolicy: settings.cancellationPolicy,
    sequence: b.sequence,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
    history: history.map((e) => ({
      type: e.type,
      actor: e.actor,
      at: e.createdAt.toISOString(),
      fromDatetime: e.fromDatetime?.toISOString() ?? null,
      toDatetime: e.toDatetime?.toISOString() ?? null,
      reason: e.reason,
    })),
  };
}

/**
 * What decision 028 adds to a booking as its own client and practitioner read it (the detail and
 * the dashboards: only they ever get a DashboardBooking), the in-person address among it.
 */
export function bookingRoundTwoFields(b: Pick<BookingRow, "cancelledBy" | "lateCancellation" | "cancellationWindowHours" | "expiresAt" | "isVirtual" | "status">, sessionAddress: string | null) {
  return {
    cancelledBy: b.cancelledBy ?? null,
    lateCancellation: b.lateCancellation,
    cancellationWindowHours: b.cancellationWindowHours,
    expiresAt: b.expiresAt && (UPCOMING_STATUSES as readonly string[]).includes(b.status) && b.status !== "confirmed" ? b.expiresAt.toISOString() : null,
    address: b.isVirtual ? null : sessionAddress,
  };
}

/**
 * When a request made at `now` for `start` expires unconfirmed: `expiryHours` after the request,
 * and never later than the minimum notice before the start (decision 028).
 */
export function requestExpiry(now: Date, start: Date, expiryHours: number, minimumNoticeMinutes: number): Date {
  return new Date(Math.min(now.getTime() + expiryHours * 3_600_000, start.getTime() - minimumNoticeMinutes * 60_000));
}

/** Whether a client's cancellation at `now` is late: inside the window agreed when booking (its edge is not late). */
export function isLateCancellation(start: Date, windowHours: number, now: Date): boolean {
  return windowHours > 0 && start.getTime() - now.getTime() < windowHours * 3_600_000;
}

/** The booking and which side the user is on; 404 for anyone else (a booking's existence is private). */
export async function bookingForParticipant(db: Db, bookingId: string, userId: string): Promise<{ booking: BookingRow; party: Party }> {
  const row = await first(
    db
      .select({ booking: bookings, practitionerUserId: practitioners.userId })
      .from(bookings)
      .innerJoin(practitioners, eq(practitioners.id, bookings.practitionerId))
      .where(eq(bookings.id, bookingId))
      .limit(1),
  );
  if (!row) throw notFound(BOOKING_MESSAGES.notFound);
  if (row.practitionerUserId === userId) return { booking: row.booking, party: "practitioner" };
  if (row.booking.clientId === userId) return { booking: row.booking, party: "client" };
  throw notFound(BOOKING_MESSAGES.notFound);
}

/**
 * A session of the same client that overlaps [start, start + duration): any practitioner, any
 * status that holds a slot (not cancelled, as for the practitioner's own double-booking guard),
 * the booking being moved aside. No buffers: those are the practitioner's, and back-to-back
 * sessions are the client's choice. Runs inside the booking transaction (its `tx`).
 */
export async function clientClash(tx: Db, clientId: string, start: Date, duration: number, excludeBookingId?: string): Promise<BookingRow | undefined> {
  const end = start.getTime() + duration * 60_000;
  const rows = await tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.clientId, clientId),
        ne(bookings.status, "cancelled"),
        // sessions last at most a day: one starting a day before may still be running
        gt(bookings.scheduledDatetime, new Date(start.getTime() - DAY)),
        lt(bookings.scheduledDatetime, new Date(end)),
        excludeBookingId ? ne(bookings.id, excludeBookingId) : undefined,
      ),
    )
    .orderBy(asc(bookings.scheduledDatetime));
  return rows.find((b) => b.scheduledDatetime.getTime() + b.duration * 60_000 > start.getTime());
}

/** The 409 for a clash: the client hears when and with whom (in their zone); a practitioner moving the session, only that there is one. */
async function clashRefusal(tx: Db, clash: BookingRow, party: Party, clientTimeZone: string | null) {
  if (party === "practitioner") return conflict(BOOKING_MESSAGES.clientOverlapForPractitioner);
  const zone = clientTimeZone ?? clash.clientTimeZone ?? (await readAvailability(tx, clash.practitionerId)).timeZone;
  return conflict(BOOKING_MESSAGES.clientOverlap(shortSessionTime(clash.scheduledDatetime, zone), practitionerDisplayName(clash.practitionerId)));
}

export interface CreateBookingResult {
  booking: BookingDetail;
  /** False when an earlier submission with the same idempotency key is answered again. */
  created: boolean;
}

async function findByIdempotencyKey(db: Db, clientId: string, key: string | undefined): Promise<BookingRow | undefined> {
  if (!key) return undefined;
  return first(db.select().from(bookings).where(and(eq(bookings.clientId, clientId), eq(bookings.idempotencyKey, key))).limit(1));
}

/** The first booking for a repeated key, or 409 when the key was used for another session. */
function replay(existing: BookingRow, payload: BookingPayload): void {
  const same = existing.practitionerId === payload.practitionerId && existing.scheduledDatetime.getTime() === payload.scheduledDatetime.getTime() && existing.duration === payload.duration;
  if (!same) throw conflict(BOOKING_MESSAGES.idempotencyReused);
}

/**
 * POST /api/bookings. The server decides: practitioner and session type exist, fee to the cent,
 * access level (preview none, basic 1 per calendar month), the slot (hours, notice, horizon,
 * overlap with buffers) and the insert, the last two in one transaction with the e-mails (`mail`).
 */
export async function createBooking(db: Db, user: CurrentUser, payload: BookingPayload, now: Date, mail?: BookingMail, waitlistOfferId?: string): Promise<CreateBookingResult> {
  const earlier = await findByIdempotencyKey(db, user.id, payload.idempotencyKey);
  if (earlier) {
    replay(earlier, payload);
    return { booking: (await readBookingDetail(db, earlier.id))!, created: false };
  }

  // an unlisted profile (its owner's address unverified) does not exist for anyone else: no slots, no booking, no e-mail to that address
  const practitioner = await findVisiblePractitioner(db, payload.practitionerId, user.id);
  if (!practitioner) throw notFound(PRACTITIONER_NOT_FOUND);
  if (practitioner.userId === user.id) throw forbidden(BOOKING_MESSAGES.selfBooking);
  if (!(await readAvailability(db, practitioner.id)).takingBookings) throw conflict(BOOKING_MESSAGES.notTakingBookingsYet);

  const allowance = accessInfoFor(user, now).permissions.bookSessions;
  if (allowance === false || allowance === 0) throw forbidden(BOOKING_MESSAGES.previewUpgrade);

  if (payload.isVirtual && !practitioner.isVirtual) throw badRequest(BOOKING_MESSAGES.virtualNotOffered);
  if (!payload.isVirtual && !practitioner.isInPerson) throw badRequest(BOOKING_MESSAGES.inPersonNotOffered);

  if (practitioner.hourlyRateCents === null) throw conflict(BOOKING_MESSAGES.noRate);
  const feeCents = sessionFeeCents(practitioner.hourlyRateCents, payload.duration);
  if (decimalToCents(payload.totalAmount) !== feeCents) throw conflict(BOOKING_MESSAGES.feeMismatch(centsToDecimal(feeCents)));

  const start = payload.scheduledDatetime;
  // a look before queueing for the write lock: a slot already taken (or closed) is refused without
  // waiting behind every other writer (200 clients on one slot: 199 of them); the same check
  // inside the transaction below is the one that decides
  const settingsNow = await readAvailability(db, practitioner.id);
  if (!settingsNow.durations.includes(payload.duration)) throw badRequest(SLOT_REFUSAL_MESSAGES["duration-not-offered"]);
  const verdictNow = checkSlot({ settings: settingsNow, duration: payload.duration, start, bookings: await busyPeriods(db, practitioner.id, new Date(start.getTime() - DAY), new Date(start.getTime() + DAY)), now });
  if (!verdictNow.ok) throw conflict(SLOT_REFUSAL_MESSAGES[verdictNow.reason]);
  try {
    // one writer at a time (atomic): the slot check and the insert see every earlier booking
    const id = await atomic(db, async (tx) => {
        const again = await findByIdempotencyKey(tx, user.id, payload.idempotencyKey);
        if (again) {
          replay(again, payload);
          return { id: again.id, created: false };
        }
        const settings = await readAvailability(tx, practitioner.id);
        if (!settings.durations.includes(payload.duration)) throw badRequest(SLOT_REFUSAL_MESSAGES["duration-not-offered"]);
        const busy = await busyPeriods(tx, practitioner.id, new Date(start.getTime() - DAY), new Date(start.getTime() + DAY));
        const verdict = checkSlot({ settings, duration: payload.duration, start, bookings: busy, now });
        if (!verdict.ok) throw conflict(SLOT_REFUSAL_MESSAGES[verdict.reason]);
        const clash = await clientClash(tx, user.id, start, payload.duration);
        if (clash) throw await clashRefusal(tx, clash, "client", payload.timeZone ?? null);
        // a slot held for someone else on the waitlist (decision 028)
        if (overlapsBusy(start.getTime(), payload.duration, 0, await heldPeriods(tx, practitioner.id, new Date(start.getTime() - DAY), new Date(start.getTime() + DAY), now, user.id))) throw conflict(WAITLIST_MESSAGES.held);

        if (typeof allowance === "number") {
          const { start: monthStart, end: monthEnd } = monthBoundsIn(now, "UTC");
          const made = await first(
            tx
              .select({ n: count() })
              .from(bookings)
              .where(and(eq(bookings.clientId, user.id), ne(bookings.status, "cancelled"), gte(bookings.createdAt, monthStart), lt(bookings.createdAt, monthEnd))),
          );
          if ((made?.n ?? 0) >= allowance) throw forbidden(BOOKING_MESSAGES.basicLimit);
        }

        const [row] = await tx
          .insert(bookings)
          .values({
            clientId: user.id,
            practitionerId: practitioner.id,
            scheduledDatetime: start,
            duration: payload.duration,
            status: "scheduled",
            totalAmountCents: feeCents,
            isVirtual: payload.isVirtual,
            meetingLink: payload.isVirtual ? (settings.videoLink ?? generatedMeetingLink()) : null,
            notes: payload.notes,
            idempotencyKey: payload.idempotencyKey ?? null,
            clientTimeZone: payload.timeZone ?? null,
            cancellationWindowHours: settings.cancellationWindowHours,
            expiresAt: requestExpiry(now, start, settings.requestExpiryHours, settings.minimumNoticeMinutes),
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: bookings.id });
        await addEvent(tx, row.id, "created", "client", now);
        if (waitlistOfferId) await claimOffer(tx, user.id, waitlistOfferId, row.id, now);
        if (mail) await enqueueBookingNotice(tx, mail.config, row.id, "created", { now, cap: mail.cap });
        return { id: row.id, created: true };
    });
    return { booking: (await readBookingDetail(db, id.id))!, created: id.created };
  } catch (error) {
    // PostgreSQL's exclusion constraint (bookings_no_overlap) refused an overlap the check missed
    if (isOverlapViolation(error)) throw conflict(SLOT_REFUSAL_MESSAGES.taken);
    if (!isUniqueViolation(error)) throw error;
    // a concurrent submission with the same key won the race: answer its booking
    const winner = await findByIdempotencyKey(db, user.id, payload.idempotencyKey);
    if (winner) {
      replay(winner, payload);
      return { booking: (await readBookingDetail(db, winner.id))!, created: false };
    }
    throw conflict(SLOT_REFUSAL_MESSAGES.taken);
  }
}

export interface TransitionResult {
  booking: BookingDetail;
  /** The status before the change and the old start (reschedules), for the e-mails. */
  previousStatus: BookingStatus;
  previousStart: Date;
  party: Party;
}

/**
 * confirm, cancel, complete, no-show: checked against BOOKING_TRANSITIONS inside one transaction
 * (two tabs acting at once: the second gets 409), with the e-mails of a confirmation (to the
 * client) and of a cancellation (to both, capped) when `mail` is given.
 */
export async function transitionBooking(db: Db, userId: string, bookingId: string, action: Exclude<BookingAction, "reschedule">, now: Date, reason: string | null = null, mail?: BookingMail): Promise<TransitionResult> {
  const result = await atomic(db, async (tx) => {
      const { booking, party } = await bookingForParticipant(tx, bookingId, userId);
      if (!canTransition(action, booking.status, party, booking.scheduledDatetime, now)) {
        const message = transitionRefusal(action, booking.status, party, booking.scheduledDatetime, now);
        throw party === "client" && action !== "cancel" ? forbidden(message) : conflict(message);
      }
      const to: BookingStatus = action === "confirm" ? "confirmed" : action === "cancel" ? "cancelled" : action === "complete" ? "completed" : "no-show";
      await tx
        .update(bookings)
        .set({
          status: to,
          updatedAt: now,
          // the calendar invite changes (CONFIRMED, CANCELLED): a new SEQUENCE so calendars apply the update
          ...(action === "cancel"
            ? { cancellationReason: reason, sequence: booking.sequence + 1, cancelledBy: party, lateCancellation: party === "client" && isLateCancellation(booking.scheduledDatetime, booking.cancellationWindowHours, now), expiresAt: null }
            : {}),
          ...(action === "confirm" ? { sequence: booking.sequence + 1, expiresAt: null } : {}),
        })
        .where(eq(bookings.id, bookingId));
      if (action === "complete") await tx.update(practitioners).set({ totalSessions: sqlIncrement() }).where(eq(practitioners.id, booking.practitionerId));
      await addEvent(tx, bookingId, action === "confirm" ? "confirmed" : action === "cancel" ? "cancelled" : action === "complete" ? "completed" : "no-show", party, now, { reason });
      if (mail && action === "confirm") await enqueueBookingNotice(tx, mail.config, bookingId, "confirmed", { now });
      if (mail && action === "cancel") await enqueueBookingNotice(tx, mail.config, bookingId, "cancelled", { now, cap: mail.cap });
      if (action === "cancel") await recordOpening(tx, booking.practitionerId, booking.scheduledDatetime, booking.duration, now);
      return { previousStatus: booking.status, previousStart: booking.scheduledDatetime, party };
  });
  return { ...result, booking: (await readBookingDetail(db, bookingId))! };
}

/** Moves a booking to another free slot of the same practitioner, keeping its id and history. */
export async function rescheduleBooking(db: Db, userId: string, bookingId: string, start: Date, now: Date, mail?: BookingMail): Promise<TransitionResult> {
  try {
    const result = await atomic(db, async (tx) => {
        const { booking, party } = await bookingForParticipant(tx, bookingId, userId);
        if (!canTransition("reschedule", booking.status, party, booking.scheduledDatetime, now)) {
          throw conflict(transitionRefusal("reschedule", booking.status, party, booking.scheduledDatetime, now));
        }
        // a practitioner who is not listed any more (suspended, address unverified) takes no new times; cancelling still works
        if (!(await findVisiblePractitioner(tx, booking.practitionerId, userId))) throw conflict(BOOKING_MESSAGES.practitionerUnavailable);
        if (booking.scheduledDatetime.getTime() === start.getTime()) throw conflict("The session is already at that time. Please choose another time slot.");
        const settings = await readAvailability(tx, booking.practitionerId);
        const busy = await busyPeriods(tx, booking.practitionerId, new Date(start.getTime() - DAY), new Date(start.getTime() + DAY));
        const verdict = checkSlot({ settings, duration: booking.duration as 30 | 60 | 90, start, bookings: busy, now, excludeBookingId: booking.id });
        if (!verdict.ok) {
          if (verdict.reason === "duration-not-offered") throw conflict(BOOKING_MESSAGES.lengthNoLongerOffered);
          throw conflict(SLOT_REFUSAL_MESSAGES[verdict.reason]);
        }
        const clash = await clientClash(tx, booking.clientId, start, booking.duration, booking.id);
        if (clash) throw await clashRefusal(tx, clash, party, booking.clientTimeZone);
        if (overlapsBusy(start.getTime(), booking.duration, 0, await heldPeriods(tx, booking.practitionerId, new Date(start.getTime() - DAY), new Date(start.getTime() + DAY), now, booking.clientId))) throw conflict(WAITLIST_MESSAGES.held);
        // a request still waiting keeps its deadline, brought forward if the new time needs it sooner
        const expiresAt = booking.expiresAt && new Date(Math.min(booking.expiresAt.getTime(), start.getTime() - settings.minimumNoticeMinutes * 60_000));
        await tx.update(bookings).set({ scheduledDatetime: start, sequence: booking.sequence + 1, updatedAt: now, expiresAt }).where(eq(bookings.id, bookingId));
        await addEvent(tx, bookingId, "rescheduled", party, now, { from: booking.scheduledDatetime, to: start });
        if (mail) await enqueueBookingNotice(tx, mail.config, bookingId, "rescheduled", { now, previousStart: booking.scheduledDatetime, cap: mail.cap });
        await recordOpening(tx, booking.practitionerId, booking.scheduledDatetime, booking.duration, now);
        return { previousStatus: booking.status, previousStart: booking.scheduledDatetime, party };
    });
    return { ...result, booking: (await readBookingDetail(db, bookingId))! };
  } catch (error) {
    if (isUniqueViolation(error) || isOverlapViolation(error)) throw conflict(SLOT_REFUSAL_MESSAGES.taken);
    throw error;
  }
}

function sqlIncrement() {
  return sql`${practitioners.totalSessions} + 1`;
}

/** Ids in paths: UUID-like text only, else 404 (no query with odd text). */
export function assertBookingId(id: string): string {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw httpError(404, BOOKING_MESSAGES.notFound);
  return id;
}
