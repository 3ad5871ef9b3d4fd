/**
 * Turns what a person typed into an FTS5 MATCH expression that cannot fail. FTS5's query syntax
 * gives meaning to quotes, parentheses, '*', '^', ':', '-', AND/OR/NOT/NEAR: raw input would
 * throw or change meaning. We keep only the words (letters, digits and combining marks, the same
 * characters the unicode61 tokenizer keeps), quote each, and ask for all of them.
 */
import type { Archetype, ExperienceLevel } from "../../../db/schema/enums";
import { SEARCH_MAX_WORDS, SEARCH_TEXT_MAX_LENGTH } from "../../../web/lib/constants";

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
  if (words.length === 0) return null;
  return words.map((w) => (w.length >= 2 ? `${quote(w)}*` : quote(w))).join(" ");
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
