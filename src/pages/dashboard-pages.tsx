/** The role-based home and the dashboards; each refuses other roles on the server. */
import { Hono, type Context } from "hono";
import type { Role } from "../../core/enums";
import { ADMIN_REQUIRED_MESSAGE } from "../../core/access-texts";
import type { UpgradeAccount } from "../../core/types";
import { ClientDashboard } from "../../web/pages/dashboard/client";
import { GenericDashboard } from "../../web/pages/dashboard/generic";
import { PractitionerDashboard } from "../../web/pages/dashboard/practitioner";
import { favoriteQueries } from "../../web/features/favorites/queries";
import {
  CLIENT_DASHBOARD_HISTORY_ROWS,
  CLIENT_DASHBOARD_UPCOMING,
  PRACTITIONER_DASHBOARD_BOOKINGS,
  PRACTITIONER_DASHBOARD_CLIENTS,
  PRACTITIONER_DASHBOARD_REVIEWS,
} from "../../core/constants";
import { centsToDecimal } from "../../core/money";
import type { PractitionerPractice } from "../../web/pages/dashboard/practitioner";
import { accessInfoFor, isPermitted } from "../auth/permissions";
import { listBookingHistory, listPractitionerClients, listUpcomingBookings, practitionerBookingStats, type BookingOwner } from "../features/bookings/service";
import { listFavorites } from "../features/favorites/service";
import { findPractitionerByUserId, toApiPractitioner } from "../features/practitioners/service";
import { listPractitionerReviews } from "../features/reviews/service";
import type { AppEnv, CurrentUser } from "../http/env";
import { forbidden } from "../http/errors";
import { renderPage } from "./render";
import { renderAdminSurveyPage } from "./admin-pages";
import { requirePageRole, requirePageUser } from "../auth/guards";

const ROLE_REFUSALS: Record<Role, string> = {
  admin: ADMIN_REQUIRED_MESSAGE,
  practitioner: "The practitioner dashboard is only for facilitator accounts.",
  client: "The client dashboard is only for client accounts.",
};

/** What the upgrade dialog and access card show, computed on the server. */
export function upgradeAccount(user: CurrentUser, now: Date): UpgradeAccount {
  const access = accessInfoFor(user, now);
  return { accessLevel: access.accessLevel, subscriptionStatus: access.subscriptionStatus, trialEndDate: access.trialEndDate, trialUsed: user.trialEndDate !== null };
}

function renderAdminSurvey(c: Context<AppEnv>, user: CurrentUser) {
  return renderAdminSurveyPage(c, user);
}

function renderClientDashboard(c: Context<AppEnv>, user: CurrentUser) {
  const { db } = c.var.deps;
  const now = c.var.deps.now();
  const canMessage = isPermitted(accessInfoFor(user, now).permissions.messagePractitioners);
  const owner: BookingOwner = { view: "client", clientId: user.id };
  const sessions = {
    upcoming: listUpcomingBookings(db, owner, now, CLIENT_DASHBOARD_UPCOMING),
    history: listBookingHistory(db, owner, now, CLIENT_DASHBOARD_HISTORY_ROWS),
  };
  return renderPage(c, {
    title: "Client Dashboard · Pollinate",
    noindex: true,
    body: <ClientDashboard user={user} account={upgradeAccount(user, now)} canMessage={canMessage} sessions={sessions} />,
    queryData: [[favoriteQueries.forUser(user.id).queryKey, listFavorites(db, user.id)]],
  });
}

/** The practitioner's figures, bookings, clients and reviews; null before they create a profile. */
function loadPractice(c: Context<AppEnv>, userId: string, now: Date): PractitionerPractice | null {
  const { db } = c.var.deps;
  const profile = findPractitionerByUserId(db, userId);
  if (!profile) return null;
  const stats = practitionerBookingStats(db, profile.id, now);
  return {
    practitionerId: profile.id,
    averageRating: toApiPractitioner(profile).averageRating,
    upcomingCount: stats.upcoming,
    completedCount: stats.completed,
    monthlyEarnings: centsToDecimal(stats.monthlyEarningsCents),
    upcoming: listUpcomingBookings(db, { view: "practitioner", practitionerId: profile.id }, now, PRACTITIONER_DASHBOARD_BOOKINGS),
    clients: listPractitionerClients(db, profile.id, PRACTITIONER_DASHBOARD_CLIENTS),
    reviews: listPractitionerReviews(db, profile.id, PRACTITIONER_DASHBOARD_REVIEWS),
    renderedAt: now.toISOString(),
  };
}

function renderPractitionerDashboard(c: Context<AppEnv>, user: CurrentUser) {
  const now = c.var.deps.now();
  return renderPage(c, {
    title: "Practitioner Dashboard · Pollinate",
    noindex: true,
    body: <PractitionerDashboard user={user} account={upgradeAccount(user, now)} practice={loadPractice(c, user.id, now)} />,
  });
}

/** The home page of a signed-in user: admin, then practitioner, then client, else the generic dashboard. */
export function renderHomeDashboard(c: Context<AppEnv>, user: CurrentUser): Response {
  if (user.roles.includes("admin")) return renderAdminSurvey(c, user);
  if (user.roles.includes("practitioner")) return renderPractitionerDashboard(c, user);
  if (user.roles.includes("client")) return renderClientDashboard(c, user);
  return renderPage(c, { title: "Dashboard · Pollinate", noindex: true, body: <GenericDashboard user={user} /> });
}

export const dashboardPages = new Hono<AppEnv>()
  .get("/dashboard/client", (c) => {
    return renderClientDashboard(c, requirePageRole(c, "client", ROLE_REFUSALS.client));
  })
  .get("/dashboard/practitioner", (c) => {
    return renderPractitionerDashboard(c, requirePageRole(c, "practitioner", ROLE_REFUSALS.practitioner));
  })
  .get("/admin/survey", (c) => {
    return renderAdminSurvey(c, requirePageRole(c, "admin", ROLE_REFUSALS.admin));
  });
