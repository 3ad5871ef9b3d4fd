/**
 * The directory search's relevance cases by meaning (issue 27), for every engine: a fixture of
 * practitioners, each with a key, and the searches a seeker types with the keys expected, in
 * order. The SQLite engine runs them in db/sqlite/search-cases-meaning.test.ts; the PostgreSQL
 * engine runs the same list (insert MEANING_FIXTURE with src/testing/factories.ts's
 * createPractitioner, map keys to ids, search through db/practitioner-search.ts).
 *
 * Pure data. What decides the answers is engine-neutral: core/search-meaning.ts expands the
 * keyword into groups of alternatives (db/practitioner-search.ts: engineRequest) and weighs
 * relevance by relevanceRatingFactor; each engine matches words as word prefixes or, from 3
 * letters, as substrings, and scores with bm25 over (specializations 4, categories 3, archetype 3,
 * location 2, bio 1). Orders were checked by hand: the best-fitting, well-rated practitioner
 * first, a 1.5-star practitioner never first.
 */
import type { DirectoryFilters } from "../core/directory-params";
import type { Archetype, ExperienceLevel, ProfessionalCategory } from "../core/enums";

export interface MeaningFixturePractitioner {
  archetype: Archetype;
  experienceLevel: ExperienceLevel;
  specializations: string[];
  professionalCategories: ProfessionalCategory[];
  bio: string;
  hourlyRateCents: number;
  averageRating: number | null;
  totalSessions: number;
  isVirtual: boolean;
  isInPerson: boolean;
  location: string | null;
}

const base = { location: "Portland, OR", professionalCategories: [] as ProfessionalCategory[] };

/** The fixture, by key; inserted in this order (created one after another). */
export const MEANING_FIXTURE = {
  griefWise: {
    ...base,
    archetype: "butterfly",
    experienceLevel: "wise",
    specializations: ["Grief support", "Bereavement counselling"],
    professionalCategories: ["counseling"],
    bio: "I walk beside people in the first hard year after a death.",
    hourlyRateCents: 7500,
    averageRating: 4.8,
    totalSessions: 40,
    isVirtual: true,
    isInPerson: false,
  },
  lossLowRated: {
    ...base,
    archetype: "butterfly",
    experienceLevel: "evolving",
    specializations: ["Moving forward after loss"],
    bio: "Gentle sessions for people who feel stuck.",
    hourlyRateCents: 6000,
    averageRating: 1.5,
    totalSessions: 10,
    isVirtual: true,
    isInPerson: true,
  },
  lossInBio: {
    ...base,
    archetype: "butterfly",
    experienceLevel: "rising",
    specializations: ["Life transitions"],
    bio: "Many of my clients come to me after the loss of a loved one, or of a marriage.",
    hourlyRateCents: 7000,
    averageRating: 4.6,
    totalSessions: 25,
    isVirtual: false,
    isInPerson: true,
  },
  mourning: {
    ...base,
    archetype: "beetle",
    experienceLevel: "wise",
    specializations: ["Mourning rituals", "Ancestral healing"],
    bio: "Ceremony and ritual for widows, widowers and families.",
    hourlyRateCents: 12000,
    averageRating: 4,
    totalSessions: 8,
    isVirtual: true,
    isInPerson: true,
  },
  insomnia: {
    ...base,
    archetype: "bee",
    experienceLevel: "evolving",
    specializations: ["Insomnia", "Evening wind-down"],
    bio: "Practical help for nights that will not end.",
    hourlyRateCents: 9000,
    averageRating: 4.7,
    totalSessions: 30,
    isVirtual: true,
    isInPerson: false,
  },
  sleepSupport: {
    ...base,
    archetype: "bee",
    experienceLevel: "rising",
    specializations: ["Sleep support"],
    bio: "Reflexology and breath for deeper nights.",
    professionalCategories: ["reflexology"],
    hourlyRateCents: 5000,
    averageRating: 4.2,
    totalSessions: 12,
    isVirtual: false,
    isInPerson: true,
  },
  stressRecovery: {
    ...base,
    archetype: "bee",
    experienceLevel: "wise",
    specializations: ["Stress recovery"],
    bio: "For people running on empty at work and at home.",
    hourlyRateCents: 10000,
    averageRating: 4.5,
    totalSessions: 20,
    isVirtual: true,
    isInPerson: false,
  },
  burnoutPremium: {
    ...base,
    archetype: "bee",
    experienceLevel: "wise",
    specializations: ["Burnout recovery"],
    bio: "Slow, structured recovery after years of overwork.",
    hourlyRateCents: 35000,
    averageRating: 4.9,
    totalSessions: 50,
    isVirtual: false,
    isInPerson: true,
  },
  anxiety: {
    ...base,
    archetype: "hummingbird",
    experienceLevel: "evolving",
    specializations: ["Anxiety", "Clarity sessions"],
    bio: "Tools you can use the moment worry rises.",
    hourlyRateCents: 8000,
    averageRating: 4.4,
    totalSessions: 15,
    isVirtual: true,
    isInPerson: false,
  },
  ptsd: {
    ...base,
    archetype: "beetle",
    experienceLevel: "wise",
    specializations: ["PTSD", "Trauma integration"],
    professionalCategories: ["somatic_experiencing"],
    bio: "Body-based work at a pace your system can hold.",
    hourlyRateCents: 13000,
    averageRating: 4.8,
    totalSessions: 30,
    isVirtual: true,
    isInPerson: true,
  },
  crystals: {
    ...base,
    archetype: "hummingbird",
    experienceLevel: "wise",
    specializations: ["Crystal layouts", "Chakra balancing"],
    professionalCategories: ["crystal_healing"],
    bio: "Bright, focused sessions with stones and intention.",
    hourlyRateCents: 4500,
    averageRating: 5,
    totalSessions: 100,
    isVirtual: true,
    isInPerson: false,
  },
} satisfies Record<string, MeaningFixturePractitioner>;

export type MeaningFixtureKey = keyof typeof MEANING_FIXTURE;

export interface MeaningCase {
  /** What the seeker types. */
  keyword: string;
  /** Other filters of the directory (none when absent). */
  filters?: Partial<Omit<DirectoryFilters, "q">>;
  /** Every match, best first. */
  expectedIdsInOrder: MeaningFixtureKey[];
  /**
   * Where PostgreSQL's ranking (ts_rank_cd × the rating factor) legitimately orders some matches
   * differently from bm25 × the rating factor: the same ids, in db/search-cases.ts's unordered-group
   * form (a group's ids in any order at its places). Absent: expectedIdsInOrder on both engines.
   */
  postgresIds?: (MeaningFixtureKey | MeaningFixtureKey[])[];
}

export const MEANING_CASES: MeaningCase[] = [
  // grief ↔ bereavement ↔ loss ↔ mourning: the well-rated specialist first, the 1.5-star practitioner last
  // PostgreSQL: the last two in either order. 'loss' is in lossLowRated's specializations (ts_rank_cd
  // weight 1.0 × rating factor 0.43) and in lossInBio's bio (0.25 × 0.86): cover density without
  // length normalisation puts the specialization first, bm25 (document length, 5 columns) the bio.
  // Both engines keep the 1.5-star practitioner from leading.
  ...(["grief", "grieving", "greif", "lost my mum", "help with grief", "bereavement"] as const).map(
    (keyword): MeaningCase => ({ keyword, expectedIdsInOrder: ["griefWise", "mourning", "lossInBio", "lossLowRated"], postgresIds: ["griefWise", "mourning", ["lossInBio", "lossLowRated"]] }),
  ),
  {
    keyword: "grief",
    filters: { maxPrice: 80, archetype: "butterfly" },
    expectedIdsInOrder: ["griefWise", "lossInBio", "lossLowRated"],
    postgresIds: ["griefWise", ["lossInBio", "lossLowRated"]],
  },
  { keyword: "grief", filters: { session: "in-person" }, expectedIdsInOrder: ["mourning", "lossInBio", "lossLowRated"], postgresIds: ["mourning", ["lossInBio", "lossLowRated"]] },
  { keyword: "grief", filters: { session: "virtual" }, expectedIdsInOrder: ["griefWise", "mourning", "lossLowRated"] },
  // sleep ↔ insomnia
  { keyword: "can't sleep", expectedIdsInOrder: ["insomnia", "sleepSupport"] },
  { keyword: "insomnia", expectedIdsInOrder: ["insomnia", "sleepSupport"] },
  { keyword: "insomia", expectedIdsInOrder: ["insomnia", "sleepSupport"] },
  { keyword: "trouble sleeping", expectedIdsInOrder: ["insomnia", "sleepSupport"] },
  // burnout ↔ stress
  { keyword: "burnout", expectedIdsInOrder: ["burnoutPremium", "stressRecovery"] },
  { keyword: "burned out", expectedIdsInOrder: ["burnoutPremium", "stressRecovery"] },
  { keyword: "stressed", expectedIdsInOrder: ["burnoutPremium", "stressRecovery"] },
  { keyword: "burnout", filters: { maxPrice: 300 }, expectedIdsInOrder: ["burnoutPremium", "stressRecovery"] },
  { keyword: "burnout", filters: { maxPrice: 200 }, expectedIdsInOrder: ["stressRecovery"] },
  // panic ↔ anxiety
  { keyword: "panic", expectedIdsInOrder: ["anxiety"] },
  { keyword: "panic attacks", expectedIdsInOrder: ["anxiety"] },
  { keyword: "anxious", expectedIdsInOrder: ["anxiety"] },
  { keyword: "anxeity", expectedIdsInOrder: ["anxiety"] },
  // trauma ↔ PTSD
  { keyword: "ptsd", expectedIdsInOrder: ["ptsd"] },
  { keyword: "traumatised", expectedIdsInOrder: ["ptsd"] },
  // exact words keep working, unexpanded
  { keyword: "crystal", expectedIdsInOrder: ["crystals"] },
  { keyword: "chakra", expectedIdsInOrder: ["crystals"] },
  { keyword: "reflexology", expectedIdsInOrder: ["sleepSupport"] },
  { keyword: "xyzzy", expectedIdsInOrder: [] },
];
