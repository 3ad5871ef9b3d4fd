import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createElement } from "react";
import { createBooking, createClient, createPractitioner, createReview } from "../testing/factories";
import { createTestApp, type TestApp, type TestClient } from "../testing/test-app";
import { PAGE_COMPONENTS, pageComponentName } from "./page-components";
import { createRenderThread, type PageRenderer } from "./render-pool";

// the render thread of production, and a switch that sends every page back to the request thread
const thread = createRenderThread({ assets: "none" });
let useThread = true;
let renderedThere = 0;
const pagesThere = new Set<string>();
const counting: PageRenderer = {
  render(body, options, env) {
    if (!useThread) return null;
    const rendering = thread.render(body, options, env);
    if (rendering) {
      renderedThere++;
      pagesThere.add(pageComponentName(body.type)!);
    }
    return rendering;
  },
  close: () => thread.close(),
};

let t: TestApp;
let premium: TestClient;
let facilitator: TestClient;
let practitionerId: string;
beforeAll(async () => {
  t = await createTestApp({ renderer: counting });
  const practitioner = await createPractitioner(t.db, { location: "Ojai, CA", bio: "Grounded <b>space</b> & “quotes” 🌿" });
  practitionerId = practitioner.id;
  await createPractitioner(t.db, { archetype: "butterfly" });
  const client = await createClient(t.db, { user: { accessLevel: "premium", subscriptionStatus: "premium", firstName: "Clara" } });
  const past = new Date(Date.now() - 3 * 86_400_000);
  await createBooking(t.db, { clientId: client.userId, practitionerId, scheduledDatetime: past, status: "completed" });
  await createReview(t.db, { clientId: client.userId, practitionerId, rating: 5, comment: "Warm & calm" });
  premium = t.client();
  t.loginAs(premium, client.userId);
  facilitator = t.client();
  t.loginAs(facilitator, practitioner.userId);
});
afterAll(() => t.cleanup());

/** The document without what differs on every request: the CSP nonce and react-query's times. */
const normalise = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '"$1":0');

async function page(client: TestClient, path: string, onThread: boolean) {
  useThread = onThread;
  const before = renderedThere;
  const res = await client.get(path);
  useThread = true;
  const headers = { type: res.headers.get("content-type"), cache: res.headers.get("cache-control"), vary: res.headers.get("vary") };
  return { status: res.status, headers, html: normalise(await res.text()), onThread: renderedThere - before };
}

describe("pages rendered on the render thread", () => {
  test("are the same documents as on the request thread, for a visitor, a client and a practitioner", async () => {
    const paths = ["/", "/alpha", "/practitioners", "/practitioners?archetype=bee&sort=price-low", "/hive", `/practitioners/${practitionerId}`, `/practitioners/${practitionerId}?tab=reviews`, "/practitioners/not-a-practitioner", "/garden", "/garden/wallet", "/dashboard/client/favorites", `/book/${practitionerId}`];
    for (const [who, client] of [["visitor", t.client()], ["client", premium], ["practitioner", facilitator]] as const) {
      for (const path of paths) {
        const there = await page(client, path, true);
        const here = await page(client, path, false);
        // a visitor's favourites, wallet and booking pages are redirects to sign-in: nothing rendered
        const drawn = here.status === 302 ? 0 : 1;
        expect({ who, path, onThread: there.onThread, status: there.status, headers: there.headers }).toEqual({ who, path, onThread: drawn, status: here.status, headers: here.headers });
        expect(here.onThread).toBe(0);
        if (drawn) expect(there.html.length).toBeGreaterThan(1000);
        expect(there.html).toBe(here.html);
      }
    }
    // every registered page was among them (a client's and a practitioner's home are their dashboards)
    expect([...pagesThere].sort()).toEqual(Object.keys(PAGE_COMPONENTS).sort());
  });

  test("the text of a profile arrives escaped, as on the request thread", async () => {
    const { html, onThread } = await page(premium, `/practitioners/${practitionerId}`, true);
    expect(onThread).toBe(1);
    expect(html).toContain("Grounded &lt;b&gt;space&lt;/b&gt; &amp; “quotes” 🌿");
    expect(html).not.toContain("<b>space</b>");
  });

  test("a page that is not registered renders on the request thread", async () => {
    const { status, html, onThread } = await page(t.client(), "/auth/signin", true);
    expect(status).toBe(200);
    expect(onThread).toBe(0);
    expect(html).toContain("Sign in");
  });

  test("props that cannot be copied to the thread send the page back to the request thread", () => {
    const body = createElement(PAGE_COMPONENTS.FavoritesPage, { user: null, onSelect: () => undefined } as object);
    expect(thread.render(body, { title: "Favorites" }, { nonce: "", appUrl: "http://localhost" })).toBeNull();
  });

  test("a page that fails on the thread is an error, and the thread renders the next page", async () => {
    const broken = createElement(PAGE_COMPONENTS.DirectoryPage, { user: null, account: null, filters: null } as object);
    await expect(thread.render(broken, { title: "Broken" }, { nonce: "", appUrl: "http://localhost" })).rejects.toThrow(/The render thread failed: .*TypeError/);
    const again = await page(t.client(), "/practitioners", true);
    expect(again).toMatchObject({ status: 200, onThread: 1 });
  });

  test("a failed rendering answers the error page, not a hung request", async () => {
    // fails every page the thread would draw (the error page itself is drawn on the request thread)
    const gone: PageRenderer = { render: (body) => (pageComponentName(body.type) ? Promise.reject(new Error("the thread is gone")) : null), close: () => {} };
    const failing = await createTestApp({ renderer: gone });
    try {
      const res = await failing.client().get("/practitioners");
      expect(res.status).toBe(500);
      expect(await res.text()).toContain("Something went wrong on our side. Please try again.");
    } finally {
      await failing.cleanup();
    }
  });

  test("closing the thread fails the pages still waiting; the next page starts a new thread", async () => {
    const own = createRenderThread({ assets: "none" });
    const body = createElement(PAGE_COMPONENTS.HomePage, { user: null, featured: [] } as object);
    const waiting = own.render(body, { title: "Home" }, { nonce: "", appUrl: "http://localhost" });
    own.close();
    await expect(waiting).rejects.toThrow("The render thread was closed");
    const next = new TextDecoder().decode(await own.render(body, { title: "Home" }, { nonce: "", appUrl: "http://localhost" })!);
    expect(next).toStartWith("<!doctype html>");
    expect(next).toContain("<title>Home</title>");
    own.close();
  });
});
