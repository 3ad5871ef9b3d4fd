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
import { EMPTY_DIRECTORY_FILTERS, normalisePriceRange, type DirectoryFilters } from "../core/directory-params";
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
}

export const MEANING_CASES: MeaningCase[] = [
  // grief ↔ bereavement ↔ loss ↔ mourning: the well-rated specialist first, the 1.5-star practitioner last
  { keyword: "grief", expectedIdsInOrder: ["griefWise", "mourning", "lossInBio", "lossLowRated"] },
  { keyword: "grieving", expectedIdsInOrder: ["griefWise", "mourning", "lossInBio", "lossLowRated"] },
  { keyword: "greif", expectedIdsInOrder: ["griefWise", "mourning", "lossInBio", "lossLowRated"] },
  { keyword: "lost my mum", expectedIdsInOrder: ["griefWise", "mourning", "lossInBio", "lossLowRated"] },
  { keyword: "help with grief", expectedIdsInOrder: ["griefWise", "mourning", "lossInBio", "lossLowRated"] },
  { keyword: "bereavement", expectedIdsInOrder: ["griefWise", "mourning", "lossInBio", "lossLowRated"] },
  { keyword: "grief", filters: { maxPrice: 80, archetype: "butterfly" }, expectedIdsInOrder: ["griefWise", "lossInBio", "lossLowRated"] },
  { keyword: "grief", filters: { session: "in-person" }, expectedIdsInOrder: ["mourning", "lossInBio", "lossLowRated"] },
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

/** A case's filters as the one reader leaves them (core/directory-params-schema.ts: prices normalised). */
export function meaningCaseFilters(c: MeaningCase): DirectoryFilters {
  const filters = { ...EMPTY_DIRECTORY_FILTERS, ...c.filters, q: c.keyword };
  return { ...filters, ...normalisePriceRange(filters.minPrice, filters.maxPrice) };
}

/**
 * Writes MEANING_FIXTURE through `create` (a test's createPractitioner), one minute apart in the
 * fixture's order; answers the fixture key of an id (ids it does not know as themselves).
 */
export async function insertMeaningFixture(
  create: (fields: MeaningFixturePractitioner & { createdAt: Date }) => Promise<{ id: string }>,
): Promise<(ids: string[]) => string[]> {
  const keyOf = new Map<string, MeaningFixtureKey>();
  let minute = 0;
  for (const [key, fields] of Object.entries(MEANING_FIXTURE) as [MeaningFixtureKey, MeaningFixturePractitioner][]) {
    const row = await create({ ...fields, createdAt: new Date(Date.UTC(2025, 0, 1, 0, minute++)) });
    keyOf.set(row.id, key);
  }
  return (ids) => ids.map((id) => keyOf.get(id) ?? id);
}

/** A case's label in the test lists: the keyword, its filters, the keys expected. */
export const meaningCaseLabel = (c: MeaningCase) => `${JSON.stringify(c.keyword)}${c.filters ? ` ${JSON.stringify(c.filters)}` : ""} → ${c.expectedIdsInOrder.join(", ") || "nothing"}`;
