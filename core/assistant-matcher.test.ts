import { describe, expect, test } from "bun:test";
import { editDistance, isNearMiss, rankByWords, routeByKeywords, significantWords, words } from "./assistant-matcher";
import { MAIA_REPLY_ROUTES } from "./assistant";

const route = (text: string) => routeByKeywords(text, MAIA_REPLY_ROUTES, "general");

describe("Maia's keyword routing (SPEC.md section 9, in order)", () => {
  test("each route by its keywords", () => {
    expect(route("What is an archetype?")).toBe("archetypes");
    expect(route("Tell me about the pollinators")).toBe("archetypes");
    expect(route("Help me find a practitioner")).toBe("find_practitioner");
    expect(route("Where can I find practitioners near me")).toBe("find_practitioner");
    expect(route("Show me the garden")).toBe("resources");
    expect(route("Any resources on sleep?")).toBe("resources");
    expect(route("How is my progress?")).toBe("journey");
    expect(route("my wellness journey")).toBe("journey");
    expect(route("Can I track sessions")).toBe("journey");
    expect(route("Where do I start?")).toBe("getting_started");
    expect(route("How to begin")).toBe("getting_started");
    expect(route("I'm new here")).toBe("getting_started");
    expect(route("Hello there")).toBe("general");
    expect(route("")).toBe("general");
  });

  test("earlier routes win when a message has keywords of several", () => {
    expect(route("find a practitioner by archetype")).toBe("archetypes");
    expect(route("find a practitioner in the garden")).toBe("find_practitioner");
    expect(route("garden resources to track my progress")).toBe("resources");
    expect(route("track my journey from the start")).toBe("journey");
  });

  test("find and practitioner are both needed; keywords match whole words by their start", () => {
    expect(route("find something")).toBe("general");
    expect(route("a practitioner please")).toBe("general");
    expect(route("I knew it, renew it")).toBe("general");
    expect(route("ARCHETYPES!!")).toBe("archetypes");
    expect(route("starting out")).toBe("getting_started");
  });
});

describe("words and near misses", () => {
  test("significant words are longer than 3 characters, lower-cased, accents folded, once each", () => {
    expect(words("Café, Grief & the BEE's")).toEqual(["cafe", "grief", "the", "bees"]);
    expect(significantWords("The art of grief and GRIEF work")).toEqual(["grief", "work"]);
  });

  test("edit distance counts a swap of neighbours as one", () => {
    expect(editDistance("butterfly", "butterfly")).toBe(0);
    expect(editDistance("butetrfly", "butterfly")).toBe(1);
    expect(editDistance("buterfly", "butterfly")).toBe(1);
    expect(editDistance("abc", "xyz", 1)).toBe(2);
  });

  test("near misses: one typo from 5 letters, two from 8, exact below 5", () => {
    expect(isNearMiss("beatle", "beetle")).toBe(true);
    expect(isNearMiss("hummingbrid", "hummingbird")).toBe(true);
    expect(isNearMiss("humingbirds", "hummingbird")).toBe(true);
    expect(isNearMiss("bees", "bee")).toBe(true);
    expect(isNearMiss("beet", "bee")).toBe(false);
    expect(isNearMiss("beetle", "bee")).toBe(false);
    expect(isNearMiss("battle", "beetle")).toBe(false);
  });

  test("rankByWords keeps the best matches, at most the limit, and nothing without shared words", () => {
    const items = ["Morning meditation for sleep", "Grief journaling", "Sleep and grief", "Breathing basics"];
    expect(rankByWords("grief and sleep", items, (x) => x, 3)).toEqual(["Sleep and grief", "Morning meditation for sleep", "Grief journaling"]);
    expect(rankByWords("grief", items, (x) => x, 1)).toEqual(["Grief journaling"]);
    expect(rankByWords("a an the", items, (x) => x, 3)).toEqual([]);
  });
});
