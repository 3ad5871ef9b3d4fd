/**
 * Discover journeys in Chromium as a visitor, a preview client, a premium client and a
 * practitioner: directory, Hive, profiles, reviews, favourites and profile editing.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { PROFILE_LISTING_TEXTS } from "../../core/practitioner-profile";
import { DESKTOP, loginAs, openDb, openPage, openSignedIn, PHONE, queryDb, seriousA11yViolations, useServerAndBrowser } from "./fixtures";

const CLIENT = "client@pollinate.example";
const PREVIEW = "preview@pollinate.example";
const PRACTITIONER = "practitioner@pollinate.example";

const suite = useServerAndBrowser();

const query = <T,>(sql: string, ...params: string[]): T[] => queryDb<T>(suite.server, sql, ...params);
const signedInPage = (email: string | null, viewport?: { width: number; height: number }) => openSignedIn(suite, email, viewport);

/** Waits until the island under `selector` is hydrated (React attached its root). */
async function hydrated(page: Page, island: string) {
  await page.waitForFunction((name) => {
    const el = document.querySelector(`[data-island="${name}"]`);
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactContainer"));
  }, island);
}

const cards = (page: Page) => page.locator('[data-island="PractitionerDirectory"] article');
const cardTitles = (page: Page) => cards(page).locator("h3").allInnerTexts();

describe("the directory", () => {
  test("a visitor sees 3 practitioners, the limited-access notice and an upgrade prompt; axe-clean at 390 px", async () => {
    const { page, problems, context } = await signedInPage(null, PHONE);
    await page.goto(`${suite.server.url}/practitioners`);
    await page.getByRole("heading", { level: 1, name: "Find Practitioners" }).waitFor();
    expect(await cards(page).count()).toBe(3);
    await page.getByTestId("access-notice").getByText(/visitors can view our first 3 featured practitioners\. Search and filters work within those 3\./).waitFor();
    await page.getByTestId("upgrade-prompt").waitFor();
    const first = cards(page).first();
    expect(await first.locator("h3").innerText()).toMatch(/^Practitioner #[0-9a-f]{6}$/);
    expect(await first.getByText(/^\$\d+(\.\d\d)?\/session$/).count()).toBe(1);
    expect(await first.getByRole("link", { name: "View Profile" }).getAttribute("href")).toMatch(/^\/practitioners\/[0-9a-f-]{36}$/);
    expect(await first.getByRole("link", { name: "Book Session" }).getAttribute("href")).toMatch(/^\/book\/[0-9a-f-]{36}$/);
    await hydrated(page, "PractitionerDirectory");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a visitor who changes filters, sorts and searches still sees only the same 3 (and the API agrees)", async () => {
    const { page, problems, context } = await signedInPage(null);
    await page.goto(`${suite.server.url}/hive`);
    await hydrated(page, "PractitionerDirectory");
    const featured = (await cardTitles(page)).sort();
    expect(featured).toHaveLength(3);
    await page.getByTestId("access-notice").getByText(/visitors can view our first 3 featured facilitators\. Search, filters and sorting work within those 3\./).waitFor();

    const seen = new Set<string>();
    /** Runs the action and waits for its results (`cached`: back to filters already answered). */
    const settle = async (action: () => Promise<unknown>, cached = false) => {
      const answered = cached ? null : page.waitForResponse((r) => r.url().includes("/api/practitioners/all"));
      await action();
      await answered;
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      for (const title of await cardTitles(page)) seen.add(title);
      expect(await cards(page).count()).toBeLessThanOrEqual(3);
    };
    for (const archetype of ["hummingbird", "butterfly", "beetle", "bee"]) {
      await settle(() => page.getByRole("combobox", { name: "Archetype" }).selectOption(archetype));
    }
    await settle(() => page.getByRole("combobox", { name: "Archetype" }).selectOption(""), true);
    for (const level of ["wise", "evolving", "rising"]) {
      await settle(() => page.getByRole("combobox", { name: "Experience" }).selectOption(level));
    }
    await settle(() => page.getByRole("combobox", { name: "Experience" }).selectOption(""), true);
    for (const sort of ["rating", "price-high", "newest", "sessions"]) {
      await settle(() => page.getByRole("combobox", { name: "Sort by" }).selectOption(sort));
    }
    await settle(() => page.getByRole("searchbox", { name: "Search", exact: true }).fill("healing"));
    expect([...seen].sort().every((title) => featured.includes(title))).toBe(true);

    // the API gives nothing else either, and still counts every match for the upgrade prompt
    const answers = await page.evaluate(async () => {
      const out: { ids: string[]; shown: number; total: number }[] = [];
      for (const query of ["archetype=beetle&level=wise", "archetype=hummingbird&sort=rating", "sort=price-high&pageSize=48", "q=therapy", "sort=newest&page=2&pageSize=1"]) {
        const body = await (await fetch(`/api/practitioners/all?${query}`)).json();
        out.push({ ids: body.practitioners.map((p: { id: string }) => p.id), shown: body.accessInfo.shown, total: body.accessInfo.total });
      }
      return out;
    });
    const suffixes = featured.map((title) => title.slice(-6));
    for (const answer of answers) {
      expect(answer.shown).toBeLessThanOrEqual(3);
      expect(answer.total).toBeGreaterThanOrEqual(answer.shown);
      for (const id of answer.ids) expect(suffixes).toContain(id.slice(-6));
    }
    expect(answers[0].total).toBeGreaterThan(answers[0].shown);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a premium client filters, searches (odd input too), pages, and the back button restores each step", async () => {
    const { page, problems, context } = await signedInPage(CLIENT);
    const requests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/practitioners/all")) requests.push(r.url());
    });
    await page.goto(`${suite.server.url}/practitioners`);
    await hydrated(page, "PractitionerDirectory");
    expect(requests).toEqual([]); // the first page came dehydrated with the HTML
    expect(await page.getByTestId("access-notice").count()).toBe(0);
    expect(await cards(page).count()).toBe(12);
    await page.getByText(/Showing 1–12 of \d+ practitioners/).waitFor();

    await page.getByRole("combobox", { name: "Archetype" }).selectOption("beetle");
    await page.waitForURL(/\/practitioners\?archetype=beetle$/);
    await page.getByText(/Showing 1–\d+ of \d+ practitioners/).waitFor();
    const beetleCount = await cards(page).count();
    expect(beetleCount).toBeGreaterThan(0);
    expect(await cards(page).getByText("Beetle", { exact: true }).count()).toBe(beetleCount);

    await page.getByRole("combobox", { name: "Experience" }).selectOption("wise");
    await page.waitForURL(/archetype=beetle&level=wise$/);
    await page.waitForFunction(() => document.querySelectorAll('[data-island="PractitionerDirectory"] article').length > 0);
    expect(await cards(page).getByText("Wise", { exact: true }).count()).toBe(await cards(page).count());

    // back and forward read the URL with the API's schema, fetched on the first one: wait for it
    const settledOn = async (name: string, value: string) => {
      const select = await page.getByRole("combobox", { name }).elementHandle();
      await page.waitForFunction(([el, v]) => (el as HTMLSelectElement).value === v, [select, value] as const, { timeout: 5000 });
    };
    await page.goBack();
    await page.waitForURL(/\/practitioners\?archetype=beetle$/);
    await settledOn("Experience", "");
    expect(await page.getByRole("combobox", { name: "Experience" }).inputValue()).toBe("");
    expect(await page.getByRole("combobox", { name: "Archetype" }).inputValue()).toBe("beetle");
    await page.goBack();
    await page.waitForURL(/\/practitioners$/);
    await settledOn("Archetype", "");
    expect(await page.getByRole("combobox", { name: "Archetype" }).inputValue()).toBe("");

    // search as you type; the URL and the header search follow
    // (once typing pauses the island changes the address, then renders: the cards on screen may
    // still be the unfiltered ones until the search's answer is in)
    const griefAnswered = page.waitForResponse((r) => r.url().includes("/api/practitioners/all") && new URL(r.url()).searchParams.get("q") === "grief");
    await page.getByRole("searchbox", { name: "Search", exact: true }).fill("grief");
    await page.waitForURL(/\/practitioners\?q=grief$/);
    await griefAnswered;
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && document.querySelectorAll('[data-island="PractitionerDirectory"] article').length > 0);
    const griefTitles = await cardTitles(page);
    expect(griefTitles.length).toBeGreaterThan(0);

    for (const odd of ['"grief', "NEAR(grief", "grief* OR -", "🦄", "'; DROP TABLE practitioners; --"]) {
      await page.getByRole("searchbox", { name: "Search", exact: true }).fill(odd);
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("q") === odd.trim());
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    }
    await page.getByText("No practitioners found").waitFor();
    await page.getByRole("button", { name: "Clear filters" }).first().click();
    await page.waitForURL(/\/practitioners$/);

    // paging: real links, in-page updates
    await page.getByRole("navigation", { name: "Practitioner pages" }).getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/\/practitioners\?page=2$/);
    await page.getByText(/Showing 13–\d+ of \d+ practitioners/).waitFor();
    await page.goBack();
    await page.getByText(/Showing 1–12 of/).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test("/practitioners?archetype=bee arrives filtered and the header search lands here", async () => {
    const { page, context } = await signedInPage(CLIENT);
    await page.goto(`${suite.server.url}/practitioners?archetype=bee`);
    expect(await page.getByRole("combobox", { name: "Archetype" }).inputValue()).toBe("bee");
    expect(await cards(page).getByText("Bee", { exact: true }).count()).toBe(await cards(page).count());
    await page.goto(`${suite.server.url}/about`);
    await page.getByRole("searchbox", { name: "Search practitioners" }).first().fill("breathwork");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/practitioners\?q=breathwork$/);
    expect(await page.getByRole("searchbox", { name: "Search", exact: true }).inputValue()).toBe("breathwork");
    expect(await cards(page).count()).toBeGreaterThan(0);
    await context.close();
  });

  test("the API enforces the limits: a preview client gets 3, a premium client all; others' data is 403", async () => {
    const preview = await signedInPage(PREVIEW);
    await preview.page.goto(`${suite.server.url}/practitioners`);
    const clientId = query<{ id: string }>("select id from users where email = ?", CLIENT)[0].id;
    const answers = await preview.page.evaluate(async (otherId) => {
      const all = await (await fetch("/api/practitioners/all?pageSize=48")).json();
      const favorites = await fetch(`/api/favorites/${otherId}`);
      const reviews = await fetch(`/api/reviews/client/${otherId}`);
      return { shown: all.practitioners.length, accessInfo: all.accessInfo, favorites: favorites.status, reviews: reviews.status };
    }, clientId);
    expect(answers.shown).toBe(3);
    expect(answers.accessInfo).toMatchObject({ upgradeRequired: true, shown: 3, accessLevel: "preview" });
    expect(answers.favorites).toBe(403);
    expect(answers.reviews).toBe(403);
    await preview.page.getByTestId("access-notice").getByRole("button", { name: "Upgrade Access" }).waitFor();
    await preview.context.close();

    const premium = await signedInPage(CLIENT);
    await premium.page.goto(`${suite.server.url}/practitioners`);
    const total = await premium.page.evaluate(async () => (await (await fetch("/api/practitioners/all?pageSize=48")).json()).accessInfo);
    expect(total.shown).toBe(total.total);
    expect(total.upgradeRequired).toBe(false);
    await premium.context.close();
  });
});

describe("the Hive", () => {
  test("sorts by price, filters by price and says 'No facilitators found'; axe-clean on desktop", async () => {
    const { page, problems, context } = await signedInPage(CLIENT);
    await page.goto(`${suite.server.url}/hive`);
    await page.getByRole("heading", { level: 1, name: "The Hive" }).waitFor();
    await hydrated(page, "PractitionerDirectory");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("price-low");
    await page.waitForURL(/\/hive\?sort=price-low$/);
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    const prices = (await cards(page).getByText(/\/session$/).allInnerTexts()).map((t) => Number(t.replace(/[$/a-z]/g, "")));
    expect(prices.length).toBe(12);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const max = page.getByRole("slider", { name: "Maximum price" });
    await max.focus();
    for (let i = 0; i < 40; i++) await page.keyboard.press("ArrowLeft"); // 300 -> 100
    await page.waitForURL(/maxPrice=100/);
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    // the dearest first: without the bound these would be the practitioners above $100
    const listedRates = (where: string) =>
      query<{ cents: number }>(`select p.hourly_rate_cents as cents from practitioners p join users u on u.id = p.user_id where u.is_email_verified = 1 and ${where} order by cents desc`).map((r) => r.cents / 100);
    expect(listedRates("p.hourly_rate_cents > 10000").length).toBeGreaterThan(0);
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("price-high");
    await page.waitForURL(/\/hive\?maxPrice=100&sort=price-high$/);
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    const capped = (await cards(page).getByText(/\/session$/).allInnerTexts()).map((t) => Number(t.replace(/[$/a-z]/g, "")));
    expect(capped.length).toBeGreaterThan(0);
    expect(capped.every((p) => p <= 100)).toBe(true);
    expect(capped).toEqual(listedRates("p.hourly_rate_cents <= 10000").slice(0, capped.length));

    await page.getByRole("searchbox", { name: "Search", exact: true }).fill("xyzzyqwerty");
    await page.getByText("No facilitators found").waitFor();
    expect(await page.getByRole("link", { name: "Join The Hive" }).getAttribute("href")).toBe("/auth/signup");
    expect(await page.getByRole("link", { name: "Book a Session" }).getAttribute("href")).toBe("/practitioners");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("profiles and reviews", () => {
  test("a profile has tabs, a side panel, structured data and a working Send Message; axe-clean at 390 px", async () => {
    const { page, problems, context } = await signedInPage(null, PHONE);
    await page.goto(`${suite.server.url}/practitioners`);
    await cards(page).first().getByRole("link", { name: "View Profile" }).click();
    await page.waitForURL(/\/practitioners\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").pop()!;
    await page.getByRole("heading", { level: 1, name: `Practitioner #${id.slice(-6)}` }).waitFor();
    // the tabs hydrate on first use: nothing to wait for, the first click is replayed
    expect(await page.getByRole("link", { name: "Schedule Session" }).getAttribute("href")).toBe(`/book/${id}`);
    await page.getByText("Within 24hrs").waitFor();
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const profile = ld.map((t) => JSON.parse(t)).find((d) => d["@type"] === "ProfessionalService");
    expect(profile.url).toEndWith(`/practitioners/${id}`);
    expect(profile.aggregateRating.reviewCount).toBeGreaterThan(0);

    await page.getByRole("tab", { name: /^Reviews \(\d+\)$/ }).click();
    await page.waitForURL(/\?tab=reviews$/);
    expect(await page.getByTestId("review-average").innerText()).toMatch(/^\d\.\d$/);
    expect(await page.getByRole("list", { name: "Ratings by stars" }).getByRole("listitem").count()).toBe(5);
    await page.getByRole("link", { name: "Sign in" }).waitFor();
    expect(await page.locator("time").first().innerText()).toMatch(/ago|yesterday|last|just now/);
    await page.getByRole("tab", { name: "Approach" }).click();
    await page.getByRole("heading", { name: /^The \w+ approach/ }).waitFor();
    expect(await page.getByRole("link", { name: "Send Message" }).getAttribute("href")).toMatch(/^\/messages\/new\?practitioner=/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("'Practitioner Not Found' with a link back", async () => {
    const { page, context } = await signedInPage(null);
    const response = await page.goto(`${suite.server.url}/practitioners/no-such-practitioner`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Practitioner Not Found" }).waitFor();
    expect(await page.getByRole("link", { name: "Back to Practitioners" }).getAttribute("href")).toBe("/practitioners");
    await context.close();
  });

  test("a client writes a review after a completed session; without one the form is refused", async () => {
    const [{ practitionerId }] = query<{ practitionerId: string }>(
      `select b.practitioner_id as practitionerId from sessions_booking b join users u on u.id = b.client_id
       left join reviews r on r.session_id = b.id
       where u.email = ? and b.status = 'completed' and r.id is null order by b.scheduled_datetime desc limit 1`,
      CLIENT,
    );

    // the preview client never had a session with this practitioner
    const preview = await signedInPage(PREVIEW);
    await preview.page.goto(`${suite.server.url}/practitioners/${practitionerId}?tab=reviews`);
    await preview.page.getByTestId("review-refusal").getByText("after a completed session").waitFor();
    expect(await preview.page.getByRole("button", { name: "Submit Review" }).count()).toBe(0);
    const refused = await preview.page.evaluate(async (id) => {
      const res = await fetch("/api/reviews", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ practitionerId: id, rating: 5, withoutComment: true }) });
      return { status: res.status, body: await res.json() };
    }, practitionerId);
    expect(refused.status).toBe(403);
    await preview.context.close();

    const { page, problems, context } = await signedInPage(CLIENT);
    await page.goto(`${suite.server.url}/practitioners/${practitionerId}?tab=reviews`);
    // the tabs hydrate on first use: nothing to wait for, the first click is replayed
    const before = Number((await page.getByRole("tab", { name: /^Reviews/ }).innerText()).match(/\d+/)![0]);
    await page.getByRole("button", { name: "Submit Review" }).click();
    await page.getByRole("alert").getByText("Choose a rating from 1 to 5 stars.").waitFor();
    await page.locator("label").filter({ has: page.getByRole("radio", { name: "4 stars" }) }).click();
    await page.getByLabel("Your review", { exact: true }).fill("Grounded, kind and practical. Thank you!");
    await page.getByRole("button", { name: "Submit Review" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("Thank you! Your review is published.").waitFor();
    // the form is gone: the focus is on the thanks that replaced it (it once fell to the page's body)
    await page.waitForFunction(() => document.activeElement?.textContent === "Thank you! Your review is published.");
    await page.getByRole("tab", { name: `Reviews (${before + 1})` }).waitFor();
    const newest = page.getByRole("list", { name: "Reviews" }).getByRole("listitem").first();
    await newest.getByText("Grounded, kind and practical. Thank you!").waitFor();
    expect(await newest.getByText("Clara W.").count()).toBe(1);
    expect(await newest.locator("time").innerText()).toBe("just now");
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("favorites", () => {
  test("a client hearts a card, finds it in favorites and removes it again", async () => {
    const { page, problems, context } = await signedInPage(CLIENT);
    await page.goto(`${suite.server.url}/practitioners?archetype=butterfly`);
    await hydrated(page, "PractitionerDirectory");
    const card = cards(page).first();
    const title = await card.locator("h3").innerText();
    const heart = card.getByRole("button", { name: `Favorite ${title}` });
    const wasPressed = (await heart.getAttribute("aria-pressed")) === "true";
    if (wasPressed) {
      await heart.click();
      await page.waitForFunction((name) => document.querySelector(`button[aria-label="Favorite ${name}"]`)?.getAttribute("aria-pressed") === "false", title);
    }
    // from the keyboard: the heart keeps the focus while it waits and after (it once fell to the page's body)
    await heart.focus();
    await page.keyboard.press("Enter");
    // the toast itself (Radix's role=status announcer copies its text for one second only)
    await page.getByTestId("toast").getByText("Favorites updated!").waitFor();
    expect(await heart.getAttribute("aria-pressed")).toBe("true");
    expect(await heart.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.goto(`${suite.server.url}/dashboard/client/favorites`);
    await hydrated(page, "FavoritePractitioners");
    const saved = page.getByRole("list", { name: "Favorite practitioners" }).locator("article").filter({ hasText: title });
    expect(await saved.count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const others = (await page.getByRole("list", { name: "Favorite practitioners" }).locator("article").count()) - 1;
    await saved.getByRole("button", { name: `Favorite ${title}` }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("Favorites updated!").first().waitFor();
    await page.waitForFunction((name) => ![...document.querySelectorAll("article h2, article h3")].some((h) => h.textContent === name), title);
    // the card went with its heart: the focus moves on to another heart (or, with none left, to the
    // empty list's link) instead of falling back to the top of the page
    const focused = await page.evaluate(() => ({ label: document.activeElement?.getAttribute("aria-label") ?? "", text: document.activeElement?.textContent ?? "" }));
    if (others > 0) expect(focused.label).toMatch(/^Favorite Practitioner #/);
    else expect(focused.text).toBe("Browse Practitioners");
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the heart is on profiles for signed-in users only", async () => {
    const [{ id }] = query<{ id: string }>("select id from practitioners order by created_at limit 1");
    const visitor = await signedInPage(null);
    await visitor.page.goto(`${suite.server.url}/practitioners/${id}`);
    expect(await visitor.page.getByRole("button", { name: /^Favorite Practitioner/ }).count()).toBe(0);
    await visitor.context.close();
    const client = await signedInPage(CLIENT);
    await client.page.goto(`${suite.server.url}/practitioners/${id}`);
    const heart = client.page.getByRole("button", { name: `Favorite Practitioner #${id.slice(-6)}` });
    const before = await heart.getAttribute("aria-pressed");
    await heart.click();
    await client.page.getByText("Favorites updated!").first().waitFor();
    expect(await heart.getAttribute("aria-pressed")).toBe(before === "true" ? "false" : "true");
    await client.context.close();
  });
});

describe("accessibility", () => {
  test("directory, Hive, profile and favorites are axe-clean at 390 px and on desktop, signed in and not", async () => {
    const [{ id }] = query<{ id: string }>("select id from practitioners order by created_at limit 1");
    const paths = ["/practitioners", "/practitioners?archetype=butterfly&level=wise", "/hive?sort=rating", `/practitioners/${id}?tab=reviews`, `/practitioners/${id}?tab=approach`];
    for (const viewport of [PHONE, DESKTOP]) {
      for (const email of [null, CLIENT]) {
        const { page, problems, context } = await signedInPage(email, viewport);
        for (const path of email ? [...paths, "/dashboard/client/favorites"] : paths) {
          await page.goto(suite.server.url + path);
          await page.waitForFunction(() => [...document.querySelectorAll('[data-island]:not([data-hydrate="interaction"])')].every((el) => Object.keys(el).some((k) => k.startsWith("__reactContainer"))));
          expect(await seriousA11yViolations(page), `${path} at ${viewport.width}px`).toEqual([]);
          if (viewport === PHONE) expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
        }
        expect(problems).toEqual([]);
        await context.close();
      }
    }
    // 22 pages with axe: about 140 s on a loaded two-core machine
  }, 240_000);
});

describe("practitioner profile editing", () => {
  test("a practitioner edits the profile (rising stays Bee) and finds the change in the directory; axe-clean at 390 px and desktop", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context } = await signedInPage(PRACTITIONER, viewport);
      await page.goto(`${suite.server.url}/dashboard/practitioner/profile`);
      await hydrated(page, "PractitionerProfileForm");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    }

    const { page, problems, context } = await signedInPage(PRACTITIONER);
    await page.goto(`${suite.server.url}/dashboard/practitioner/profile`);
    await page.getByRole("heading", { level: 1, name: "Edit your profile" }).waitFor();
    await hydrated(page, "PractitionerProfileForm");
    await page.getByRole("radio", { name: /^Rising/ }).check();
    expect(await page.getByRole("radio", { name: /^Hummingbird/ }).isDisabled()).toBe(true);
    expect(await page.getByRole("radio", { name: /^Bee ·/ }).isChecked()).toBe(true);

    await page.getByLabel("Bio", { exact: true }).fill("Too short");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Please fix the highlighted fields.").waitFor();
    await page.getByText("Tell clients about your practice in at least 40 characters.").waitFor();

    await page.getByLabel("Bio", { exact: true }).fill("I lead zephyrwood forest breathing walks: slow, grounding and open to first-time seekers.");
    await page.getByLabel("Specializations", { exact: true }).fill("Forest breathing, Stress release");
    await page.getByLabel("Rate per session (USD)").fill("72.50");
    await page.getByRole("button", { name: "Save Changes" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("Your profile is saved.").waitFor();
    // the answer is above the form: the focus goes to it and it is in view (the button at the bottom once lost the focus, with nothing to see)
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith("Your profile is saved."));
    expect(await page.getByText("Your profile is saved.").evaluate((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })).toBe(true);
    const link = page.getByRole("link", { name: /View your public profile/ });
    const href = (await link.getAttribute("href"))!;
    const id = href.split("/").pop()!;
    expect(problems).toEqual([]);

    await page.goto(`${suite.server.url}/practitioners?q=zephyrwood`);
    const titles = await cardTitles(page);
    expect(titles).toEqual([`Practitioner #${id.slice(-6)}`]);
    await cards(page).first().getByText("$72.50/session").waitFor();
    await cards(page).first().getByText("Forest breathing").waitFor();
    await page.goto(`${suite.server.url}${href}`);
    await page.getByText("I lead zephyrwood forest breathing walks").waitFor();
    await context.close();
  });

  test("a new practitioner whose e-mail is not confirmed yet is told the profile is not listed until it is", async () => {
    const email = "unconfirmed-facilitator@example.com";
    const signUp = await fetch(`${suite.server.url}/api/auth/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: suite.server.url },
      body: JSON.stringify({ firstName: "Una", lastName: "Confirmed", email, password: "a-good-password", role: "practitioner" }),
    });
    expect(signUp.status).toBe(201);
    const { page, problems, context } = await signedInPage(email, PHONE);
    await page.goto(`${suite.server.url}/dashboard/practitioner/profile`);
    await page.getByRole("heading", { level: 1, name: "Create your profile" }).waitFor();
    await hydrated(page, "PractitionerProfileForm");
    await page.getByTestId("unlisted-notice").getByText(PROFILE_LISTING_TEXTS.unverified).waitFor();
    expect(await page.getByText(PROFILE_LISTING_TEXTS.createIntro).count()).toBe(0);
    // a new link from the keyboard: the answer shows and the focus stays on the button (it fell to the page's body)
    await page.getByRole("button", { name: "Resend verification email" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText(`We've sent a new verification link to ${email}.`).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Resend verification email");
    await page.getByLabel("Bio", { exact: true }).fill("I offer quiet, grounding sessions for people new to this kind of work.");
    await page.getByLabel("Specializations", { exact: true }).fill("Grounding, Sleep");
    await page.getByRole("checkbox", { name: "Reiki" }).check();
    await page.getByLabel("Rate per session (USD)").fill("40");
    await page.getByRole("button", { name: "Create Profile" }).click();
    await page.getByText(PROFILE_LISTING_TEXTS.savedUnverified).waitFor();
    expect(await page.getByText(PROFILE_LISTING_TEXTS.created).count()).toBe(0);
    const href = (await page.getByRole("link", { name: /View your public profile/ }).getAttribute("href"))!;
    await page.goto(suite.server.url + href);
    await page.getByTestId("unlisted-notice").getByText(PROFILE_LISTING_TEXTS.ownerOnly).waitFor();
    expect(problems).toEqual([]);
    await context.close();
    // what the notice says: nobody else finds it
    expect((await fetch(suite.server.url + href)).status).toBe(404);
  });

  test("a client cannot open the editor; a visitor is sent to sign in", async () => {
    const client = await signedInPage(CLIENT);
    const res = await client.page.goto(`${suite.server.url}/dashboard/practitioner/profile`);
    expect(res?.status()).toBe(403);
    await client.context.close();
    const visitor = await signedInPage(null);
    await visitor.page.goto(`${suite.server.url}/dashboard/practitioner/profile`);
    await visitor.page.waitForURL(/\/auth\/signin\?next=%2Fdashboard%2Fpractitioner%2Fprofile$/);
    await visitor.context.close();
  });
});

describe("long words", () => {
  test("a link in a bio, a long place name, a one-word specialization and a long word in a review stay inside a 320 px screen", async () => {
    const url = `https://example.com/${"longpath".repeat(20)}`;
    const place = "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch";
    const word = "Transformational".repeat(4).slice(0, 60);
    // the practitioner saves them through the profile API, so its rules allow every one
    const practitioner = await signedInPage(PRACTITIONER);
    const me = await practitioner.page.request.get(`${suite.server.url}/api/practitioners/me`);
    const p = await me.json();
    // what this test changes is put back at the end, so no later test depends on running before it
    const db = openDb(suite.server.dbPath);
    const before = db.query("select bio, specializations, location, is_virtual, is_in_person from practitioners where id = ?").get(p.id) as Record<string, unknown>;
    const review = db.query("select id, comment from reviews where practitioner_id = ? limit 1").get(p.id) as { id: string; comment: string | null };
    try {
      const saved = await practitioner.page.request.put(`${suite.server.url}/api/practitioners/me`, {
        headers: { Origin: suite.server.url },
        data: {
          archetype: p.archetype,
          experienceLevel: p.experienceLevel,
          bio: `${p.bio} More at ${url}`,
          specializations: [word, "Stress release"],
          professionalCategories: p.professionalCategories,
          hourlyRate: p.hourlyRate,
          location: place,
          isVirtual: true,
          isInPerson: true,
        },
      });
      expect(saved.status()).toBe(200);
      await practitioner.context.close();
      // and a client's review of them is one long word
      db.query("update reviews set comment = ? where id = ?").run("Wonderful".repeat(40), review.id);

      const { page, problems, context } = await signedInPage(CLIENT, { width: 320, height: 800 });
      for (const path of [`/practitioners/${p.id}`, `/practitioners/${p.id}?tab=reviews`, `/practitioners?q=${word.slice(0, 16)}`, `/hive?q=${word.slice(0, 16)}`]) {
        await page.goto(suite.server.url + path);
        if (path.includes("?q=")) await cards(page).first().getByText(place).waitFor();
        else if (path.endsWith("reviews")) await page.getByText("Wonderful".repeat(40)).waitFor();
        else await page.getByText(url).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
      }
      expect(problems).toEqual([]);
      await context.close();

      // the editor shows the specializations as chips while typing: the long one wraps there too
      const editor = await signedInPage(PRACTITIONER, { width: 320, height: 800 });
      await editor.page.goto(`${suite.server.url}/dashboard/practitioner/profile`);
      await hydrated(editor.page, "PractitionerProfileForm");
      await editor.page.getByRole("list", { name: "Specializations as they will appear" }).getByText(word).waitFor();
      expect(await editor.page.evaluate(() => document.documentElement.scrollWidth), "the profile editor").toBeLessThanOrEqual(320);
      expect(editor.problems).toEqual([]);
      await editor.context.close();
    } finally {
      db.query("update practitioners set bio = ?, specializations = ?, location = ?, is_virtual = ?, is_in_person = ? where id = ?").run(
        before.bio as string, before.specializations as string, before.location as string, before.is_virtual as number, before.is_in_person as number, p.id,
      );
      db.query("update reviews set comment = ? where id = ?").run(review.comment, review.id);
      db.close();
    }
  });
});
