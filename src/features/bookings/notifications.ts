/**
 * Booking e-mails and calendar files. Every e-mail states times in its recipient's zone (the
 * client's zone sent with the booking, the practitioner's from their settings) and carries a
 * calendar part: METHOD:REQUEST on booking, on the practitioner's confirmation (STATUS:CONFIRMED)
 * and on reschedule (same UID, SEQUENCE + 1), METHOD:CANCEL on cancellation. The e-mails are
 * rendered from what the booking's transaction reads and written to the outbox in that same
 * transaction (src/email/outbox.ts): an answered change always has its e-mails, and the outbox's
 * worker sends them after the answer, retrying failures (docs/decisions/024-data-seam.md).
 */
import { eq } from "drizzle-orm";
import { SESSION_MONEY_NOTE } from "../../../core/payments";
import { first, type Db } from "../../../db/client";
import { bookings, practitioners, users, practitionerPaymentSettings } from "../../../db/schema";
import { practitionerDisplayName, practitionerNameWithReference } from "../../../core/types";
import { BOOKING_TEXTS, bookingStateLabel, CANCELLATION_POLICY_LABEL, cancellationPolicyText } from "../../../core/booking-texts";
import { CONFIRMED_STATUSES } from "../../../core/bookings";
import { canonicalTimeZone } from "../../../core/time-zones";
import { centsToDecimal, formatDollars } from "../../../core/money";
import type { Config } from "../../config";
import { enqueueEmail } from "../../email/outbox";
import { buildCalendar, type CalendarEntry } from "../../email/calendar";
import type { OutgoingEmail } from "../../email/mailer";
import { withinMailCap } from "../../email/mail-cap";
import type { CounterStore } from "../../http/counter-store";
import { layout, parseMailbox, sessionConfirmedSubject, type Block, type TemplateContext } from "../../email/templates";
import { readAvailability } from "./availability";
import type { Party } from "./booking";
import { clientFullName } from "./service";

export type BookingNotice = "created" | "confirmed" | "rescheduled" | "cancelled" | "reminder" | "expired";

/** Who is told: a practitioner confirms a booking themselves, so only the client hears of it. */
const NOTICE_SIDES: Record<BookingNotice, readonly Party[]> = {
  created: ["client", "practitioner"],
  confirmed: ["client"],
  rescheduled: ["client", "practitioner"],
  cancelled: ["client", "practitioner"],
  reminder: ["client", "practitioner"],
  expired: ["client", "practitioner"],
};

/** Everything an e-mail or a calendar entry says about one booking. */
export interface BookingContext {
  booking: typeof bookings.$inferSelect;
  /** The practitioner's reference ('Practitioner #a1b2c3'): the only name a subject line carries. */
  practitionerName: string;
  /** The practitioner as clients read them in a body: 'Maya R. (Practitioner #a1b2c3)', or the reference alone. */
  practitionerLabel: string;
  /** The practitioner's user id. */
  practitionerUserId: string;
  /** The practitioner's own name: how their own e-mails greet them. */
  practitionerOwnName: string;
  practitionerEmail: string;
  practitionerTimeZone: string;
  location: string | null;
  /** The practitioner's street address for in-person sessions (both sides of the booking only). */
  address: string | null;
  clientName: string;
  clientEmail: string;
  clientTimeZone: string;
  /** The practitioner's payment instructions and cancellation policy (issue 24); empty / null when not written. */
  paymentInstructions?: string;
  cancellationPolicy?: string | null;
}

/** The booking with both sides; inside a booking change pass its `tx`, so the e-mail says what was committed. */
export async function loadBookingContext(db: Db, bookingId: string): Promise<BookingContext | null> {
  const row = await first(
    db
      .select({ booking: bookings, location: practitioners.location, practitionerDisplayName: practitioners.displayName, practitionerUserId: practitioners.userId, clientFirst: users.firstName, clientLast: users.lastName, clientEmail: users.email })
    .from(bookings)
      .innerJoin(practitioners, eq(practitioners.id, bookings.practitionerId))
      .innerJoin(users, eq(users.id, bookings.clientId))
      .where(eq(bookings.id, bookingId))
      .limit(1),
  );
  if (!row) return null;
  const practitionerUser = await first(db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, row.practitionerUserId)).limit(1));
  const settings = await readAvailability(db, row.booking.practitionerId);
  const practitionerTimeZone = settings.timeZone;
  const money = await first(
    db
      .select({ paymentInstructions: practitionerPaymentSettings.paymentInstructions })
      .from(practitionerPaymentSettings)
      .where(eq(practitionerPaymentSettings.practitionerId, row.booking.practitionerId))
      .limit(1),
  );
  return {
    paymentInstructions: money?.paymentInstructions ?? "",
    cancellationPolicy: settings.cancellationPolicy,
    booking: row.booking,
    practitionerName: practitionerDisplayName(row.booking.practitionerId),
    practitionerLabel: practitionerNameWithReference(row.booking.practitionerId, row.practitionerDisplayName),
    practitionerUserId: row.practitionerUserId,
    practitionerOwnName: clientFullName(practitionerUser?.firstName ?? null, practitionerUser?.lastName ?? null),
    practitionerEmail: practitionerUser?.email ?? "",
    practitionerTimeZone,
    location: row.location,
    address: row.booking.isVirtual ? null : settings.sessionAddress,
    clientName: clientFullName(row.clientFirst, row.clientLast),
    clientEmail: row.clientEmail,
    clientTimeZone: row.booking.clientTimeZone ?? practitionerTimeZone,
  };
}

/** "Monday, June 1, 2026" and "9:00 AM EDT (America/New_York)" in a zone. */
export function timesInZone(start: Date, timeZone: string): { date: string; time: string } {
  const date = start.toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone });
  const time = start.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZoneName: "short", timeZone }).replace(/\u202f/g, " ");
  return { date, time: `${time} (${canonicalTimeZone(timeZone)})` };
}

/** "Sunday, June 1 at 9:00 AM EDT (America/New_York)": a deadline in a zone. */
function expiryText(at: Date, zone: string): string {
  const { date, time } = timesInZone(at, zone);
  return `${date} at ${time}`;
}

/** The booking as a calendar event for one side. */
export function calendarEntry(ctx: BookingContext, appUrl: string, organizer: { name: string; email: string }, forSide: "client" | "practitioner"): CalendarEntry {
  const b = ctx.booking;
  const other = forSide === "client" ? ctx.practitionerLabel : ctx.clientName;
  const where = b.isVirtual ? (b.meetingLink ?? BOOKING_TEXTS.virtualDescription) : inPersonPlace(ctx);
  return {
    uid: `${b.id}@pollinate`,
    start: b.scheduledDatetime,
    end: new Date(b.scheduledDatetime.getTime() + b.duration * 60_000),
    summary: `Pollinate session with ${other}`,
    description: `${b.duration}-minute ${b.isVirtual ? "virtual" : "in-person"} session booked on Pollinate.${b.isVirtual && b.meetingLink ? ` Join: ${b.meetingLink}` : ""}`,
    location: where,
    url: `${appUrl}/dashboard/${forSide}`,
    organizer,
    // only the reader: neither side's e-mail address is shown to the other (they talk through Pollinate)
    attendees: [forSide === "client" ? { name: ctx.clientName, email: ctx.clientEmail } : { name: ctx.practitionerOwnName, email: ctx.practitionerEmail }].filter((a) => a.email),
    sequence: b.sequence,
    status: b.status === "cancelled" ? "CANCELLED" : (CONFIRMED_STATUSES as readonly string[]).includes(b.status) ? "CONFIRMED" : "TENTATIVE",
  };
}

/** "12 Elm St, Portland, OR 97201": the street address when set, else the city. */
export function inPersonPlace(ctx: Pick<BookingContext, "address" | "location">): string {
  return ctx.address ?? ctx.location ?? BOOKING_TEXTS.inPersonFallbackLocation;
}

/** A map search for an address (a link that leaves the site). */
export function mapLink(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}

function details(ctx: BookingContext, side: "client" | "practitioner", start: Date): Array<[string, string]> {
  const b = ctx.booking;
  const { date, time } = timesInZone(start, side === "client" ? ctx.clientTimeZone : ctx.practitionerTimeZone);
  const rows: Array<[string, string]> = [
    [side === "client" ? "Practitioner" : "Client", side === "client" ? ctx.practitionerLabel : ctx.clientName],
    ["Date", date],
    ["Time", time],
    ["Duration", `${b.duration} minutes`],
    ["Session type", b.isVirtual ? "Virtual session" : "In-person session"],
  ];
  if (!b.isVirtual) {
    rows.push(["Location", inPersonPlace(ctx)]);
    if (ctx.address && b.status !== "cancelled") rows.push(["Map", mapLink(ctx.address)]);
  }
  // a cancelled session's link leads nowhere anyone will be
  else if (b.meetingLink && b.status !== "cancelled") rows.push(["Meeting link", b.meetingLink]);
  if (side === "practitioner" && b.notes) rows.push(["Notes", b.notes]);
  rows.push(["Fee", formatDollars(centsToDecimal(b.totalAmountCents))]);
  // the state in the badges' words (decision 028)
  rows.push(["Status", bookingStateLabel(b)]);
  return rows;
}

/**
 * How the client pays (issue 24): the practitioner's own instructions and cancellation policy when
 * written, with the sentence that Pollinate does not handle the money; the general promise otherwise.
 */
export function clientPaymentParagraphs(ctx: BookingContext): string[] {
  const fee = `Session fee: ${formatDollars(centsToDecimal(ctx.booking.totalAmountCents))}.`;
  // the one cancellation policy (decision 028): the window agreed with this booking, then the practitioner's text
  const policy = ctx.booking.cancellationWindowHours > 0 || ctx.cancellationPolicy ? [`${CANCELLATION_POLICY_LABEL}: ${cancellationPolicyText(ctx.booking.cancellationWindowHours, ctx.cancellationPolicy ?? null)}`] : [];
  if (!ctx.paymentInstructions) return [`${fee} Payment: your practitioner will send payment instructions before the session. Nothing has been charged by Pollinate.`, ...policy];
  return [`${fee} How to pay ${ctx.practitionerLabel}: ${ctx.paymentInstructions}`, ...policy, SESSION_MONEY_NOTE];
}

/** The e-mail of one notice for one side. */
export function renderBookingEmail(notice: BookingNotice, ctx: BookingContext, side: "client" | "practitioner", tctx: TemplateContext, previousStart?: Date): OutgoingEmail {
  const b = ctx.booking;
  const to = side === "client" ? ctx.clientEmail : ctx.practitionerEmail;
  const greeting = `Hi ${side === "client" ? ctx.clientName : ctx.practitionerOwnName},`;
  const withWhom = side === "client" ? ctx.practitionerLabel : ctx.clientName;
  // subjects carry no text a person chose (a name could be a phishing line: issue 26): the client's
  // name their practitioner by the reference 'Practitioner #a1b2c3', the practitioner's the date
  const zone = side === "client" ? ctx.clientTimeZone : ctx.practitionerTimeZone;
  const when = timesInZone(b.scheduledDatetime, zone);
  const dashboard = { label: "View my sessions", href: `${tctx.appUrl}/dashboard/${side}` };
  let subject: string;
  let heading: string;
  let block: Block;
  switch (notice) {
    case "created":
      // the state the dashboards show: a request until the practitioner confirms it (decision 028);
      // no name a person typed goes into a subject (decision 029): the practitioner's reference only
      subject = side === "client" ? `Your session request to ${ctx.practitionerName} is sent` : `New session request: ${when.date}`;
      heading = side === "client" ? "Your session is requested" : "You have a new session request";
      block = {
        paragraphs: [
          side === "client"
            ? `${greeting} your request for a session with ${withWhom} on ${when.date} at ${when.time} is sent. It is awaiting the practitioner's confirmation${b.expiresAt ? `, who has until ${expiryText(b.expiresAt, zone)} to confirm it` : ""}. A calendar invite is attached.`
            : `${greeting} ${withWhom} requested a session with you for ${when.date} at ${when.time}. Please confirm it from your dashboard${b.expiresAt ? ` by ${expiryText(b.expiresAt, zone)}, or the request expires` : ""}.`,
          ...(side === "client" ? clientPaymentParagraphs(ctx) : [`Session fee: ${formatDollars(centsToDecimal(b.totalAmountCents))}.`]),
        ],
        details: details(ctx, side, b.scheduledDatetime),
        button: dashboard,
      };
      break;
    case "confirmed":
      subject = side === "client" ? sessionConfirmedSubject(ctx.practitionerName) : `You confirmed your session on ${when.date}`;
      heading = "Your session is confirmed";
      block = {
        paragraphs: [
          side === "client"
            ? `${greeting} ${withWhom} has confirmed your session on ${when.date} at ${when.time}. The calendar invite is updated.`
            : `${greeting} you confirmed your session with ${withWhom} on ${when.date} at ${when.time}.`,
          ...(side === "client" ? clientPaymentParagraphs(ctx) : []),
        ],
        details: details(ctx, side, b.scheduledDatetime),
        button: dashboard,
      };
      break;
    case "rescheduled": {
      const before = previousStart ? timesInZone(previousStart, zone) : null;
      subject = side === "client" ? `Session moved: ${ctx.practitionerName}, ${when.date}` : `Session moved: ${when.date}`;
      heading = "Your session has a new time";
      block = {
        paragraphs: [`${greeting} your session with ${withWhom}${before ? ` on ${before.date} at ${before.time}` : ""} has moved to ${when.date} at ${when.time}. The calendar invite is updated.`],
        details: details(ctx, side, b.scheduledDatetime),
        button: dashboard,
      };
      break;
    }
    case "cancelled":
      subject = side === "client" ? `Session cancelled: ${ctx.practitionerName}, ${when.date}` : `Session cancelled: ${when.date}`;
      heading = "Your session is cancelled";
      block = {
        paragraphs: [
          `${greeting} the session with ${withWhom} on ${when.date} at ${when.time} has been cancelled${b.cancelledBy ? ` by ${b.cancelledBy === side ? "you" : b.cancelledBy === "client" ? "the client" : "the practitioner"}` : ""}.`,
          ...(b.lateCancellation ? [`This is a late cancellation: less than ${b.cancellationWindowHours} hours before the start, inside ${side === "practitioner" ? "your" : "the practitioner's"} cancellation window.`] : []),
          ...(b.cancellationReason ? [`Reason given: ${b.cancellationReason}`] : []),
        ],
        details: details(ctx, side, b.scheduledDatetime),
        button: side === "client" ? { label: "Book another session", href: `${tctx.appUrl}/book/${b.practitionerId}` } : dashboard,
      };
      break;
    case "expired":
      subject = side === "client" ? `Session request expired: ${ctx.practitionerName}, ${when.date}` : `Session request expired: ${when.date}`;
      heading = "The session request expired";
      block = {
        paragraphs: [
          side === "client"
            ? `${greeting} ${withWhom} did not confirm your request for ${when.date} at ${when.time} in time, so it has expired. Nothing was charged. You can book another time.`
            : `${greeting} the request from ${withWhom} for ${when.date} at ${when.time} was not confirmed in time, so it has expired and the time is free again.`,
        ],
        details: details(ctx, side, b.scheduledDatetime),
        button: side === "client" ? { label: "Book another session", href: `${tctx.appUrl}/book/${b.practitionerId}` } : dashboard,
      };
      break;
    case "reminder":
      subject = side === "client" ? `Reminder: your session with ${ctx.practitionerName} is tomorrow` : `Reminder: you have a session tomorrow, ${when.date}`;
      heading = "Your session is coming up";
      block = {
        paragraphs: [`${greeting} a gentle reminder of your session with ${withWhom} on ${when.date} at ${when.time}.`],
        details: details(ctx, side, b.scheduledDatetime),
        button: b.isVirtual && b.meetingLink ? { label: "Join meeting", href: b.meetingLink } : dashboard,
      };
      break;
  }
  const email: OutgoingEmail = { to, subject, ...layout(subject, heading, block, tctx), type: notice === "reminder" ? "session-reminder" : "session-confirmation" };
  if (notice !== "reminder") {
    const method = notice === "cancelled" || notice === "expired" ? "CANCEL" : "REQUEST";
    email.icalEvent = { method, filename: method === "CANCEL" ? "cancel.ics" : "invite.ics", content: buildCalendar([calendarEntry(ctx, tctx.appUrl, tctx.from, side)], method, tctx.now) };
  }
  return email;
}

/**
 * Change e-mails (booked, moved, cancelled) one person's changes may send the other side's
 * address per hour (decision 022): past that the change still happens, the dashboards and calendar
 * feeds show it, and the e-mail is skipped. Counted per (who acted, recipient), so rebooking a new
 * session counts like moving the old one, and a practitioner cancelling a day of sessions with
 * several clients reaches each of them. The one who acted always gets their own copy.
 */
export const BOOKING_CHANGE_EMAILS_PER_HOUR = 5;
/** The cap of change e-mails and the user whose change it is: the routes pass it for booked, moved and cancelled (not for confirmations or reminders). */
export interface ChangeMailCap {
  /** The app's e-mail counters (`counters.mail`: the database by default, shared by every process). */
  store: CounterStore;
  actorId: string;
}

/** What a booking change needs to write its e-mails: the addresses and sender of the config. */
export type BookingMailConfig = Pick<Config, "APP_URL" | "MAIL_FROM">;

export interface BookingNoticeOptions {
  now: Date;
  /** The old start of a rescheduled session. */
  previousStart?: Date;
  /** The cap of change e-mails (booked, moved, cancelled; not confirmations or reminders). */
  cap?: ChangeMailCap;
  /** Enqueue each side's e-mail at most once per key (`${dedupeKey}:${side}`): the reminders. */
  dedupeKey?: string;
}

/**
 * Renders one notice for its sides (NOTICE_SIDES) from what `tx` reads and writes the e-mails to
 * the outbox; call it inside the transaction of the change, after the change. Answers how many
 * e-mails were enqueued. No I/O beyond the transaction: the outbox worker sends them.
 */
export async function enqueueBookingNotice(tx: Db, config: BookingMailConfig, bookingId: string, notice: BookingNotice, options: BookingNoticeOptions): Promise<number> {
  const ctx = await loadBookingContext(tx, bookingId);
  if (!ctx) return 0;
  const { now, previousStart, cap, dedupeKey } = options;
  const tctx: TemplateContext = { appUrl: config.APP_URL, from: parseMailbox(config.MAIL_FROM), now };
  const addressOf = (side: Party) => (side === "client" ? ctx.clientEmail : ctx.practitionerEmail);
  const userOf = (side: Party) => (side === "client" ? ctx.booking.clientId : ctx.practitionerUserId);
  // the other side's e-mails are capped (the one who acted always hears of their own change); the
  // count is written in this transaction, so a change that rolls back does not use up the cap
  const capped = (side: Party) => cap !== undefined && userOf(side) !== cap.actorId;
  const sides: Party[] = [];
  for (const side of NOTICE_SIDES[notice]) {
    if (!addressOf(side)) continue;
    if (capped(side) && !(await withinMailCap(cap!.store, `booking-change\n${cap!.actorId}`, addressOf(side), BOOKING_CHANGE_EMAILS_PER_HOUR, now, tx))) continue;
    sides.push(side);
  }
  let enqueued = 0;
  for (const side of sides) {
    const email = renderBookingEmail(notice, ctx, side, tctx, previousStart);
    if (await enqueueEmail(tx, email, { now, dedupeKey: dedupeKey === undefined ? undefined : `${dedupeKey}:${side}` })) enqueued++;
  }
  return enqueued;
}
