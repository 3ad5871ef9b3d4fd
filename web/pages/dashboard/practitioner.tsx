import { SiteLayout } from "../layout";
import { AccountOverview, AccountSettings, DashboardFrame, DashboardNav, EmptyState, greetingName, QuickActions, Section, type DashboardProps } from "./parts";

const PRACTITIONER_NAV = [
  { href: "#overview", label: "Dashboard" },
  { href: "#schedule", label: "Schedule" },
  { href: "#clients", label: "Clients" },
  { href: "#messages", label: "Messages" },
  { href: "#reviews", label: "Reviews" },
  { href: "#profile", label: "Profile" },
  { href: "#settings", label: "Settings" },
];

/** The practitioner dashboard (facilitators). Bookings, earnings and reviews fill in as those features land. */
export function PractitionerDashboard({ user, account }: DashboardProps) {
  return (
    <SiteLayout user={user}>
      <DashboardFrame
        eyebrow="Practitioner dashboard"
        title={`Welcome back, ${greetingName(user)}`}
        intro="Your schedule, clients and reviews: tend your practice from here."
        nav={<DashboardNav label="Practitioner dashboard" links={PRACTITIONER_NAV} />}
      >
        <AccountOverview user={user} account={account} roleLabel="Facilitator account" />

        <Section id="schedule" title="Upcoming Sessions">
          <EmptyState title="No sessions booked yet" text="When clients book you, their sessions appear here with date, time and session type." action={<a href="/hive" className="btn-outline">See The Hive</a>} />
        </Section>

        <Section title="Quick Actions">
          <QuickActions
            actions={[
              { href: "/hive", label: "View The Hive", primary: true },
              { href: "/garden", label: "Share in the Garden" },
              { href: "/resources", label: "Facilitator Resources" },
              { href: "/survey", label: "Take the Survey" },
            ]}
          />
        </Section>

        <div className="grid gap-8 lg:grid-cols-2">
          <Section id="clients" title="Clients">
            <EmptyState image="/images/archetype-butterfly.svg" title="Your client list starts here" text="Everyone who books a session with you will be listed here." />
          </Section>
          <Section id="reviews" title="Recent Reviews">
            <EmptyState image="/images/archetype-beetle.svg" title="No reviews yet" text="Clients can review you after a completed session." />
          </Section>
        </div>

        <Section id="messages" title="Messages">
          <EmptyState image="/images/archetype-hummingbird.svg" title="No messages yet" text="Questions from clients will appear here." />
        </Section>

        <AccountSettings user={user} />
      </DashboardFrame>
    </SiteLayout>
  );
}
