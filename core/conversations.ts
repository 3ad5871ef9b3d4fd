/**
 * Conversations between clients and practitioners (issue 23, docs/decisions/027-conversations.md):
 * limits, texts, the API's shapes and the crisis-language check, for the server and the screens.
 */
import type { BookingCanceller, BookingEventType } from "./bookings";
import { EMERGENCY_NUMBER_TEXT, isCrisisMessage } from "./assistant";

/** Longest message, in characters after trimming. */
export const MESSAGE_MAX_LENGTH = 4000;
/** The composer shows a counter from this many characters. */
export const MESSAGE_COUNTER_FROM = 3500;
/** Messages a sender may send per minute (every process together). */
export const MESSAGES_PER_MINUTE = 20;
/** New conversations a client may open per day. */
export const NEW_CONVERSATIONS_PER_DAY = 30;
/** A message not read within this long e-mails its recipient… */
export const MESSAGE_EMAIL_AFTER_MS = 10 * 60_000;
/** …at most once per conversation in this long. */
export const MESSAGE_EMAIL_EVERY_MS = 60 * 60_000;
/** Characters of the message an e-mail quotes. */
export const MESSAGE_EMAIL_EXCERPT = 200;
/** Messages per thread page, and conversations per inbox page. */
export const THREAD_PAGE_SIZE = 50;
export const INBOX_PAGE_SIZE = 30;

export const MESSAGE_KINDS = ["text", "event"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const REPORT_REASONS = ["harassment", "spam", "inappropriate", "safety", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  harassment: "Harassment or bullying",
  spam: "Spam or advertising",
  inappropriate: "Inappropriate or sexual content",
  safety: "Someone may be at risk",
  other: "Something else",
};
export const REPORT_STATUSES = ["open", "dismissed", "suspended"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_NOTE_MAX = 1000;

/** Texts of the server's answers and the screens, written once. */
export const MESSAGE_TEXTS = {
  notFound: "Conversation not found",
  empty: "Write a message before sending.",
  tooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters. Please shorten it or send it in two parts.`,
  self: "You cannot send a message to yourself.",
  suspended: "This account is not available for messages.",
  blockedByThem: "This person is not accepting messages from you.",
  blockedByYou: "You have blocked this person. Unblock them to send a message.",
  practitionerNeedsBooking: "You can start a conversation with a client once they have booked a session with you. Reply in any conversation a client has started.",
  practitionerNotFound: "Practitioner not found",
  clientOnlyOpens: "Only clients open a conversation with a practitioner; practitioners open one with a client who booked them.",
  reportReceived: "Thank you. Your report was received and an admin will look at it.",
  reportAlready: "You have already reported this message. An admin will look at it.",
  reportOwn: "You cannot report your own message.",
  blocked: "Blocked. Nothing more is delivered either way until you unblock.",
  unblocked: "Unblocked. Messages are delivered again.",
  emptyInbox: "No conversations yet. Open a practitioner's profile and choose 'Send Message' to ask a question before you book, or use 'Message' on a confirmed session.",
  emptyInboxPractitioner: "No conversations yet. A conversation starts when a client sends you a message; you can also write to a client from a session they booked.",
  sendFailed: "Your message was not sent.",
  settingsSaved: "Message e-mail settings saved.",
} as const;

/** The limit answers, with when the person may write again. */
export function perMinuteLimitMessage(seconds: number): string {
  return `You are sending messages too quickly. You can send again in ${Math.max(1, seconds)} second${seconds === 1 ? "" : "s"}.`;
}
export function perDayLimitMessage(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const wait = hours >= 1 ? `${hours} hour${hours === 1 ? "" : "s"}` : `${Math.max(1, minutes)} minute${minutes === 1 ? "" : "s"}`;
  return `You have started ${NEW_CONVERSATIONS_PER_DAY} new conversations today. You can start another in ${wait}; replies in your existing conversations still work.`;
}

/** A line of a thread as the API answers it. */
export interface ApiMessage {
  id: string;
  conversationId: string;
  kind: MessageKind;
  /** 'me', 'them' or 'system'. */
  from: "me" | "them" | "system";
  body: string;
  bookingId: string | null;
  eventType: BookingEventType | null;
  sessionAt: string | null;
  createdAt: string;
  /** Crisis language found in it (the screen shows the calm note). */
  crisis: boolean;
}

/** The session the two share next, shown at the top of a conversation. */
export interface ApiSharedSession {
  bookingId: string;
  scheduledDatetime: string;
  status: string;
  duration: number;
}

export interface ApiConversationSummary {
  id: string;
  otherName: string;
  otherRole: "client" | "practitioner";
  lastLine: string | null;
  lastMessageAt: string | null;
  unreadCount: number;
}

export interface ApiInbox {
  conversations: ApiConversationSummary[];
  nextCursor: string | null;
  unreadTotal: number;
}

export interface ApiConversation {
  id: string;
  otherName: string;
  otherRole: "client" | "practitioner";
  /** The other person's profile (a practitioner's), for a link. */
  practitionerId: string;
  myRole: "client" | "practitioner";
  messages: ApiMessage[];
  /** Older messages exist before the first one (pass it as `before`). */
  hasOlder: boolean;
  /** The last message of mine the other person has read. */
  seenMessageId: string | null;
  nextSession: ApiSharedSession | null;
  blockedByMe: boolean;
  blockedByThem: boolean;
}

/** What the stream sends. */
export type LiveEvent =
  | { type: "message"; message: ApiMessage; unreadTotal: number }
  | { type: "read"; conversationId: string; seenMessageId: string }
  | { type: "unread"; unreadTotal: number };

/** A report as the admins' Reports tab shows it. */
export interface AdminReport {
  id: string;
  reason: ReportReason;
  note: string | null;
  status: string;
  createdAt: string;
  reporterName: string;
  reportedUserId: string;
  reportedName: string;
  reportedEmail: string;
  reportedSuspended: boolean;
  messageId: string;
  /** The reported message and the ten around it, oldest first. */
  context: { id: string; from: "reporter" | "reported" | "system"; body: string; eventType: BookingEventType | null; createdAt: string; reported: boolean }[];
}

/** Dashboard links. */
export function inboxPath(role: "client" | "practitioner"): string {
  return `/dashboard/${role}/messages`;
}
export function conversationPath(role: "client" | "practitioner", conversationId: string): string {
  return `${inboxPath(role)}/${encodeURIComponent(conversationId)}`;
}

/** How a booking event reads as a system line. */
export const BOOKING_EVENT_LINES: Record<BookingEventType, string> = {
  created: "Session booked",
  confirmed: "Session confirmed",
  rescheduled: "Session rescheduled",
  cancelled: "Session cancelled",
  completed: "Session completed",
  "no-show": "Session marked as a no-show",
  paid: "Session marked paid",
  unpaid: "Session marked unpaid",
};

/**
 * What a cancellation's system line says (decision 028): who ended it, a late cancellation, the
 * reason both sides already see on the session; an expired request in its own words.
 */
export function cancellationLine(b: { cancelledBy: BookingCanceller | null; lateCancellation: boolean; cancellationReason: string | null }): string {
  if (b.cancelledBy === "system") return "Session request expired: not confirmed in time";
  const by = b.cancelledBy === "client" ? " by the client" : b.cancelledBy === "practitioner" ? " by the practitioner" : "";
  return `${BOOKING_EVENT_LINES.cancelled}${by}${b.lateCancellation ? " · late cancellation" : ""}${b.cancellationReason ? ` · Reason: ${b.cancellationReason}` : ""}`;
}

/** A booking event's system line: the detail written with it (a cancellation's), else the event's words. */
export function bookingEventLine(m: { eventType: BookingEventType | null; body: string }): string {
  return m.body || BOOKING_EVENT_LINES[m.eventType ?? "created"];
}

// ---- crisis language -------------------------------------------------------------------------

/**
 * Phrases of self-harm or crisis, reviewed by hand (docs/decisions/027-conversations.md): each is a
 * first-person or plainly suicidal expression, matched on whole words after folding case,
 * apostrophes and spaces. Idioms ("this deadline is killing me", "I'd die for a latte") are not on
 * the list; core/conversations.test.ts holds phrases that must and must not match.
 */
export const CRISIS_PHRASES: readonly string[] = [
  "suicide",
  "suicidal",
  "kill myself",
  "killing myself",
  "end my life",
  "ending my life",
  "end it all",
  "take my own life",
  "taking my own life",
  "want to die",
  "wanna die",
  "wish i was dead",
  "wish i were dead",
  "better off dead",
  "better off without me",
  "no reason to live",
  "nothing to live for",
  "dont want to live",
  "do not want to live",
  "dont want to be alive",
  "do not want to be alive",
  "dont want to be here anymore",
  "self harm",
  "selfharm",
  "harm myself",
  "harming myself",
  "hurt myself",
  "hurting myself",
  "cutting myself",
  "overdose",
  "overdosed",
];

/** Lower case, apostrophes dropped, anything else not a letter or digit made one space. */
export function foldForCrisisCheck(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/['’‘`]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
}

const FOLDED_PHRASES = CRISIS_PHRASES.map((phrase) => foldForCrisisCheck(phrase));

/**
 * True when the text holds a phrase of the list as whole words, or what the assistants already
 * answer as a crisis (core/assistant.ts, isCrisisMessage): the two lists together. No service is called.
 */
export function mentionsCrisis(text: string): boolean {
  const folded = foldForCrisisCheck(text);
  return FOLDED_PHRASES.some((phrase) => folded.includes(phrase)) || isCrisisMessage(text);
}

/** The calm note shown beside such a message (to its writer before sending, and to its reader). */
export const CRISIS_NOTE = {
  title: "You are not alone",
  body: `If you or someone else is in danger or thinking about suicide, please reach out now: call ${EMERGENCY_NUMBER_TEXT}; in the US call or text 988 (Suicide & Crisis Lifeline); in the UK and Ireland call Samaritans on 116 123. Elsewhere, findahelpline.com lists free, confidential lines. Practitioners on Pollinate are not a crisis service.`,
  link: "https://findahelpline.com",
  stillSend: "You can still send your message.",
} as const;

/** Splits text into plain parts and links (http/https only), for screens that show links as links. */
export function linkParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  const pattern = /\bhttps?:\/\/[^\s<>"']+/gi;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    let url = match[0];
    // trailing punctuation belongs to the sentence
    const trailing = /[.,;:!?)\]]+$/.exec(url)?.[0] ?? "";
    url = url.slice(0, url.length - trailing.length);
    const start = match.index!;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
