/**
 * What seekers mean: a reviewed vocabulary of wellness concepts, each with the words seekers use
 * ('grief', "can't sleep", 'burnout', 'panic') and the words practitioners write ('bereavement',
 * 'insomnia', 'stress', 'anxiety'), and `expandSearch`, which turns a search into groups of
 * alternatives: every group must match, any alternative of a group does. The directory's search
 * (both engines: db/practitioner-search.ts passes the groups to each) and Maia use this one table,
 * so the same words find the same practitioners everywhere (docs/decisions/030-search-meaning.md).
 *
 * Also here: the relevance factor of a practitioner's rating, weighed by its confidence, which both
 * engines multiply into the keyword score (`relevanceRatingFactor`; its SQL twin is built from the
 * same constants).
 *
 * Pure and small: the browser loads it with Maia.
 */
import { isNearMiss } from "./assistant-matcher";
import { SEARCH_MAX_WORDS } from "./constants";

export interface SearchConcept {
  /** A short name for tests and the decision note. */
  id: string;
  /**
   * What seekers type: single words (matched whole, as a plural, as a word starting with it when
   * 5+ letters long: 'griev' finds 'grieving', or one typo away from 7+ letter words) or phrases of
   * 2-4 words matched in order ("can't sleep" is read as 'cant sleep').
   */
  seeker: readonly string[];
  /**
   * What practitioners write, searched as the engine searches any word (a word prefix, or a
   * substring from 3 letters): single words, lower case, letters only. Chosen from real profiles
   * and the site's catalogues, and reviewed so that no term is a common part of unrelated words.
   */
  terms: readonly string[];
}

/**
 * The vocabulary (reviewed: each concept's terms were checked against every demo profile and the
 * catalogues of modalities and specialties; a term that matched unrelated text was removed, e.g.
 * 'rest' (in 'interest', 'forest'), 'lost' ('lost my job' is not grief), 'care' (in 'career')).
 */
export const SEARCH_CONCEPTS: readonly SearchConcept[] = [
  {
    id: "grief",
    seeker: ["grief", "griev", "greif", "grieving", "greiving", "bereaved", "bereavement", "mourning", "mourn", "loss", "losing", "death", "died", "dying", "widow", "widowed", "passed away", "lost someone", "lost my mum", "lost my mom", "lost my dad", "lost my husband", "lost my wife", "lost a loved one", "miscarriage", "funeral"],
    terms: ["grief", "griev", "bereave", "loss", "mourning", "widow", "endings"],
  },
  {
    id: "sleep",
    seeker: ["sleep", "sleeping", "sleepless", "insomnia", "insomniac", "cant sleep", "cannot sleep", "trouble sleeping", "awake at night", "wake up at night", "restless nights", "nightmare", "nightmares", "rest"],
    terms: ["sleep", "insomnia", "restoration", "rested"],
  },
  {
    id: "burnout",
    seeker: ["burnout", "stressed out", "work stress", "burned out", "burnt out", "burn out", "exhausted", "exhaustion", "overwhelmed", "overwhelm", "overworked", "stress", "stressed", "stressful", "drained", "tired all the time", "no energy", "low energy", "worn out"],
    terms: ["burnout", "stress", "overwhelm", "exhaust", "restoration"],
  },
  {
    id: "anxiety",
    seeker: ["anxiety", "anxious", "panic", "panicky", "panic attack", "panic attacks", "worry", "worried", "worrying", "nervous", "nerves", "on edge", "fear", "fearful", "scared", "phobia", "racing thoughts", "overthinking"],
    terms: ["anxiety", "anxious", "panic", "nervous", "calm", "regulation"],
  },
  {
    id: "trauma",
    seeker: ["trauma", "traumatic", "traumatised", "traumatized", "ptsd", "abuse", "abused", "flashbacks", "triggered", "c ptsd", "cptsd"],
    terms: ["trauma", "ptsd", "somatic", "repair"],
  },
  {
    id: "heartbreak",
    seeker: ["divorce", "divorced", "divorcing", "breakup", "break up", "broke up", "separation", "separated", "heartbreak", "heartbroken", "broken heart"],
    terms: ["divorce", "breakup", "separation", "relationship", "heartbreak"],
  },
  {
    id: "relationships",
    seeker: ["relationship", "relationships", "partner", "marriage", "couple", "dating", "attachment", "codependency", "codependent"],
    terms: ["relationship", "attachment", "couple"],
  },
  {
    id: "career",
    seeker: ["career", "job", "jobs", "work change", "new job", "lost my job", "redundancy", "redundant", "laid off", "fired", "profession", "calling"],
    terms: ["career", "calling", "purpose"],
  },
  {
    id: "transition",
    seeker: ["transition", "transitions", "life change", "big change", "crossroads", "new chapter", "starting over", "fresh start", "in between", "stuck"],
    terms: ["transition", "crossroads", "chapter", "change"],
  },
  {
    id: "clarity",
    seeker: ["clarity", "decision", "decisions", "decide", "deciding", "confused", "confusion", "direction", "unsure", "indecisive", "purpose"],
    terms: ["clarity", "decision", "direction", "mindset", "purpose"],
  },
  {
    id: "creativity",
    seeker: ["creative", "creativity", "creative block", "writers block", "blocked", "inspiration", "uninspired", "art"],
    terms: ["creative", "expressive", "dance", "music"],
  },
  {
    id: "anger",
    seeker: ["anger", "angry", "rage", "temper", "irritable", "resentment", "boundaries", "boundary", "people pleasing", "people pleaser"],
    terms: ["anger", "boundaries", "resentment"],
  },
  {
    id: "pain",
    seeker: ["pain", "back pain", "neck pain", "chronic pain", "ache", "aches", "sore", "tension", "tense", "tight", "stiff", "headache", "headaches", "migraine", "migraines"],
    terms: ["pain", "tension", "bodywork", "massage", "myofascial", "craniosacral"],
  },
  {
    id: "low-mood",
    seeker: ["depression", "depressed", "low mood", "sad", "sadness", "hopeless", "empty", "numb", "feeling down", "unmotivated"],
    terms: ["depress", "mood", "resilience", "emotional"],
  },
  {
    id: "loneliness",
    seeker: ["lonely", "loneliness", "isolated", "isolation", "alone", "no friends", "disconnected"],
    terms: ["lonel", "community", "circles", "connection", "company"],
  },
  {
    id: "self-worth",
    seeker: ["confidence", "self esteem", "self worth", "insecure", "insecurity", "imposter", "impostor", "not good enough", "who am i", "finding myself", "identity"],
    terms: ["confidence", "esteem", "identity", "discovery"],
  },
  {
    id: "parenthood",
    seeker: ["new mom", "new mum", "new parent", "new dad", "baby", "parenthood", "parenting", "postpartum", "postnatal", "pregnancy", "pregnant", "motherhood", "fatherhood"],
    terms: ["parenthood", "postpartum", "pregnan", "parent"],
  },
  {
    id: "midlife",
    seeker: ["midlife", "mid life", "middle age", "menopause", "perimenopause", "turning 40", "turning 50"],
    terms: ["midlife", "menopause", "renewal"],
  },
  {
    id: "retirement",
    seeker: ["retire", "retired", "retirement", "retiring"],
    terms: ["retirement", "retire"],
  },
  {
    id: "inner-child",
    seeker: ["childhood", "inner child", "upbringing", "childhood wounds", "family", "ancestors", "ancestral", "generational", "patterns", "pattern", "repeating patterns"],
    terms: ["child", "ancestral", "pattern", "generational", "family", "shadow"],
  },
  {
    id: "spiritual",
    seeker: ["spiritual", "spirituality", "spirit", "soul", "meaning", "faith", "awakening", "intuition", "intuitive"],
    terms: ["spiritual", "soul", "intuit", "awakening"],
  },
  {
    id: "meditation",
    seeker: ["meditate", "meditating", "mindful", "mindfulness", "calm my mind", "quiet my mind"],
    terms: ["meditation", "mindful", "breath"],
  },
  {
    id: "breath",
    seeker: ["breathe", "breathing", "cant breathe", "short of breath"],
    terms: ["breath"],
  },
  {
    id: "energy",
    seeker: ["aura", "blocked energy", "energetic", "energy work"],
    terms: ["energy", "chakra", "reiki", "pranic", "biofield"],
  },
  {
    id: "body",
    seeker: ["touch", "relax", "relaxation", "relaxing", "pamper"],
    terms: ["massage", "bodywork", "reflexology", "body"],
  },
  {
    id: "self-care",
    seeker: ["self care", "selfcare", "routine", "routines", "habits", "habit", "daily practice", "rituals", "balance"],
    terms: ["ritual", "rhythm", "habit", "routine", "balancing"],
  },
  {
    id: "addiction",
    seeker: ["addiction", "addicted", "sober", "sobriety", "recovery from drinking", "drinking", "alcohol", "compulsive"],
    terms: ["addiction", "sober", "sobriety", "recovery"],
  },
  {
    id: "beginner",
    seeker: ["beginner", "beginners", "first time", "new to this", "never tried", "not sure where to start", "where to begin"],
    terms: ["first", "beginner"],
  },
  {
    id: "nutrition",
    seeker: ["nutrition", "weight loss", "food", "diet", "eating", "gut", "digestion", "herbs", "herbal"],
    terms: ["nutrition", "herbal", "food", "diet"],
  },
  {
    id: "grounding",
    seeker: ["grounded", "ungrounded", "scattered", "unsettled", "rooted", "footing"],
    terms: ["grounding", "grounded", "rooted", "footing", "steady"],
  },
  {
    id: "nervous-system",
    seeker: ["nervous system", "dysregulated", "dysregulation", "fight or flight", "shutdown", "freeze"],
    terms: ["nervous", "regulation", "somatic", "polyvagal"],
  },
];

/** Words that say nothing about what someone looks for; dropped unless the search has nothing else. */
const FILLER = new Set([
  "a", "an", "the", "i", "im", "ive", "me", "my", "myself", "we", "our", "you", "your", "someone", "somebody", "something", "anyone",
  "for", "with", "and", "to", "of", "in", "on", "at", "about", "from", "after", "since", "that", "this", "it", "its", "is", "am", "are", "be", "been", "was",
  "help", "helping", "need", "needs", "want", "wanting", "looking", "find", "finding", "get", "getting", "support", "supporting", "deal", "dealing", "cope", "coping",
  "practitioner", "practitioners", "therapist", "healer", "person", "who", "can", "could", "would", "please", "some", "really", "so", "very", "lot", "lots", "bit",
  "feel", "feeling", "feels", "have", "has", "had", "having", "going", "through", "lately", "recently", "always", "again", "still", "just", "much", "too", "out", "up", "all", "time", "not", "dont", "cant", "when",
]);

/** The seeker's words: lower case, accents folded, apostrophes dropped ("can't" is 'cant'). */
export function seekerWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/['’‘`]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

interface Trigger {
  words: string[];
  concept: SearchConcept;
}

const TRIGGERS: Trigger[] = SEARCH_CONCEPTS.flatMap((concept) => concept.seeker.map((s) => ({ words: seekerWords(s), concept })))
  // longest phrases first: 'panic attack' before 'panic'
  .sort((a, b) => b.words.length - a.words.length);

const SINGLE = TRIGGERS.filter((t) => t.words.length === 1);

/** True when one seeker word is this trigger word: whole, plural, a longer form of a 5+ letter stem, or one typo from a 7+ letter word. */
function wordMatches(word: string, trigger: string): boolean {
  if (word === trigger || word === `${trigger}s` || word === `${trigger}es`) return true;
  if (trigger.length >= 5 && word.startsWith(trigger)) return true;
  // a piece of the word ('rossroad') is a substring search, not a typo
  return trigger.length >= 7 && word.length >= 6 && !trigger.includes(word) && isNearMiss(word, trigger);
}

/** The concept a single word stands for, or null; `typo` when it was read as a misspelling. */
export function conceptOfWord(word: string): { concept: SearchConcept; typo: boolean } | null {
  // exact forms first, then stems, then typos ('stressed' is burnout by its own entry, not by a typo of 'stress')
  for (const t of SINGLE) if (t.words[0] === word) return { concept: t.concept, typo: false };
  for (const t of SINGLE) if (wordMatches(word, t.words[0]) && !isNearMissOnly(word, t.words[0])) return { concept: t.concept, typo: false };
  for (const t of SINGLE) if (wordMatches(word, t.words[0])) return { concept: t.concept, typo: true };
  return null;
}

function isNearMissOnly(word: string, trigger: string): boolean {
  return !(word === trigger || word === `${trigger}s` || word === `${trigger}es` || (trigger.length >= 5 && word.startsWith(trigger)));
}

/** At most this many alternatives per group (the engines' expressions stay small). */
export const SEARCH_MAX_ALTERNATIVES = 12;

export interface ExpandedSearch {
  /** Every group must match; a group matches when any of its alternatives does (single words, lower case). */
  groups: string[][];
  /** The concepts recognised, in order (Maia names them; tests check them). */
  concepts: string[];
}

/** A plural's singular for matching ('massages' → 'massage'); short words and '-ss' stay. */
export function singular(word: string): string {
  if (word.length < 5 || word.endsWith("ss") || word.endsWith("us") || word.endsWith("is")) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

/**
 * A search as groups of alternatives: each recognised concept (a phrase or a word) is one group of
 * the seeker's word and the concept's terms; any other word is a group of itself (its singular
 * when plural); filler words ('help with', 'someone for') are dropped unless nothing else is left.
 * Two concepts both found stay two groups (both must match): 'grief and sleep' is about both.
 */
export function expandSearch(text: string): ExpandedSearch {
  const words = seekerWords(text);
  const groups: string[][] = [];
  const concepts: string[] = [];
  const plain: string[][] = [];
  let i = 0;
  while (i < words.length) {
    const phrase = TRIGGERS.find((t) => t.words.length > 1 && t.words.every((w, k) => words[i + k] !== undefined && (words[i + k] === w || (k === t.words.length - 1 && wordMatches(words[i + k], w)))));
    if (phrase) {
      addConcept(phrase.concept, []);
      i += phrase.words.length;
      continue;
    }
    const word = words[i++];
    if (FILLER.has(word)) {
      plain.push([word]);
      continue;
    }
    const found = word.length >= 3 ? conceptOfWord(word) : null;
    if (found) addConcept(found.concept, found.typo ? [] : [word]);
    else groups.push([singular(word)]);
  }
  if (groups.length === 0) groups.push(...plain);
  return { groups: groups.slice(0, SEARCH_MAX_WORDS), concepts };

  function addConcept(concept: SearchConcept, typed: string[]) {
    if (concepts.includes(concept.id)) return;
    concepts.push(concept.id);
    // the seeker's own word only when it is a real word of the text ('cant' is not)
    const own = typed.filter((w) => w.length >= 3 && !concept.terms.some((t) => w.startsWith(t))).map(singular);
    groups.push([...new Set([...concept.terms, ...own])].slice(0, SEARCH_MAX_ALTERNATIVES));
  }
}

/** The expanded search as one line for logs and notes: '(grief|bereave|loss) sleep'. */
export function describeExpansion(expanded: ExpandedSearch): string {
  return expanded.groups.map((g) => (g.length === 1 ? g[0] : `(${g.join("|")})`)).join(" ");
}

// ---- ranking by rating, weighed by its confidence ----

/** The rating assumed before any evidence, and how many sessions of evidence it weighs as. */
export const RATING_PRIOR = { mean: 3.5, weight: 5 } as const;

/**
 * The factor (0 to 1) that multiplies a keyword match's score: the practitioner's rating pulled
 * towards RATING_PRIOR by how little evidence it rests on (a Bayesian average over completed
 * sessions, the count both engines' directories hold), over 5. A 1.5-star practitioner with 10
 * sessions weighs 0.43, a 5-star one with 20 sessions 0.94, a new one 0.70. Both engines compute
 * exactly this, in this order of operations (db/sqlite/practitioner-search-text.ts: ratingFactorSql).
 * 'Highest rated' sorts by it too (issue 26, decision 029): one 5-star review on one session
 * (0.75) does not outrank forty 4.8s (0.93).
 */
export function relevanceRatingFactor(averageRating: number | null, sessions: number): number {
  if (averageRating === null || Number.isNaN(averageRating)) return RATING_PRIOR.mean / 5;
  return (averageRating * sessions + RATING_PRIOR.mean * RATING_PRIOR.weight) / (sessions + RATING_PRIOR.weight) / 5;
}
