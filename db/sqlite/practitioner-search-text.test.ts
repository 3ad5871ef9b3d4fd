import { describe, expect, test } from "bun:test";
import { ARCHETYPES, EXPERIENCE_LEVELS } from "../../core/enums";
import { ARCHETYPE_INDEX_TEXT, ftsMatchExpression, keywordSearch, searchWords, SUBSTRING_FACET_PHRASES, withFacetTerms, withSubstringFacetTerms } from "./practitioner-search-text";

describe("searchWords", () => {
  test("keeps letters and digits, lower-cased, without repeats", () => {
    expect(searchWords('  Sound "HEALING" sound, 2024!  ')).toEqual(["sound", "healing", "2024"]);
    expect(searchWords("Zürich café")).toEqual(["zürich", "café"]);
    expect(searchWords("o'connell")).toEqual(["o", "connell"]);
  });

  test("FTS syntax and emoji are not words; pollinator emoji stand for their archetype", () => {
    expect(searchWords('*^:()-+"{}')).toEqual([]);
    expect(searchWords("🦄✨")).toEqual([]);
    expect(searchWords("🐝 reiki")).toEqual(["bee", "reiki"]);
    expect(searchWords("🦋🪲")).toEqual(["butterfly", "beetle"]);
  });

  test("at most 8 words from at most 200 characters", () => {
    expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
    expect(searchWords(`${"x".repeat(199)} tail`)).toEqual(["x".repeat(199)]);
  });
});

describe("ftsMatchExpression", () => {
  test("quotes every word, as a prefix from two characters on", () => {
    expect(ftsMatchExpression("sound heal")).toBe('"sound"* "heal"*');
    expect(ftsMatchExpression("a reiki")).toBe('"a" "reiki"*');
    expect(ftsMatchExpression('NEAR(reiki OR "x")')).toBe('"near"* "reiki"* "or"* "x"');
  });

  test("null when nothing searchable remains", () => {
    expect(ftsMatchExpression("")).toBeNull();
    expect(ftsMatchExpression('"" ** ()')).toBeNull();
  });
});

describe("withFacetTerms", () => {
  test("adds exact archetype and level terms on the archetype column", () => {
    expect(withFacetTerms('"grief"*', {})).toBe('"grief"*');
    expect(withFacetTerms('"grief"*', { archetype: "butterfly", level: "wise" })).toBe('("grief"*) AND (archetype : "butterfly") AND (archetype : "wise")');
  });
});

describe("keywordSearch", () => {
  test("words of 3+ characters are also substrings (trigram index); shorter ones stay prefixes", () => {
    expect(keywordSearch("therapy")).toEqual({ words: '"therapy"*', substring: '"therapy"', shortWords: null });
    expect(keywordSearch("Sound HEALING")).toEqual({ words: '"sound"* "healing"*', substring: '"sound" "healing"', shortWords: null });
    expect(keywordSearch("OR reiki")).toEqual({ words: '"or"* "reiki"*', substring: '"reiki"', shortWords: '"or"*' });
    expect(keywordSearch("yo")).toEqual({ words: '"yo"*', substring: null, shortWords: null });
    expect(keywordSearch('"ness" NEAR(')).toEqual({ words: '"ness"* "near"*', substring: '"ness" "near"', shortWords: null });
    expect(keywordSearch("🦄 **")).toBeNull();
  });
});

describe("withSubstringFacetTerms", () => {
  test("each facet phrase is found in the indexed archetype column of its own archetype or level only", () => {
    const texts = ARCHETYPES.flatMap((a) => EXPERIENCE_LEVELS.map((l) => ({ a, l, text: `${ARCHETYPE_INDEX_TEXT[a]} ${l}` })));
    for (const a of ARCHETYPES) {
      expect(texts.filter((x) => x.text.includes(SUBSTRING_FACET_PHRASES.archetype[a])).map((x) => x.a), a).toEqual(EXPERIENCE_LEVELS.map(() => a));
    }
    for (const l of EXPERIENCE_LEVELS) {
      expect(texts.filter((x) => x.text.includes(SUBSTRING_FACET_PHRASES.level[l])).map((x) => x.l), l).toEqual(ARCHETYPES.map(() => l));
    }
    expect(withSubstringFacetTerms('"grief"', { archetype: "bee", level: "wise" })).toBe('("grief") AND (archetype : "bee g") AND (archetype : "wis")');
  });
});
