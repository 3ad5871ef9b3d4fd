import { afterEach, expect, test } from "bun:test";
import { parsePractitionerRequest } from "../../../core/practitioner-request";
import { samplePractitioner } from "../../testing/sample-practitioner";
import { searchReply } from "./maia-search";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** The directory answering as it does a visitor: `shown` of `total` matches are open to them. */
function directoryAnswers(shown: number, total: number) {
  globalThis.fetch = (async () =>
    new Response(
      JSON.stringify({
        practitioners: Array.from({ length: shown }, (_, i) => samplePractitioner(i, { archetype: "butterfly" })),
        accessInfo: { upgradeRequired: total > shown, shown, total, accessLevel: "preview" },
        pagination: { page: 1, pageSize: 3, totalPages: 1, available: shown },
        sort: "featured",
      }),
    )) as unknown as typeof fetch;
}

test("the matches hidden by the viewer's access are counted in good English, one and many", async () => {
  directoryAnswers(1, 12);
  const many = await searchReply(parsePractitionerRequest("butterfly"), []);
  expect(many.content).toContain("11 more matches are open to members with more access.");
  directoryAnswers(1, 2);
  const one = await searchReply(parsePractitionerRequest("butterfly"), []);
  expect(one.content).toContain("1 more match is open to members with more access.");
});

test("when the viewer can see none of the matches, Maia says they exist for members instead of 'no practitioners'", async () => {
  directoryAnswers(0, 5);
  const reply = await searchReply(parsePractitionerRequest("someone for anxiety"), []);
  expect(reply.content).not.toContain("I found no practitioners");
  expect(reply.content).toContain("5 practitioners match 'anxiety', but none of them is open to you yet");
  expect(reply.links?.map((l) => l.href)).toContain("/auth/signup");
});

test("one hidden match is 'it'; a session mode is the directory's own filter, so its count is the count", async () => {
  directoryAnswers(0, 1);
  expect((await searchReply(parsePractitionerRequest("someone in London"), [])).content).toContain("1 practitioner matches 'London', but it is not open to you yet");
  directoryAnswers(0, 4);
  const online = await searchReply(parsePractitionerRequest("someone for anxiety online"), []);
  expect(online.content).toContain("4 practitioners match 'anxiety' · online, but none of them is open to you yet");
});

test("Maia asks the directory with the session filter and the seeker's meaning, and says so in the link", async () => {
  const asked: string[] = [];
  globalThis.fetch = (async (url: string) => {
    asked.push(String(url));
    return new Response(JSON.stringify({ practitioners: [samplePractitioner(0, { archetype: "butterfly" })], accessInfo: { upgradeRequired: false, shown: 3, total: 3, accessLevel: "premium" }, pagination: { page: 1, pageSize: 3, totalPages: 1, available: 3 }, sort: "relevance" }));
  }) as unknown as typeof fetch;
  const reply = await searchReply(parsePractitionerRequest("a butterfly practitioner for grief under $80, in person"), []);
  expect(asked[0]).toBe("/api/practitioners/all?q=grief&archetype=butterfly&maxPrice=80&session=in-person&pageSize=3");
  expect(reply.extra?.seeAllHref).toBe("/practitioners?q=grief&archetype=butterfly&maxPrice=80&session=in-person");
  expect(reply.content).toContain("3 practitioners match Butterfly · 'grief' · up to $80 · in person");
  // what hurts, in a seeker's words: the vocabulary's concept is searched
  expect(parsePractitionerRequest("I can't sleep, under $100").filters.q).toBe("sleep");
  expect(parsePractitionerRequest("my mum died and I need someone").filters.q).toBe("grief");
  expect(parsePractitionerRequest("burned out at work").filters.q).toBe("burnout");
});
