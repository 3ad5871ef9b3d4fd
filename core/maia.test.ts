import { describe, expect, test } from "bun:test";
import { ARCHETYPE_DEFINITIONS } from "./archetypes";
import { ASK_SOMETHING_ELSE, CRISIS_REPLY, MAIA_LINKS, MAIA_STARTER_ACTIONS, maiaStarterActions } from "./assistant";
import { ACCESS_LEVEL_LABELS, BOOKING_HORIZON_DAYS, PLANS, TRIAL_DAYS } from "./constants";
import { FACILITATOR_MONTHLY_BONUS, SEEDS_NOT_SPENDABLE, SEEDS_PER_UPLOAD } from "./seeds";
import { describeRequest, directoryLinkFor, maiaGreeting, planMaiaReply, PLANS_BUYING_TEXT } from "./maia";

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
    expect(directoryLinkFor(search.search!)).toBe("/practitioners?q=grief&archetype=butterfly&maxPrice=80&session=virtual");
    expect(describeRequest(search.search!)).toBe("Butterfly · 'grief' · up to $80 · online");
    expect(plan("find a wise bee practitioner").search?.filters).toMatchObject({ archetype: "bee", level: "wise" });
    expect(plan("Find the right practitioner").search).toBeNull();
    expect(plan("hello there").search).toBeNull();
  });
});

/** Questions people really ask (docs/decisions/023-assistant-questions.md): question → key content. */
describe("Maia answers what people really ask", () => {
  const hrefs = (text: string) => plan(text).links.map((l) => l.href);

  test("someone in crisis gets a caring answer that points to emergency help, before any other route", () => {
    for (const q of ["I want to hurt myself", "i want to kill myself", "I don't want to live anymore", "thinking about suicide, where do I start"]) {
      const reply = plan(q);
      expect(reply.topic, q).toBe("crisis");
      expect(reply.content, q).toContain(CRISIS_REPLY.content);
      expect(reply.content, q).toContain("local emergency number");
      expect(reply.links, q).toEqual(CRISIS_REPLY.links);
      expect(reply.search, q).toBeNull();
    }
    expect(plan("I'm having a panic attack right now").content).toContain("local emergency number");
    expect(plan("I'm having a panic attack right now").search).toBeNull();
  });

  test("'feel' is not 'fee': a feeling is a search, not a price answer", () => {
    const reply = plan("I feel anxious all the time, who can help me");
    expect(reply.topic).toBe("search");
    expect(reply.search?.filters.q).toBe("anxiety");
  });

  test("'message' is not 'massage', and 'expensive' is not 'expressive'", () => {
    expect(plan("can I message my practitioner").topic).toBe("messaging");
    expect(plan("can I message my practitioner").content).toContain("'Send Message'");
    expect(plan("someone online, not too expensive, under $70, for my relationship").search?.filters.q).toBe("relationship");
  });

  test("practitioners' questions: availability, getting paid, verification, profile, confirming, the monthly bonus", () => {
    expect(hrefs("how do I set my availability")).toEqual(["/dashboard/practitioner/availability"]);
    expect(plan("how do I set my availability").content).toContain("30, 60 or 90 minutes");
    expect(plan("how do I get paid").content).toContain("pay you directly");
    expect(hrefs("how do I get paid")).toEqual(["/dashboard/practitioner"]);
    expect(plan("how do I get verified").content).toContain("admin");
    expect(hrefs("how do I get verified")).toContain("/dashboard/practitioner/profile");
    expect(hrefs("how do I change my hourly rate")).toEqual(["/dashboard/practitioner/profile"]);
    expect(plan("how do I confirm a booking").content).toContain("'Confirm'");
    expect(plan("what is the monthly bonus").content).toContain(`+${FACILITATOR_MONTHLY_BONUS} Seeds`);
    expect(plan("how do I become a practitioner on pollinate").content).toContain("'Offer sessions'");
    expect(hrefs("how do I become a practitioner on pollinate")).toEqual(["/auth/signup"]);
  });

  test("clients' questions: trial, payment, reviews, password, session length, where the bookings are", () => {
    const trial = plan("how do I start the free trial");
    expect(trial.topic).toBe("trial");
    expect(trial.content).toContain(`${TRIAL_DAYS} days`);
    expect(plan("what happens when my trial ends").content).toContain("back to Preview");
    expect(plan("how do i pay for a session").content).toContain("payment instructions");
    expect(plan("can I get my money back").content).toContain("settled with them");
    expect(plan("how do I leave a review").content).toContain("'Leave a review'");
    expect(hrefs("i forgot my password")).toEqual(["/auth/forgot-password"]);
    expect(plan("how long is a session").content).toContain("30, 60 or 90 minutes");
    expect(hrefs("where do I see my bookings")).toEqual([MAIA_LINKS.dashboard.href]);
    expect(plan("upgrade plan").content).toContain(PLANS_BUYING_TEXT);
    expect(plan("my practitioner didn't show up").content).toContain("sorry");
  });

  test("Seeds: earning names every way there is (and its constants), and links the wallet", () => {
    const seeds = plan("how do I earn seeds");
    expect(seeds.content).toContain(`${SEEDS_PER_UPLOAD} Seeds`);
    expect(seeds.content).toContain(`+${FACILITATOR_MONTHLY_BONUS}`);
    expect(seeds.content).toContain("Premium");
    // the same facts as the wallet's tier benefits and the Garden Guide: nothing spends Seeds
    expect(plan("can I redeem my seeds for a discount?").content).toContain(SEEDS_NOT_SPENDABLE);
    expect(seeds.links.map((l) => l.href)).toContain("/garden/wallet");
  });

  test("visitors' questions: what Pollinate is, whether it is therapy, sign-up, online sessions, trust, privacy", () => {
    expect(plan("what is pollinate").topic).toBe("about");
    expect(plan("is it free?").content).toContain(`${ACCESS_LEVEL_LABELS.basic.name} ($9.99/month)`);
    for (const q of ["is this therapy?", "can you diagnose me"]) {
      expect(plan(q).content, q).toContain("not a medical");
      expect(plan(q).search, q).toBeNull();
    }
    expect(hrefs("how do I sign up")).toEqual(["/auth/signup"]);
    expect(plan("can i do sessions online").topic).toBe("online");
    expect(plan("are the practitioners licensed?").content).toContain("Verified");
    expect(plan("is my data private?").content).toContain("isn't sent to a server");
    expect(plan("are you a real person?").content).toContain("not a person");
  });

  test("two archetypes in a question are compared, not ignored", () => {
    const reply = plan("whats the difference between a bee and a beetle");
    expect(reply.topic).toBe("archetype");
    expect(reply.content).toContain(ARCHETYPE_DEFINITIONS.bee.fullDescription);
    expect(reply.content).toContain(ARCHETYPE_DEFINITIONS.beetle.fullDescription);
  });

  test("two intents in one message: both are answered", () => {
    const reply = plan("how do I cancel a booking and how do I earn seeds");
    expect(reply.content).toContain("'Cancel Session'");
    expect(reply.content).toContain(`${SEEDS_PER_UPLOAD} Seeds`);
    const withSearch = plan("I want to book a session with a beetle and also know what seeds are");
    expect(withSearch.content).toContain(`${SEEDS_PER_UPLOAD} Seeds`);
    expect(withSearch.search?.filters.archetype).toBe("beetle");
  });

  test("small talk, rudeness, other languages and nonsense get an honest short answer", () => {
    expect(plan("hi").content).toMatch(/^Hello/);
    expect(plan("thanks!").content).toMatch(/welcome/);
    expect(plan("you're stupid").content).toContain("Sorry");
    for (const q of ["what's the weather tomorrow", "asdfghjkl", "?"]) expect(plan(q).content, q).toContain("I don't have an answer for that");
    expect(plan("¿cuánto cuesta una sesión?").content).toContain("English");
    expect(plan("¿cuánto cuesta una sesión?").content).toContain("price per session");
    expect(plan("Wie kann ich meine Buchung stornieren?").content).toContain("'Cancel Session'");
  });
});

describe("Maia keeps the right answer when topics overlap", () => {
  test("a plan's price is the access levels, not a session's price", () => {
    expect(plan("how much is premium").topic).toBe("access");
    expect(plan("how much is premium").content).toContain("Premium ($19.99/month)");
  });

  test("'what is a wise practitioner' explains the levels rather than searching", () => {
    expect(plan("what is a wise practitioner").topic).toBe("levels");
    expect(plan("what is a wise practitioner").search).toBeNull();
  });

  test("a yes/no question about online sessions is answered, not searched", () => {
    expect(plan("can i do sessions online").search).toBeNull();
  });

  test("a panic attack gets its own calm answer with the emergency number", () => {
    const reply = plan("i'm having a panic attack right now");
    expect(reply.topic).toBe("crisis");
    expect(reply.content).toContain("breath");
    expect(reply.content).toContain("local emergency number");
  });
});
