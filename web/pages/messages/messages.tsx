/** The inbox and a conversation, inside either dashboard's frame (issue 23). */
import { Island } from "../../components/island";
import { LockedFeature } from "../../components/locked-feature";
import type { ApiConversation, ApiInbox } from "../../../core/conversations";
import type { ApiUser, UpgradeAccount } from "../../../core/types";
import { SiteLayout } from "../layout";
import { clientNav } from "../dashboard/client";
import { practitionerNav } from "../dashboard/practitioner";
import { DashboardFrame, DashboardNav, EmptyState } from "../dashboard/frame-and-cards";
import type { ConversationTarget } from "../../islands/conversation-thread";

type Role = "client" | "practitioner";

function Frame({ user, role, unread, title, intro, children }: { user: ApiUser; role: Role; unread: number; title: string; intro: string; children: React.ReactNode }) {
  const links = role === "client" ? clientNav(unread, false) : practitionerNav(unread, false);
  return (
    <SiteLayout user={user}>
      <DashboardFrame
        eyebrow={role === "client" ? "Client dashboard" : "Practitioner dashboard"}
        title={title}
        intro={intro}
        nav={<DashboardNav label={role === "client" ? "Client dashboard" : "Practitioner dashboard"} links={links} current="Messages" />}
      >
        {children}
      </DashboardFrame>
    </SiteLayout>
  );
}

export function InboxPage({ user, role, inbox, now, emailWhenAway }: { user: ApiUser; role: Role; inbox: ApiInbox; now: string; emailWhenAway: boolean }) {
  return (
    <Frame user={user} role={role} unread={inbox.unreadTotal} title="Messages" intro={role === "client" ? "Your conversations with practitioners, newest first." : "Your conversations with clients, newest first."}>
      <Island name="ConversationInbox" props={{ inbox, role, now, emailWhenAway }} />
    </Frame>
  );
}

export function ConversationPage({ user, role, unread, conversation, start, otherName, bookingId, profileHref }: {
  user: ApiUser;
  role: Role;
  unread: number;
  conversation: ApiConversation | null;
  start?: ConversationTarget;
  otherName: string;
  bookingId: string | null;
  profileHref: string | null;
}) {
  return (
    <Frame user={user} role={role} unread={unread} title={`Conversation with ${otherName}`} intro="Messages are text only. Links open in a new tab.">
      <p className="text-sm">
        <a href={`/dashboard/${role}/messages`} className="font-semibold text-forest underline underline-offset-4">All messages</a>
        {profileHref && (
          <>
            {" · "}
            <a href={profileHref} className="font-semibold text-forest underline underline-offset-4">View profile</a>
          </>
        )}
      </p>
      <Island name="ConversationThread" props={{ conversation, start, myRole: role, otherName, bookingId }} />
    </Frame>
  );
}

/** A preview account that chose 'Send Message': the spec's upgrade prompt. */
export function MessagingLockedPage({ user, account, otherName }: { user: ApiUser; account: UpgradeAccount; otherName: string }) {
  return (
    <Frame user={user} role="client" unread={0} title={`Message ${otherName}`} intro="Messaging is part of every paid plan and the free trial.">
      <LockedFeature requiredLevel="basic" account={account}>
        <EmptyState image="/images/archetype-hummingbird.svg" title="Message your practitioners" text="Ask questions before a session and keep in touch between sessions." />
      </LockedFeature>
    </Frame>
  );
}
