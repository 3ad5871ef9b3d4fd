import { describe, expect, test } from "bun:test";
import { ARCHETYPE_DEFINITIONS } from "./archetypes";
import { ASK_SOMETHING_ELSE, MAIA_LINKS, MAIA_STARTER_ACTIONS, maiaStarterActions } from "./assistant";
import { ACCESS_LEVEL_LABELS, BOOKING_HORIZON_DAYS, PLANS, TRIAL_DAYS } from "./constants";
import { SEEDS_PER_UPLOAD } from "./seeds";
import { describeRequest, directoryLinkFor, maiaGreeting, planMaiaReply } from "./maia";

const plan = (text: string, signedIn = false) => planMaiaReply(text, { signedIn });

describe("Maia's replies", () => {
  test("the starter actions: four when signed in, 'Track my wellness journey' only then", () => {
    expect(maiaStarterActions(true).map((a) => a.text)).toEqual(["Find the right practitioner", "Explain the archetype system", "Show wellness resources", "Track my wellness journey"]);
    expect(maiaStarterActions(false).map((a) => a.text)).toEqual(["Find the right practitioner", "Explain the archetype system", "Show wellness resources"]);
    expect(maiaGreeting(false).quickActions).toHaveLength(3);
    expect(maiaGreeting(true).quickActions).toHaveLength(4);
  });

  test("each starter action routes to its own reply", () => {
    const topics = MAIA_STARTER_ACTIONS.map((a) => plan(a.action, true).topic);
    expect(topics).toEqual(["find_practitioner", "archetypes", "resources", "journey"]);
  });

  test("the spec's routes, in the spec's order, with the spec's links", () => {
    expect(plan("archetype and find practitioner").topic).toBe("archetypes");
    expect(plan("Explain the archetype system").links.map((l) => l.href)).toContain("/practitioners?archetype=bee");
    expect(plan("Find the right practitioner").links.map((l) => l.href)).toEqual(["/practitioners"]);
    expect(plan("garden resources").links.map((l) => l.href)).toEqual(["/garden"]);
    expect(plan("where do I begin").links.map((l) => l.href)).toEqual(["/practitioners?archetype=bee", "/hive"]);
    expect(plan("hello").topic).toBe("general");
    expect(plan("hello").quickActions.at(-1)).toEqual(ASK_SOMETHING_ELSE);
  });

  test("archetype answers come from the site's archetype texts", () => {
    const all = plan("What are the archetypes?");
    expect(all.type).toBe("archetype_insight");
    for (const a of Object.values(ARCHETYPE_DEFINITIONS)) expect(all.content).toContain(a.description);
    const beetle = plan("What does the beetle mean?");
    expect(beetle.topic).toBe("archetype");
    expect(beetle.content).toContain(ARCHETYPE_DEFINITIONS.beetle.fullDescription);
    expect(beetle.search).toBeNull();
  });

  test("booking, Seeds and access levels are answered from the constants", () => {
    expect(plan("How does booking work?").content).toContain(`${BOOKING_HORIZON_DAYS} days`);
    expect(plan("what are seeds?").content).toContain(`${SEEDS_PER_UPLOAD} Seeds`);
    const access = plan("what do the access levels mean").content;
    for (const p of PLANS) expect(access).toContain(p.name);
    expect(access).toContain(ACCESS_LEVEL_LABELS.preview.description);
    expect(access).toContain(`${TRIAL_DAYS} days`);
  });

  test("booking names the buttons the site shows and the access it needs (preview accounts cannot book)", () => {
    const booking = plan("How does booking work?").content;
    expect(booking).toContain("'Schedule Session'");
    expect(booking).toContain("'Book Session' on their card");
    expect(booking).toContain("Basic access or more");
    expect(booking).toContain("Basic includes 1 booking a month");
  });

  test("cancelling, moving and paying for a session get their own answers, not the generic reply", () => {
    for (const question of ["How do I cancel a session?", "can I reschedule my booking", "can I get a refund?"]) {
      const reply = plan(question);
      expect(reply.content, question).toContain("'Cancel Session'");
      expect(reply.content, question).toContain("'Reschedule'");
      expect(reply.links, question).toEqual([MAIA_LINKS.dashboard]);
    }
    expect(plan("can I get a refund?").content).toContain("payments and refunds are settled with them");
    for (const question of ["How much does a session cost?", "what are the fees"]) {
      const reply = plan(question);
      expect(reply.content, question).toContain("price per session");
      expect(reply.search, question).toBeNull();
    }
    // a budget in a description is still a search
    expect(plan("a bee practitioner under $80").search?.filters.maxPrice).toBe(80);
  });

  test("a question about the Basic plan is answered with the access levels", () => {
    expect(plan("how many practitioners can I see on basic?").topic).toBe("access");
    expect(plan("what do I get with basic").content).toContain(`${ACCESS_LEVEL_LABELS.basic.name} ($9.99/month)`);
  });

  test("a described practitioner becomes a search; a plain question does not", () => {
    const search = plan("a butterfly practitioner for grief under $80, online");
    expect(search.topic).toBe("search");
    expect(directoryLinkFor(search.search!)).toBe("/practitioners?q=grief&archetype=butterfly&maxPrice=80");
    expect(describeRequest(search.search!)).toBe("Butterfly · 'grief' · up to $80 · online");
    expect(plan("find a wise bee practitioner").search?.filters).toMatchObject({ archetype: "bee", level: "wise" });
    expect(plan("Find the right practitioner").search).toBeNull();
    expect(plan("hello there").search).toBeNull();
  });
});
