import { Island } from "../../components/island";
import { CalendarIcon, CheckCircleIcon, CoinIcon, StarOutlineIcon } from "../../components/account-icons";
import type { DashboardBooking, PractitionerClientSummary } from "../../../core/bookings";
import { ReviewItem } from "../../features/reviews/review-item";
import type { ApiReview } from "../../../core/reviews";
import { formatDollars } from "../../../core/money";
import { practitionerDisplayName } from "../../../core/types";
import { SiteLayout } from "../layout";
import { BookingRows, BookingStatusBadge, When } from "./bookings";
import { formatDateIn, formatMonthIn, zoneLabel } from "../../features/bookings/time";
import { timeZoneDisplayName } from "../../../core/time-zones";
import { AccountOverview, AccountSettings, DashboardFrame, DashboardNav, EmptyState, greeting, QuickActions, Section, ShowAllSessions, StatCard, type DashboardProps } from "./frame-and-cards";
import { countNoun, NOUNS } from "../../../core/plural";
import { inboxPath } from "../../../core/conversations";
import type { SidebarLink } from "./frame-and-cards";

const PROFILE_EDITOR = "/dashboard/practitioner/profile";
export const AVAILABILITY_EDITOR = "/dashboard/practitioner/availability";
/** The next sessions shown as cards above booking management. */
const PRACTITIONER_UPCOMING_CARDS = 3;

/** The practitioner dashboard's sidebar; Messages opens the inbox and shows the live unread count. */
export function practitionerNav(unreadMessages: number, onDashboard = true): SidebarLink[] {
  const here = onDashboard ? "" : "/dashboard/practitioner";
  return [
    { href: `${here}#overview`, label: "Dashboard" },
    { href: `${here}#schedule`, label: "Schedule" },
    { href: `${here}#clients`, label: "Clients" },
    { href: inboxPath("practitioner"), label: "Messages", badge: <Island name="UnreadMessages" props={{ initial: unreadMessages }} /> },
    { href: `${here}#reviews`, label: "Reviews" },
    { href: PROFILE_EDITOR, label: "Profile" },
    { href: `${here}#settings`, label: "Settings" },
  ];
}

/** What the server loads for a practitioner who has a profile. */
export interface PractitionerPractice {
  practitionerId: string;
  /** Decimal text with 2 places; null before the first review. */
  averageRating: string | null;
  upcomingCount: number;
  completedCount: number;
  /** The practitioner's availability zone: every time, "this month" and "this week" are in it. */
  timeZone: string;
  /** Decimal text: completed sessions scheduled in the current calendar month (in `timeZone`). */
  monthlyEarnings: string;
  /** Of those, marked paid (the amounts received) and not yet marked paid (their totals): decimal text. */
  monthlyPaid?: string;
  monthlyOutstanding?: string;
  /** Completed sessions of this month, to mark paid (issue 24). */
  completedThisMonth?: DashboardBooking[];
  /** The next sessions, the soonest first. */
  upcoming: DashboardBooking[];
  /** Booking management: open bookings (scheduled, pending, confirmed) from the last weeks on, soonest first. */
  management: DashboardBooking[];
  /** How many open bookings there are in all (management holds the first few unless showingAll). */
  managementTotal: number;
  showingAll: boolean;
  /** Sessions still to come this week (Monday to Sunday, in `timeZone`). */
  thisWeek: { sessions: number; minutes: number };
  /** One line per weekday with hours ("Monday · 09:00–12:00, 13:00–17:00"), the zone, and whether saved. */
  availability: { lines: string[]; timeZone: string; saved: boolean; takingBookings: boolean } | null;
  /** Whether the practitioner has a private calendar feed. */
  hasCalendarFeed?: boolean;
  /** How many clients wait on the practitioner's waitlist (decision 028). */
  waiting?: number;
  clients: PractitionerClientSummary[];
  /** The latest reviews. */
  reviews: ApiReview[];
  /** The server's clock: the reviews' ages and the earnings' month. */
  renderedAt: string;
}

const linkClass = "font-semibold text-forest underline decoration-honey decoration-2 underline-offset-4";

function CreateProfileCall() {
  return (
    <section aria-labelledby="create-profile-title" className="card border-2 border-honey bg-honey-light p-6 sm:p-8" data-testid="create-profile">
      <h2 id="create-profile-title" className="text-2xl font-semibold text-forest">Create your practitioner profile</h2>
      <p className="mt-2 max-w-2xl text-ink">
        Clients find and book you through your profile: your archetype, experience, specializations, rate and where you meet. Until it exists you are not listed in the directory or the Hive.
      </p>
      <a href={PROFILE_EDITOR} className="btn-primary mt-5">Create Your Profile</a>
    </section>
  );
}

/** "Times are in your availability's time zone, America/New York (GMT-5)." */
function practitionerZoneNote(practice: Pick<PractitionerPractice, "timeZone" | "renderedAt">): string {
  return `Times are in your availability's time zone, ${zoneLabel(practice.timeZone, new Date(practice.renderedAt))}.`;
}

function PracticeStats({ practice }: { practice: PractitionerPractice }) {
  const rating = practice.averageRating === null ? null : Number(practice.averageRating);
  const month = formatMonthIn(practice.renderedAt, practice.timeZone);
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="practice-stats">
      <StatCard label="Upcoming Sessions" value={practice.upcomingCount} icon={<CalendarIcon />} />
      <StatCard label="Completed Sessions" value={practice.completedCount} icon={<CheckCircleIcon />} />
      <StatCard label="Average Rating" value={rating === null ? "—" : rating.toFixed(1)} note={rating === null ? "No reviews yet" : undefined} icon={<StarOutlineIcon />} />
      <StatCard
        label="This Month's Earnings"
        value={formatDollars(practice.monthlyEarnings)}
        note={`Completed in ${month} (${timeZoneDisplayName(practice.timeZone)} time)${practice.monthlyPaid !== undefined ? ` · Paid ${formatDollars(practice.monthlyPaid)} · Outstanding ${formatDollars(practice.monthlyOutstanding)}` : ""}`}
        icon={<CoinIcon />}
      />
    </div>
  );
}

/** The practitioner dashboard (facilitators): figures, upcoming bookings, clients and reviews. */
export function PractitionerDashboard({ user, account, practice, billing, unreadMessages = 0 }: DashboardProps & { practice: PractitionerPractice | null; unreadMessages?: number }) {
  const publicProfile = practice && `/practitioners/${practice.practitionerId}`;
  return (
    <SiteLayout user={user}>
      <DashboardFrame
        eyebrow="Practitioner dashboard"
        title={greeting(user)}
        intro="Your schedule, clients and reviews: tend your practice from here."
        nav={<DashboardNav label="Practitioner dashboard" links={practitionerNav(unreadMessages)} />}
      >
        {practice ? (
          <>
            <PracticeStats practice={practice} />
            <div className="card flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-muted">
                Clients see you as <span className="font-semibold text-ink">{practitionerDisplayName(practice.practitionerId)}</span>.
              </p>
              <div className="flex flex-wrap gap-3">
                <a href={publicProfile!} className="btn-outline">View Public Profile</a>
                <a href={PROFILE_EDITOR} className="btn-ghost">Edit Profile</a>
              </div>
            </div>
          </>
        ) : (
          <CreateProfileCall />
        )}

        <AccountOverview user={user} account={account} roleLabel="Facilitator account" />

        {practice && (
          <Section id="upcoming" title="Upcoming Sessions">
            {practice.upcoming.length > 0 ? (
              <ul className="grid gap-3 md:grid-cols-3" aria-label="Upcoming sessions">
                {practice.upcoming.slice(0, PRACTITIONER_UPCOMING_CARDS).map((b) => (
                  <li key={b.id} className="card p-4 text-sm">
                    <p className="font-semibold text-ink"><When iso={b.scheduledDatetime} timeZone={practice.timeZone} /></p>
                    <p className="mt-1 text-muted">{b.clientName} · {b.duration} min · {b.isVirtual ? "Virtual" : "In person"}</p>
                    <div className="mt-2 flex flex-wrap items-center gap-2">
                      <BookingStatusBadge status={b.status} cancelledBy={b.cancelledBy} />
                      {/* the practitioner joins their virtual sessions from here too (decision 028) */}
                      {b.status === "confirmed" && b.isVirtual && b.meetingLink && (
                        <a href={b.meetingLink} target="_blank" rel="noopener noreferrer" className="btn-primary px-3 py-1 text-xs" data-testid="practitioner-join">
                          Join<span className="sr-only"> the session with {b.clientName} (opens the meeting)</span>
                        </a>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="card p-5 text-sm text-muted">Nothing booked ahead yet.</p>
            )}
          </Section>
        )}

        {practice && practice.completedThisMonth && practice.completedThisMonth.length > 0 && (
          <Section id="session-payments" title="Session Payments">
            <p className="-mt-2 mb-4 text-sm text-muted">
              This month's completed sessions. Pollinate takes no money for sessions: mark each one paid when your client has paid you (the amount if it differs).
            </p>
            <BookingRows bookings={practice.completedThisMonth} who="client" label="Session payments" zoneOf={() => practice.timeZone} actions={(booking) => <Island name="BookingActions" props={{ booking, viewer: "practitioner", now: practice.renderedAt, shownTimeZone: practice.timeZone }} />} />
          </Section>
        )}

        <Section
          id="schedule"
          title="Booking Management"
          action={practice ? (
            <div className="flex flex-wrap gap-2">
              <a href="/dashboard/practitioner/sessions" className="btn-outline" data-testid="see-all-sessions">See all sessions</a>
              <a href={AVAILABILITY_EDITOR} className="btn-outline">Edit Availability</a>
            </div>
          ) : undefined}
        >
          {practice && practice.management.length > 0 ? (
            <>
              <p className="-mt-2 mb-4 text-sm text-muted">
                Open bookings, the soonest first{practice.managementTotal > practice.management.length ? ` (the first ${practice.management.length} of ${practice.managementTotal})` : ""}. Confirm new ones; after a session, mark it completed or a no-show.{" "}
                <span data-testid="time-zone-note">{practitionerZoneNote(practice)}</span>
              </p>
              <BookingRows bookings={practice.management} who="client" label="Booking management" zoneOf={() => practice.timeZone} actions={(booking) => <Island name="BookingActions" props={{ booking, viewer: "practitioner", now: practice.renderedAt, shownTimeZone: practice.timeZone }} />} />
              <ShowAllSessions path="/dashboard/practitioner" anchor="schedule" shown={practice.management.length} total={practice.managementTotal} showingAll={practice.showingAll} what="open bookings" />
            </>
          ) : (
            <EmptyState title="No sessions booked yet" text="When clients book you, their sessions appear here with date, time and session type." action={<a href="/hive" className="btn-outline">See The Hive</a>} />
          )}
        </Section>

        {practice && (
          <div className="grid gap-4 md:grid-cols-2">
            <section className="card p-5" aria-labelledby="this-week-title" data-testid="this-week">
              <h2 id="this-week-title" className="text-lg font-semibold text-forest">This Week</h2>
              <p className="mt-2 font-display text-3xl font-semibold text-ink">{countNoun(practice.thisWeek.sessions, NOUNS.session)}</p>
              <p className="mt-1 text-sm text-muted">{practice.thisWeek.minutes > 0 ? `${countNoun(Math.round((practice.thisWeek.minutes / 60) * 10) / 10, NOUNS.hour)} still to come this week (Monday to Sunday, ${timeZoneDisplayName(practice.timeZone)} time).` : "Nothing more booked this week."}</p>
              {(practice.waiting ?? 0) > 0 && (
                <p className="mt-2 text-sm text-ink" data-testid="waitlist-count">{practice.waiting === 1 ? "1 person is" : `${practice.waiting} people are`} on your waitlist: a time you free up is offered to them first.</p>
              )}
            </section>
            <section className="card p-5" aria-labelledby="availability-title" data-testid="availability-summary">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id="availability-title" className="text-lg font-semibold text-forest">Availability</h2>
                <a href={AVAILABILITY_EDITOR} className={linkClass}>Edit availability</a>
              </div>
              {practice.availability ? (
                <>
                  {practice.availability.lines.length > 0 ? (
                    <ul className="mt-2 space-y-1 text-sm text-ink">
                      {practice.availability.lines.map((line) => <li key={line}>{line}</li>)}
                    </ul>
                  ) : (
                    <p className="mt-2 text-sm text-ink">No weekly hours: clients cannot book you.</p>
                  )}
                  <p className="mt-2 text-xs text-muted">{timeZoneDisplayName(practice.availability.timeZone)}{practice.availability.saved ? "" : " · the default hours, not yet saved by you"}</p>
                  {!practice.availability.takingBookings && (
                    <p className="mt-3 rounded-xl border border-honey bg-honey-light px-3 py-2 text-sm text-ink" data-testid="not-taking-bookings">
                      Not taking bookings yet: clients can book you once you have saved your hours. <a href={AVAILABILITY_EDITOR} className={linkClass}>Check your hours and time zone, then save</a>.
                    </p>
                  )}
                </>
              ) : (
                <p className="mt-2 text-sm text-muted">Set the hours clients can book you.</p>
              )}
            </section>
          </div>
        )}

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
            {practice && practice.clients.length > 0 ? (
              <ul className="card divide-y divide-forest/10" aria-label="Clients">
                {practice.clients.map((client) => (
                  <li key={client.clientId} className="px-5 py-3">
                    <span className="block font-medium text-ink">{client.clientName}</span>
                    <span className="block text-sm text-muted">
                      {countNoun(client.sessions, NOUNS.session)} · latest <time dateTime={client.latestSession}>{formatDateIn(client.latestSession, practice.timeZone)}</time>
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState image="/images/archetype-butterfly.svg" title="Your client list starts here" text="Everyone who books a session with you will be listed here." />
            )}
          </Section>
          <Section id="reviews" title="Recent Reviews" action={practice && practice.reviews.length > 0 ? <a href={`${publicProfile}?tab=reviews`} className={linkClass}>All reviews</a> : undefined}>
            {practice && practice.reviews.length > 0 ? (
              <ul className="space-y-4" aria-label="Recent reviews">
                {practice.reviews.map((review) => (
                  <ReviewItem key={review.id} review={review} now={practice.renderedAt} />
                ))}
              </ul>
            ) : (
              <EmptyState image="/images/archetype-beetle.svg" title="No reviews yet" text="Clients can review you after a completed session." />
            )}
          </Section>
        </div>

        <Section id="messages" title="Messages">
          <EmptyState
            image="/images/archetype-hummingbird.svg"
            title={unreadMessages > 0 ? countNoun(unreadMessages, NOUNS.unreadMessage) : "Your conversations"}
            text="Questions from clients and messages about booked sessions."
            action={<a href={inboxPath("practitioner")} className="btn-outline">View Messages</a>}
          />
        </Section>

        <AccountSettings user={user} hasCalendarFeed={practice?.hasCalendarFeed ?? false} billing={billing} />
      </DashboardFrame>
    </SiteLayout>
  );
}
