/** The role-based home and the dashboards; each refuses other roles on the server. */
import { Hono, type Context } from "hono";
import type { Role } from "../../core/enums";
import { ADMIN_REQUIRED_MESSAGE } from "../../core/access-texts";
import type { UpgradeAccount } from "../../core/types";
import { AvailabilityPage } from "../../web/pages/dashboard/availability";
import { ClientDashboard } from "../../web/pages/dashboard/client";
import { GenericDashboard, messageActivity } from "../../web/pages/dashboard/generic";
import { PractitionerDashboard } from "../../web/pages/dashboard/practitioner";
import { favoriteQueries } from "../../web/features/favorites/queries";
import { AVAILABILITY_QUERY_KEY } from "../../web/islands/availability-editor";
import {
  CLIENT_DASHBOARD_HISTORY_ROWS,
  CLIENT_DASHBOARD_UPCOMING,
  DASHBOARD_ALL_SESSIONS_MAX,
  DASHBOARD_ALL_SESSIONS_PARAM,
  PRACTITIONER_DASHBOARD_BOOKINGS,
  PRACTITIONER_DASHBOARD_CLIENTS,
  PRACTITIONER_DASHBOARD_REVIEWS,
} from "../../core/constants";
import { centsToDecimal } from "../../core/money";
import type { PractitionerPractice } from "../../web/pages/dashboard/practitioner";
import { accessInfoFor, isPermitted } from "../auth/permissions";
import { getAvailabilitySettings } from "../features/bookings/availability";
import { hasFeedToken } from "../features/bookings/calendar-feed";
import { WEEKDAY_LABELS, WEEKDAYS } from "../../core/availability";
import type { Db } from "../../db/client";
import { bookingOwner, listBookingsPage, SESSION_FILTERS } from "../features/bookings/service";
import { countWaiting, listWaitlists } from "../features/bookings/waitlist";
import { SessionsPage } from "../../web/pages/dashboard/sessions";
import { clientZoneNote, clientZoneOf } from "../../web/pages/dashboard/bookings";
import { zoneLabel } from "../../web/features/bookings/time";
import { z } from "zod";
import { listRecentlyEnded } from "../features/bookings/service";
import { countUpcomingBookings, latestClientTimeZone, listBookingHistory, monthBoundsIn, listPractitionerClients, listUpcomingBookings, practitionerBookingStats, type BookingOwner } from "../features/bookings/service";
import { listFavorites } from "../features/favorites/service";
import { listInbox, unreadTotal } from "../features/conversations/service";
import { averageRatingText, findPractitionerByUserId } from "../features/practitioners/service";
import { listPractitionerReviews } from "../features/reviews/service";
import type { AppEnv, CurrentUser } from "../http/app-context";
import { forbidden } from "../http/errors";
import { renderPage } from "./render";
import { billingView } from "./payment-pages";
import { monthlyPaidAndOutstanding } from "../features/payments/sessions";
import { renderAdminSurveyPage } from "./admin-pages";
import { requirePageRole, requirePageUser } from "../auth/guards";

const ROLE_REFUSALS: Record<Role, string> = {
  admin: ADMIN_REQUIRED_MESSAGE,
  practitioner: "The practitioner dashboard is only for facilitator accounts.",
  client: "The client dashboard is only for client accounts.",
};

/** What the upgrade dialog and access card show, computed on the server. */
export function upgradeAccount(user: CurrentUser, now: Date, config?: { paymentsEnabled: boolean }): UpgradeAccount {
  const access = accessInfoFor(user, now);
  return {
    accessLevel: access.accessLevel,
    subscriptionStatus: access.subscriptionStatus,
    trialEndDate: access.trialEndDate,
    trialUsed: user.trialEndDate !== null,
    payments: config?.paymentsEnabled ?? false,
  };
}

function renderAdminSurvey(c: Context<AppEnv>, user: CurrentUser) {
  return renderAdminSurveyPage(c, user);
}

async function renderClientDashboard(c: Context<AppEnv>, user: CurrentUser): Promise<Response> {
  const { db } = c.var.deps;
  const now = c.var.deps.now();
  const canMessage = isPermitted(accessInfoFor(user, now).permissions.messagePractitioners);
  const owner: BookingOwner = { view: "client", clientId: user.id };
  const showingAll = wantsAllSessions(c);
  const sessions = {
    upcoming: await listUpcomingBookings(db, owner, now, showingAll ? DASHBOARD_ALL_SESSIONS_MAX : CLIENT_DASHBOARD_UPCOMING),
    upcomingTotal: await countUpcomingBookings(db, owner, now),
    showingAll,
    history: await listBookingHistory(db, owner, now, CLIENT_DASHBOARD_HISTORY_ROWS),
    ended: await listRecentlyEnded(db, owner, now, CLIENT_DASHBOARD_HISTORY_ROWS),
    now: now.toISOString(),
    timeZone: await latestClientTimeZone(db, user.id),
    hasCalendarFeed: await hasFeedToken(db, user.id),
    waitlists: await listWaitlists(db, user.id, now),
    highlightOffer: c.req.query("offer") ?? null,
  };
  return renderPage(c, {
    title: "Client Dashboard · Pollinate",
    description: "Your upcoming sessions, session history and favorite practitioners on Pollinate.",
    noindex: true,
    body: <ClientDashboard user={user} account={upgradeAccount(user, now, c.var.deps.config)} canMessage={canMessage} sessions={sessions} billing={await billingView(c, user)} unreadMessages={await unreadTotal(db, user.id)} />,
    queryData: [[favoriteQueries.forUser(user.id).queryKey, await listFavorites(db, user.id)]],
  });
}

/** Whether the dashboard was asked for every session instead of its first few (?sessions=all). */
function wantsAllSessions(c: Context<AppEnv>): boolean {
  return c.req.query(DASHBOARD_ALL_SESSIONS_PARAM.name) === DASHBOARD_ALL_SESSIONS_PARAM.value;
}

/** Booking management also lists open bookings that started up to this long ago (to mark them completed or a no-show). */
const MANAGEMENT_LOOKBACK_MS = 30 * 24 * 60 * 60 * 1000;

/** The availability card's lines: weekdays with hours, e.g. "Monday · 09:00–12:00, 13:00–17:00". */
export async function availabilitySummary(db: Db, practitionerId: string): Promise<NonNullable<PractitionerPractice["availability"]>> {
  const settings = await getAvailabilitySettings(db, practitionerId);
  const lines = WEEKDAYS.filter((day) => settings.weeklyHours[day].length > 0).map(
    (day) => `${WEEKDAY_LABELS[day]} · ${settings.weeklyHours[day].map((i) => `${i.start}–${i.end}`).join(", ")}`,
  );
  return { lines, timeZone: settings.timeZone, saved: settings.saved, takingBookings: settings.takingBookings };
}

/** This month's completed sessions, paid (as the practitioner marked them) and still outstanding, as decimal text. */
async function monthlySplit(db: Db, practitionerId: string, now: Date, timeZone: string) {
  const { paidCents, outstandingCents } = await monthlyPaidAndOutstanding(db, practitionerId, now, timeZone);
  return { monthlyPaid: centsToDecimal(paidCents), monthlyOutstanding: centsToDecimal(outstandingCents) };
}

/** This month's completed sessions (the latest first, at most a dashboard's rows), for 'Mark paid'. */
async function completedThisMonth(db: Db, owner: BookingOwner, now: Date, timeZone: string) {
  const { start } = monthBoundsIn(now, timeZone);
  const recent = await listBookingHistory(db, owner, now, PRACTITIONER_DASHBOARD_BOOKINGS * 3);
  return recent.filter((b) => b.status === "completed" && new Date(b.scheduledDatetime) >= start).slice(0, PRACTITIONER_DASHBOARD_BOOKINGS);
}

/** The practitioner's figures, bookings, clients and reviews; null before they create a profile. */
async function loadPractice(c: Context<AppEnv>, userId: string, now: Date): Promise<PractitionerPractice | null> {
  const { db } = c.var.deps;
  const profile = await findPractitionerByUserId(db, userId);
  if (!profile) return null;
  const availability = await availabilitySummary(db, profile.id);
  const stats = await practitionerBookingStats(db, profile.id, now, availability.timeZone);
  const owner: BookingOwner = { view: "practitioner", practitionerId: profile.id };
  const showingAll = wantsAllSessions(c);
  const managementSince = new Date(now.getTime() - MANAGEMENT_LOOKBACK_MS);
  return {
    practitionerId: profile.id,
    timeZone: availability.timeZone,
    averageRating: averageRatingText(profile.averageRating),
    upcomingCount: stats.upcoming,
    completedCount: stats.completed,
    monthlyEarnings: centsToDecimal(stats.monthlyEarningsCents),
    ...(await monthlySplit(db, profile.id, now, availability.timeZone)),
    completedThisMonth: await completedThisMonth(db, owner, now, availability.timeZone),
    upcoming: await listUpcomingBookings(db, owner, now, PRACTITIONER_DASHBOARD_BOOKINGS),
    management: await listUpcomingBookings(db, owner, managementSince, showingAll ? DASHBOARD_ALL_SESSIONS_MAX : PRACTITIONER_DASHBOARD_BOOKINGS),
    managementTotal: await countUpcomingBookings(db, owner, managementSince),
    showingAll,
    thisWeek: stats.thisWeek,
    availability,
    waiting: await countWaiting(db, profile.id),
    hasCalendarFeed: await hasFeedToken(db, userId),
    clients: await listPractitionerClients(db, profile.id, PRACTITIONER_DASHBOARD_CLIENTS),
    reviews: await listPractitionerReviews(db, profile.id, PRACTITIONER_DASHBOARD_REVIEWS),
    renderedAt: now.toISOString(),
  };
}

async function renderPractitionerDashboard(c: Context<AppEnv>, user: CurrentUser): Promise<Response> {
  const now = c.var.deps.now();
  const practice = await loadPractice(c, user.id, now);
  return renderPage(c, {
    title: "Practitioner Dashboard · Pollinate",
    description: "Your bookings, clients, reviews, earnings and availability on Pollinate.",
    noindex: true,
    body: <PractitionerDashboard user={user} account={upgradeAccount(user, now, c.var.deps.config)} practice={practice} billing={await billingView(c, user)} unreadMessages={await unreadTotal(c.var.deps.db, user.id)} />,
  });
}

/** The home page of a signed-in user: admin, then practitioner, then client, else the generic dashboard. */
export async function renderHomeDashboard(c: Context<AppEnv>, user: CurrentUser): Promise<Response> {
  if (user.roles.includes("admin")) return renderAdminSurvey(c, user);
  if (user.roles.includes("practitioner")) return renderPractitionerDashboard(c, user);
  if (user.roles.includes("client")) return renderClientDashboard(c, user);
  const { db } = c.var.deps;
  // activity items of type `message`: the three latest conversations (the inbox's first rows, with its unread total)
  const inbox = await listInbox(db, user.id, null, 3);
  return renderPage(c, {
    title: "Dashboard · Pollinate",
    description: "Your Pollinate account at a glance.",
    noindex: true,
    body: <GenericDashboard user={user} unreadMessages={inbox.unreadTotal} messages={messageActivity(inbox.conversations)} now={c.var.deps.now().toISOString()} />,
  });
}

const SESSIONS_PAGE_SIZE = 20;
const sessionsQuery = z.object({
  status: z.enum(SESSION_FILTERS).catch("all"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

/** 'See all sessions' (decision 028): paged, filterable by state; odd query values fall back to the defaults. */
async function renderSessionsPage(c: Context<AppEnv>, user: CurrentUser, viewer: "client" | "practitioner"): Promise<Response> {
  const { db } = c.var.deps;
  const now = c.var.deps.now();
  const { status, page } = sessionsQuery.parse({ status: c.req.query("status") ?? "all", page: c.req.query("page") ?? 1 });
  const owner = await bookingOwner(db, user.id, viewer);
  const result = owner ? await listBookingsPage(db, owner, status, page, SESSIONS_PAGE_SIZE, now) : { bookings: [], total: 0 };
  const zones: Record<string, string> = {};
  let zoneNote: string | null;
  if (viewer === "practitioner") {
    const zone = owner?.view === "practitioner" ? (await getAvailabilitySettings(db, owner.practitionerId)).timeZone : "UTC";
    for (const b of result.bookings) zones[b.id] = zone;
    zoneNote = `Times are in your availability's time zone, ${zoneLabel(zone, now)}.`;
  } else {
    const fallback = await latestClientTimeZone(db, user.id);
    for (const b of result.bookings) zones[b.id] = clientZoneOf(b, fallback);
    zoneNote = clientZoneNote(Object.values(zones), now);
  }
  return renderPage(c, {
    title: "All sessions · Pollinate",
    description: "Every session, with its state.",
    noindex: true,
    body: <SessionsPage user={user} data={{ viewer, bookings: result.bookings, total: result.total, page, pageSize: SESSIONS_PAGE_SIZE, filter: status, now: now.toISOString(), zones, zoneNote }} />,
  });
}

export const dashboardPages = new Hono<AppEnv>()
  .get("/dashboard/client", (c) => {
    return renderClientDashboard(c, requirePageRole(c, "client", ROLE_REFUSALS.client));
  })
  .get("/dashboard/practitioner", (c) => {
    return renderPractitionerDashboard(c, requirePageRole(c, "practitioner", ROLE_REFUSALS.practitioner));
  })
  .get("/dashboard/client/sessions", (c) => renderSessionsPage(c, requirePageRole(c, "client", ROLE_REFUSALS.client), "client"))
  .get("/dashboard/practitioner/sessions", (c) => renderSessionsPage(c, requirePageRole(c, "practitioner", ROLE_REFUSALS.practitioner), "practitioner"))
  .get("/dashboard/practitioner/availability", async (c) => {
    const user = requirePageRole(c, "practitioner", ROLE_REFUSALS.practitioner);
    const profile = await findPractitionerByUserId(c.var.deps.db, user.id);
    return renderPage(c, {
      title: "Your Availability · Pollinate",
      description: "The weekly hours, date overrides and session lengths clients can book with you.",
      noindex: true,
      body: <AvailabilityPage user={user} hasProfile={Boolean(profile)} />,
      // the editor starts from the saved settings instead of a skeleton and a request
      queryData: profile ? [[AVAILABILITY_QUERY_KEY, await getAvailabilitySettings(c.var.deps.db, profile.id)]] : [],
    });
  })
  .get("/admin/survey", (c) => {
    return renderAdminSurvey(c, requirePageRole(c, "admin", ROLE_REFUSALS.admin));
  });
