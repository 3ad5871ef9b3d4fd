/**
 * Conversations between a client and a practitioner (issue 23, docs/decisions/027-conversations.md):
 * who may write, sending with its limits, the inbox, a thread page, reads, blocks, reports, booking
 * events as system lines, and the e-mail when a message waits unread. Every rule is checked here,
 * on the server; every write is one atomic() transaction.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, ne, or, sql, sum } from "drizzle-orm";
import { atomic, first, type Db } from "../../../db/client";
import { bookings, conversationParticipants, conversations, messageReports, messageSettings, messages, practitioners, users } from "../../../db/schema";
import {
  bookingEventLine,
  cancellationLine,
  INBOX_PAGE_SIZE,
  MESSAGE_EMAIL_AFTER_MS,
  MESSAGE_EMAIL_EVERY_MS,
  MESSAGE_EMAIL_EXCERPT,
  MESSAGE_TEXTS,
  MESSAGES_PER_MINUTE,
  NEW_CONVERSATIONS_PER_DAY,
  THREAD_PAGE_SIZE,
  conversationPath,
  mentionsCrisis,
  perDayLimitMessage,
  perMinuteLimitMessage,
  type ApiConversation,
  type ApiConversationSummary,
  type ApiInbox,
  type ApiMessage,
  type ApiSharedSession,
  type AdminReport,
  type ReportReason,
} from "../../../core/conversations";
import { UPGRADE_REQUIRED_MESSAGE } from "../../../core/access-texts";
import { UPCOMING_STATUSES, type BookingEventType } from "../../../core/bookings";
import { practitionerNameWithReference } from "../../../core/types";
import { FALLBACK_FIRST_NAME } from "../../../core/constants";
import { accessInfoFor, isPermitted } from "../../auth/permissions";
import type { CurrentUser } from "../../http/app-context";
import type { CounterStore } from "../../http/counter-store";
import { badRequest, forbidden, httpError, notFound } from "../../http/errors";
import { enqueueEmail, enqueueJob, registerOutboxJob } from "../../email/outbox";
import { layout, parseMailbox } from "../../email/templates";
import { clientFullName } from "../bookings/service";
import { findVisiblePractitioner } from "../practitioners/service";

type Role = "client" | "practitioner";
type MessageRow = typeof messages.$inferSelect;
type ConversationRow = typeof conversations.$inferSelect;

/** A 429 whose message says when to write again (routes add Retry-After). */
export class MessageLimitError extends Error {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message);
  }
}

/** The outbox job kind of the e-mail when a message waits unread. */
export const MESSAGE_EMAIL_JOB = "message-email";

export interface SendDeps {
  counters: CounterStore;
  now: Date;
  /** Where links in e-mails point, and who sends them. */
  mail: { appUrl: string; from: string };
}

/** What a sent message changed, for the live streams (published after the commit). */
export interface SentMessage {
  conversationId: string;
  message: MessageRow;
  senderId: string;
  recipientId: string;
  created: boolean;
}

/** Who a conversation is opened with: a practitioner (a client asks), or a booking's other side. */
export type ConversationTarget = { practitionerId: string } | { bookingId: string };

const ID = /^[A-Za-z0-9-]{1,64}$/;
/** Ids in paths: UUID-like text only, else 404 (a conversation's existence is private). */
export function assertConversationId(id: string): string {
  if (!ID.test(id)) throw notFound(MESSAGE_TEXTS.notFound);
  return id;
}

function canMessage(user: CurrentUser, now: Date): boolean {
  return isPermitted(accessInfoFor(user, now).permissions.messagePractitioners);
}

/** The conversation with `userId` as one side, or 404 for anyone else whatever the id. */
async function participantOf(db: Db, conversationId: string, userId: string) {
  const row = await first(
    db
      .select({ conversation: conversations, me: conversationParticipants })
      .from(conversationParticipants)
      .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
      .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)))
      .limit(1),
  );
  if (!row) throw notFound(MESSAGE_TEXTS.notFound);
  const other = await first(
    db
      .select()
      .from(conversationParticipants)
      .where(and(eq(conversationParticipants.conversationId, conversationId), ne(conversationParticipants.userId, userId)))
      .limit(1),
  );
  return { conversation: row.conversation, me: row.me, other: other! };
}

/** Refusals that hold for every message: the sender's access, a suspended recipient, a block. */
async function assertMayWrite(tx: Db, sender: CurrentUser, role: Role, recipientId: string, now: Date, blocks: { mine: Date | null; theirs: Date | null }) {
  if (role === "client" && !canMessage(sender, now)) throw forbidden(UPGRADE_REQUIRED_MESSAGE);
  const recipient = await first(tx.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, recipientId)).limit(1));
  if (!recipient || recipient.suspendedAt !== null) throw forbidden(MESSAGE_TEXTS.suspended);
  if (blocks.mine) throw forbidden(MESSAGE_TEXTS.blockedByYou);
  if (blocks.theirs) throw forbidden(MESSAGE_TEXTS.blockedByThem);
}

/** Checks and counts the per-minute limit of a sender, inside the send's transaction. */
async function countSend(tx: Db, counters: CounterStore, senderId: string, now: Date): Promise<void> {
  const hit = await counters.hit(`messages:minute:${senderId}`, 60_000, now, MESSAGES_PER_MINUTE, tx);
  if (!hit.counted) {
    const seconds = Math.ceil(hit.msUntilFree / 1000);
    throw new MessageLimitError(perMinuteLimitMessage(seconds), seconds);
  }
}

async function countNewConversation(tx: Db, counters: CounterStore, clientId: string, now: Date): Promise<void> {
  const hit = await counters.hit(`messages:new-conversation:${clientId}`, 86_400_000, now, NEW_CONVERSATIONS_PER_DAY, tx);
  if (!hit.counted) throw new MessageLimitError(perDayLimitMessage(Math.ceil(hit.msUntilFree / 60_000)), Math.ceil(hit.msUntilFree / 1000));
}

/** Finds the pair's conversation, or opens it with its two participant rows. */
async function openConversation(tx: Db, pair: { clientId: string; practitionerId: string; practitionerUserId: string }, counters: CounterStore | null, now: Date): Promise<{ conversation: ConversationRow; created: boolean }> {
  const existing = await first(tx.select().from(conversations).where(and(eq(conversations.clientId, pair.clientId), eq(conversations.practitionerId, pair.practitionerId))).limit(1));
  if (existing) return { conversation: existing, created: false };
  if (counters) await countNewConversation(tx, counters, pair.clientId, now);
  const [conversation] = await tx.insert(conversations).values({ ...pair, createdAt: now }).onConflictDoNothing().returning();
  if (!conversation) return { conversation: (await first(tx.select().from(conversations).where(and(eq(conversations.clientId, pair.clientId), eq(conversations.practitionerId, pair.practitionerId))).limit(1)))!, created: false };
  await tx.insert(conversationParticipants).values([
    { conversationId: conversation.id, userId: pair.clientId, otherUserId: pair.practitionerUserId, role: "client" },
    { conversationId: conversation.id, userId: pair.practitionerUserId, otherUserId: pair.clientId, role: "practitioner" },
  ]);
  return { conversation, created: true };
}

function preview(message: { kind: string; body: string; eventType: BookingEventType | null }): string {
  if (message.kind === "event") return bookingEventLine(message);
  return message.body.length > 200 ? `${message.body.slice(0, 199)}…` : message.body;
}

/** Writes a line and moves both sides' inbox rows; the recipient's unread count grows (not for system lines' actor). */
async function appendLine(tx: Db, conversationId: string, line: Omit<typeof messages.$inferInsert, "id" | "conversationId">, now: Date, senderId: string | null): Promise<MessageRow> {
  const [message] = await tx
    .insert(messages)
    // time-ordered ids (UUIDv7, monotonic within the process, written one transaction at a time): the thread's order and cursor
    .values({ ...line, id: Bun.randomUUIDv7(), conversationId, createdAt: now })
    .returning();
  const shown = { lastMessageAt: now, lastMessagePreview: preview(message) };
  if (senderId) {
    await tx.update(conversationParticipants).set({ ...shown, lastReadMessageId: message.id, unreadCount: 0 }).where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, senderId)));
    await tx
      .update(conversationParticipants)
      .set({ ...shown, unreadCount: sql`${conversationParticipants.unreadCount} + 1` })
      .where(and(eq(conversationParticipants.conversationId, conversationId), ne(conversationParticipants.userId, senderId)));
  } else {
    await tx.update(conversationParticipants).set(shown).where(eq(conversationParticipants.conversationId, conversationId));
  }
  return message;
}

/** Queues the e-mail-when-away job for the recipient, once while one waits, unless they turned it off. */
async function queueAwayEmail(tx: Db, conversationId: string, recipientId: string, deps: SendDeps): Promise<void> {
  const side = await first(
    tx
      .select({ queued: conversationParticipants.emailQueued, wants: messageSettings.emailWhenAway })
      .from(conversationParticipants)
      .leftJoin(messageSettings, eq(messageSettings.userId, conversationParticipants.userId))
      .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, recipientId)))
      .limit(1),
  );
  if (!side || side.queued || side.wants === false) return;
  await tx.update(conversationParticipants).set({ emailQueued: true }).where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, recipientId)));
  await enqueueJob(tx, MESSAGE_EMAIL_JOB, { conversationId, recipientId, appUrl: deps.mail.appUrl, from: deps.mail.from }, { now: deps.now, notBefore: new Date(deps.now.getTime() + MESSAGE_EMAIL_AFTER_MS) });
}

/**
 * Opens (or finds) the conversation with a target and sends its first message. A client needs the
 * messaging permission and a listed practitioner; a practitioner needs a booking with the client.
 */
export async function startConversation(db: Db, sender: CurrentUser, target: ConversationTarget, body: string, deps: SendDeps): Promise<SentMessage> {
  let pair: { clientId: string; practitionerId: string; practitionerUserId: string };
  let role: Role;
  if ("practitionerId" in target) {
    if (!ID.test(target.practitionerId)) throw notFound(MESSAGE_TEXTS.practitionerNotFound);
    const practitioner = await findVisiblePractitioner(db, target.practitionerId, sender.id);
    if (!practitioner) throw notFound(MESSAGE_TEXTS.practitionerNotFound);
    if (practitioner.userId === sender.id) throw badRequest(MESSAGE_TEXTS.self);
    pair = { clientId: sender.id, practitionerId: practitioner.id, practitionerUserId: practitioner.userId };
    role = "client";
  } else {
    if (!ID.test(target.bookingId)) throw notFound(MESSAGE_TEXTS.notFound);
    const row = await first(
      db
        .select({ clientId: bookings.clientId, practitionerId: bookings.practitionerId, practitionerUserId: practitioners.userId })
        .from(bookings)
        .innerJoin(practitioners, eq(practitioners.id, bookings.practitionerId))
        .where(eq(bookings.id, target.bookingId))
        .limit(1),
    );
    if (!row || (row.clientId !== sender.id && row.practitionerUserId !== sender.id)) throw notFound(MESSAGE_TEXTS.notFound);
    if (row.clientId === row.practitionerUserId) throw badRequest(MESSAGE_TEXTS.self);
    pair = row;
    role = row.clientId === sender.id ? "client" : "practitioner";
  }
  return atomic(db, async (tx) => {
    const recipientId = role === "client" ? pair.practitionerUserId : pair.clientId;
    const existing = await first(tx.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.clientId, pair.clientId), eq(conversations.practitionerId, pair.practitionerId))).limit(1));
    const blocks = existing ? await blocksOf(tx, existing.id, sender.id) : { mine: null, theirs: null };
    await assertMayWrite(tx, sender, role, recipientId, deps.now, blocks);
    await countSend(tx, deps.counters, sender.id, deps.now);
    // only a client opens a conversation by the daily count; a practitioner's needs a booking (checked above)
    const { conversation, created } = await openConversation(tx, pair, role === "client" ? deps.counters : null, deps.now);
    const message = await appendLine(tx, conversation.id, { kind: "text", senderId: sender.id, body }, deps.now, sender.id);
    await queueAwayEmail(tx, conversation.id, recipientId, deps);
    return { conversationId: conversation.id, message, senderId: sender.id, recipientId, created };
  });
}

async function blocksOf(tx: Db, conversationId: string, userId: string): Promise<{ mine: Date | null; theirs: Date | null }> {
  const rows = await tx.select({ userId: conversationParticipants.userId, blockedAt: conversationParticipants.blockedAt }).from(conversationParticipants).where(eq(conversationParticipants.conversationId, conversationId));
  return { mine: rows.find((r) => r.userId === userId)?.blockedAt ?? null, theirs: rows.find((r) => r.userId !== userId)?.blockedAt ?? null };
}

/** Sends a message in a conversation the sender is part of (404 for anyone else). */
export async function sendMessage(db: Db, sender: CurrentUser, conversationId: string, body: string, deps: SendDeps): Promise<SentMessage> {
  assertConversationId(conversationId);
  return atomic(db, async (tx) => {
    const { me, other } = await participantOf(tx, conversationId, sender.id);
    await assertMayWrite(tx, sender, me.role, other.userId, deps.now, { mine: me.blockedAt, theirs: other.blockedAt });
    await countSend(tx, deps.counters, sender.id, deps.now);
    const message = await appendLine(tx, conversationId, { kind: "text", senderId: sender.id, body }, deps.now, sender.id);
    await queueAwayEmail(tx, conversationId, other.userId, deps);
    return { conversationId, message, senderId: sender.id, recipientId: other.userId, created: false };
  });
}

/** A line as the viewer sees it. */
export function toApiMessage(row: MessageRow, viewerId: string): ApiMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    kind: row.kind,
    from: row.senderId === null ? "system" : row.senderId === viewerId ? "me" : "them",
    body: row.body,
    bookingId: row.bookingId,
    eventType: row.eventType,
    sessionAt: row.sessionAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    crisis: row.kind === "text" && mentionsCrisis(row.body),
  };
}

/** The other side's name as the site shows it elsewhere: 'Maya R. (Practitioner #a1b2c3)' or 'Practitioner #a1b2c3', or the client's name. */
async function otherNames(db: Db, rows: { role: Role; conversationId: string }[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (rows.length === 0) return names;
  const found = await db
    .select({ id: conversations.id, practitionerId: conversations.practitionerId, displayName: practitioners.displayName, firstName: users.firstName, lastName: users.lastName })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.clientId))
    .innerJoin(practitioners, eq(practitioners.id, conversations.practitionerId))
    .where(inArray(conversations.id, rows.map((r) => r.conversationId)));
  const roleOf = new Map(rows.map((r) => [r.conversationId, r.role]));
  for (const row of found) names.set(row.id, roleOf.get(row.id) === "client" ? practitionerNameWithReference(row.practitionerId, row.displayName) : clientFullName(row.firstName, row.lastName));
  return names;
}

/** The sum of a person's unread counts (header, sidebar, dashboards). */
export async function unreadTotal(db: Db, userId: string): Promise<number> {
  // `unread_count > 0` lets both engines read the partial index conversation_participants_unread_idx
  const row = await first(db.select({ n: sum(conversationParticipants.unreadCount) }).from(conversationParticipants).where(and(eq(conversationParticipants.userId, userId), sql`${conversationParticipants.unreadCount} > 0`)));
  return Number(row?.n ?? 0);
}

/** The inbox: conversations with at least one line, newest first; `cursor` is the previous page's last `lastMessageAt|id`. */
export async function listInbox(db: Db, userId: string, cursor: string | null = null, limit = INBOX_PAGE_SIZE): Promise<ApiInbox> {
  let after;
  if (cursor) {
    const [at, id] = cursor.split("|");
    const time = new Date(Number(at));
    if (!Number.isFinite(time.getTime()) || !id || !ID.test(id)) throw badRequest("cursor: use the nextCursor of the previous page");
    after = or(lt(conversationParticipants.lastMessageAt, time), and(eq(conversationParticipants.lastMessageAt, time), lt(conversationParticipants.conversationId, id)));
  }
  const rows = await db
    .select()
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.userId, userId), isNotNull(conversationParticipants.lastMessageAt), after))
    .orderBy(desc(conversationParticipants.lastMessageAt), desc(conversationParticipants.conversationId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const names = await otherNames(db, page);
  const summaries: ApiConversationSummary[] = page.map((row) => ({
    id: row.conversationId,
    otherName: names.get(row.conversationId) ?? "",
    otherRole: row.role === "client" ? "practitioner" : "client",
    lastLine: row.lastMessagePreview,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    unreadCount: row.unreadCount,
  }));
  const last = page.at(-1);
  return { conversations: summaries, nextCursor: rows.length > limit && last ? `${last.lastMessageAt!.getTime()}|${last.conversationId}` : null, unreadTotal: await unreadTotal(db, userId) };
}

/** The next session the two share (or the one asked for), for the top of the conversation. */
async function sharedSession(db: Db, conversation: ConversationRow, now: Date, bookingId: string | null): Promise<ApiSharedSession | null> {
  const mine = and(eq(bookings.clientId, conversation.clientId), eq(bookings.practitionerId, conversation.practitionerId));
  const row = bookingId && ID.test(bookingId)
    ? await first(db.select().from(bookings).where(and(mine, eq(bookings.id, bookingId))).limit(1))
    : await first(db.select().from(bookings).where(and(mine, inArray(bookings.status, UPCOMING_STATUSES), gt(bookings.scheduledDatetime, now))).orderBy(asc(bookings.scheduledDatetime)).limit(1));
  return row ? { bookingId: row.id, scheduledDatetime: row.scheduledDatetime.toISOString(), status: row.status, duration: row.duration } : null;
}

/** A page of a thread, oldest first, ending before `before` (a message id) or at the newest. */
export async function readConversation(db: Db, userId: string, conversationId: string, options: { before?: string | null; bookingId?: string | null; now: Date; limit?: number }): Promise<ApiConversation> {
  assertConversationId(conversationId);
  const { conversation, me, other } = await participantOf(db, conversationId, userId);
  const limit = options.limit ?? THREAD_PAGE_SIZE;
  if (options.before && !ID.test(options.before)) throw badRequest("before: use the id of the oldest message shown");
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), options.before ? lt(messages.id, options.before) : undefined))
    .orderBy(desc(messages.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).reverse();
  const names = await otherNames(db, [{ conversationId, role: me.role }]);
  return {
    id: conversationId,
    otherName: names.get(conversationId) ?? "",
    otherRole: me.role === "client" ? "practitioner" : "client",
    practitionerId: conversation.practitionerId,
    myRole: me.role,
    messages: page.map((row) => toApiMessage(row, userId)),
    hasOlder: rows.length > limit,
    seenMessageId: other.lastReadMessageId,
    nextSession: await sharedSession(db, conversation, options.now, options.bookingId ?? null),
    blockedByMe: me.blockedAt !== null,
    blockedByThem: other.blockedAt !== null,
  };
}

/** The pair's conversation id, if it exists (the profile's 'Send Message', a session's 'Message'). */
export async function findConversationId(db: Db, userId: string, target: ConversationTarget): Promise<string | null> {
  let pair: { clientId: string; practitionerId: string } | undefined;
  if ("practitionerId" in target) pair = { clientId: userId, practitionerId: target.practitionerId };
  else {
    if (!ID.test(target.bookingId)) return null;
    const row = await first(db.select({ clientId: bookings.clientId, practitionerId: bookings.practitionerId, practitionerUserId: practitioners.userId }).from(bookings).innerJoin(practitioners, eq(practitioners.id, bookings.practitionerId)).where(eq(bookings.id, target.bookingId)).limit(1));
    if (!row || (row.clientId !== userId && row.practitionerUserId !== userId)) return null;
    pair = row;
  }
  const row = await first(db.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.clientId, pair.clientId), eq(conversations.practitionerId, pair.practitionerId))).limit(1));
  return row?.id ?? null;
}

/** Marks the conversation read up to `messageId` (or the newest line); answers what the other side should see. */
export async function markRead(db: Db, userId: string, conversationId: string, messageId: string | null): Promise<{ otherUserId: string; seenMessageId: string | null; unreadTotal: number }> {
  assertConversationId(conversationId);
  if (messageId !== null && !ID.test(messageId)) throw badRequest("messageId: use the id of a message of this conversation");
  const result = await atomic(db, async (tx) => {
    const { me, other } = await participantOf(tx, conversationId, userId);
    const newest = await first(
      tx
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), messageId ? sql`${messages.id} <= ${messageId}` : undefined))
        .orderBy(desc(messages.id))
        .limit(1),
    );
    if (!newest || (me.lastReadMessageId && me.lastReadMessageId >= newest.id)) return { otherUserId: other.userId, seenMessageId: null };
    const stillUnread = await first(
      tx
        .select({ n: sql<number>`count(*)` })
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), gt(messages.id, newest.id), eq(messages.senderId, other.userId))),
    );
    await tx
      .update(conversationParticipants)
      .set({ lastReadMessageId: newest.id, unreadCount: Number(stillUnread?.n ?? 0) })
      .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)));
    return { otherUserId: other.userId, seenMessageId: newest.id };
  });
  return { ...result, unreadTotal: await unreadTotal(db, userId) };
}

/** Blocks (or unblocks) the other person of a conversation: nothing is delivered either way while set. */
export async function setBlocked(db: Db, userId: string, conversationId: string, blocked: boolean, now: Date): Promise<{ blockedByMe: boolean }> {
  assertConversationId(conversationId);
  return atomic(db, async (tx) => {
    await participantOf(tx, conversationId, userId);
    await tx
      .update(conversationParticipants)
      .set({ blockedAt: blocked ? now : null })
      .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)));
    return { blockedByMe: blocked };
  });
}

/** Reports a message of the other person (once per message and reporter). */
export async function reportMessage(db: Db, userId: string, messageId: string, reason: ReportReason, note: string | null, now: Date): Promise<{ message: string }> {
  if (!ID.test(messageId)) throw notFound(MESSAGE_TEXTS.notFound);
  return atomic(db, async (tx) => {
    const message = await first(tx.select().from(messages).where(eq(messages.id, messageId)).limit(1));
    if (!message) throw notFound(MESSAGE_TEXTS.notFound);
    await participantOf(tx, message.conversationId, userId);
    if (message.senderId === null || message.senderId === userId) throw badRequest(MESSAGE_TEXTS.reportOwn);
    const [row] = await tx
      .insert(messageReports)
      .values({ messageId, conversationId: message.conversationId, reporterId: userId, reportedUserId: message.senderId, reason, note, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: messageReports.id });
    return { message: row ? MESSAGE_TEXTS.reportReceived : MESSAGE_TEXTS.reportAlready };
  });
}

/** A person's message settings. */
export async function readMessageSettings(db: Db, userId: string): Promise<{ emailWhenAway: boolean }> {
  const row = await first(db.select({ emailWhenAway: messageSettings.emailWhenAway }).from(messageSettings).where(eq(messageSettings.userId, userId)).limit(1));
  return { emailWhenAway: row?.emailWhenAway ?? true };
}

export async function saveMessageSettings(db: Db, userId: string, settings: { emailWhenAway: boolean }): Promise<{ emailWhenAway: boolean }> {
  await atomic(db, async (tx) => {
    await tx.insert(messageSettings).values({ userId, ...settings }).onConflictDoUpdate({ target: messageSettings.userId, set: settings });
  });
  return settings;
}

/** Lines after `afterId` in a person's conversations (a stream that reconnects catches up; at most `limit`). */
export async function messagesSince(db: Db, userId: string, afterId: string, limit = 500): Promise<MessageRow[]> {
  if (!ID.test(afterId)) return [];
  const rows = await db
    .select({ message: messages })
    .from(messages)
    .innerJoin(conversationParticipants, and(eq(conversationParticipants.conversationId, messages.conversationId), eq(conversationParticipants.userId, userId)))
    .where(gt(messages.id, afterId))
    .orderBy(asc(messages.id))
    .limit(limit);
  return rows.map((r) => r.message);
}

/** One message of a conversation `userId` takes part in, or null (a live update from another process names it by id). */
export async function messageFor(db: Db, userId: string, messageId: string): Promise<MessageRow | null> {
  if (!ID.test(messageId)) return null;
  const row = await first(
    db
      .select({ message: messages })
      .from(messages)
      .innerJoin(conversationParticipants, and(eq(conversationParticipants.conversationId, messages.conversationId), eq(conversationParticipants.userId, userId)))
      .where(eq(messages.id, messageId))
      .limit(1),
  );
  return row?.message ?? null;
}

/**
 * A booking event as a dated system line of the pair's conversation (opened if needed), called
 * by the booking transitions (and the expiry job) with their transaction, after the booking row
 * changed. Answers the line, or null.
 */
export async function recordConversationEvent(tx: Db, bookingId: string, type: BookingEventType, now: Date): Promise<MessageRow | null> {
  const booking = await first(
    tx
      .select({
        clientId: bookings.clientId,
        practitionerId: bookings.practitionerId,
        practitionerUserId: practitioners.userId,
        scheduledDatetime: bookings.scheduledDatetime,
        cancelledBy: bookings.cancelledBy,
        lateCancellation: bookings.lateCancellation,
        cancellationReason: bookings.cancellationReason,
      })
      .from(bookings)
      .innerJoin(practitioners, eq(practitioners.id, bookings.practitionerId))
      .where(eq(bookings.id, bookingId))
      .limit(1),
  );
  if (!booking || booking.clientId === booking.practitionerUserId) return null;
  const { conversation } = await openConversation(tx, booking, null, now);
  // a cancellation says who ended it, whether late, and why; an expiry says so (decision 028)
  const body = type === "cancelled" ? cancellationLine(booking) : "";
  return appendLine(tx, conversation.id, { kind: "event", senderId: null, body, bookingId, eventType: type, sessionAt: booking.scheduledDatetime }, now, null);
}

// ---- e-mail when away ------------------------------------------------------------------------

/**
 * The outbox job of one waiting e-mail (docs/decisions/027-conversations.md): at its time, inside
 * one transaction, it looks at the recipient's side. Nothing unread from the other person: done,
 * no e-mail. The oldest unread line younger than 10 minutes, or an e-mail of this conversation in
 * the last hour: look again then. Else one e-mail enqueued (sent once by the ordinary outbox path),
 * the hour starts, and the job is done; the next message queues the next job.
 */
async function messageEmailJob(tx: Db, payload: Record<string, unknown>, now: Date): Promise<{ retryAt: Date } | void> {
  const conversationId = String(payload.conversationId);
  const recipientId = String(payload.recipientId);
  const side = await first(tx.select().from(conversationParticipants).where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, recipientId))).limit(1));
  if (!side) return;
  const done = async () => {
    await tx.update(conversationParticipants).set({ emailQueued: false }).where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, recipientId)));
  };
  const settings = await first(tx.select({ emailWhenAway: messageSettings.emailWhenAway }).from(messageSettings).where(eq(messageSettings.userId, recipientId)).limit(1));
  const recipient = await first(tx.select({ email: users.email, verified: users.isEmailVerified, suspendedAt: users.suspendedAt, firstName: users.firstName }).from(users).where(eq(users.id, recipientId)).limit(1));
  if (settings?.emailWhenAway === false || !recipient || recipient.suspendedAt !== null || side.blockedAt !== null) return done();
  const unread = await first(
    tx
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, side.otherUserId), side.lastReadMessageId ? gt(messages.id, side.lastReadMessageId) : undefined))
      .orderBy(asc(messages.id))
      .limit(1),
  );
  if (!unread) return done();
  const dueAt = unread.createdAt.getTime() + MESSAGE_EMAIL_AFTER_MS;
  if (dueAt > now.getTime()) return { retryAt: new Date(dueAt) };
  if (side.lastEmailedAt && side.lastEmailedAt.getTime() + MESSAGE_EMAIL_EVERY_MS > now.getTime()) return { retryAt: new Date(side.lastEmailedAt.getTime() + MESSAGE_EMAIL_EVERY_MS) };
  // the e-mail quotes the newest unread line (the oldest decided when): one e-mail per such line at most
  const newest = (await first(
    tx
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, side.otherUserId), gt(messages.id, unread.id)))
      .orderBy(desc(messages.id))
      .limit(1),
  )) ?? unread;
  const names = await otherNames(tx, [{ conversationId, role: side.role }]);
  const senderName = names.get(conversationId) ?? "Someone";
  const link = `${String(payload.appUrl)}${conversationPath(side.role, conversationId)}`;
  const subject = `New message from ${senderName}`;
  // no message text to an address nobody has proven to own (it may be someone else's)
  const paragraphs = recipient.verified
    ? [`${senderName} wrote:`, newest.body.length > MESSAGE_EMAIL_EXCERPT ? `${newest.body.slice(0, MESSAGE_EMAIL_EXCERPT)}…` : newest.body]
    : [`${senderName} sent you a message on Pollinate. Sign in to read it.`];
  const body = layout(subject, `Hi ${recipient.firstName?.trim() || FALLBACK_FIRST_NAME},`, {
    paragraphs,
    button: { label: "Open the conversation", href: link },
    footnote: "You get at most one e-mail per conversation per hour. Turn message e-mails off in your dashboard's settings.",
  }, { appUrl: String(payload.appUrl), from: parseMailbox(String(payload.from)), now });
  await enqueueEmail(tx, { to: recipient.email, subject, ...body }, { now, dedupeKey: `message-email:${newest.id}:${recipientId}` });
  await tx.update(conversationParticipants).set({ emailQueued: false, lastEmailedAt: now }).where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, recipientId)));
}

registerOutboxJob(MESSAGE_EMAIL_JOB, messageEmailJob);

// ---- reports (admins) ------------------------------------------------------------------------


/** Open reports, oldest first, each with its message and the ten around it. */
export async function listOpenReports(db: Db, limit = 20): Promise<AdminReport[]> {
  const rows = await db.select().from(messageReports).where(eq(messageReports.status, "open")).orderBy(asc(messageReports.createdAt), asc(messageReports.id)).limit(limit);
  const out: AdminReport[] = [];
  for (const report of rows) {
    const people = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, suspendedAt: users.suspendedAt }).from(users).where(inArray(users.id, [report.reporterId, report.reportedUserId]));
    const person = (id: string) => people.find((p) => p.id === id);
    const before = await db.select().from(messages).where(and(eq(messages.conversationId, report.conversationId), lt(messages.id, report.messageId))).orderBy(desc(messages.id)).limit(5);
    const after = await db.select().from(messages).where(and(eq(messages.conversationId, report.conversationId), sql`${messages.id} >= ${report.messageId}`)).orderBy(asc(messages.id)).limit(6);
    out.push({
      id: report.id,
      reason: report.reason,
      note: report.note,
      status: report.status,
      createdAt: report.createdAt.toISOString(),
      reporterName: clientFullName(person(report.reporterId)?.firstName ?? null, person(report.reporterId)?.lastName ?? null),
      reportedUserId: report.reportedUserId,
      reportedName: clientFullName(person(report.reportedUserId)?.firstName ?? null, person(report.reportedUserId)?.lastName ?? null),
      reportedEmail: person(report.reportedUserId)?.email ?? "",
      reportedSuspended: (person(report.reportedUserId)?.suspendedAt ?? null) !== null,
      messageId: report.messageId,
      context: [...before.reverse(), ...after].map((m) => ({
        id: m.id,
        from: m.senderId === null ? "system" : m.senderId === report.reportedUserId ? "reported" : "reporter",
        body: m.body,
        eventType: m.eventType,
        createdAt: m.createdAt.toISOString(),
        reported: m.id === report.messageId,
      })),
    });
  }
  return out;
}

/** Closes an open report as dismissed or with the sender suspended; 404 when there is none open. */
export async function resolveReport(tx: Db, reportId: string, outcome: "dismissed" | "suspended", resolvedBy: string, now: Date): Promise<{ reportedUserId: string; reason: ReportReason }> {
  if (!ID.test(reportId)) throw notFound("Report not found");
  const report = await first(tx.select().from(messageReports).where(and(eq(messageReports.id, reportId), eq(messageReports.status, "open"))).limit(1));
  if (!report) throw httpError(404, "Report not found (or already handled)");
  await tx.update(messageReports).set({ status: outcome, resolvedBy, resolvedAt: now }).where(eq(messageReports.id, reportId));
  return { reportedUserId: report.reportedUserId, reason: report.reason };
}
