import { describe, expect, test } from "bun:test";
import { expandSearch, relevanceRatingFactor, SEARCH_CONCEPTS, SEARCH_MAX_ALTERNATIVES } from "./search-meaning";
import { SEARCH_MAX_WORDS } from "./constants";

describe("the wellness vocabulary", () => {
  test("every practitioner term is one lower-case word of letters (each engine matches it as a typed word)", () => {
    for (const concept of SEARCH_CONCEPTS) {
      for (const term of concept.terms) expect(term, concept.id).toMatch(/^[a-z]{3,}$/);
      expect(concept.terms.length, concept.id).toBeLessThanOrEqual(SEARCH_MAX_ALTERNATIVES);
    }
  });

  test("no seeker phrase belongs to two concepts", () => {
    const seen = new Map<string, string>();
    for (const concept of SEARCH_CONCEPTS) {
      for (const phrase of concept.seeker) {
        expect(seen.get(phrase), `${phrase}: ${concept.id}`).toBeUndefined();
        seen.set(phrase, concept.id);
      }
    }
  });

  test("no term is a common piece of unrelated words (reviewed: 'rest' is in 'interest', 'art' in 'heart', 'care' in 'career')", () => {
    const terms = SEARCH_CONCEPTS.flatMap((c) => c.terms);
    for (const rejected of ["rest", "art", "care", "lost", "begin", "between"]) expect(terms).not.toContain(rejected);
  });
});

describe("expandSearch: what seekers say, as what practitioners write", () => {
  const groups = (text: string) => expandSearch(text).groups;
  test.each([
    ["grief", "grief", ["bereave", "loss", "mourning"]],
    ["can't sleep", "sleep", ["insomnia", "sleep"]],
    ["burnout", "burnout", ["stress", "burnout"]],
    ["panic", "anxiety", ["anxiety", "panic"]],
    ["panic attacks", "anxiety", ["anxiety"]],
    ["PTSD", "trauma", ["trauma", "ptsd"]],
    ["grieving", "grief", ["grief"]],
    ["insomia", "sleep", ["insomnia"]],
    ["anxeity", "anxiety", ["anxiety"]],
    ["lost my mum", "grief", ["loss"]],
    ["burned out", "burnout", ["stress"]],
    ["I'm so stressed", "burnout", ["stress"]],
  ])("%p is the concept %p", (text, concept, someTerms) => {
    const expanded = expandSearch(text);
    expect(expanded.concepts).toEqual([concept]);
    expect(expanded.groups).toHaveLength(1);
    for (const term of someTerms) expect(expanded.groups[0]).toContain(term);
  });

  test("filler words are dropped, unless nothing else is left", () => {
    expect(groups("help with grief")).toEqual(groups("grief"));
    expect(groups("someone for my anxiety")).toEqual(groups("anxiety"));
    expect(groups("the")).toEqual([["the"]]);
  });

  test("words outside the vocabulary stay as typed (a plural as its singular); practitioners' own terms are not broadened", () => {
    expect(groups("sound healing")).toEqual([["sound"], ["healing"]]);
    expect(groups("massages")).toEqual([["massage"]]);
    expect(groups("reiki")).toEqual([["reiki"]]);
    expect(groups("grounding")).toEqual([["grounding"]]);
    expect(groups("a reiki")).toEqual([["reiki"]]);
  });

  test("two concepts are two groups (both must match); at most SEARCH_MAX_WORDS groups", () => {
    expect(expandSearch("grief and can't sleep").concepts).toEqual(["grief", "sleep"]);
    expect(groups("one two three four five six seven eight nine ten")).toHaveLength(SEARCH_MAX_WORDS);
  });

  test("a typo is not searched as typed, a real word is ('worried' is in bios)", () => {
    expect(groups("insomia")[0]).not.toContain("insomia");
    expect(groups("worried")[0]).toContain("worried");
  });
});

describe("relevanceRatingFactor: the rating, weighed by how many sessions it rests on", () => {
  test("a 1.5-star practitioner weighs less than half a 5-star one; no rating is the prior", () => {
    expect(relevanceRatingFactor(1.5, 10)).toBeCloseTo(0.433, 3);
    expect(relevanceRatingFactor(5, 20)).toBeCloseTo(0.94, 3);
    expect(relevanceRatingFactor(null, 0)).toBe(0.7);
    // one 5-star session is not yet worth fifty
    expect(relevanceRatingFactor(5, 1)).toBeLessThan(relevanceRatingFactor(4.8, 50));
  });
});
