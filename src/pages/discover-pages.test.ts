import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createPractitioner, createReview, createUser } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

/**
 * Island markers (a <div>) opened while a <p> is still open: the HTML parser closes the <p> at the
 * <div>, so the paragraph's layout (a flex row with gaps) no longer holds what follows.
 */
function islandsInsideParagraphs(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<div data-island="([^"]+)"/g)) {
    const before = html.slice(0, match.index);
    const opened = Math.max(before.lastIndexOf("<p "), before.lastIndexOf("<p>"));
    if (opened > before.lastIndexOf("</p>")) found.push(match[1]);
  }
  return found;
}

describe("/practitioners/{id}", () => {
  test("the header's rating, place and session types sit in one row: no island inside a paragraph", async () => {
    const p = await createPractitioner(t.db, { location: "Santa Fe, NM", isVirtual: true, isInPerson: true });
    const res = await t.client().get(`/practitioners/${p.id}`);
    expect(res.status).toBe(200);
    expect(islandsInsideParagraphs(await res.text())).toEqual([]);
  });
});

describe("removing a review from a profile (issue 26)", () => {
  test("only an admin's page has 'Remove review' on each review; a client's, the practitioner's and a visitor's have none", async () => {
    const p = await createPractitioner(t.db);
    const admin = await createUser(t.db, { roles: ["admin"] });
    const client = await createUser(t.db);
    await createReview(t.db, { practitionerId: p.id, clientId: client.id, comment: "Calm and kind." });
    const pageAs = async (userId: string | null) => {
      const browser = t.client();
      if (userId) await t.loginAs(browser, userId);
      return (await browser.get(`/practitioners/${p.id}?tab=reviews`)).text();
    };
    const adminHtml = await pageAs(admin.id);
    expect(adminHtml).toContain("Calm and kind.");
    expect(adminHtml).toContain("Remove review");
    for (const html of [await pageAs(client.id), await pageAs(p.userId), await pageAs(null)]) {
      expect(html).toContain("Calm and kind.");
      expect(html).not.toContain("Remove review");
      expect(html).not.toContain("canRemoveReviews");
    }
  });
});

describe("prices", () => {
  test("a profile shows its price one way: the side panel and the structured data both say $220.00/session", async () => {
    const p = await createPractitioner(t.db, { hourlyRateCents: 22000 });
    const html = await (await t.client().get(`/practitioners/${p.id}`)).text();
    expect(html).toContain("$220.00/session");
    const data = JSON.parse(html.match(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/)![1]) as unknown;
    const profile = ([] as Array<Record<string, unknown>>).concat((data as { "@graph"?: Array<Record<string, unknown>> })["@graph"] ?? (data as Record<string, unknown>));
    expect(profile.find((node) => node.priceRange)?.priceRange).toBe("$220.00/session");
    // no other rendering of the same price ("$220" without its cents)
    expect(html.match(/\$220(?!\.00)/g)).toBeNull();
  });
});
