import { expect, test } from "bun:test";
import { GARDEN_MATCHES_SHOWN, planGardenReply, type GardenAssistantItem } from "./garden-assistant";

const item = (id: string, title: string, description: string | null = null, tags: string[] = []): GardenAssistantItem => ({ id, title, description, tags });

const items = [
  item("a", "Morning breathwork ritual", "Five minutes to start the day"),
  item("b", "Walking meditation", null, ["breathwork", "calm"]),
  item("c", "Journal prompts", "Breathwork reflections"),
  item("d", "Breathwork for sleep"),
  item("e", "The art of tea"),
];

test("a word of a title finds the item", () => {
  const reply = planGardenReply("Tell me about meditation", items);
  expect(reply.matches.map((m) => m.id)).toEqual(["b"]);
  expect(reply.content).toContain("one piece");
});

test("at most 3 matches, from title, description or tags", () => {
  const reply = planGardenReply("breathwork", items);
  expect(reply.matches.length).toBe(3);
  expect(reply.matches.map((m) => m.id)).toEqual(["a", "b", "c"]);
});

test("words of 3 characters or fewer are ignored", () => {
  expect(planGardenReply("the art of tea", items).matches).toEqual([]);
  expect(planGardenReply("the art of tea", items).content).toContain("a word from a title");
});

test("topic routing picks an archetype", () => {
  expect(planGardenReply("I need grounding", []).archetype).toBe("bee");
  expect(planGardenReply("community circles", []).archetype).toBe("bee");
  expect(planGardenReply("my intuition", []).archetype).toBe("hummingbird");
  expect(planGardenReply("a big transition", []).archetype).toBe("butterfly");
  expect(planGardenReply("shadow work", []).archetype).toBe("beetle");
  expect(planGardenReply("shadow work", []).content).toContain("Beetle");
  expect(planGardenReply("pancakes", []).archetype).toBeNull();
});
