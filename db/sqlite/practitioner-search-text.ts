/**
 * Turns what a person typed into FTS5 MATCH expressions that cannot fail. FTS5's query syntax
 * gives meaning to quotes, parentheses, '*', '^', ':', '-', AND/OR/NOT/NEAR: raw input would
 * throw or change meaning. We keep only the words (letters, digits and combining marks, the same
 * characters the unicode61 tokenizer keeps), quote each, and ask for all of them: each as a word
 * prefix in `practitioner_search`, and each of 3+ characters also as a substring in the trigram
 * index `practitioner_substring` (migration 0003).
 */
import type { Archetype, ExperienceLevel } from "../../core/enums";
import { SEARCH_MAX_WORDS, SEARCH_TEXT_MAX_LENGTH } from "../../core/constants";
import { RATING_PRIOR } from "../../core/search-meaning";

/** Pollinator emoji stand for their archetype: '🐝' searches for Bee practitioners. */
const EMOJI_WORDS: Record<string, string> = {
  "🐝": "bee",
  "🐦": "hummingbird",
  "🦋": "butterfly",
  "🪲": "beetle",
  "🐞": "beetle",
};

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** The words of a search, lower-cased, without repeats, at most SEARCH_MAX_WORDS. */
export function searchWords(text: string): string[] {
  let input = text.slice(0, SEARCH_TEXT_MAX_LENGTH);
  for (const [emoji, word] of Object.entries(EMOJI_WORDS)) input = input.replaceAll(emoji, ` ${word} `);
  const words = (input.normalize("NFKC").toLowerCase().match(WORD) ?? []).filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, SEARCH_MAX_WORDS);
}

function quote(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/**
 * An FTS5 expression requiring every word, each as a word prefix ('medit' finds 'meditation',
 * 'heal' finds 'healer' and 'healing'), so typing more letters only ever narrows the results.
 * A single character is matched as a whole word: as a prefix it would match nearly everything.
 * null when the text has no words at all.
 */
export function ftsMatchExpression(text: string): string | null {
  const words = searchWords(text);
  return words.length === 0 ? null : prefixExpression(words.map((w) => [w]));
}

/** Trigram matching needs 3 characters: shorter words only match as word prefixes. */
export const SUBSTRING_MIN_LENGTH = 3;

/**
 * A keyword search as FTS5 expressions. A word matches when the text has a word starting with it
 * OR contains it anywhere (3+ characters). The trigram index holds the same text as the word
 * index, folded the same way (case, diacritics), so its substring match already contains every
 * word-prefix match: for words of 3+ characters the OR is answered by the trigram index alone.
 */
export interface KeywordSearch {
  /** Every word as a word prefix (word index): ranks matches (bm25), and is the whole match when no word has 3+ characters. */
  words: string;
  /** Every word of 3+ characters as a substring (trigram index); null when there is none. */
  substring: string | null;
  /** The 1-2 character words as word prefixes (word index), which a match needs too; null when there are none. */
  shortWords: string | null;
}

/** The expressions of a search, or null when the text has no words at all. */
export function keywordSearch(text: string): KeywordSearch | null {
  return keywordSearchOfGroups(searchWords(text).map((w) => [w]));
}

/**
 * The words of each group of a search (core/search-meaning.ts: every group must match, any of its
 * alternatives does), folded as searchWords folds, empty groups left out; at most SEARCH_MAX_WORDS groups.
 */
export function normaliseGroups(groups: readonly (readonly string[])[]): string[][] {
  return groups
    .map((group) => [...new Set(group.flatMap((alternative) => searchWords(alternative)))])
    .filter((group) => group.length > 0)
    .slice(0, SEARCH_MAX_WORDS);
}

/** True when every alternative of a group has 3+ characters: the group is matched as substrings (trigram index). */
export function isSubstringGroup(group: readonly string[]): boolean {
  return group.every((w) => [...w].length >= SUBSTRING_MIN_LENGTH);
}

/**
 * The expressions of a search given as groups of alternatives (one word per group is the plain
 * search of keywordSearch), or null when there are no words at all. A group with a 1-2 character
 * alternative is matched as word prefixes only, like a short word.
 */
export function keywordSearchOfGroups(input: readonly (readonly string[])[]): KeywordSearch | null {
  const groups = normaliseGroups(input);
  if (groups.length === 0) return null;
  const long = groups.filter(isSubstringGroup);
  const short = groups.filter((g) => !isSubstringGroup(g));
  if (long.length === 0) return { words: prefixExpression(groups), substring: null, shortWords: null };
  return {
    words: prefixExpression(groups),
    substring: joinGroups(long.map((g) => g.map(quote))),
    shortWords: short.length ? prefixExpression(short) : null,
  };
}

/** Groups of FTS5 phrases: alternatives joined by OR in parentheses, groups by AND (a space when every group is one phrase, as before). */
function joinGroups(groups: string[][]): string {
  if (groups.every((g) => g.length === 1)) return groups.map((g) => g[0]).join(" ");
  return groups.map((g) => (g.length === 1 ? g[0] : `(${g.join(" OR ")})`)).join(" AND ");
}

function prefixExpression(groups: string[][]): string {
  return joinGroups(groups.map((g) => g.map((w) => (w.length >= 2 ? `${quote(w)}*` : quote(w)))));
}

/**
 * The text of the FTS 'archetype' column (migrations 0002 and 0003 write the same with SQL):
 * the archetype, its essence and, after a space, the experience level.
 */
export const ARCHETYPE_INDEX_TEXT: Record<Archetype, string> = {
  bee: "bee grounding",
  hummingbird: "hummingbird precision",
  butterfly: "butterfly transformation",
  beetle: "beetle integration",
};

/**
 * The archetype and level filters as substring phrases on the trigram index's 'archetype' column:
 * for each, the shortest text found in that column only for that archetype or level ('bee' alone
 * is also in 'beetle integration'). Short phrases are cheap: 'butterfly transformation' (22
 * trigrams) made a filtered search ten times slower than 'but'.
 */
export const SUBSTRING_FACET_PHRASES: { archetype: Record<Archetype, string>; level: Record<ExperienceLevel, string> } = {
  archetype: { bee: "bee g", hummingbird: "hum", butterfly: "but", beetle: "eet" },
  level: { rising: "ris", evolving: "evo", wise: "wis" },
};

/** Adds the archetype and level filters to a trigram-index expression (see SUBSTRING_FACET_PHRASES). */
export function withSubstringFacetTerms(match: string, facets: { archetype?: Archetype | null; level?: ExperienceLevel | null }): string {
  const terms = [match];
  if (facets.archetype) terms.push(`archetype : ${quote(SUBSTRING_FACET_PHRASES.archetype[facets.archetype])}`);
  if (facets.level) terms.push(`archetype : ${quote(SUBSTRING_FACET_PHRASES.level[facets.level])}`);
  return terms.length === 1 ? match : terms.map((t) => `(${t})`).join(" AND ");
}

/**
 * Adds the directory's archetype and level filters as exact terms on the FTS 'archetype' column
 * (which holds e.g. 'bee grounding rising'): the index intersects them far faster than a join.
 */
export function withFacetTerms(match: string, facets: { archetype?: Archetype | null; level?: ExperienceLevel | null }): string {
  const terms = [match];
  if (facets.archetype) terms.push(`archetype : ${quote(facets.archetype)}`);
  if (facets.level) terms.push(`archetype : ${quote(facets.level)}`);
  return terms.length === 1 ? match : terms.map((t) => `(${t})`).join(" AND ");
}

/**
 * core/search-meaning.ts's relevanceRatingFactor as SQL over a rating and a session count, in the
 * same order of operations (both engines: the factor of relevance and the 'Highest rated' order).
 */
export function ratingFactorSql(rating: string, sessions: string): string {
  return `(CASE WHEN ${rating} IS NULL THEN ${RATING_PRIOR.mean} / 5.0 ELSE (${rating} * ${sessions} + ${RATING_PRIOR.mean * RATING_PRIOR.weight}) / (${sessions} + ${RATING_PRIOR.weight}) / 5.0 END)`;
}
