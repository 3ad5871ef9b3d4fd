import { expect, test } from "bun:test";
import { CRISIS_REPLY } from "./assistant";
import { GARDEN_TEXTS } from "./garden";
import { PRACTITIONER_SEEDS_PER_UPLOAD, SEEDS_NOT_SPENDABLE, SEEDS_PER_UPLOAD } from "./seeds";
import { GARDEN_MATCHES_SHOWN, planGardenReply, type GardenAssistantItem } from "./garden-assistant";

const VISITOR = { signedIn: false };
const MEMBER = { signedIn: true };

const item = (id: string, title: string, description: string | null = null, tags: string[] = []): GardenAssistantItem => ({ id, title, description, tags });

const items = [
  item("a", "Morning breathwork ritual", "Five minutes to start the day"),
  item("b", "Walking meditation", null, ["breathwork", "calm"]),
  item("c", "Journal prompts", "Breathwork reflections"),
  item("d", "Breathwork for sleep"),
  item("e", "The art of tea"),
];

test("a word of a title finds the item", () => {
  const reply = planGardenReply("Tell me about meditation", items, VISITOR);
  expect(reply.matches.map((m) => m.id)).toEqual(["b"]);
  expect(reply.content).toContain("one piece");
});

test("at most 3 matches, from title, description or tags", () => {
  const reply = planGardenReply("breathwork", items, VISITOR);
  expect(reply.matches.length).toBe(3);
  expect(reply.matches.map((m) => m.id)).toEqual(["a", "b", "c"]);
});

test("words of 3 characters or fewer are ignored", () => {
  expect(planGardenReply("the art of tea", items, VISITOR).matches).toEqual([]);
  expect(planGardenReply("the art of tea", items, VISITOR).content).toContain("a word from a title");
});

test("topic routing picks an archetype", () => {
  expect(planGardenReply("I need grounding", [], VISITOR).archetype).toBe("bee");
  expect(planGardenReply("community circles", [], VISITOR).archetype).toBe("bee");
  expect(planGardenReply("my intuition", [], VISITOR).archetype).toBe("hummingbird");
  expect(planGardenReply("a big transition", [], VISITOR).archetype).toBe("butterfly");
  expect(planGardenReply("shadow work", [], VISITOR).archetype).toBe("beetle");
  expect(planGardenReply("shadow work", [], VISITOR).content).toContain("Beetle");
  expect(planGardenReply("pancakes", [], VISITOR).archetype).toBeNull();
});

// Questions people ask the Garden Guide about the Garden itself (docs/decisions/023-assistant-questions.md)
test("how to share: the button, Premium access, review and the Seeds it earns", () => {
  for (const q of ["how do I share", "why can't I post?", "how do I upload a meditation"]) {
    const reply = planGardenReply(q, items, VISITOR);
    expect(reply.content, q).toContain("'Share Content'");
    expect(reply.content, q).toContain(GARDEN_TEXTS.upgradeToShare);
    expect(reply.content, q).toContain(`${SEEDS_PER_UPLOAD} Seeds`);
    expect(reply.matches, q).toEqual([]);
  }
});

test("what the badges mean: Verified is approved, Pending review only its author sees", () => {
  for (const q of ["what does verified mean", "what does pending review mean"]) {
    const reply = planGardenReply(q, items, VISITOR);
    expect(reply.content, q).toContain(`'${GARDEN_TEXTS.verifiedBadge}'`);
    expect(reply.content, q).toContain(`'${GARDEN_TEXTS.pendingBadge}'`);
    expect(reply.matches, q).toEqual([]);
  }
});

test("Seeds for sharing: the rewards from core and the wallet link", () => {
  const reply = planGardenReply("how do I earn seeds for sharing", items, VISITOR);
  expect(reply.content).toContain(`${SEEDS_PER_UPLOAD} Seeds`);
  expect(reply.content).toContain(`${PRACTITIONER_SEEDS_PER_UPLOAD} for practitioners`);
  // the same facts as the wallet's tier benefits and Maia: nothing spends Seeds
  expect(planGardenReply("can I redeem my seeds?", items, VISITOR).content).toContain(SEEDS_NOT_SPENDABLE);
  expect(reply.links.map((l) => l.href)).toEqual(["/garden/wallet"]);
});

test("liking needs sign-in: a visitor is asked to sign in, a signed-in member is not", () => {
  expect(planGardenReply("how do I like a post", items, VISITOR).content).toContain(GARDEN_TEXTS.signInToLike);
  const member = planGardenReply("how do I like a post", items, MEMBER).content;
  expect(member).not.toMatch(/sign in/i);
  expect(member).toContain("heart");
});

test("someone in crisis gets the same caring answer as from Maia, not a search", () => {
  const reply = planGardenReply("I want to hurt myself", items, VISITOR);
  expect(reply.content).toBe(CRISIS_REPLY.content);
  expect(reply.links).toEqual(CRISIS_REPLY.links);
  expect(reply.matches).toEqual([]);
});

test("a topic search is still a search", () => {
  expect(planGardenReply("breathwork", items, VISITOR).matches.length).toBe(3);
  expect(planGardenReply("breathwork", items, VISITOR).links).toEqual([]);
});
