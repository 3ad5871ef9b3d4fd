/**
 * The shared table of search queries and the ids they must answer, on every engine (issue 22: "the
 * same results as SQLite for the same queries"; issue 27: the relevance set starts here). One fixed
 * dataset (SEARCH_FIXTURE: 30 practitioners, 15 Garden pieces), written the same way on each
 * engine in the same order, and one list of cases over it. db/sqlite/search-cases.test.ts runs
 * every case on SQLite (FTS5, then the in-memory index), db/postgres/search-cases.pgtest.ts on
 * PostgreSQL (tsvector + pg_trgm): both compare with the same expected ids, so the engines agree.
 *
 * Expected ids: a string is the id at that place; an array is a group whose order is not defined
 * (ties of relevance where the engines' scores differ: SQLite's bm25 weighs document length and word
 * rarity, PostgreSQL's ts_rank_cd cover density; both rank the same groups in the same order here).
 * Today's expectations are what both engines return by keyword alone: the synonyms of issue 27
 * (grief ↔ bereavement ↔ loss, sleep ↔ insomnia, …) will move cases such as 'grief' (see `note`).
 * `buildSearchFixture(db)` writes the dataset through the test factories (SQLite today; any engine
 * once the factories run on it); the PostgreSQL test writes the same rows through the schema twin.
 */
import type { Db } from "./client";
import { createGardenContent, createPractitioner, createUser } from "../src/testing/factories";
import type { Archetype, ExperienceLevel } from "../core/enums";
import type { DirectoryFilters, DirectorySort } from "../core/directory-params";
import type { ContentType as GardenContentType } from "../core/enums";

export interface FixturePractitioner {
  id: string;
  archetype: Archetype;
  level: ExperienceLevel;
  specializations: string[];
  categories: string[];
  bio: string | null;
  location: string | null;
  /** Whole dollars an hour; null for no rate. */
  rate: number | null;
  rating: number | null;
  sessions: number;
  featured: boolean;
  /** Days after 2025-01-01 (two share a day: the featured order's tie-break on the id). */
  day: number;
  /** Unlisted owners: unverified address or suspended account (in no search). */
  owner?: "unverified" | "suspended";
}

const P = (
  id: string,
  archetype: Archetype,
  level: ExperienceLevel,
  specializations: string[],
  categories: string[],
  bio: string | null,
  location: string | null,
  rate: number | null,
  rating: number | null,
  sessions: number,
  day: number,
  extra: Partial<FixturePractitioner> = {},
): FixturePractitioner => ({ id, archetype, level, specializations, categories, bio, location, rate, rating, sessions, featured: false, day, ...extra });

/** Inserted in this order on every engine (so the doc ids, the ties' last word, are the same). */
export const SEARCH_FIXTURE_PRACTITIONERS: FixturePractitioner[] = [
  P("p01", "bee", "rising", ["Grief counselling"], ["counselling"], "Gentle companionship through grief and loss.", "Portland, OR", 60, 4.8, 40, 1),
  P("p02", "butterfly", "evolving", ["Bereavement support"], ["counselling"], "Moving forward after loss, one small step at a time.", "Leeds", 75, 1.5, 12, 2),
  P("p03", "butterfly", "wise", ["Life transitions"], ["coaching"], "I help with grief, divorce and career change.", "Austin, TX", 70, 4.2, 90, 3),
  P("p04", "hummingbird", "rising", ["Psychotherapy", "Somatic healing"], ["therapy"], "Body-based work for stress.", "Wien, Österreich", 120, 4.5, 30, 4),
  P("p05", "beetle", "evolving", ["Sound healing"], ["sound"], "Singing bowls and gongs for deep rest.", "Bristol", 90, 4.5, 55, 5),
  P("p06", "bee", "wise", ["Reiki"], ["energy work"], "Reiki master and healer for twenty years.", "Portland, OR", 150, 5, 300, 6, { featured: true }),
  P("p07", "hummingbird", "evolving", ["Art therapy"], ["creative arts"], "Creative healing through paint and clay.", "Denver", 80, 3.9, 25, 7),
  P("p08", "bee", "evolving", ["Mindfulness meditation"], ["meditation"], "Meditation for busy minds; insomnia and sleep support.", "Denver", 50, 4.1, 70, 7),
  P("p09", "beetle", "rising", ["Sleep coaching"], ["coaching"], "Can't sleep? Let's rebuild your evening, gently.", "Oslo", 45, null, 0, 9),
  P("p10", "butterfly", "rising", ["Burnout recovery"], ["coaching"], "Stress recovery for caregivers and nurses.", "Dublin", 65, 4.0, 18, 10),
  P("p11", "hummingbird", "wise", ["Anxiety relief"], ["therapy"], "Panic and anxiety: practical tools that last.", "Boston", 200, 4.9, 410, 11),
  P("p12", "bee", "rising", ["Trauma-informed yoga"], ["yoga"], "PTSD-aware movement in small groups.", null, null, null, 3, 12),
  P("p13", "beetle", "wise", ["Breathwork"], ["breath"], "Breath, breathing and the healing breath.", "Zürich", 180, 4.7, 220, 13, { featured: true }),
  P("p14", "butterfly", "evolving", ["Ayurveda"], ["nutrition"], "Ayurvedic nutrition and daily rhythm.", "São Paulo", 95, 4.4, 60, 14),
  P("p15", "bee", "evolving", ["Forest bathing"], ["nature"], "Waldbaden: slow walks among the trees.", "Graz, Österreich", 70, 4.6, 35, 15),
  P("p16", "beetle", "rising", ["Naturopathy"], ["wellness"], "Whole-person wellness, gently paced.", "Leeds", 55, 3.5, 8, 16),
  P("p17", "butterfly", "wise", ["Life coaching"], ["coaching"], "Coaching for life transitions and new beginnings.", "Austin, TX", 160, 4.8, 150, 17),
  P("p18", "hummingbird", "evolving", ["Couples counselling"], ["counselling"], "Relationships, and the grief that follows a separation.", "Dublin", 110, 4.3, 44, 18),
  P("p19", "beetle", "evolving", ["Hypnotherapy"], ["hypnosis"], "Hypnotherapy for habits and phobias.", "Bristol", 85, 3.8, 20, 19),
  P("p20", "bee", "wise", ["Massage"], ["bodywork"], "Deep tissue massage and a healing touch.", "Oslo", 130, 4.6, 260, 20),
  P("p21", "hummingbird", "rising", ["Qi gong"], ["movement"], "Qi flow for the stiff and the tired.", "Boston", 40, 4.0, 6, 21),
  P("p22", "butterfly", "rising", ["Yoga nidra"], ["yoga"], "Yoga for sleep and restoration.", "Denver", 48, 4.4, 11, 22),
  P("p23", "beetle", "evolving", ["Nutrition"], ["nutrition"], "Food as medicine; the gut and the mood.", "Leeds", 75, null, 0, 23),
  P("p24", "bee", "evolving", ["Energy healing"], ["energy work"], "Energy work for the weary.", "Portland, OR", 100, 4.7, 120, 24, { featured: true }),
  P("p25", "butterfly", "rising", ["Grief yoga"], ["yoga"], "Grief moves through the body.", "Leeds", 60, null, 0, 25, { owner: "unverified" }),
  P("p26", "hummingbird", "wise", ["Grief doula"], ["counselling"], "Grief held with care.", "Boston", 140, 4.9, 80, 26, { owner: "suspended" }),
  P("p27", "beetle", "rising", ["Crystal healing"], ["energy work"], "Crystals and quiet.", "Zürich", 58, 2.9, 4, 27),
  P("p28", "hummingbird", "evolving", ["Music therapy"], ["creative arts"], "Songs that carry what words cannot.", "Wien, Österreich", 88, 4.2, 33, 28),
  P("p29", "butterfly", "evolving", ["Shamanic journeying"], ["spiritual"], "Drum journeys to the inner garden.", "Graz, Österreich", 105, 4.1, 27, 29),
  P("p30", "bee", "wise", ["Somatic experiencing"], ["therapy"], "Nervous system healing; grief held in the body.", "Bristol", 175, 4.8, 190, 30),
];

export interface FixtureGardenPiece {
  id: string;
  title: string;
  description: string | null;
  tags: string[];
  content: string;
  contentType: GardenContentType;
  status: "approved" | "pending";
  isPublic: boolean;
  /** Minutes after 2025-03-01 00:00 UTC. */
  minute: number;
}

const G = (id: string, title: string, description: string | null, tags: string[], content: string, contentType: GardenContentType, minute: number, extra: Partial<FixtureGardenPiece> = {}): FixtureGardenPiece => ({
  id,
  title,
  description,
  tags,
  content,
  contentType,
  status: "approved",
  isPublic: true,
  minute,
  ...extra,
});

export const SEARCH_FIXTURE_GARDEN: FixtureGardenPiece[] = [
  G("g01", "Morning meditation", "Ten quiet minutes", ["meditation"], "Sit, breathe, notice.", "meditation", 1),
  G("g02", "Breathing for sleep", "A practice for restless nights", ["sleep", "breath"], "Four in, seven held, eight out.", "exercise", 2),
  G("g03", "Grief letters", "Writing to someone you lost", ["grief"], "Write the letter you could not send.", "article", 3),
  G("g04", "Café mindfulness", "Noticing in a busy place", ["mindfulness"], "Order slowly, taste the first sip.", "article", 4),
  G("g05", "Meditating with pain", null, ["pain", "meditation"], "Let the ache be a sound in the room.", "meditation", 5),
  G("g06", "Singing bowl session", "Listen lying down", ["sound"], "Headphones help.", "audio", 6),
  G("g07", "A pending meditation", "Not yet approved", ["meditation"], "Waiting for review.", "meditation", 7, { status: "pending" }),
  G("g08", "A private meditation", "Only for its author", ["meditation"], "Kept private.", "meditation", 8, { isPublic: false }),
  G("g09", "Österreich walking notes", "Forest paths near Graz", ["nature"], "Waldbaden in the hills.", "article", 9),
  G("g10", "Success story: sleeping again", "How I found rest", ["success story", "sleep"], "Six weeks of nidra.", "article", 10),
  G("g11", "Body scan", "Head to toe attention", ["meditation", "body"], "Start at the crown.", "meditation", 11),
  G("g12", "Stretch break", "Desk stretches", ["movement"], "Roll the shoulders back, then forward.", "exercise", 12),
  G("g13", "Loss and the seasons", "Autumn as a teacher", ["grief", "nature"], "Leaves let go.", "article", 13),
  G("g14", "Qi in the park", "Standing practice", ["qi", "movement"], "Feet rooted, knees soft.", "video", 14),
  G("g15", "Healing soundscape", "Rain and bowls", ["sound", "healing"], "Twenty minutes of rain.", "audio", 15),
];

/** A directory case: the filters (as DirectoryFilters; page 1, no bounds, default sort unless given) and who asks. */
export interface DirectoryCase {
  name: string;
  filters: Partial<DirectoryFilters>;
  /** An access level's fixed set (visitors 3, basic 10); null (default) for the whole directory. */
  visibleLimit?: number | null;
  /** 12 unless given. */
  pageSize?: number;
  /** The ids of the page, in order (an array inside: a group in no defined order). */
  ids: (string | string[])[];
  /** Matches in the whole directory (defaults to the number of ids). */
  total?: number;
  /** Matches this viewer may see (defaults to total). */
  shown?: number;
  /** The page answered (defaults to the asked page, or 1). */
  page?: number;
  totalPages?: number;
  /** Why, and what issue 27's synonyms will change. */
  note?: string;
}

/** A Garden case: approved public pieces (and the type asked), newest first. */
export interface GardenCase {
  name: string;
  q: string;
  contentType?: GardenContentType;
  limit?: number;
  offset?: number;
  /** The page's ids, newest first; null when the text has no words (gardenKeyword answers null). */
  ids: string[] | null;
  /** Matches counted (countUpTo with a window of 1,000). */
  total?: number;
}

const everyListed = SEARCH_FIXTURE_PRACTITIONERS.filter((p) => !p.owner).map((p) => p.id);

export const DIRECTORY_CASES: DirectoryCase[] = [
  // --- issue 27's relevance set: today's keyword answers -------------------------------------
  {
    name: "grief: the bios and specializations that speak of grief; a specialization first",
    filters: { q: "grief" },
    ids: ["p01", ["p03", "p18", "p30"]],
    note: "issue 27: 'bereavement' (p02) and 'moving forward after loss' (p02) join with the synonyms; unlisted p25 and p26 never",
  },
  { name: "grief, capitalised and padded", filters: { q: "  GRIEF " }, ids: ["p01", ["p03", "p18", "p30"]] },
  { name: "grief by Butterfly practitioners up to $80 (Maia's example)", filters: { q: "grief", archetype: "butterfly", maxPrice: 80 }, ids: ["p03"], note: "issue 27: p02 (bereavement, $75) joins with the synonyms" },
  { name: "bereavement", filters: { q: "bereavement" }, ids: ["p02"] },
  { name: "loss: word matches only", filters: { q: "loss" }, ids: [["p01", "p02"]] },
  { name: "can't sleep: quotes are not syntax; 'can' and 'sleep' both needed", filters: { q: "can't sleep" }, ids: ["p09"], note: "issue 27: insomnia (p08) joins with the synonyms" },
  { name: "sleep: word prefixes (sleep) in specializations and bios", filters: { q: "sleep" }, ids: ["p09", ["p08", "p22"]] },
  { name: "insomnia", filters: { q: "insomnia" }, ids: ["p08"] },
  { name: "burnout", filters: { q: "burnout" }, ids: ["p10"], note: "issue 27: stress (p04, p10) joins with the synonyms" },
  { name: "panic", filters: { q: "panic" }, ids: ["p11"] },
  { name: "anxiety", filters: { q: "anxiety" }, ids: ["p11"] },
  { name: "trauma: a hyphenated word's first part", filters: { q: "trauma" }, ids: ["p12"] },
  { name: "ptsd", filters: { q: "PTSD" }, ids: ["p12"] },

  // --- prefixes and substrings ----------------------------------------------------------------
  {
    name: "heal: word prefixes (healing, healer) rank before the substring-only matches",
    filters: { q: "heal" },
    ids: [["p04", "p05", "p24", "p27"], ["p06", "p07", "p13", "p20", "p30"]],
    note: "every match is a word match here: 'heal' starts healing/healer in each; specializations before bios",
  },
  {
    name: "therapy: 'Psychotherapy', 'Hypnotherapy' are substring-only matches, after the word matches, newest first",
    filters: { q: "therapy" },
    ids: [["p07", "p28"], ["p04", "p11", "p30"], "p19"],
    note: "specializations (p07, p28) before categories (p04, p11, p30); p19 has 'therapy' only inside 'Hypnotherapy'",
  },
  { name: "ness: a substring inside 'wellness' and 'Mindfulness', newest first", filters: { q: "ness" }, ids: ["p16", "p08"] },
  { name: "medit: the start of meditation", filters: { q: "medit" }, ids: ["p08"] },
  { name: "rapy: only inside words, newest first", filters: { q: "rapy" }, ids: ["p30", "p28", "p19", "p11", "p07", "p04"] },
  { name: "a two-letter word is a word prefix only: 'qi'", filters: { q: "qi" }, ids: ["p21"] },
  { name: "a one-letter word is a whole word: 'a' ('a time', 'a separation', 'a healing touch'), not every word starting with a", filters: { q: "a" }, ids: [["p02", "p18", "p20"]] },
  { name: "a short word and a long one: both needed ('qi flow')", filters: { q: "qi flow" }, ids: ["p21"] },

  // --- diacritics -----------------------------------------------------------------------------
  { name: "österreich: diacritics folded", filters: { q: "österreich" }, ids: [["p04", "p15", "p28", "p29"]] },
  { name: "osterreich without the umlaut", filters: { q: "osterreich" }, ids: [["p04", "p15", "p28", "p29"]] },
  { name: "ÖSTERREICH in capitals", filters: { q: "ÖSTERREICH" }, ids: [["p04", "p15", "p28", "p29"]] },
  { name: "sao paulo", filters: { q: "sao paulo" }, ids: ["p14"] },
  { name: "zurich as a substring: 'uric'", filters: { q: "uric" }, ids: ["p27", "p13"] },

  // --- odd input ------------------------------------------------------------------------------
  { name: "only punctuation matches nothing", filters: { q: "***" }, ids: [], total: 0 },
  { name: "a lone quote matches nothing", filters: { q: '"' }, ids: [], total: 0 },
  { name: "FTS and tsquery syntax is plain text: 'grief & (loss | !):*'", filters: { q: "grief & (loss | !):*" }, ids: ["p01"] },
  { name: "FTS5's OR is a word, not an operator: 'reiki OR' needs 'or' (Portland, OR)", filters: { q: "reiki OR" }, ids: ["p06"] },
  { name: "NEAR and NOT are words too", filters: { q: "NOT reiki" }, ids: [] },
  { name: "a bee emoji searches for 'bee' (and so beetles too: a substring)", filters: { q: "🐝 wise" }, ids: [["p06", "p13", "p20", "p30"]] },
  { name: "a butterfly emoji and a word", filters: { q: "🦋 grief" }, ids: ["p03"] },
  { name: "a word that is nowhere", filters: { q: "xylophone" }, ids: [] },

  // --- multi-word -----------------------------------------------------------------------------
  { name: "life transitions: both words, in specializations or bios", filters: { q: "life transitions" }, ids: [["p03", "p17"]] },
  { name: "healing breath", filters: { q: "healing breath" }, ids: ["p13"] },
  { name: "sound heal", filters: { q: "sound heal" }, ids: ["p05"] },

  // --- filters --------------------------------------------------------------------------------
  { name: "heal, Bee only", filters: { q: "heal", archetype: "bee" }, ids: ["p24", ["p06", "p20", "p30"]] },
  { name: "heal, wise only", filters: { q: "heal", level: "wise" }, ids: [["p06", "p13", "p20", "p30"]] },
  { name: "heal between $90 and $150", filters: { q: "heal", minPrice: 90, maxPrice: 150 }, ids: [["p04", "p05", "p24"], ["p06", "p20"]] },
  { name: "no keyword, Hummingbird, by price low", filters: { archetype: "hummingbird", sort: "price-low" }, ids: ["p21", "p07", "p28", "p18", "p04", "p11"] },
  { name: "no keyword, evolving, between $70 and $90, newest", filters: { level: "evolving", minPrice: 70, maxPrice: 90, sort: "newest" }, ids: ["p28", "p23", "p19", "p15", "p07", "p05", "p02"] },

  // --- sorts ----------------------------------------------------------------------------------
  {
    name: "featured: featured first, then the earliest; a shared day falls back on the id",
    filters: {},
    ids: ["p06", "p13", "p24", "p01", "p02", "p03", "p04", "p05", "p07", "p08", "p09", "p10"],
    total: everyListed.length,
    totalPages: 3,
  },
  { name: "rating: highest first", filters: { q: "therapy", sort: "rating" }, ids: ["p11", "p30", "p04", "p28", "p07", "p19"] },
  { name: "price high: no rate last", filters: { q: "yoga", sort: "price-high" }, ids: ["p22", "p12"] },
  { name: "price low: no rate last", filters: { q: "yoga", sort: "price-low" }, ids: ["p22", "p12"] },
  { name: "experience: wise first, then newest", filters: { q: "heal", sort: "experience" }, ids: ["p30", "p20", "p13", "p06", "p24", "p07", "p05", "p27", "p04"] },
  { name: "sessions", filters: { q: "counselling", sort: "sessions" }, ids: ["p18", "p01", "p02"] },
  { name: "newest", filters: { q: "coaching", sort: "newest" }, ids: ["p17", "p10", "p09", "p03"] },
  {
    // 'Highest rated' is confidence-weighted (relevanceRatingFactor): page 1 ends with p13 (4.7 over 220
    // sessions) above p01 (4.8 over 40), which opens page 2
    name: "no keyword, rating, page 2 of 5-row pages: the confidence-weighted rating, 4.7 over 220 sessions before 4.8 over 40",
    filters: { sort: "rating", page: 2 },
    pageSize: 5,
    ids: ["p01", "p24", "p20", "p15", "p05"],
    total: everyListed.length,
    page: 2,
    totalPages: 6,
  },

  // --- paging ---------------------------------------------------------------------------------
  { name: "rapy, page 2 of 4-row pages: substring-only matches, newest first", filters: { q: "rapy", page: 2 }, pageSize: 4, ids: ["p07", "p04"], total: 6, page: 2, totalPages: 2 },
  { name: "therapy, page 2 of 5-row pages: past the ranked word matches", filters: { q: "therapy", page: 2 }, pageSize: 5, ids: ["p19"], total: 6, page: 2, totalPages: 2 },
  { name: "no rating last: rating sort, last page", filters: { sort: "rating", page: 6 }, pageSize: 5, ids: ["p23", "p12", "p09"], total: 28, page: 6, totalPages: 6 },
  { name: "a page past the end answers the last", filters: { q: "coaching", sort: "newest", page: 9 }, pageSize: 3, ids: ["p03"], total: 4, page: 2, totalPages: 2 },

  // --- limited viewers (the first N in the featured order) -----------------------------------
  { name: "a visitor (3) searching 'heal': within the featured three", filters: { q: "heal" }, visibleLimit: 3, ids: ["p06", "p13", "p24"], total: 9, shown: 3 },
  { name: "a basic member (10) searching 'grief': word matches first, then featured order", filters: { q: "grief" }, visibleLimit: 10, ids: ["p01", "p03"], total: 4, shown: 2 },
  { name: "a visitor with no keyword", filters: { sort: "price-high" }, visibleLimit: 3, ids: ["p13", "p06", "p24"], total: everyListed.length, shown: 3 },
];

export const GARDEN_CASES: GardenCase[] = [
  { name: "medit: meditation and meditating, approved and public only", q: "medit", ids: ["g11", "g05", "g01"] },
  { name: "grief in a title or tags", q: "grief", ids: ["g13", "g03"] },
  { name: "cafe without its accent", q: "cafe", ids: ["g04"] },
  { name: "österreich", q: "Österreich", ids: ["g09"] },
  { name: "two words, both needed", q: "sleep breath", ids: ["g02"] },
  { name: "sleep: sleep and sleeping", q: "sleep", ids: ["g10", "g02"] },
  { name: "audio only", q: "sound", contentType: "audio", ids: ["g15", "g06"] },
  { name: "qi: a two-letter prefix", q: "qi", ids: ["g14"] },
  { name: "paged", q: "medit", limit: 1, offset: 1, ids: ["g05"], total: 3 },
  { name: "punctuation only: no words", q: "***", ids: null },
  { name: "odd input is plain text", q: "grief' & !(", ids: ["g13", "g03"] },
];

const DAY_MS = 86_400_000;

/** When a fixture practitioner was created. */
export function fixtureCreatedAt(p: FixturePractitioner): Date {
  return new Date(Date.UTC(2025, 0, 1) + p.day * DAY_MS);
}

/** When a fixture Garden piece was created. */
export function fixtureGardenCreatedAt(g: FixtureGardenPiece): Date {
  return new Date(Date.UTC(2025, 2, 1) + g.minute * 60_000);
}

/** The practitioners' column values (the same on both engines' schemas), without the user. */
export function fixturePractitionerValues(p: FixturePractitioner) {
  return {
    id: p.id,
    archetype: p.archetype,
    experienceLevel: p.level,
    specializations: p.specializations,
    professionalCategories: p.categories,
    bio: p.bio,
    location: p.location,
    hourlyRateCents: p.rate === null ? null : p.rate * 100,
    averageRating: p.rating,
    totalSessions: p.sessions,
    isFeatured: p.featured,
    createdAt: fixtureCreatedAt(p),
    updatedAt: fixtureCreatedAt(p),
  };
}

/** The owner's listing columns: verified and not suspended, unless the fixture says otherwise. */
export function fixtureOwnerValues(p: FixturePractitioner) {
  return { isEmailVerified: p.owner !== "unverified", suspendedAt: p.owner === "suspended" ? new Date(Date.UTC(2025, 5, 1)) : null };
}

/** A Garden piece's column values (the same on both engines' schemas), without the author. */
export function fixtureGardenValues(g: FixtureGardenPiece) {
  const at = fixtureGardenCreatedAt(g);
  return { id: g.id, title: g.title, description: g.description, tags: g.tags, content: g.content, contentType: g.contentType, status: g.status, isPublic: g.isPublic, createdAt: at, updatedAt: at };
}

/** Writes the dataset through the test factories, in the fixture's order. */
export async function buildSearchFixture(db: Db): Promise<void> {
  for (const p of SEARCH_FIXTURE_PRACTITIONERS) {
    await createPractitioner(db, { ...fixturePractitionerValues(p), user: { ...fixtureOwnerValues(p), roles: ["practitioner"] } });
  }
  const author = await createUser(db, { isEmailVerified: true });
  for (const g of SEARCH_FIXTURE_GARDEN) await createGardenContent(db, { ...fixtureGardenValues(g), authorId: author.id });
}

/** The full filters of a case. */
export function caseFilters(c: DirectoryCase): DirectoryFilters {
  return { q: "", archetype: null, level: null, minPrice: null, maxPrice: null, sort: null, session: null, page: 1, ...c.filters } as DirectoryFilters;
}

/**
 * Whether `actual` (a page's ids) is what `expected` describes: the same ids, each group's ids
 * (in any order) at the group's places. Answers the expected list in actual's order when it fits,
 * else the expected list flattened (for a readable failure).
 */
export function matchExpected(actual: string[], expected: (string | string[])[]): string[] {
  const flat: string[] = [];
  let at = 0;
  let fits = true;
  for (const part of expected) {
    const group = typeof part === "string" ? [part] : part;
    const got = actual.slice(at, at + group.length);
    if (got.length === group.length && new Set(got).size === group.length && got.every((id) => group.includes(id))) flat.push(...got);
    else {
      fits = false;
      flat.push(...group);
    }
    at += group.length;
  }
  return fits && at === actual.length ? actual : flat;
}

export type { DirectorySort };
