/**
 * Deterministic demo content. Every id, text, number and ordering comes from seeded PRNGs, so the
 * demo is identical on every run; only dates move, as fixed offsets from the day of the `now`
 * passed in, so that upcoming bookings are always upcoming.
 */
import type { Role } from "../../core/enums";
import { DEMO_ACCOUNTS, type DemoAccountKey } from "./accounts";
import { buildBookingsAndReviews, updatePractitionerStats } from "./build-bookings";
import { buildGardenContent } from "./build-garden";
import { buildClients, buildPractitioners } from "./build-people";
import { buildSeedsLedgers } from "./build-seeds";
import { buildSurveyResponses } from "./build-survey";
import { DAY, createClock, type DemoData, type DemoUser } from "./data-set";
import { IdSource } from "./random";

// What the rest of the code imports from here; the parts live in the files named.
export { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccountKey } from "./accounts";
export { DemoRandom, ID_NAMESPACES, deterministicUuid } from "./random";
export { FIRST_NAMES, LAST_NAMES, LOCATION_TIME_ZONES, generatePractitionerProfile, timeZoneOfLocation } from "./profiles";
export type { DemoData } from "./data-set";

/** Builds the whole demo data set for the reference time `now`. */
export function buildDemoData(now: Date): DemoData {
  const clock = createClock(now);
  const ids = new IdSource();
  const data: DemoData = {
    users: [],
    userRoles: [],
    practitioners: [],
    clients: [],
    bookings: [],
    reviews: [],
    wallets: [],
    seedsTransactions: [],
    gardenContent: [],
    gardenInteractions: [],
    mediaFiles: [],
    surveyResponses: [],
    favorites: [],
    accountUserIds: { client: "", practitioner: "", admin: "", preview: "" },
    demoPractitionerId: "",
  };

  const addUser = (user: Omit<DemoUser, "id">, roles: Role[]): DemoUser => {
    const row = { ...user, id: ids.next("user"), updatedAt: user.createdAt };
    data.users.push(row);
    for (const role of roles) data.userRoles.push({ id: ids.next("userRole"), userId: row.id, role });
    return row;
  };

  const addAccount = (key: DemoAccountKey, createdAt: Date): DemoUser => {
    const { roles, ...account } = DEMO_ACCOUNTS[key];
    const user = addUser(
      {
        ...account,
        isEmailVerified: true,
        createdAt,
        // the demo accounts are returning members: their dashboards say 'Welcome back'
        lastSignInAt: createdAt,
        previousSignInAt: createdAt,
        subscriptionStartDate: account.subscriptionStatus === "premium" ? new Date(createdAt.getTime() + DAY) : null,
        subscriptionEndDate: account.subscriptionStatus === "premium" ? clock.ago(-30) : null,
      },
      [...roles],
    );
    data.accountUserIds[key] = user.id;
    return user;
  };

  // Accounts first, so their ids stay put whatever else changes.
  const admin = addAccount("admin", clock.ago(420));
  const clara = addAccount("client", clock.ago(180));
  const robin = addAccount("preview", clock.ago(40));

  const practitionerUsers = buildPractitioners(data, clock, ids, addUser, () => addAccount("practitioner", clock.ago(0)));
  const sage = data.users.find((user) => user.id === data.accountUserIds.practitioner)!;
  const generatedClients = buildClients(data, clock, ids, addUser, [clara, robin]);

  buildBookingsAndReviews(data, clock, ids, { clara, generatedClients });
  buildGardenContent(data, clock, ids, { sage, clara, practitionerUsers, generatedClients });
  buildSurveyResponses(data, clock, ids, { sage, clara, robin, practitionerUsers, generatedClients });

  buildSeedsLedgers(data, clock, ids, sage);
  updatePractitionerStats(data);

  // Clara keeps the practitioners she saw most recently (completed sessions) as favourites.
  const seen = [...new Set(data.bookings.filter((b) => b.clientId === clara.id && b.status === "completed").map((b) => b.practitionerId))];
  data.favorites = seen.slice(0, 3).map((practitionerId, index) => ({
    id: ids.next("favorite"),
    userId: clara.id,
    practitionerId,
    createdAt: clock.ago(10 - index),
  }));
  return data;
}
