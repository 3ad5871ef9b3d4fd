/** Discover: the directory, the Hive, practitioner profiles, favourites and profile editing. */
import { Hono, type Context } from "hono";
import { paymentSettingsOf } from "../features/payments/sessions";
import { directoryHref, type DirectoryFilters } from "../../core/directory-params";
import { parseDirectoryParams } from "../../core/directory-params-schema";
import { favoriteQueries } from "../../web/features/favorites/queries";
import { practitionerQueries } from "../../web/features/practitioners/queries";
import { reviewQueries } from "../../web/features/reviews/queries";
import { PROFILE_TABS, type ProfileTab } from "../../core/practitioners";
import { ARCHETYPE_DEFINITIONS, EXPERIENCE_LEVEL_LABELS } from "../../core/archetypes";
import { DirectoryPage } from "../../web/pages/discover/directory";
import { FavoritesPage } from "../../web/pages/discover/favorites";
import { HivePage } from "../../web/pages/discover/hive";
import { PractitionerNotFoundPage, PractitionerPage } from "../../web/pages/discover/practitioner";
import { getAvailabilitySettings } from "../features/bookings/availability";
import type { Db } from "../../db/client";

/** What the profile says about booking (decision 028): whether they take bookings yet, and their cancellation window. */
async function bookingPolicyOf(db: Db, practitionerId: string) {
  const settings = await getAvailabilitySettings(db, practitionerId);
  return { takingBookings: settings.takingBookings, cancellationWindowHours: settings.cancellationWindowHours, cancellationPolicy: settings.cancellationPolicy };
}
import { ProfileEditorPage } from "../../web/pages/discover/profile-editor";
import { practitionerHeading } from "../../core/types";
import { effectiveAccessLevel } from "../auth/permissions";
import { listFavorites } from "../features/favorites/service";
import { findPractitionerByUserId, getPractitioner, listDirectory, apiPractitioner } from "../features/practitioners/service";
import { listPractitionerReviews, reviewEligibility } from "../features/reviews/service";
import { credentialsOf } from "../features/credentials/service";
import type { AppEnv, CurrentUser } from "../http/app-context";
import { forbidden } from "../http/errors";
import { upgradeAccount } from "./dashboard-pages";
import { renderPage } from "./render";
import { requirePageRole, requirePageUser } from "../auth/guards";
import { directoryStructuredData, jsonLdScript, practitionerBreadcrumbs, practitionerStructuredData } from "./structured-data";

/** The directory's data for this request, dehydrated under the island's query key. */
async function directoryData(c: Context<AppEnv>, filters: DirectoryFilters) {
  const { db, now } = c.var.deps;
  const user = c.var.user;
  const data = await listDirectory(db, filters, effectiveAccessLevel(user, now()));
  const queryData: Array<[readonly unknown[], unknown]> = [[practitionerQueries.directory(filters).queryKey, data]];
  if (user) queryData.push([favoriteQueries.forUser(user.id).queryKey, await listFavorites(db, user.id)]);
  return { data, queryData, account: user ? upgradeAccount(user, now(), c.var.deps.config) : null };
}

/** "Bee practitioners", "Wise Hummingbird practitioners", or "Practitioners". */
function directoryHeading(filters: DirectoryFilters, noun: string): string {
  const words = [filters.level && EXPERIENCE_LEVEL_LABELS[filters.level], filters.archetype && ARCHETYPE_DEFINITIONS[filters.archetype].name].filter(Boolean);
  return words.length ? `${words.join(" ")} ${noun}` : noun.charAt(0).toUpperCase() + noun.slice(1);
}

export const discoverPages = new Hono<AppEnv>()
  .get("/practitioners", async (c) => {
    const filters = parseDirectoryParams(new URL(c.req.url).searchParams);
    const { data, queryData, account } = await directoryData(c, filters);
    const heading = directoryHeading(filters, "practitioners");
    const title = filters.q
      ? `“${filters.q}” · Find Practitioners · Pollinate`
      : filters.archetype || filters.level
        ? `${heading} · Find Practitioners · Pollinate`
        : "Find Practitioners · Pollinate";
    const appUrl = c.var.deps.config.APP_URL;
    return renderPage(c, {
      title,
      description: `${heading} on Pollinate: compare archetype, experience, rating, specializations and price per session, then book a session.`,
      // search results are not landing pages; archetype and level listings are
      canonicalPath: directoryHref("/practitioners", { ...filters, q: "", sort: null }),
      noindex: Boolean(filters.q),
      head: jsonLdScript(directoryStructuredData(appUrl, data.practitioners, (data.pagination.page - 1) * data.pagination.pageSize)),
      body: <DirectoryPage user={c.var.user} account={account} filters={filters} />,
      queryData,
    });
  })
  .get("/hive", async (c) => {
    const filters = parseDirectoryParams(new URL(c.req.url).searchParams);
    const { queryData, account } = await directoryData(c, filters);
    return renderPage(c, {
      title: "The Hive · Book a session · Pollinate",
      description: "The Hive: a community of wellness facilitators. Filter by archetype, experience and price, sort by rating or price, and book a session.",
      canonicalPath: "/hive",
      body: <HivePage user={c.var.user} account={account} filters={filters} />,
      queryData,
    });
  })
  .get("/practitioners/:id", async (c) => {
    const { db, now, config } = c.var.deps;
    const user = c.var.user;
    // a profile that is not listed yet (unverified owner) is shown to its owner only
    const practitioner = await getPractitioner(db, c.req.param("id"), user?.id ?? null);
    if (!practitioner) {
      return renderPage(c, { title: "Practitioner Not Found · Pollinate", status: 404, noindex: true, body: <PractitionerNotFoundPage user={user} /> });
    }
    const reviews = await listPractitionerReviews(db, practitioner.id);
    const requestedTab = c.req.query("tab");
    const tab: ProfileTab = PROFILE_TABS.includes(requestedTab as ProfileTab) ? (requestedTab as ProfileTab) : "about";
    const archetype = ARCHETYPE_DEFINITIONS[practitioner.archetype];
    const name = practitionerHeading(practitioner);
    const queryData: Array<[readonly unknown[], unknown]> = [
      [reviewQueries.forPractitioner(practitioner.id).queryKey, reviews],
      [reviewQueries.eligibility(practitioner.id).queryKey, await reviewEligibility(db, user?.id ?? null, practitioner.id)],
    ];
    if (user) queryData.push([favoriteQueries.forUser(user.id).queryKey, await listFavorites(db, user.id)]);
    const isOwner = Boolean(user && (await findPractitionerByUserId(db, user.id))?.id === practitioner.id);
    const place = practitioner.location ? ` in ${practitioner.location}` : "";
    return renderPage(c, {
      title: `${name} · ${archetype.name} (${archetype.tagline}) practitioner${place} · Pollinate`,
      description: (practitioner.bio ?? archetype.description).slice(0, 160),
      canonicalPath: `/practitioners/${practitioner.id}`,
      head: jsonLdScript(practitionerStructuredData(config.APP_URL, practitioner, reviews)) + jsonLdScript(practitionerBreadcrumbs(config.APP_URL, practitioner)),
      body: <PractitionerPage user={user} practitioner={practitioner} reviewCount={reviews.length} tab={tab} renderedAt={now().toISOString()} isOwner={isOwner} booking={await bookingPolicyOf(db, practitioner.id)} credentials={await credentialsOf(db, practitioner.id)} canRemoveReviews={Boolean(user?.roles.includes("admin"))} />,
      queryData,
    });
  })
  .get("/dashboard/practitioner/profile", async (c) => {
    const user = requirePageRole(c, "practitioner", "Only facilitator accounts have a practitioner profile.");
    const row = await findPractitionerByUserId(c.var.deps.db, user.id);
    return renderPage(c, {
      title: `${row ? "Edit" : "Create"} your practitioner profile · Pollinate`,
      description: "The practitioner profile clients see in the directory: archetype, experience, bio, specializations and rate.",
      noindex: true,
      body: (
        <ProfileEditorPage
          user={user}
          profile={row ? await apiPractitioner(c.var.deps.db, row) : null}
          payments={row ? { ...(await paymentSettingsOf(c.var.deps.db, row.id)), saved: c.req.query("payments") === "saved" } : null}
          credentials={row ? await credentialsOf(c.var.deps.db, row.id) : []}
        />
      ),
    });
  })
  .get("/dashboard/client/favorites", async (c) => {
    // any signed-in user can heart a practitioner; clients reach this from their dashboard
    const user = requirePageUser(c);
    return renderPage(c, {
      title: "Your favorite practitioners · Pollinate",
      description: "The practitioners you saved on Pollinate, ready to compare and book.",
      noindex: true,
      body: <FavoritesPage user={user} />,
      queryData: [[favoriteQueries.forUser(user.id).queryKey, await listFavorites(c.var.deps.db, user.id)]],
    });
  });
