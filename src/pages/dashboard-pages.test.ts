import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { favoritePractitioners } from "../../db/schema";
import { atomic } from "../../db/client";
import type { Role } from "../../core/enums";
import { favoriteQueries } from "../../web/features/favorites/queries";
import { createBooking, createPractitioner, createReview, createUser } from "../testing/factories";
import { insertDefaultAvailability } from "../features/bookings/availability";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

async function clientWith(roles: Role[], overrides: Parameters<typeof createUser>[1] = {}) {
  const client = t.client();
  t.loginAs(client, (await createUser(t.db, { roles, firstName: "Juniper", ...overrides })).id);
  return client;
}

describe("the greeting", () => {
  test.each([["client"], ["practitioner"], []] as Role[][])("roles %j: 'Welcome' on a first session, 'Welcome back' from the second sign-in on", async (...roles) => {
    const user = await createUser(t.db, { roles, firstName: "Rowan" });
    const first = t.client();
    await t.loginAs(first, user.id);
    const firstHtml = await (await first.get("/")).text();
    expect(firstHtml).toContain("Welcome, Rowan");
    expect(firstHtml).not.toContain("Welcome back");
    // the same session later: still the first visit
    expect(await (await first.get("/")).text()).toContain("Welcome, Rowan");
    const second = t.client();
    await t.loginAs(second, user.id);
    expect(await (await second.get("/")).text()).toContain("Welcome back, Rowan");
    // and the first browser's session now belongs to a member who has been back
    expect(await (await first.get("/")).text()).toContain("Welcome back, Rowan");
  });
});

describe("the home page by role", () => {
  test("a visitor sees the landing page", async () => {
    expect(await (await t.client().get("/")).text()).toContain("Find Your Match");
  });

  test.each([
    [["admin", "practitioner", "client"], "Survey Results"],
    [["practitioner", "client"], "Practitioner dashboard"],
    [["client"], "Client dashboard"],
  ] as Array<[Role[], string]>)("roles %j see %s (admin > practitioner > client)", async (roles, heading) => {
    const res = await (await clientWith(roles)).get("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(heading);
    expect(html).not.toContain("Find Your Match");
  });

  test("anyone else gets the generic dashboard: greeting, the four fixed figures, activity and quick actions", async () => {
    const html = await (await (await clientWith([], { firstName: null })).get("/")).text();
    // a member's first session (issue 27: a brand-new member is not greeted 'Welcome back')
    expect(html).toContain("Welcome, Friend!");
    for (const label of ["Upcoming Sessions", "Total Sessions", "Messages", "Saved Practitioners", "Recent Activity", "Quick Actions"]) expect(html).toContain(label);
    // the messages figure is the real unread count (issue 23), here none
    expect(html).toMatch(/>2<\/p>[\s\S]*>12<\/p>[\s\S]*>0<\/p>[\s\S]*>3<\/p>/);
    expect(html).toMatch(/<a href="\/hive"[^>]*>Book New Session<\/a>/);
    expect(html).toMatch(/<a href="\/practitioners"[^>]*>Browse Practitioners<\/a>/);
    expect(html).toMatch(/<a href="\/"[^>]*>View Messages<\/a>/);
  });

  test("the generic dashboard's activity has items of type message: the latest conversations, an unread one first as new", async () => {
    const practitioner = await createPractitioner(t.db, { user: { firstName: "Sage" } });
    const member = await createUser(t.db, { roles: [], firstName: "Wren", accessLevel: "premium", subscriptionStatus: "premium" });
    const memberClient = t.client();
    await t.loginAs(memberClient, member.id);
    const started = await memberClient.post("/api/conversations", { practitionerId: practitioner.id, body: "Do you work with <b>grief</b>?" });
    expect(started.status).toBe(201);
    const { conversationId } = (await started.json()) as { conversationId: string };
    const mine = await (await memberClient.get("/")).text();
    expect(mine).toMatch(/data-type="message"[^>]*>[\s\S]*?Conversation with Practitioner #[\s\S]*?Do you work with &lt;b&gt;grief&lt;\/b&gt;\?/);
    expect(mine).toContain(`href="/dashboard/client/messages/${conversationId}"`);
    const practitionerClient = t.client();
    await t.loginAs(practitionerClient, practitioner.userId);
    expect((await practitionerClient.post(`/api/conversations/${conversationId}/messages`, { body: "Yes, gently." })).status).toBe(201);
    const html = await (await memberClient.get("/")).text();
    // the reply is the newest item, unread: "New message from …", and the messages figure counts it
    const items = [...html.matchAll(/data-testid="activity-item" data-type="(\w+)"/g)].map((m) => m[1]);
    expect(items[0]).toBe("message");
    expect(items).toContain("session");
    expect(html).toMatch(/New message from Practitioner #[\s\S]*?Yes, gently\./);
    expect(html).toMatch(/>2<\/p>[\s\S]*>12<\/p>[\s\S]*>1<\/p>[\s\S]*>3<\/p>/);
  });
});

describe("the header's account menu and messages", () => {
  test("a signed-in person's menu has the unread count (hidden until the stream says) and 'Messages' to their inbox; a visitor's page has neither", async () => {
    const client = await (await clientWith(["client"])).get("/hive");
    const html = await client.text();
    expect(html).toMatch(/<span data-unread-badge="" hidden="" [^>]*data-testid="header-unread">/);
    expect(html).toMatch(/<a href="\/dashboard\/client\/messages"[^>]*>Messages<span data-unread-badge=""/);
    const practitionerHtml = await (await (await clientWith(["practitioner"])).get("/hive")).text();
    expect(practitionerHtml).toContain('href="/dashboard/practitioner/messages"');
    const visitor = await (await t.client().get("/hive")).text();
    expect(visitor).not.toContain("data-unread-badge");
  });
});

describe("dashboards refuse other roles on the server", () => {
  test("a client opens the client dashboard, not the practitioner one or the admin pages", async () => {
    const client = await clientWith(["client"]);
    expect((await client.get("/dashboard/client")).status).toBe(200);
    const practitioner = await client.get("/dashboard/practitioner");
    expect(practitioner.status).toBe(403);
    const practitionerHtml = await practitioner.text();
    expect(practitionerHtml).toContain("Access Denied");
    expect(practitionerHtml).not.toContain('data-island="AccessDeniedNotice"');
    const admin = await client.get("/admin/survey");
    expect(admin.status).toBe(403);
    const html = await admin.text();
    expect(html).toContain("Access Denied");
    expect(html).toContain("You need admin privileges to access this page.");
    expect(html).toMatch(/<a href="\/"[^>]*>Go Home<\/a>/);
    // the admin refusal adds the toast and the redirect home once the page's script runs
    expect(html).toContain('data-island="AccessDeniedNotice"');
  });

  test("a practitioner cannot open the client dashboard", async () => {
    const client = await clientWith(["practitioner"]);
    expect((await client.get("/dashboard/practitioner")).status).toBe(200);
    expect((await client.get("/dashboard/client")).status).toBe(403);
  });

  test("an admin opens /admin/survey", async () => {
    expect((await (await clientWith(["admin"])).get("/admin/survey")).status).toBe(200);
  });

  test("the availability editor: practitioners only; without a profile it asks for one first", async () => {
    expect((await (await clientWith(["client"])).get("/dashboard/practitioner/availability")).status).toBe(403);
    const withoutProfile = await (await clientWith(["practitioner"])).get("/dashboard/practitioner/availability");
    expect(withoutProfile.status).toBe(200);
    const html = await withoutProfile.text();
    expect(html).toContain("Create your practitioner profile first");
    expect(html).not.toContain('data-island="AvailabilityEditor"');
    const practitioner = await createPractitioner(t.db);
    const own = t.client();
    t.loginAs(own, practitioner.userId);
    const editor = await (await own.get("/dashboard/practitioner/availability")).text();
    expect(editor).toContain('data-island="AvailabilityEditor"');
    // the settings come with the page: the whole form is server HTML, not a skeleton the form replaces
    expect(editor).toContain("Save availability");
    expect(editor).not.toContain("Loading your availability");
    expect(editor).toContain('id="__QUERY_STATE__"');
  });

  test.each(["/dashboard/client", "/dashboard/practitioner", "/dashboard/practitioner/availability", "/admin/survey"])("a visitor at %s is sent to sign in and back", async (path) => {
    const res = await t.client().get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/auth/signin?next=${encodeURIComponent(path)}`);
  });
});

describe("menus and access", () => {
  test("the user menu shows the first name and the links of the user's roles", async () => {
    const html = await (await (await clientWith(["client"])).get("/dashboard/client")).text();
    expect(html).toMatch(/<span class="[^"]*truncate[^"]*">Juniper<\/span>/);
    expect(html).toContain(">Client Dashboard</a>");
    expect(html).not.toContain(">Practitioner Dashboard</a>");
    expect(html).not.toContain(">Admin Panel</a>");
    expect(html).toContain('action="/api/auth/logout"');
  });

  test("a preview client sees messaging locked behind the Premium Feature overlay", async () => {
    const html = await (await (await clientWith(["client"])).get("/dashboard/client")).text();
    expect(html).toContain("Premium Feature");
    expect(html).toContain("This feature requires Basic access");
    expect(html).toContain("Upgrade Access");
    expect(html).toContain('data-island="UpgradeDialog"');
  });

  test("a basic client has messaging unlocked", async () => {
    const html = await (await (await clientWith(["client"], { accessLevel: "basic" })).get("/dashboard/client")).text();
    expect(html).not.toContain("Premium Feature");
  });

  test("an unverified address shows the resend button; a verified one shows Verified", async () => {
    expect(await (await (await clientWith(["client"])).get("/")).text()).toContain("Resend verification email");
    const verified = await (await (await clientWith(["client"], { isEmailVerified: true })).get("/")).text();
    expect(verified).toContain("Verified");
    expect(verified).not.toContain("Resend verification email");
  });
});

describe("the dashboards show the user's own data", () => {
  const NOW = new Date("2026-06-15T12:00:00.000Z");
  const at = (iso: string) => new Date(iso);
  let d: TestApp;
  beforeAll(async () => {
    d = await createTestApp();
    d.clock.now = NOW;
  });
  afterAll(() => d.cleanup());

  function signedIn(userId: string) {
    const client = d.client();
    d.loginAs(client, userId);
    return client;
  }

  /** The inner HTML of the list labelled `label`. */
  function listHtml(html: string, label: string): string {
    const match = html.match(new RegExp(`<ul[^>]*aria-label="${label}"[^>]*>([\\s\\S]*?)</ul>`));
    if (!match) throw new Error(`no list "${label}"`);
    return match[1];
  }

  test("past the first few: 'Show all N' opens every upcoming session (client) and open booking (practitioner); 'Show fewer' goes back", async () => {
    const practitioner = await createPractitioner(d.db);
    const client = await createUser(d.db, { roles: ["client"] });
    for (let day = 16; day <= 27; day++) await createBooking(d.db, { clientId: client.id, practitionerId: practitioner.id, scheduledDatetime: at(`2026-06-${day}T10:00:00Z`) });

    // the page's text without React's separators between adjacent text parts
    const page = async (c: ReturnType<typeof signedIn>, path: string) => (await (await c.get(path)).text()).replaceAll("<!-- -->", "");
    let html = await page(signedIn(client.id), "/dashboard/client");
    expect(html.match(/data-testid="session-card"/g)).toHaveLength(3);
    expect(html.includes('<a href="/dashboard/client?sessions=all#sessions" class="font-semibold text-forest underline underline-offset-4">Show all 12 upcoming sessions</a>')).toBe(true);
    expect(html).not.toContain("Jun 27, 2026");
    html = await page(signedIn(client.id), "/dashboard/client?sessions=all");
    expect(html.match(/data-testid="session-card"/g)).toHaveLength(12);
    expect(html).toContain("Sat, Jun 27, 2026");
    expect(html).toContain('<a href="/dashboard/client#sessions" class="font-semibold text-forest underline underline-offset-4">Show fewer</a>');
    // each card keeps its actions: the twelfth can still be cancelled
    expect(html.match(/>Cancel Session<\/button>/g)).toHaveLength(12);

    const own = d.client();
    d.loginAs(own, practitioner.userId);
    html = await page(own, "/dashboard/practitioner");
    expect(listHtml(html, "Booking management").match(/<li/g)).toHaveLength(10);
    expect(html.includes("Open bookings, the soonest first (the first 10 of 12).")).toBe(true);
    expect(html).toContain('href="/dashboard/practitioner?sessions=all#schedule"');
    html = await page(own, "/dashboard/practitioner?sessions=all");
    expect(listHtml(html, "Booking management").match(/<li/g)).toHaveLength(12);
    expect(html.includes("Open bookings, the soonest first. Confirm")).toBe(true);
    expect(html).toContain('href="/dashboard/practitioner#schedule"');
  });

  test("client: the next 3 sessions as cards, the latest 5 history rows, and favourites without a request", async () => {
    const practitioner = await createPractitioner(d.db, { location: "Asheville, NC", isInPerson: true });
    const client = await createUser(d.db, { roles: ["client"], firstName: "Juniper" });
    const stranger = await createUser(d.db, { roles: ["client"] });
    const book = async (status: Parameters<typeof createBooking>[1]["status"], iso: string, extra: Partial<Parameters<typeof createBooking>[1]> = {}) =>
      await createBooking(d.db, { clientId: client.id, practitionerId: practitioner.id, status, scheduledDatetime: at(iso), ...extra });
    await book("scheduled", "2026-06-16T09:00:00Z", { isVirtual: false });
    await book("confirmed", "2026-06-17T14:30:00Z", { meetingLink: "https://meet.example/abc", duration: 90 });
    await book("pending", "2026-06-18T10:00:00Z");
    await book("scheduled", "2026-06-30T10:00:00Z");
    for (const day of ["01", "03", "05", "07", "09", "11"]) await book("completed", `2026-05-${day}T10:00:00Z`);
    await createBooking(d.db, { clientId: stranger.id, practitionerId: practitioner.id, scheduledDatetime: at("2026-06-16T16:00:00Z") });
    await atomic(d.db, async (tx) => {
      await tx.insert(favoritePractitioners).values({ userId: client.id, practitionerId: practitioner.id });
    });

    const html = await (await signedIn(client.id).get("/dashboard/client")).text();
    expect(html.match(/data-testid="session-card"/g)).toHaveLength(3);
    expect(html).toContain("Tue, Jun 16, 2026");
    expect(html).toContain("9:00 AM UTC<!-- --> · <!-- -->60<!-- --> min");
    expect(html).toContain("In person · Asheville, NC");
    expect(html).toContain("2:30 PM UTC<!-- --> · <!-- -->90<!-- --> min");
    expect(html).not.toContain("Jun 30, 2026");
    expect(html).not.toContain("4:00 PM UTC"); // the other client's session
    // bookings made without a zone (not through the wizard), and no zone known for the client: UTC, said so
    expect(html).toContain("Times are in UTC.");
    expect(html).toContain(`href="/practitioners/${practitioner.id}"`);
    // the spec's actions, live: Cancel Session for every upcoming one (scheduled, confirmed, pending: decision 028), Join Meeting for the confirmed virtual one with a link
    expect(html.match(/<button type="button" class="btn-outline">Cancel Session<\/button>/g)).toHaveLength(3);
    expect(html).toMatch(/<a href="https:\/\/meet.example\/abc" target="_blank" rel="noopener noreferrer" class="btn-primary">Join Meeting<\/a>/);
    expect(html).not.toContain("coming soon.");
    expect(html).toContain("The practitioner has not confirmed it yet.");
    // the badges say the flow's states: a scheduled and a pending request alike (decision 028), never 'Scheduled' or 'Pending'
    expect([...listHtml(html, "Upcoming sessions").matchAll(/data-testid="booking-status"[^>]*>([^<]+)</g)].map((m) => m[1])).toEqual(["Awaiting confirmation", "Confirmed", "Awaiting confirmation"]);

    const history = listHtml(html, "Latest bookings");
    expect(history.match(/<li/g)).toHaveLength(5);
    expect(history).toContain("Mon, May 11, 2026");
    expect(history).not.toContain("May 1, 2026");
    expect(history.match(/>Completed</g)).toHaveLength(5);

    // favourites are in the HTML and in the dehydrated state, so the island does not fetch them
    expect(html).toContain('data-island="FavoritePractitioners"');
    expect(listHtml(html, "Favorite practitioners")).toContain(`Practitioner #${practitioner.id.slice(-6)}`);
    const state = JSON.parse(html.match(/id="__QUERY_STATE__">([^<]*)</)![1]) as { queries: { queryKey: unknown[]; state: { data: unknown[] } }[] };
    const favorites = state.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(favoriteQueries.forUser(client.id).queryKey));
    expect(favorites?.state.data).toHaveLength(1);
    expect(html).toContain('href="/dashboard/client/favorites"');
    expect(html).not.toMatch(/href="#favorites"/);
  });

  test("client with no data: the empty states stay", async () => {
    const html = await (await signedIn((await createUser(d.db, { roles: ["client"] })).id).get("/dashboard/client")).text();
    expect(html).toContain("No sessions booked yet");
    expect(html).toContain("No past sessions yet");
    expect(html).toContain("No saved practitioners yet");
    expect(html).not.toContain('data-testid="session-card"');
  });

  test("practitioner: earnings from this month's completed sessions only, figures, bookings, clients and reviews", async () => {
    const practitioner = await createPractitioner(d.db, { hourlyRateCents: 8500, averageRating: 4.5 });
    const clara = await createUser(d.db, { firstName: "Clara", lastName: "Whitmore" });
    const book = async (status: Parameters<typeof createBooking>[1]["status"], iso: string, duration = 60) =>
      await createBooking(d.db, { clientId: clara.id, practitionerId: practitioner.id, status, scheduledDatetime: at(iso), duration });
    const earned = await book("completed", "2026-06-02T10:00:00Z"); // $85.00
    await book("completed", "2026-06-10T10:00:00Z", 30); // $42.50
    await book("completed", "2026-05-28T10:00:00Z"); // last month
    await book("cancelled", "2026-06-08T10:00:00Z");
    await book("no-show", "2026-06-09T10:00:00Z");
    await book("scheduled", "2026-06-20T10:00:00Z");
    await book("confirmed", "2026-06-22T10:00:00Z", 90);
    await createReview(d.db, { clientId: clara.id, practitionerId: practitioner.id, sessionId: earned.id, rating: 4, comment: "Steady and kind.", createdAt: at("2026-06-13T12:00:00Z") });

    const html = await (await signedIn(practitioner.userId).get("/dashboard/practitioner")).text();
    const stats = html.slice(html.indexOf('data-testid="practice-stats"'));
    expect(stats).toMatch(/This Month&#x27;s Earnings<\/p><p[^>]*>\$127\.50<\/p>/);
    expect(stats).toMatch(/Upcoming Sessions<\/p><p[^>]*>2<\/p>/);
    expect(stats).toMatch(/Completed Sessions<\/p><p[^>]*>3<\/p>/);
    expect(stats).toMatch(/Average Rating<\/p><p[^>]*>4\.5<\/p>/);
    // without saved hours the practitioner's zone is the default one, New York's
    expect(stats).toContain("Completed in June 2026 (America/New York time)");

    const upcoming = listHtml(html, "Booking management");
    expect(upcoming.match(/<li/g)).toHaveLength(2);
    expect(upcoming).toContain("Clara Whitmore");
    expect(upcoming).toContain("$127.50");
    // a scheduled booking can be confirmed; a confirmed one that has not started cannot be completed yet
    expect(upcoming).toContain(">Confirm</button>");
    expect(upcoming).not.toContain("Mark completed");
    expect(html).toMatch(/<a href="\/dashboard\/practitioner\/availability"[^>]*>Edit availability<\/a>/);

    expect(listHtml(html, "Clients")).toContain("Clara Whitmore");
    const reviews = listHtml(html, "Recent reviews");
    expect(reviews).toContain("Steady and kind.");
    expect(reviews).toContain('aria-label="4.0 out of 5 stars"');
    expect(reviews).toContain("2 days ago");

    expect(html).toMatch(new RegExp(`<a href="/practitioners/${practitioner.id}"[^>]*>View Public Profile</a>`));
    expect(html).toMatch(/<a href="\/dashboard\/practitioner\/profile"[^>]*>Profile<\/a>/);
    expect(html).not.toContain("Create your practitioner profile");
  });

  test("practitioner without a profile: a prominent call to create it, and the empty states", async () => {
    const html = await (await signedIn((await createUser(d.db, { roles: ["practitioner"] })).id).get("/dashboard/practitioner")).text();
    expect(html).toContain("Create your practitioner profile");
    expect(html).toMatch(/<a href="\/dashboard\/practitioner\/profile"[^>]*>Create Your Profile<\/a>/);
    expect(html).not.toContain('data-testid="practice-stats"');
    expect(html).toContain("No sessions booked yet");
    expect(html).toContain("No reviews yet");
  });
});

describe("dashboard times in the owner's zone", () => {
  const at = (iso: string) => new Date(iso);
  let d: TestApp;
  beforeAll(async () => {
    d = await createTestApp();
  });
  afterAll(() => d.cleanup());

  function signedIn(userId: string) {
    const client = d.client();
    d.loginAs(client, userId);
    return client;
  }

  test("a New York practitioner: times, this month and this week in New York, the zone named", async () => {
    // Monday 30 November, 22:00 in New York; already Tuesday 1 December in UTC
    d.clock.now = at("2026-12-01T03:00:00Z");
    const practitioner = await createPractitioner(d.db, { hourlyRateCents: 6000 });
    await atomic(d.db, (tx) => insertDefaultAvailability(tx, practitioner.id, "America/New_York"));
    const clara = await createUser(d.db, { firstName: "Clara", lastName: "Whitmore" });
    const book = async (status: Parameters<typeof createBooking>[1]["status"], iso: string, duration = 60) =>
      await createBooking(d.db, { clientId: clara.id, practitionerId: practitioner.id, status, scheduledDatetime: at(iso), duration });
    await book("completed", "2026-12-01T02:00:00Z"); // $60, November in New York
    await book("scheduled", "2026-12-01T04:30:00Z", 90); // 23:30 on Monday 30 November in New York
    await book("confirmed", "2026-12-07T06:00:00Z"); // Monday 7 December, 01:00: next week
    await book("no-show", "2026-12-08T03:00:00Z"); // 22:00 on Monday 7 December in New York: the client's latest session

    const html = await (await signedIn(practitioner.userId).get("/dashboard/practitioner")).text();
    const stats = html.slice(html.indexOf('data-testid="practice-stats"'));
    expect(stats).toMatch(/This Month&#x27;s Earnings<\/p><p[^>]*>\$60\.00<\/p>/);
    expect(stats).toContain("Completed in November 2026 (America/New York time)");
    const management = listHtml(html, "Booking management");
    expect(management).toContain("Mon, Nov 30, 2026<!-- --> · <!-- -->11:30 PM EST");
    expect(management).toContain("Mon, Dec 7, 2026<!-- --> · <!-- -->1:00 AM EST");
    expect(management).not.toContain("UTC");
    expect(html).toContain("Times are in your availability&#x27;s time zone, America/New York (GMT-5).");
    const week = html.slice(html.indexOf('data-testid="this-week"'));
    expect(week).toContain(">1 session</p>");
    expect(week).toContain("1.5 hours still to come this week (Monday to Sunday, America/New York time).");
    // the client list's latest session, on its New York day
    expect(listHtml(html, "Clients")).toContain(">Dec 7, 2026</time>");
    // the actions island labels the session by its day in that zone
    expect(html).toContain("shownTimeZone&quot;:&quot;America/New_York");
  });

  test("a client: each booking in the zone it was booked from; others in the latest known one", async () => {
    d.clock.now = at("2026-06-15T12:00:00Z");
    const practitioner = await createPractitioner(d.db);
    const client = await createUser(d.db, { roles: ["client"] });
    const book = async (iso: string, clientTimeZone: string | null, createdAt: string) =>
      await createBooking(d.db, { clientId: client.id, practitionerId: practitioner.id, scheduledDatetime: at(iso), clientTimeZone, createdAt: at(createdAt) });
    await book("2026-06-16T23:30:00Z", "Europe/Berlin", "2026-06-01T10:00:00Z"); // 01:30 on Wednesday 17 June in Berlin
    await book("2026-06-18T09:00:00Z", null, "2026-06-02T10:00:00Z"); // booked without a zone

    let html = await (await signedIn(client.id).get("/dashboard/client")).text();
    let upcoming = listHtml(html, "Upcoming sessions");
    expect(upcoming).toContain("Wed, Jun 17, 2026");
    expect(upcoming).toContain("1:30 AM GMT+2<!-- --> · <!-- -->60<!-- --> min");
    expect(upcoming).toContain("11:00 AM GMT+2<!-- --> · <!-- -->60<!-- --> min");
    expect(upcoming).not.toContain("UTC");
    expect(html).toContain("Times are in your time zone, Europe/Berlin (GMT+2).");

    // booked again from Tokyo: the session booked without a zone follows the latest zone
    await book("2026-06-20T01:00:00Z", "Asia/Tokyo", "2026-06-03T10:00:00Z");
    html = await (await signedIn(client.id).get("/dashboard/client")).text();
    upcoming = listHtml(html, "Upcoming sessions");
    expect(upcoming).toContain("1:30 AM GMT+2");
    expect(upcoming).toContain("6:00 PM GMT+9"); // 09:00 UTC on 18 June, in Tokyo
    expect(upcoming).toContain("10:00 AM GMT+9");
    expect(html).toContain("Times are in the time zone you booked each session from.");
  });

  /** The inner HTML of the list labelled `label`. */
  function listHtml(html: string, label: string): string {
    const match = html.match(new RegExp(`<ul[^>]*aria-label="${label}"[^>]*>([\\s\\S]*?)</ul>`));
    if (!match) throw new Error(`no list "${label}"`);
    return match[1];
  }
});
