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

test("one hidden match is 'it'; with a session mode the hidden count (both kinds) is not given as a count", async () => {
  directoryAnswers(0, 1);
  expect((await searchReply(parsePractitionerRequest("someone in London"), [])).content).toContain("1 practitioner matches 'London', but it is not open to you yet");
  directoryAnswers(0, 4);
  const online = await searchReply(parsePractitionerRequest("someone for anxiety online"), []);
  expect(online.content).toContain("are open only to members with more access");
  expect(online.content).not.toMatch(/\d practitioners? match/);
});
