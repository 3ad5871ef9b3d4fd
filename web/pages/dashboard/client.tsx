import { Island } from "../../components/island";
import { LockedFeature } from "../../components/locked-feature";
import type { DashboardBooking } from "../../../core/bookings";
import type { WaitlistEntryAnswer } from "../../../core/waitlist";
import { CLIENT_DASHBOARD_FAVORITES } from "../../../core/constants";
import { SURVEY_ESTIMATED_TIME } from "../../../core/survey";
import { SiteLayout } from "../layout";
import { BookingRows, clientZoneNote, clientZoneOf, SessionCard } from "./bookings";
import { AccountOverview, AccountSettings, DashboardFrame, DashboardNav, EmptyState, greeting, QuickActions, Section, ShowAllSessions, type DashboardProps, type SidebarLink } from "./frame-and-cards";
import { inboxPath } from "../../../core/conversations";
import { countNoun, NOUNS } from "../../../core/plural";

/** The client dashboard's sidebar; Messages opens the inbox and shows the live unread count. */
export function clientNav(unreadMessages: number, onDashboard = true): SidebarLink[] {
  const here = onDashboard ? "" : "/dashboard/client";
  return [
    { href: `${here}#overview`, label: "Dashboard" },
    { href: "/practitioners", label: "Find Practitioners" },
    { href: `${here}#sessions`, label: "My Sessions" },
    { href: inboxPath("client"), label: "Messages", badge: <Island name="UnreadMessages" props={{ initial: unreadMessages }} /> },
    { href: "/dashboard/client/favorites", label: "Favorites" },
    { href: `${here}#profile`, label: "Profile" },
    { href: `${here}#settings`, label: "Settings" },
  ];
}

/** What the server loads for the client dashboard: the next few sessions and the latest history rows. */
export interface ClientSessions {
  upcoming: DashboardBooking[];
  /** How many upcoming sessions there are in all (the list holds the first few unless showingAll). */
  upcomingTotal: number;
  showingAll: boolean;
  history: DashboardBooking[];
  /** Sessions ahead that were cancelled or expired, the most recently ended first (decision 028). */
  ended?: DashboardBooking[];
  /** The server's clock (which actions a booking still allows). */
  now: string;
  /** The zone of the client's latest booking that has one: for bookings made without a zone; null when none is known (then UTC). */
  timeZone: string | null;
  /** Whether the client has a private calendar feed. */
  hasCalendarFeed?: boolean;
  /** The client's waitlists with their open offers (decision 028). */
  waitlists?: WaitlistEntryAnswer[];
  /** The offer an e-mail link points at (?offer=…), outlined. */
  highlightOffer?: string | null;
}

/** The client dashboard (seekers): upcoming sessions, booking history, messages and favourites. */
export function ClientDashboard({ user, account, canMessage, sessions, billing, unreadMessages = 0 }: DashboardProps & { canMessage: boolean; sessions: ClientSessions; unreadMessages?: number }) {
  const zoneOf = (booking: DashboardBooking) => clientZoneOf(booking, sessions.timeZone);
  const zoneNote = (list: DashboardBooking[]) => {
    const note = clientZoneNote(list.map(zoneOf), new Date(sessions.now));
    return note && <p className="-mt-2 mb-4 text-sm text-muted" data-testid="time-zone-note">{note}</p>;
  };
  return (
    <SiteLayout user={user}>
      <DashboardFrame
        eyebrow="Client dashboard"
        title={greeting(user)}
        intro="Your sessions, saved practitioners and messages, all in one place."
        nav={<DashboardNav label="Client dashboard" links={clientNav(unreadMessages)} />}
      >
        <AccountOverview user={user} account={account} roleLabel="Seeker account" />

        <Section id="sessions" title="Upcoming Sessions" action={<a href="/hive" className="btn-primary">Book Session</a>}>
          {sessions.upcoming.length > 0 ? (
            <>
              {zoneNote(sessions.upcoming)}
              <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Upcoming sessions">
                {sessions.upcoming.map((booking) => (
                  <li key={booking.id}>
                    <SessionCard booking={booking} now={sessions.now} timeZone={zoneOf(booking)} />
                  </li>
                ))}
              </ul>
              <ShowAllSessions path="/dashboard/client" anchor="sessions" shown={sessions.upcoming.length} total={sessions.upcomingTotal} showingAll={sessions.showingAll} what="upcoming sessions" />
            </>
          ) : (
            <EmptyState title="No sessions booked yet" text="When you book a session it appears here with its date, time and how to join." action={<a href="/practitioners" className="btn-outline">Find a Practitioner</a>} />
          )}
        </Section>

        <Section id="waitlist" title="Waitlists">
          <Island name="WaitlistPanel" props={{ entries: sessions.waitlists ?? [], highlightOffer: sessions.highlightOffer ?? null }} />
        </Section>

        <Section title="Quick Actions">
          <QuickActions
            actions={[
              { href: "/hive", label: "Book Session", primary: true },
              { href: "/practitioners", label: "Browse Practitioners" },
              { href: "/garden", label: "Visit the Garden" },
              { href: "/survey", label: "Take the Survey" },
            ]}
          />
        </Section>

        <Section id="history" title="Booking History" action={<a href="/dashboard/client/sessions" className="btn-outline" data-testid="see-all-sessions">See all sessions</a>}>
          {sessions.history.length > 0 ? (
            <>
              {zoneNote(sessions.history)}
              <BookingRows bookings={sessions.history} who="practitioner" label="Latest bookings" zoneOf={zoneOf} actions={(booking) => <Island name="BookingActions" props={{ booking, viewer: "client", now: sessions.now, shownTimeZone: zoneOf(booking) }} />} />
            </>
          ) : (
            <EmptyState image="/images/archetype-beetle.svg" title="No past sessions yet" text="After your first session it is listed here, with its status." />
          )}
          {(sessions.ended ?? []).length > 0 && (
            <div className="mt-6">
              <h3 className="mb-3 text-lg font-semibold text-forest">Recently cancelled or expired</h3>
              <BookingRows bookings={sessions.ended!} who="practitioner" label="Recently cancelled or expired" zoneOf={zoneOf} />
            </div>
          )}
        </Section>

        <Section id="messages" title="Messages">
          {canMessage ? (
            <EmptyState
              image="/images/archetype-hummingbird.svg"
              title={unreadMessages > 0 ? `${countNoun(unreadMessages, NOUNS.unreadMessage)}` : "Your conversations"}
              text="Ask a practitioner a question before you book, or talk about a booked session."
              action={<a href={inboxPath("client")} className="btn-outline">View Messages</a>}
            />
          ) : (
            <LockedFeature requiredLevel="basic" account={account}>
              <EmptyState image="/images/archetype-hummingbird.svg" title="Message your practitioners" text="Ask questions before a session and keep in touch between sessions." />
            </LockedFeature>
          )}
        </Section>

        <Section id="favorites" title="Favorites">
          <Island name="FavoritePractitioners" props={{ userId: user.id, limit: CLIENT_DASHBOARD_FAVORITES }} hydrate="idle" />
        </Section>

        <AccountSettings user={user} hasCalendarFeed={sessions.hasCalendarFeed ?? false} billing={billing} />

        <aside aria-label="Founding members" className="card grid gap-4 bg-forest p-6 text-cream sm:grid-cols-[1fr_auto] sm:items-center">
          <div>
            <p className="font-display text-2xl">Help shape Pollinate</p>
            <p className="mt-1 text-sm text-cream/85">{`Founding members decide what blooms next. The survey takes ${SURVEY_ESTIMATED_TIME}.`}</p>
          </div>
          <a href="/survey" className="btn-honey">Take the Survey</a>
        </aside>
      </DashboardFrame>
    </SiteLayout>
  );
}
