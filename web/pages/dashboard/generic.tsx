import { CalendarIcon, ChatIcon, CheckCircleIcon, HeartIcon } from "../../components/account-icons";
import type { ApiUser } from "../../../core/types";
import { SiteLayout } from "../layout";
import { inboxPath } from "../../../core/conversations";
import { greeting, QuickActions, Section, StatCard } from "./parts";

/** The fixed placeholder figures of SPEC.md section 2 ("Generic dashboard"); messages is the real unread count (issue 23). */
export const GENERIC_DASHBOARD_STATS = { upcoming: 2, total: 12, saved: 3 } as const;

const ACTIVITY = [
  { id: "a1", title: "Session completed", text: "A grounding session with a Bee facilitator", when: "2 days ago" },
  { id: "a2", title: "New message", text: "Your practitioner shared a breathing exercise", when: "3 days ago" },
  { id: "a3", title: "Practitioner saved", text: "You added a Butterfly guide to your favourites", when: "1 week ago" },
];

/** Where 'View Messages' leads: the client's inbox, else the practitioner's, else home. */
export function messagesTarget(user: Pick<ApiUser, "roles">): string {
  if (user.roles.includes("client")) return inboxPath("client");
  if (user.roles.includes("practitioner")) return inboxPath("practitioner");
  return "/";
}

/** The dashboard of a signed-in user with none of the three roles. */
export function GenericDashboard({ user, unreadMessages = 0 }: { user: ApiUser & { signedInBefore?: boolean }; unreadMessages?: number }) {
  const stats = GENERIC_DASHBOARD_STATS;
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
            <ul className="card divide-y divide-forest/10">
              {ACTIVITY.map((item) => (
                <li key={item.id} className="flex items-start justify-between gap-4 p-4">
                  <div>
                    <p className="font-semibold text-ink">{item.title}</p>
                    <p className="text-sm text-muted">{item.text}</p>
                  </div>
                  <span className="shrink-0 text-xs text-muted">{item.when}</span>
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
