/**
 * The assistants' local matcher (SPEC.md section 9): no server, no model. Pure functions shared by
 * Maia (keyword routing in a fixed order) and the Garden assistant (words longer than 3 characters,
 * at most N matches).
 */

/** Lower-case words of a text (letters and digits; accents folded, apostrophes dropped). */
export function words(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The words that carry meaning for matching: longer than 3 characters (SPEC.md section 9). */
export const SIGNIFICANT_WORD_MIN_LENGTH = 4;

export function significantWords(text: string): string[] {
  return [...new Set(words(text).filter((w) => w.length >= SIGNIFICANT_WORD_MIN_LENGTH))];
}

/**
 * True when a word of the text starts with the keyword ('archetypes' has 'archetype', 'tracking'
 * has 'track'), so that a short keyword such as 'new' does not match inside 'knew' or 'renew'.
 */
export function hasKeyword(textWords: readonly string[], keyword: string): boolean {
  return textWords.some((w) => w.startsWith(keyword));
}

/**
 * One routing rule: it matches when every group has at least one of its keywords in the text
 * (`[["archetype", "pollinator"]]` = either word; `[["find"], ["practitioner"]]` = both).
 */
export interface KeywordRoute<R extends string> {
  route: R;
  allOf: ReadonlyArray<ReadonlyArray<string>>;
}

/** The first route, in the given order, whose keywords the text has; `fallback` when none does. */
export function routeByKeywords<R extends string, F extends string>(text: string, routes: ReadonlyArray<KeywordRoute<R>>, fallback: F): R | F {
  const textWords = words(text);
  for (const { route, allOf } of routes) {
    if (allOf.every((group) => group.some((k) => hasKeyword(textWords, k)))) return route;
  }
  return fallback;
}

/**
 * The items that share the most significant words with the query, best first, at most `limit`
 * (ties keep the items' order); items sharing none are left out.
 */
export function rankByWords<T>(query: string, items: readonly T[], textOf: (item: T) => string, limit: number): T[] {
  const queryWords = significantWords(query);
  if (queryWords.length === 0) return [];
  return items
    .map((item, index) => {
      const itemWords = words(textOf(item));
      const score = queryWords.filter((q) => itemWords.some((w) => w.startsWith(q) || q.startsWith(w) && w.length >= SIGNIFICANT_WORD_MIN_LENGTH)).length;
      return { item, index, score };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((x) => x.item);
}

/** Edit distance with adjacent transpositions ('butetrfly'), bounded: `max + 1` once it exceeds `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cur[j] = Math.min(cur[j], before[j - 2] + 1);
      rowMin = Math.min(rowMin, cur[j]);
    }
    if (rowMin > max) return max + 1;
    before = prev;
    prev = cur;
  }
  return Math.min(prev[b.length], max + 1);
}

/**
 * True when `word` is `target` or a near miss of it: one typo for words of 5 to 7 letters, two from
 * 8 letters (shorter words must match exactly, or 'beet' would be a 'bee'), a plural 's' allowed.
 */
export function isNearMiss(word: string, target: string): boolean {
  if (word === target || word === `${target}s` || word === `${target}es`) return true;
  if (target.length < 5 || word.length < 4) return false;
  const allowed = target.length >= 8 ? 2 : 1;
  return editDistance(word, target, allowed) <= allowed || (word.endsWith("s") && editDistance(word.slice(0, -1), target, allowed) <= allowed);
}
