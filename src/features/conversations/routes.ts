/**
 * /api/conversations (issue 23):
 *   GET  /                         the inbox (?cursor=)
 *   GET  /unread                   { unreadTotal }
 *   GET  /stream                   Server-Sent Events: messages, reads and unread counts, live (Last-Event-ID catches up)
 *   GET  /settings, PUT /settings  { emailWhenAway }
 *   POST /                         { practitionerId | bookingId, body }: opens (or finds) the conversation with its first message
 *   GET  /:id                      a thread page (?before=messageId&booking=bookingId)
 *   POST /:id/messages             { body }
 *   POST /:id/read                 { messageId? }
 *   POST /:id/block, /:id/unblock
 *   POST /messages/:messageId/report { reason, note? }
 * and for admins, /api/admin/reports (GET; POST /:id/dismiss, /:id/suspend).
 */
import { Hono, type Context } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { MESSAGE_TEXTS, REPORT_REASON_LABELS, type LiveEvent } from "../../../core/conversations";
import { conversationIdText, inboxQuery, readInput, reportInput, sendInput, settingsInput, startInput, threadQuery } from "../../../core/conversation-inputs";
import { atomic } from "../../../db/client";
import { requireSignedIn, requireUser } from "../../auth/guards";
import type { AppEnv } from "../../http/app-context";
import type { ApiResponse } from "../../../core/api-routes";
import { httpError } from "../../http/errors";
import { validate } from "../../http/validate";
import { adminAccessFirst, requireAdminAccess } from "../admin/access";
import { recordAdminAction } from "../admin/service";
import { parseReason, suspendAccount } from "../admin/moderation";
import type { LiveHub } from "./live";
import {
  MessageLimitError,
  findConversationId,
  listInbox,
  listOpenReports,
  markRead,
  messagesSince,
  readConversation,
  readMessageSettings,
  reportMessage,
  resolveReport,
  saveMessageSettings,
  sendMessage,
  setBlocked,
  startConversation,
  toApiMessage,
  unreadTotal,
  type SentMessage,
} from "./service";

export { messageBody } from "../../../core/conversation-inputs";
const idParam = z.object({ id: z.string().min(1).max(100) });

function hubOf(c: Context<AppEnv>): LiveHub {
  return c.var.deps.live;
}

function sendDeps(c: Context<AppEnv>) {
  const { counters, now, config } = c.var.deps;
  return { counters: counters.messages, now: now(), mail: { appUrl: config.APP_URL, from: config.MAIL_FROM } };
}

/** After the commit: the recipient's streams get the message and their new unread total; the sender's other tabs the message. */
async function publishSent(c: Context<AppEnv>, sent: SentMessage): Promise<void> {
  const hub = hubOf(c);
  const db = c.var.deps.db;
  await hub.publish(sent.recipientId, { type: "message", message: toApiMessage(sent.message, sent.recipientId), unreadTotal: await unreadTotal(db, sent.recipientId) });
  await hub.publish(sent.senderId, { type: "message", message: toApiMessage(sent.message, sent.senderId), unreadTotal: await unreadTotal(db, sent.senderId) });
}

/** Turns a limit into a 429 with Retry-After. */
async function limited<T>(c: Context<AppEnv>, work: () => Promise<T>): Promise<T | Response> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof MessageLimitError)) throw error;
    c.header("Retry-After", String(error.retryAfterSeconds));
    return c.json({ message: error.message }, 429);
  }
}

const HEARTBEAT_MS = 25_000;
/** Ids are UUIDv7 from several processes' clocks: a catch-up reads from a little before the newest id sent. */
const CATCH_UP_MARGIN_MS = 5_000;

/** The time (ms) a UUIDv7 was made at: its first 48 bits. */
function uuidV7Time(id: string): number {
  const ms = Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16);
  return Number.isFinite(ms) ? ms : 0;
}

/** The smallest UUIDv7 made at `ms`: every id made at or after it compares greater. */
function uuidV7Floor(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}

export const conversationRoutes = new Hono<AppEnv>()
  .get("/", validate("query", inboxQuery), async (c) => {
    const user = requireUser(c);
    return c.json((await listInbox(c.var.deps.db, user.id, c.req.valid("query").cursor ?? null)) satisfies ApiResponse<"GET /api/conversations">);
  })
  .get("/unread", async (c) => {
    const user = requireUser(c);
    return c.json({ unreadTotal: await unreadTotal(c.var.deps.db, user.id) });
  })
  .get("/settings", async (c) => {
    const user = requireUser(c);
    return c.json(await readMessageSettings(c.var.deps.db, user.id));
  })
  .put("/settings", requireSignedIn, validate("json", settingsInput), async (c) => {
    const user = requireUser(c);
    return c.json((await saveMessageSettings(c.var.deps.db, user.id, c.req.valid("json"))) satisfies ApiResponse<"PUT /api/conversations/settings">);
  })
  .get("/stream", async (c) => {
    const user = requireUser(c);
    const { db } = c.var.deps;
    const lastEventId = c.req.header("last-event-id") ?? c.req.query("lastEventId") ?? null;
    c.header("Cache-Control", "no-store, no-transform");
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      // events that arrive while catching up wait in order; ids already sent are not sent twice
      const queue: LiveEvent[] = [];
      let wake: (() => void) | null = null;
      const hub = hubOf(c);
      const unsubscribe = hub.subscribe(user.id, (event) => {
        queue.push(event);
        wake?.();
      });
      let closed = false;
      stream.onAbort(() => {
        closed = true;
        wake?.();
      });
      const sent = new Set<string>();
      // a hub that can lose a notification (PostgreSQL): every catchUpMs the stream re-reads the
      // messages since it opened (or since shortly before the newest it sent), the ids it sent skipped
      const catchUpMs = hub.catchUpMs;
      let catchUpFrom = Date.now() - CATCH_UP_MARGIN_MS;
      const write = async (event: LiveEvent) => {
        if (event.type === "message") {
          if (sent.has(event.message.id)) return;
          sent.add(event.message.id);
          catchUpFrom = Math.max(catchUpFrom, uuidV7Time(event.message.id) - CATCH_UP_MARGIN_MS);
          if (sent.size > 1000) sent.delete(sent.values().next().value!);
          await stream.writeSSE({ id: event.message.id, event: "message", data: JSON.stringify(event) });
        } else {
          await stream.writeSSE({ event: event.type, data: JSON.stringify(event) });
        }
      };
      try {
        // events sent through other processes reach this one from here on (PostgreSQL: LISTEN acknowledged)
        await hub.ready();
        await stream.writeSSE({ event: "ready", data: JSON.stringify({ unreadTotal: await unreadTotal(db, user.id) }), retry: 2000 });
        if (lastEventId) {
          for (const row of await messagesSince(db, user.id, lastEventId)) await write({ type: "message", message: toApiMessage(row, user.id), unreadTotal: -1 });
        }
        while (!closed) {
          while (queue.length) await write(queue.shift()!);
          if (closed) break;
          let timedOut = false;
          await new Promise<void>((resolve) => {
            wake = resolve;
            const timer = setTimeout(() => {
              timedOut = true;
              resolve();
            }, catchUpMs === undefined ? HEARTBEAT_MS : Math.min(HEARTBEAT_MS, catchUpMs));
            timer.unref?.();
          });
          wake = null;
          if (closed || queue.length > 0) continue;
          if (timedOut && catchUpMs !== undefined) {
            const missed = (await messagesSince(db, user.id, uuidV7Floor(catchUpFrom))).filter((row) => !sent.has(row.id));
            if (missed.length > 0) {
              const total = await unreadTotal(db, user.id);
              for (const row of missed) await write({ type: "message", message: toApiMessage(row, user.id), unreadTotal: total });
              continue;
            }
          }
          await stream.write(": keep-alive\n\n");
        }
      } finally {
        unsubscribe();
      }
    });
  })
  .post("/", requireSignedIn, validate("json", startInput), async (c) => {
    const user = requireUser(c);
    const input = c.req.valid("json");
    const target = "practitionerId" in input ? { practitionerId: input.practitionerId } : { bookingId: input.bookingId };
    return limited(c, async () => {
      const sent = await startConversation(c.var.deps.db, user, target, input.body, sendDeps(c));
      await publishSent(c, sent);
      return c.json({ conversationId: sent.conversationId, message: toApiMessage(sent.message, user.id) } satisfies ApiResponse<"POST /api/conversations">, sent.created ? 201 : 200);
    });
  })
  .get("/find", validate("query", z.object({ practitionerId: conversationIdText.optional(), bookingId: conversationIdText.optional() })), async (c) => {
    const user = requireUser(c);
    const q = c.req.valid("query");
    const target = q.practitionerId ? { practitionerId: q.practitionerId } : q.bookingId ? { bookingId: q.bookingId } : null;
    if (!target) throw httpError(400, "Send practitionerId or bookingId");
    return c.json({ conversationId: await findConversationId(c.var.deps.db, user.id, target) });
  })
  .post("/messages/:id/report", requireSignedIn, validate("param", idParam), validate("json", reportInput), async (c) => {
    const user = requireUser(c);
    const { reason, note } = c.req.valid("json");
    return c.json((await reportMessage(c.var.deps.db, user.id, c.req.valid("param").id, reason, note || null, c.var.deps.now())) satisfies ApiResponse<"POST /api/conversations/messages/:id/report">, 201);
  })
  .get("/:id", validate("param", idParam), validate("query", threadQuery), async (c) => {
    const user = requireUser(c);
    const q = c.req.valid("query");
    return c.json((await readConversation(c.var.deps.db, user.id, c.req.valid("param").id, { before: q.before ?? null, bookingId: q.booking ?? null, now: c.var.deps.now() })) satisfies ApiResponse<"GET /api/conversations/:id">);
  })
  .post("/:id/messages", requireSignedIn, validate("param", idParam), validate("json", sendInput), async (c) => {
    const user = requireUser(c);
    return limited(c, async () => {
      const sent = await sendMessage(c.var.deps.db, user, c.req.valid("param").id, c.req.valid("json").body, sendDeps(c));
      await publishSent(c, sent);
      return c.json({ conversationId: sent.conversationId, message: toApiMessage(sent.message, user.id) } satisfies ApiResponse<"POST /api/conversations/:id/messages">, 201);
    });
  })
  .post("/:id/read", requireSignedIn, validate("param", idParam), validate("json", readInput), async (c) => {
    const user = requireUser(c);
    const id = c.req.valid("param").id;
    const result = await markRead(c.var.deps.db, user.id, id, c.req.valid("json").messageId ?? null);
    if (result.seenMessageId) await hubOf(c).publish(result.otherUserId, { type: "read", conversationId: id, seenMessageId: result.seenMessageId });
    await hubOf(c).publish(user.id, { type: "unread", unreadTotal: result.unreadTotal });
    return c.json({ unreadTotal: result.unreadTotal } satisfies ApiResponse<"POST /api/conversations/:id/read">);
  })
  .post("/:id/block", requireSignedIn, validate("param", idParam), async (c) => {
    const user = requireUser(c);
    await setBlocked(c.var.deps.db, user.id, c.req.valid("param").id, true, c.var.deps.now());
    return c.json({ blockedByMe: true, message: MESSAGE_TEXTS.blocked } satisfies ApiResponse<"POST /api/conversations/:id/block">);
  })
  .post("/:id/unblock", requireSignedIn, validate("param", idParam), async (c) => {
    const user = requireUser(c);
    await setBlocked(c.var.deps.db, user.id, c.req.valid("param").id, false, c.var.deps.now());
    return c.json({ blockedByMe: false, message: MESSAGE_TEXTS.unblocked } satisfies ApiResponse<"POST /api/conversations/:id/unblock">);
  });

/**
 * /api/admin/reports: reported messages with the ten around them; dismiss, or suspend the sender
 * (audited; as every suspension, it needs a reason, cancels their upcoming sessions with e-mails
 * and tells them why).
 */
export const reportAdminRoutes = new Hono<AppEnv>()
  .get("/", adminAccessFirst, async (c) => c.json({ reports: await listOpenReports(c.var.deps.db) } satisfies ApiResponse<"GET /api/admin/reports">))
  .post("/:id/:outcome", adminAccessFirst, validate("param", z.object({ id: z.string().min(1).max(100), outcome: z.enum(["dismiss", "suspend"]) })), async (c) => {
    const actor = await requireAdminAccess(c);
    const { id, outcome } = c.req.valid("param");
    const now = c.var.deps.now();
    // a suspension cancels sessions and e-mails people: it needs the admin's reason, as from the Users tab
    const given = outcome === "suspend" ? parseReason(await c.req.json().catch(() => ({}))).reason : "";
    const message = await atomic(c.var.deps.db, async (tx) => {
      const { reportedUserId, reason } = await resolveReport(tx, id, outcome === "dismiss" ? "dismissed" : "suspended", actor.label, now);
      if (outcome === "suspend") return (await suspendAccount(tx, c.var.deps.config, actor, reportedUserId, `A message you sent was reported (${REPORT_REASON_LABELS[reason]}). ${given}`, now)).message;
      await recordAdminAction(tx, actor, "dismiss-report", { type: "message_report", id }, now);
      return undefined;
    });
    // dismiss and suspend answer alike
    return c.json({ id, status: outcome === "dismiss" ? "dismissed" : "suspended", message } satisfies ApiResponse<"POST /api/admin/reports/:id/dismiss"> & ApiResponse<"POST /api/admin/reports/:id/suspend">);
  });
