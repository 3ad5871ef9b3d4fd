// PostgreSQL twin of db/schema/conversations.ts (docs/decisions/025-postgresql-driver.md): the same tables, columns,
// indexes and CHECKs in pg-core; db/postgres/schema-drift.test.ts fails when the two differ.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { id, sqlInList, timestamp, timestamptz } from "./columns";
import { bookings, practitioners } from "./marketplace";
import { MESSAGE_KINDS, REPORT_REASONS, REPORT_STATUSES, type MessageKind, type ReportReason, type ReportStatus } from "../../../core/conversations";
import type { BookingEventType } from "../../../core/bookings";

/**
 * One conversation per client and practitioner (docs/decisions/027-conversations.md), opened by
 * the first message. Its two people are rows of conversation_participants.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: id(),
    /** The client's user id. */
    clientId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    practitionerId: text()
      .notNull()
      .references(() => practitioners.id, { onDelete: "cascade" }),
    /** The practitioner's user id (denormalised: every check and list is by user). */
    practitionerUserId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp(),
  },
  (t) => [
    // one conversation per pair; the first message finds or opens it
    uniqueIndex("conversations_pair_unique").on(t.clientId, t.practitionerId),
  ],
);

/**
 * Each person's side of a conversation: what they have read, their unread count, the inbox's
 * order (the last line's time and preview), a block they set, and the e-mail-when-away state.
 */
export const conversationParticipants = pgTable(
  "conversation_participants",
  {
    conversationId: text()
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The other person's user id. */
    otherUserId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text().$type<"client" | "practitioner">().notNull(),
    unreadCount: integer().notNull().default(0),
    /** The last message this person has read (ids are time-ordered). */
    lastReadMessageId: text(),
    lastMessageAt: timestamptz(),
    lastMessagePreview: text(),
    /** This person blocked the other: nothing is delivered either way until it is cleared. */
    blockedAt: timestamptz(),
    /** An e-mail-when-away job is waiting in the outbox for this person. */
    emailQueued: boolean().notNull().default(false),
    lastEmailedAt: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    // the inbox: a person's conversations, newest first, ties by conversation: the whole ORDER BY and
    // the keyset cursor (last_message_at, conversation_id) come from the index, no sort step
    index("conversation_participants_inbox_idx").on(t.userId, t.lastMessageAt, t.conversationId),
    // the unread total (header, sidebar, every send's live count): only the rows with something
    // unread, so a practitioner with thousands of quiet conversations sums a handful
    index("conversation_participants_unread_idx").on(t.userId, t.unreadCount).where(sql`${t.unreadCount} > 0`),
  ],
);

/** Lines of a conversation: a person's text, or a booking event shown as a dated system line. */
export const messages = pgTable(
  "messages",
  {
    /** Time-ordered (UUIDv7): the thread's order and its paging cursor. */
    id: text().primaryKey(),
    conversationId: text()
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    kind: text().$type<MessageKind>().notNull(),
    /** Null for a system line. */
    senderId: text().references(() => users.id, { onDelete: "cascade" }),
    /** The text (kind 'text'); empty for an event. */
    body: text().notNull().default(""),
    bookingId: text().references(() => bookings.id, { onDelete: "set null" }),
    eventType: text().$type<BookingEventType>(),
    /** The session's start when the event happened. */
    sessionAt: timestamptz(),
    createdAt: timestamp(),
  },
  (t) => [
    // a thread page: the messages of one conversation before a cursor
    index("messages_conversation_idx").on(t.conversationId, t.id),
    check("messages_kind_check", sql.raw(`kind IN (${sqlInList(MESSAGE_KINDS)})`)),
  ],
);

/** A report of a message, for the admins' Reports tab. */
export const messageReports = pgTable(
  "message_reports",
  {
    id: id(),
    messageId: text()
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    conversationId: text()
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    reporterId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reportedUserId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text().$type<ReportReason>().notNull(),
    note: text(),
    status: text().$type<ReportStatus>().notNull().default("open"),
    resolvedBy: text(),
    resolvedAt: timestamptz(),
    createdAt: timestamp(),
  },
  (t) => [
    // the admins' queue: open reports, oldest first
    index("message_reports_status_idx").on(t.status, t.createdAt),
    // one report per message and reporter
    uniqueIndex("message_reports_message_reporter_unique").on(t.messageId, t.reporterId),
    check("message_reports_reason_check", sql.raw(`reason IN (${sqlInList(REPORT_REASONS)})`)),
    check("message_reports_status_check", sql.raw(`status IN (${sqlInList(REPORT_STATUSES)})`)),
  ],
);

/** A person's message settings (no row: the defaults). */
export const messageSettings = pgTable("message_settings", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** E-mail me when a message waits unread for 10 minutes. */
  emailWhenAway: boolean().notNull().default(true),
});
