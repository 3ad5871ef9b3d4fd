/**
 * Maia's reading of what someone looks for ('a butterfly practitioner for grief under $80, online')
 * as the directory's own filters (core/directory-params.ts), on the device. It takes only what the
 * text says: archetype and level by name (typos forgiven), prices with a bound word or a currency
 * sign, session mode, and topic words it knows from the site's own catalogues. A sentence with none
 * of these leaves the filters empty rather than guessing.
 */
import { ARCHETYPE_LIST } from "./archetypes";
import { isNearMiss, words } from "./assistant-matcher";
import { EMPTY_DIRECTORY_FILTERS, hasActiveFilters, normalisePriceRange, type DirectoryFilters } from "./directory-params";
import { ARCHETYPES, EXPERIENCE_LEVELS, type Archetype, type ExperienceLevel } from "./enums";
import { MODALITY_LIST } from "./modalities";
import { conceptOfWord, expandSearch, SEARCH_CONCEPTS } from "./search-meaning";

export type SessionMode = "virtual" | "in_person";

export interface PractitionerRequest {
  /** The directory's filters (sort and page left at their defaults). */
  filters: DirectoryFilters;
  /** Online or in person (also in filters.session, the directory's own filter). */
  mode: SessionMode | null;
  /** More than one archetype was named: the directory filters one at a time, so none is set. */
  archetypesNamed: Archetype[];
}

/** At most this many topic words go into the keyword search (every word must match). */
export const REQUEST_MAX_TOPICS = 2;

const EMOJI: Record<string, Archetype> = { "🐝": "bee", "🦋": "butterfly", "🪲": "beetle", "🐞": "beetle" };

/** Everyday concerns people bring, beside the site's modality names and archetype specialties. */
const EVERYDAY_TOPICS = [
  "grief", "loss", "bereavement", "anxiety", "stress", "burnout", "trauma", "sleep", "insomnia", "depression",
  "relationship", "divorce", "breakup", "career", "transition", "parenthood", "pregnancy", "anger", "boundaries",
  "shadow", "ancestral", "chakra", "meditation", "mindfulness", "clarity", "intuition", "dream", "creativity",
  "resilience", "self-care", "tension", "pain", "confidence", "purpose", "identity", "attachment", "addiction",
  "fatigue", "overwhelm", "panic", "fear", "loneliness", "retirement", "midlife", "nervous", "grounding",
  "transformation", "integration", "precision", "spiritual", "energy", "somatic", "breath", "movement", "nutrition",
];

/** Words of the catalogues that say nothing on their own ('Sound Healing' is about sound). */
const GENERIC = new Set([
  "healing", "therapy", "therapies", "work", "support", "instruction", "session", "sessions", "practice", "practices",
  "basics", "deep", "gentle", "traditional", "based", "guidance", "and", "the", "with", "change", "reading",
  "experiencing", "release", "medicine", "arts", "tuning", "circles", "wellness", "foundational", "system",
]);

/** Topic vocabulary: typed word -> the form searched (a prefix of what profiles say). */
const TOPICS: string[] = [
  ...new Set(
    [
      ...EVERYDAY_TOPICS,
      ...MODALITY_LIST.flatMap((m) => words(m.name)),
      ...ARCHETYPE_LIST.flatMap((a) => a.specialties.flatMap((s) => words(s))),
    ].filter((w) => w.length >= 3 && !GENERIC.has(w)),
  ),
];

/** How people say a concern, as the topic searched ('anxious' → 'anxiety'). */
const TOPIC_ALIASES: Record<string, string> = {
  anxious: "anxiety", stressed: "stress", depressed: "depression", lonely: "loneliness", grieving: "grief",
  divorced: "divorce", sleepless: "insomnia", scared: "fear", afraid: "fear", angry: "anger", tired: "fatigue", exhausted: "burnout",
};

/** Everyday words one typo away from a topic that are not one ('message' ≠ 'massage', 'expensive' ≠ 'expressive'). */
const NOT_TOPICS = new Set(["message", "messages", "messaging", "expensive", "expense", "expenses", "session", "sessions", "person", "persons", "reading"]);

/** The topic a typed word stands for, or null; plurals and typos of longer words are forgiven. */
function topicOf(word: string): string | null {
  if (word.length < 3 || NOT_TOPICS.has(word)) return null;
  if (TOPIC_ALIASES[word]) return TOPIC_ALIASES[word];
  if (TOPICS.includes(word)) return word;
  const singular = word.endsWith("ies") ? `${word.slice(0, -3)}y` : word.endsWith("s") ? word.slice(0, -1) : word;
  if (TOPICS.includes(singular)) return singular;
  if (word.length < 5) return null;
  return TOPICS.find((t) => t.length >= 5 && isNearMiss(word, t)) ?? null;
}

function archetypeOf(word: string): Archetype | null {
  const singular = word.endsWith("ies") ? `${word.slice(0, -3)}y` : word;
  for (const key of ARCHETYPES) if (isNearMiss(singular, key)) return key;
  return null;
}

function levelOf(word: string): ExperienceLevel | null {
  return EXPERIENCE_LEVELS.find((level) => isNearMiss(word, level)) ?? null;
}

// ---- prices ----

const NUMBER = String.raw`(\d{1,6}(?:\.\d{1,2})?)`;
const CURRENCY_AFTER = String.raw`(?:\s*(?:\$|dollars?|bucks|usd)\b|\$)`;
/** An amount: '$80', '80', '80$', '80 dollars'; group 1 = '$' before, 2 = number, 3 = currency after. */
const AMOUNT = String.raw`(\$\s*)?${NUMBER}(${CURRENCY_AFTER})?`;
/** A number followed by a unit is not a price ('under 3 years', 'at least 60 minutes'). */
const NOT_A_PRICE = /^\s*(?:years?|yrs?|minutes?|mins?|hours?|hrs?|h\b|sessions?|times?|days?|weeks?|months?|km|miles?|people|stars?|%|am\b|pm\b|kids?|children|percent)/;

const MAX_WORDS = String.raw`(?:under|below|less than|cheaper than|lower than|no more than|not more than|no higher than|not over|at most|up to|upto|within|max(?:imum)?(?: of)?|budget(?: is| of)?(?: about| around| of)?|<=?)`;
const MIN_WORDS = String.raw`(?:(?<!not )over|above|(?<!no |not )more than|at least|minimum(?: of)?|min|starting at|>=?)`;

interface PriceBounds {
  minPrice: number | null;
  maxPrice: number | null;
}

function amountAt(match: RegExpExecArray, offset: number): number | null {
  const rest = match.input.slice(match.index + match[0].length);
  if (NOT_A_PRICE.test(rest) && !match[offset] && !match[offset + 2]) return null;
  const value = Number(match[offset + 1]);
  return Number.isFinite(value) ? value : null;
}

/** Price bounds from the text: a range, an upper or lower bound word, or a bare amount with a currency. */
export function parsePrice(text: string): PriceBounds {
  const t = text.toLowerCase().replace(/(\d),(\d{3})\b/g, "$1$2");
  // 'between 50 and 100' with or without currency; '$50-$100', '50 to 100 dollars' need a currency
  const between = new RegExp(String.raw`between\s+${AMOUNT}\s*(?:-|–|to|and)\s*${AMOUNT}`).exec(t);
  const range = between ?? new RegExp(String.raw`${AMOUNT}\s*(?:-|–|to)\s*${AMOUNT}`).exec(t);
  if (range && (between || range[1] || range[3] || range[4] || range[6])) {
    const low = Number(range[2]);
    const high = Number(range[5]);
    return { minPrice: Math.min(low, high), maxPrice: Math.max(low, high) };
  }
  let minPrice: number | null = null;
  let maxPrice: number | null = null;
  const max = new RegExp(String.raw`(?:^|[^a-z])${MAX_WORDS}\s*${AMOUNT}`).exec(t);
  if (max) maxPrice = amountAt(max, 1);
  const maxAfter = new RegExp(String.raw`${AMOUNT}\s*(?:or less|or under|or below|or cheaper|max(?:imum)?\b|tops\b|at most)`).exec(t);
  if (maxPrice === null && maxAfter) maxPrice = Number(maxAfter[2]);
  const min = new RegExp(String.raw`(?:^|[^a-z])${MIN_WORDS}\s*${AMOUNT}`).exec(t);
  if (min) minPrice = amountAt(min, 1);
  const minAfter = new RegExp(String.raw`${AMOUNT}\s*(?:or more|and up|and above|or above|\+|plus\b)`).exec(t);
  if (minPrice === null && minAfter && (minAfter[1] || minAfter[3])) minPrice = Number(minAfter[2]);
  if (minPrice === null && maxPrice === null) {
    // a bare amount with a currency sign or word reads as the budget
    const bare = new RegExp(String.raw`(\$\s*)${NUMBER}|${NUMBER}(${CURRENCY_AFTER})`).exec(t);
    if (bare) maxPrice = Number(bare[2] ?? bare[3]);
  }
  return { minPrice, maxPrice };
}

// ---- mode ----

const IN_PERSON = /\b(?:in[\s-]person|face[\s-]to[\s-]face|in the same room|offline)\b/;
const VIRTUAL = /\b(?:online|virtual(?:ly)?|remote(?:ly)?|video|zoom|over the internet|from home)\b/;

export function parseMode(text: string): SessionMode | null {
  const t = text.toLowerCase();
  const inPerson = IN_PERSON.test(t);
  const virtual = VIRTUAL.test(t.replace(IN_PERSON, " "));
  if (inPerson === virtual) return null; // neither, or both (no preference)
  return inPerson ? "in_person" : "virtual";
}

// ---- places ----

/** 'in Portland', 'near Bristol', 'based in New York': a capitalised place after the word, as typed. */
function parsePlace(text: string): string | null {
  const match = /\b(?:in|near|around|based in)\s+((?:[A-Z][\p{L}'-]+)(?:\s+[A-Z][\p{L}'-]+)?)/u.exec(text);
  if (!match) return null;
  const place = match[1];
  const first = words(place)[0] ?? "";
  // 'In Person', a weekday or the pronoun are not places
  if (/^(person|i|the|my|a|an|monday|tuesday|wednesday|thursday|friday|saturday|sunday|english)$/i.test(first)) return null;
  return place;
}

/** Reads what a message asks of the directory. */
export function parsePractitionerRequest(text: string): PractitionerRequest {
  const clean = text.normalize("NFKC");
  const typed = words(clean.replace(/[\u{1F300}-\u{1FAFF}]/gu, " "));
  const named = new Set<Archetype>();
  for (const [emoji, key] of Object.entries(EMOJI)) if (clean.includes(emoji)) named.add(key);
  let level: ExperienceLevel | null = null;
  const topics: string[] = [];
  for (const word of typed) {
    const archetype = archetypeOf(word);
    if (archetype) {
      named.add(archetype);
      continue;
    }
    const lvl = levelOf(word);
    if (lvl) {
      level ??= lvl;
      continue;
    }
    const topic = topicOf(word);
    if (topic && !topics.includes(topic)) topics.push(topic);
  }
  // a scientific name counts as its archetype ('Papilio Transformus')
  for (const a of ARCHETYPE_LIST) if (clean.toLowerCase().includes(a.scientificName.toLowerCase())) named.add(a.key);

  // what the text means by the search's own vocabulary (core/search-meaning.ts): "can't sleep" is
  // sleep, 'lost my mum' is grief; each concept is searched by its seeker's word, which the
  // directory expands the same way, and a topic word of a concept already found is not repeated
  const concepts = expandSearch(typed.join(" ")).concepts;
  // a concept is searched by the topic word typed for it ('tension'), else by its first seeker word ('sleep' for "can't sleep")
  const conceptWords = concepts.map((id) => topics.find((t) => conceptOfWord(t)?.concept.id === id) ?? SEARCH_CONCEPTS.find((c) => c.id === id)!.seeker[0]);
  const otherTopics = topics.filter((t) => {
    const found = conceptOfWord(t);
    return !found || !concepts.includes(found.concept.id);
  });
  const place = parsePlace(clean);
  const q = [...[...conceptWords, ...otherTopics].slice(0, REQUEST_MAX_TOPICS), ...(place ? [place] : [])].join(" ");
  const mode = parseMode(clean);
  const archetypesNamed = [...named];
  const { minPrice, maxPrice } = normalisePriceRange(...(Object.values(parsePrice(clean)) as [number | null, number | null]));
  return {
    filters: {
      ...EMPTY_DIRECTORY_FILTERS,
      q,
      archetype: archetypesNamed.length === 1 ? archetypesNamed[0] : null,
      level,
      minPrice,
      maxPrice,
      session: mode === null ? null : mode === "virtual" ? "virtual" : "in-person",
    },
    mode,
    archetypesNamed,
  };
}

/** True when the message set any filter (or a session mode). */
export function requestHasFilters(request: PractitionerRequest): boolean {
  return hasActiveFilters(request.filters) || request.mode !== null;
}
