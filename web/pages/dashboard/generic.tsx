import { CalendarIcon, ChatIcon, CheckCircleIcon, HeartIcon } from "../../components/account-icons";
import type { ApiUser } from "../../../core/types";
import { SiteLayout } from "../layout";
import { conversationPath, inboxPath, type ApiConversationSummary } from "../../../core/conversations";
import { relativeAge } from "../../features/reviews/relative-age";
import { greeting, QuickActions, Section, StatCard } from "./frame-and-cards";

/** The fixed placeholder figures of SPEC.md section 2 ("Generic dashboard"); messages is the real unread count (issue 23). */
export const GENERIC_DASHBOARD_STATS = { upcoming: 2, total: 12, saved: 3 } as const;

/** An activity item (SPEC.md, "Activity item"). */
export interface ActivityItem {
  id: string;
  type: "session" | "message" | "review" | "booking" | "payment" | "profile";
  title: string;
  description: string;
  timestamp: string;
  status: "completed" | "pending" | "cancelled";
  /** Where the item leads (a message: its conversation). */
  href?: string;
}

const DAY_MS = 86_400_000;

/** The fixed placeholder items of SPEC.md (a session, a saved practitioner), dated from `now`. */
function placeholderActivity(now: Date): ActivityItem[] {
  return [
    { id: "a1", type: "session", title: "Session completed", description: "A grounding session with a Bee facilitator", timestamp: new Date(now.getTime() - 2 * DAY_MS).toISOString(), status: "completed" },
    { id: "a3", type: "profile", title: "Practitioner saved", description: "You added a Butterfly guide to your favourites", timestamp: new Date(now.getTime() - 7 * DAY_MS).toISOString(), status: "completed" },
  ];
}

/** Activity items of type `message`: the person's latest conversations (issue 23), unread ones pending. */
export function messageActivity(conversations: ApiConversationSummary[]): ActivityItem[] {
  return conversations
    .filter((c) => c.lastMessageAt !== null)
    .map((c) => ({
      id: `message-${c.id}`,
      type: "message" as const,
      title: c.unreadCount > 0 ? `New message from ${c.otherName}` : `Conversation with ${c.otherName}`,
      description: c.lastLine ?? "",
      timestamp: c.lastMessageAt!,
      status: c.unreadCount > 0 ? ("pending" as const) : ("completed" as const),
      href: conversationPath(c.otherRole === "practitioner" ? "client" : "practitioner", c.id),
    }));
}

/** Where 'View Messages' leads: the client's inbox, else the practitioner's, else home. */
export function messagesTarget(user: Pick<ApiUser, "roles">): string {
  if (user.roles.includes("client")) return inboxPath("client");
  if (user.roles.includes("practitioner")) return inboxPath("practitioner");
  return "/";
}

/** The dashboard of a signed-in user with none of the three roles. */
export function GenericDashboard({ user, unreadMessages = 0, messages = [], now = new Date().toISOString() }: { user: ApiUser & { signedInBefore?: boolean }; unreadMessages?: number; messages?: ActivityItem[]; now?: string }) {
  const stats = GENERIC_DASHBOARD_STATS;
  const activity = [...messages, ...placeholderActivity(new Date(now))].sort((a, b) => b.timestamp.localeCompare(a.timestamp)).slice(0, 5);
  return (
    <SiteLayout user={user}>
      <div className="container-page space-y-10 py-8 sm:py-10">
        <header>
          <p className="eyebrow">Your dashboard</p>
          <h1 className="mt-2 text-3xl font-semibold text-forest wrap-anywhere sm:text-4xl">{`${greeting(user)}!`}</h1>
          <p className="mt-2 text-muted">Here's what's growing in your wellness garden.</p>
        </header>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="generic-stats">
          <StatCard label="Upcoming Sessions" value={stats.upcoming} icon={<CalendarIcon />} />
          <StatCard label="Total Sessions" value={stats.total} icon={<CheckCircleIcon />} />
          <StatCard label="Messages" value={unreadMessages} note="unread" icon={<ChatIcon />} />
          <StatCard label="Saved Practitioners" value={stats.saved} icon={<HeartIcon />} />
        </div>
        <div className="grid gap-8 lg:grid-cols-[1.4fr_1fr]">
          <Section title="Recent Activity">
            <ul className="card divide-y divide-forest/10" aria-label="Recent activity">
              {activity.map((item) => (
                <li key={item.id} className="flex items-start justify-between gap-4 p-4" data-testid="activity-item" data-type={item.type}>
                  <div className="min-w-0">
                    <p className="font-semibold text-ink wrap-anywhere">
                      {item.href ? <a href={item.href} className="hover:underline">{item.title}</a> : item.title}
                    </p>
                    <p className="truncate text-sm text-muted">{item.description}</p>
                  </div>
                  <time dateTime={item.timestamp} className="shrink-0 text-xs text-muted">{relativeAge(item.timestamp, new Date(now))}</time>
                </li>
              ))}
            </ul>
          </Section>
          <Section title="Quick Actions">
            <div className="card p-5">
              <QuickActions
                actions={[
                  { href: "/hive", label: "Book New Session", primary: true },
                  { href: "/practitioners", label: "Browse Practitioners" },
                  { href: messagesTarget(user), label: "View Messages" },
                ]}
              />
            </div>
          </Section>
        </div>
      </div>
    </SiteLayout>
  );
}
