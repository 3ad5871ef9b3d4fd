/**
 * Message pages (issue 23): each dashboard's inbox and conversations, and /messages/new, where
 * 'Send Message' (?practitioner=) and a session's 'Message' (?booking=) lead: the existing
 * conversation, a new one, the upgrade prompt, or sign-in for a visitor (coming back afterwards).
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { conversationPath, MESSAGE_TEXTS } from "../../core/conversations";
import { practitionerNameWithReference } from "../../core/types";
import { ConversationPage, InboxPage, MessagingLockedPage } from "../../web/pages/messages/messages";
import { requirePageRole, requirePageUser } from "../auth/guards";
import { accessInfoFor, isPermitted } from "../auth/permissions";
import { clientFullName } from "../features/bookings/service";
import { findConversationId, listInbox, readConversation, readMessageSettings, unreadTotal } from "../features/conversations/service";
import { findVisiblePractitioner } from "../features/practitioners/service";
import { first } from "../../db/client";
import { bookings, practitioners, users } from "../../db/schema";
import { eq } from "drizzle-orm";
import type { AppEnv, CurrentUser } from "../http/app-context";
import { badRequest, notFound } from "../http/errors";
import { upgradeAccount } from "./dashboard-pages";
import { renderPage } from "./render";

type Role = "client" | "practitioner";
const ROLES = { client: "client", practitioner: "practitioner" } as const;
const idText = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);

function pageRole(c: Context<AppEnv>): { user: CurrentUser; role: Role } {
  const role = c.req.param("role");
  if (role !== "client" && role !== "practitioner") throw notFound();
  return { user: requirePageRole(c, ROLES[role]), role };
}

async function renderInbox(c: Context<AppEnv>) {
  const { user, role } = pageRole(c);
  const { db, now } = c.var.deps;
  return renderPage(c, {
    title: "Messages · Pollinate",
    description: "Your conversations on Pollinate.",
    noindex: true,
    body: <InboxPage user={user} role={role} inbox={await listInbox(db, user.id)} now={now().toISOString()} emailWhenAway={(await readMessageSettings(db, user.id)).emailWhenAway} />,
  });
}

async function renderConversation(c: Context<AppEnv>) {
  const { user, role } = pageRole(c);
  const { db, now } = c.var.deps;
  const booking = c.req.query("booking");
  const conversation = await readConversation(db, user.id, c.req.param("id")!, { bookingId: booking && idText.safeParse(booking).success ? booking : null, now: now() });
  if (conversation.myRole !== role) return c.redirect(conversationPath(conversation.myRole, conversation.id), 302);
  return renderPage(c, {
    title: `Conversation with ${conversation.otherName} · Pollinate`,
    description: "A conversation on Pollinate.",
    noindex: true,
    body: (
      <ConversationPage
        user={user}
        role={role}
        unread={await unreadTotal(db, user.id)}
        conversation={conversation}
        otherName={conversation.otherName}
        bookingId={booking ?? null}
        profileHref={role === "client" ? `/practitioners/${conversation.practitionerId}` : null}
      />
    ),
  });
}

async function renderNew(c: Context<AppEnv>) {
  const user = requirePageUser(c, { redirectTo: c.req.path + (new URL(c.req.url).search || "") });
  const { db, now } = c.var.deps;
  const practitionerId = c.req.query("practitioner");
  const bookingId = c.req.query("booking");
  if (practitionerId !== undefined) {
    if (!idText.safeParse(practitionerId).success) throw notFound(MESSAGE_TEXTS.practitionerNotFound);
    const practitioner = await findVisiblePractitioner(db, practitionerId, user.id);
    if (!practitioner) throw notFound(MESSAGE_TEXTS.practitionerNotFound);
    if (practitioner.userId === user.id) throw badRequest(MESSAGE_TEXTS.self);
    const existing = await findConversationId(db, user.id, { practitionerId });
    if (existing) return c.redirect(conversationPath("client", existing), 302);
    const otherName = practitionerNameWithReference(practitioner.id, practitioner.displayName);
    if (!isPermitted(accessInfoFor(user, now()).permissions.messagePractitioners)) {
      return renderPage(c, { title: "Messages · Pollinate", description: "Messaging on Pollinate.", noindex: true, body: <MessagingLockedPage user={user} account={upgradeAccount(user, now())} otherName={otherName} /> });
    }
    return renderPage(c, {
      title: `Message ${otherName} · Pollinate`,
      description: "Ask a practitioner a question on Pollinate.",
      noindex: true,
      body: <ConversationPage user={user} role="client" unread={await unreadTotal(db, user.id)} conversation={null} start={{ practitionerId }} otherName={otherName} bookingId={null} profileHref={`/practitioners/${practitionerId}`} />,
    });
  }
  if (bookingId !== undefined && idText.safeParse(bookingId).success) {
    const row = await first(
      db
        .select({ clientId: bookings.clientId, practitionerId: bookings.practitionerId, practitionerUserId: practitioners.userId, practitionerDisplayName: practitioners.displayName, firstName: users.firstName, lastName: users.lastName })
        .from(bookings)
        .innerJoin(practitioners, eq(practitioners.id, bookings.practitionerId))
        .innerJoin(users, eq(users.id, bookings.clientId))
        .where(eq(bookings.id, bookingId))
        .limit(1),
    );
    if (!row || (row.clientId !== user.id && row.practitionerUserId !== user.id)) throw notFound(MESSAGE_TEXTS.notFound);
    const role: Role = row.clientId === user.id ? "client" : "practitioner";
    const existing = await findConversationId(db, user.id, { bookingId });
    if (existing) return c.redirect(`${conversationPath(role, existing)}?booking=${encodeURIComponent(bookingId)}`, 302);
    const otherName = role === "client" ? practitionerNameWithReference(row.practitionerId, row.practitionerDisplayName) : clientFullName(row.firstName, row.lastName);
    if (role === "client" && !isPermitted(accessInfoFor(user, now()).permissions.messagePractitioners)) {
      return renderPage(c, { title: "Messages · Pollinate", description: "Messaging on Pollinate.", noindex: true, body: <MessagingLockedPage user={user} account={upgradeAccount(user, now())} otherName={otherName} /> });
    }
    return renderPage(c, {
      title: `Message ${otherName} · Pollinate`,
      description: "A conversation about your session on Pollinate.",
      noindex: true,
      body: <ConversationPage user={user} role={role} unread={await unreadTotal(db, user.id)} conversation={null} start={{ bookingId }} otherName={otherName} bookingId={bookingId} profileHref={role === "client" ? `/practitioners/${row.practitionerId}` : null} />,
    });
  }
  throw notFound(MESSAGE_TEXTS.notFound);
}

export const conversationPages = new Hono<AppEnv>()
  .get("/messages/new", renderNew)
  .get("/dashboard/:role/messages", renderInbox)
  .get("/dashboard/:role/messages/:id", renderConversation);
