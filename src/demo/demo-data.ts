/**
 * Deterministic demo content. Every id, text, number and ordering comes from seeded PRNGs, so the
 * demo is identical on every run; only dates move, as fixed offsets from the day of the `now`
 * passed in, so that upcoming bookings are always upcoming.
 */
import type {
  bookings,
  clients,
  gardenContent,
  practitioners,
  reviews,
  seedsTransactions,
  seedsWallets,
  surveyResponses,
  favoritePractitioners,
  gardenInteractions,
  mediaFiles,
  userRoles,
  users,
} from "../../db/schema";
import { createHash } from "node:crypto";
import { gardenMediaPath } from "../../core/garden";
import { synthesiseWav } from "../features/media/wav";
import {
  ARCHETYPES,
  EXPERIENCE_LEVELS,
  GARDEN_INTEREST_LEVELS,
  OPEN_TO_FREE_SESSION,
  SESSION_FREQUENCIES,
  type AccessLevel,
  type Archetype,
  type BookingStatus,
  type ContentType,
  type ExperienceLevel,
  type IdentityType,
  type ProfessionalCategory,
  type Role,
  type SubscriptionStatus,
} from "../../core/enums";
import { calendarMonth, monthlyBonusFields, tierForSeeds, uploadReward, uploadRewardFields, type SeedsLedgerFields } from "../../core/seeds";
import { BOOKING_ENCOURAGEMENTS, CONTRIBUTION_INTERESTS, RECIPROCITY_PREFERENCES, SURVEY_BANDS, TRUST_FACTORS } from "../../core/survey";

// ---------------------------------------------------------------------------------------------
// Deterministic randomness and ids
// ---------------------------------------------------------------------------------------------

/** The fixed seed of the demo; changing it changes every id and text. */
export const DEMO_SEED = 0x5eed_b10c;

/** mulberry32: a tiny, fast 32-bit PRNG, good enough for demo content. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Helpers over a seeded PRNG. */
export class DemoRandom {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: `weighted([[5, 55], [4, 30]])`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1][0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }

  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, count);
  }

  hex8(): string {
    return Math.floor(this.next() * 4294967296)
      .toString(16)
      .padStart(8, "0");
  }
}

const MASK_48 = (1n << 48n) - 1n;

/** A bijection on 48-bit integers (odd multipliers and xor-shifts), so distinct inputs never collide. */
function mix48(value: bigint): bigint {
  let x = value & MASK_48;
  x = (x * 0xd6e8feb86659fn) & MASK_48;
  x ^= x >> 21n;
  x = (x * 0x5f356495f2b5n) & MASK_48;
  x ^= x >> 27n;
  return x;
}

/**
 * A UUID-shaped (version 4 layout) id. The last 12 hex digits are a bijection of
 * (namespace, index), which makes ids unique by construction even across a million bulk rows,
 * where 32-bit PRNG streams could overlap; the other digits come from the PRNG for variety.
 */
export function deterministicUuid(namespace: number, index: number, random: DemoRandom): string {
  const high = random.hex8() + random.hex8() + random.hex8();
  const variant = "89ab"[parseInt(high[18], 16) & 3];
  const low = mix48((BigInt(namespace) << 40n) | BigInt(index))
    .toString(16)
    .padStart(12, "0");
  return `${high.slice(0, 8)}-${high.slice(8, 12)}-4${high.slice(12, 15)}-${variant}${high.slice(15, 18)}-${low}`;
}

/** Id namespaces: one per table, so the ids of one table do not shift when another grows. */
export const ID_NAMESPACES = {
  user: 1,
  userRole: 2,
  practitioner: 3,
  client: 4,
  booking: 5,
  review: 6,
  tier: 7,
  wallet: 8,
  seedsTransaction: 9,
  gardenContent: 10,
  surveyResponse: 11,
  favorite: 12,
  gardenInteraction: 13,
  mediaFile: 14,
  bulkUser: 101,
  bulkUserRole: 102,
  bulkPractitioner: 103,
} as const;

type IdKind = keyof typeof ID_NAMESPACES;

/** Hands out ids per table, each from its own counter and PRNG stream. */
class IdSource {
  private readonly counters = new Map<IdKind, { index: number; random: DemoRandom }>();

  next(kind: IdKind): string {
    let counter = this.counters.get(kind);
    if (!counter) {
      counter = { index: 0, random: new DemoRandom(DEMO_SEED ^ (ID_NAMESPACES[kind] * 0x9e3779b1)) };
      this.counters.set(kind, counter);
    }
    counter.index += 1;
    return deterministicUuid(ID_NAMESPACES[kind], counter.index, counter.random);
  }
}

// ---------------------------------------------------------------------------------------------
// Demo accounts and tiers
// ---------------------------------------------------------------------------------------------

export const DEMO_PASSWORD = "pollinate-demo";

export type DemoAccount = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  roles: Role[];
  accessLevel: AccessLevel;
  subscriptionStatus: SubscriptionStatus;
};

/** The accounts to sign in with on a demo install (documented in the README). */
export const DEMO_ACCOUNTS = {
  client: {
    email: "client@pollinate.example",
    password: DEMO_PASSWORD,
    firstName: "Clara",
    lastName: "Whitmore",
    roles: ["client"],
    accessLevel: "premium",
    subscriptionStatus: "premium",
  },
  practitioner: {
    email: "practitioner@pollinate.example",
    password: DEMO_PASSWORD,
    firstName: "Sage",
    lastName: "Holloway",
    roles: ["practitioner"],
    accessLevel: "premium",
    subscriptionStatus: "premium",
  },
  admin: {
    email: "admin@pollinate.example",
    password: DEMO_PASSWORD,
    firstName: "Ada",
    lastName: "Fairbanks",
    roles: ["admin"],
    accessLevel: "unlimited",
    subscriptionStatus: "premium",
  },
  preview: {
    email: "preview@pollinate.example",
    password: DEMO_PASSWORD,
    firstName: "Robin",
    lastName: "Ashby",
    roles: ["client"],
    accessLevel: "preview",
    subscriptionStatus: "free",
  },
} as const satisfies Record<string, DemoAccount>;

export type DemoAccountKey = keyof typeof DEMO_ACCOUNTS;


// ---------------------------------------------------------------------------------------------
// Practitioner profiles (shared with the bulk generator)
// ---------------------------------------------------------------------------------------------

export const FIRST_NAMES = [
  "Maya", "Jonah", "Priya", "Elena", "Marcus", "Aiyana", "Theo", "Noor", "Gabriel", "Imani",
  "Lucia", "Declan", "Mei", "Samuel", "Ingrid", "Tomas", "Amara", "Rafael", "Hana", "Oliver",
  "Zainab", "Mateo", "Freya", "Kwame", "Isla", "Diego", "Leila", "Nathaniel", "Saoirse", "Arjun",
  "Camille", "Elijah", "Yuki", "Beatriz", "Malik", "Rosalind", "Ezra", "Anika", "Felix", "Wren",
  "Tariq", "Juniper", "Kofi", "Astrid", "Luca", "Esperanza", "Rowan", "Nadia", "Silas", "Paloma",
  "Hugo", "Talia", "Keanu", "Margot", "Idris", "Leona", "Caspian", "Ines", "Bodhi", "Celeste",
] as const;

export const LAST_NAMES = [
  "Okafor", "Lindqvist", "Nakamura", "Alvarez", "Whitfield", "Castellanos", "Brennan", "Haddad", "Moreau", "Adeyemi",
  "Sorensen", "Patel", "Delgado", "O'Connell", "Kowalski", "Ferreira", "Thornton", "Ashworth", "Calloway", "Iyer",
  "Fontaine", "Yamamoto", "Reyes", "Gallagher", "Nguyen", "Holm", "Achebe", "Quinn", "Vasquez", "Bergstrom",
  "Rahman", "Ellison", "Marchetti", "Kaur", "Dubois", "Osei", "Whitaker", "Abernathy", "Sato", "Montoya",
  "Lachance", "Fitzgerald", "Rossi", "Ngata", "Halvorsen", "Mendoza", "Carrow", "Obi", "Larkin", "Estrada",
  "Wilde", "Tanaka", "Bianchi", "Mwangi", "Hawthorne", "Serrano", "Kim", "Eriksen", "Bello", "Prescott",
] as const;

export const LOCATIONS = [
  "Portland, OR", "Asheville, NC", "Austin, TX", "Boulder, CO", "Sedona, AZ", "Brooklyn, NY",
  "Toronto, ON", "London, UK", "Santa Fe, NM", "Oakland, CA", "Seattle, WA", "Minneapolis, MN",
  "Vancouver, BC", "Bristol, UK", "Melbourne, VIC", "Ojai, CA", "Burlington, VT", "Chicago, IL",
  "Denver, CO", "Nashville, TN", "Montreal, QC", "Edinburgh, UK", "Dublin, IE", "Byron Bay, NSW",
  "Los Angeles, CA", "San Diego, CA", "Madison, WI", "Savannah, GA",
] as const;

/** The IANA zone of each demo location: demo practitioners' availability is in their own zone. */
export const LOCATION_TIME_ZONES: Record<(typeof LOCATIONS)[number], string> = {
  "Portland, OR": "America/Los_Angeles", "Asheville, NC": "America/New_York", "Austin, TX": "America/Chicago",
  "Boulder, CO": "America/Denver", "Sedona, AZ": "America/Phoenix", "Brooklyn, NY": "America/New_York",
  "Toronto, ON": "America/Toronto", "London, UK": "Europe/London", "Santa Fe, NM": "America/Denver",
  "Oakland, CA": "America/Los_Angeles", "Seattle, WA": "America/Los_Angeles", "Minneapolis, MN": "America/Chicago",
  "Vancouver, BC": "America/Vancouver", "Bristol, UK": "Europe/London", "Melbourne, VIC": "Australia/Melbourne",
  "Ojai, CA": "America/Los_Angeles", "Burlington, VT": "America/New_York", "Chicago, IL": "America/Chicago",
  "Denver, CO": "America/Denver", "Nashville, TN": "America/Chicago", "Montreal, QC": "America/Toronto",
  "Edinburgh, UK": "Europe/London", "Dublin, IE": "Europe/Dublin", "Byron Bay, NSW": "Australia/Sydney",
  "Los Angeles, CA": "America/Los_Angeles", "San Diego, CA": "America/Los_Angeles", "Madison, WI": "America/Chicago",
  "Savannah, GA": "America/New_York",
};

/** The zone of a demo location (the default zone for anything else). */
export function timeZoneOfLocation(location: string | null | undefined): string | undefined {
  return location ? LOCATION_TIME_ZONES[location as (typeof LOCATIONS)[number]] : undefined;
}

type ArchetypeContent = {
  openers: readonly string[];
  /** May use {training2} (a second modality) and {specialty}. */
  approaches: readonly string[];
  closers: readonly string[];
  specializations: readonly string[];
  categories: readonly ProfessionalCategory[];
};

const ARCHETYPE_CONTENT: Record<Archetype, ArchetypeContent> = {
  bee: {
    openers: [
      "I hold steady, grounded space for people who are finding their footing again.",
      "My work is about coming home to the body, and to community.",
      "I help seekers build the small daily rhythms that make healing last.",
      "Grounding is at the heart of everything I offer.",
      "I love working with first-time seekers who aren't sure where to begin.",
    ],
    approaches: [
      "Sessions are unhurried: we begin with the breath, settle the nervous system and work at the pace your body sets.",
      "I draw on {training2} alongside simple practices you can take home between sessions.",
      "Much of my work centres on {specialty}, and I explain everything as we go so there is never any pressure.",
      "I also host small circles, because I believe we heal best in good company.",
    ],
    closers: [
      "You'll leave feeling more rooted, rested and supported.",
      "Expect warmth, honesty and practical next steps.",
      "Come as you are; that is always enough.",
    ],
    specializations: [
      "Stress release", "Nervous system regulation", "Grounding practices", "Community healing",
      "Sleep support", "Chronic tension", "Gentle bodywork", "First-time seekers",
      "Burnout recovery", "Self-care rituals", "Anxiety relief", "Rest and restoration",
    ],
    categories: [
      "massage_therapy", "bodywork", "reiki", "yoga_instruction", "meditation_instruction", "aromatherapy",
      "reflexology", "breathwork", "herbalism", "nutrition_counseling", "sound_healing",
    ],
  },
  hummingbird: {
    openers: [
      "I offer focused sessions for people who want clarity, quickly.",
      "My gift is noticing the one thread that, once pulled, loosens everything else.",
      "I work intuitively and precisely, bringing spiritual guidance to practical questions.",
      "Clients come to me at a crossroads, when they need an honest reading of where they stand.",
      "I believe a single clear insight can change the direction of a whole season.",
    ],
    approaches: [
      "Sessions are concise and direct: we name what matters, then work with it.",
      "I combine {training2} with intuitive guidance and always leave you with one concrete practice.",
      "I listen for what sits underneath the question you bring and reflect it back gently.",
      "Many people book me for {specialty}, often as a single session before a big decision.",
    ],
    closers: [
      "Most people leave with a sense of lightness and a clear next step.",
      "Short sessions are welcome; insight doesn't need to take all afternoon.",
      "Bring your question, and your curiosity.",
    ],
    specializations: [
      "Intuitive guidance", "Clarity sessions", "Spiritual direction", "Decision making",
      "Energy reading", "Quick resets", "Intention setting", "Chakra balancing",
      "Dream work", "Creative blocks", "Mindset shifts", "Meditation coaching",
    ],
    categories: [
      "spiritual_counseling", "energy_healing", "acupuncture", "crystal_healing", "pranic_healing",
      "life_coaching", "hypnotherapy", "biofield_tuning", "kinesiology", "eft_tapping",
    ],
  },
  butterfly: {
    openers: [
      "I accompany people through life's big transitions: endings, beginnings and the messy middle.",
      "Change is rarely tidy, and my practice makes room for all of it.",
      "I support people through career changes, relationship shifts, new parenthood and loss.",
      "My work is about helping you become who you are becoming, without rushing the cocoon stage.",
      "I meet people in the in-between, when the old shape no longer fits and the new one isn't clear yet.",
    ],
    approaches: [
      "Together we map where you are, what you are leaving behind and what wants to emerge.",
      "I weave {training2} into our sessions so that change is felt in the body, not just understood.",
      "I'm especially drawn to {specialty}, and to people facing a new chapter they didn't choose.",
      "We work in seasons rather than single sessions, checking in on what is shifting as we go.",
    ],
    closers: [
      "You don't need to have it figured out before we begin.",
      "My hope is that you leave each session a little more at home in your own becoming.",
      "Transformation is possible, and you don't have to do it alone.",
    ],
    specializations: [
      "Life transitions", "Grief support", "Career change", "Relationship shifts",
      "New parenthood", "Identity exploration", "Midlife renewal", "Post-divorce healing",
      "Retirement transitions", "Embodied change", "Self-discovery", "Moving forward after loss",
    ],
    categories: [
      "life_coaching", "counseling", "psychotherapy", "art_therapy", "dance_therapy",
      "expressive_arts", "breathwork", "music_therapy", "nlp", "past_life_regression",
    ],
  },
  beetle: {
    openers: [
      "I do deep, patient work with the parts of ourselves we usually keep out of sight.",
      "My practice centres on shadow integration and long-term, steady transformation.",
      "I work with people who are ready to go beneath the surface and stay long enough for things to shift.",
      "Integration is slow work, and I'm comfortable in the dark places where it happens.",
      "I specialise in the work that remains after the insight: weaving it into how you actually live.",
    ],
    approaches: [
      "I draw on {training2} and trauma-informed methods, always moving at a pace your system can hold.",
      "Sessions are spacious and grounded; we return to the body whenever things feel like too much.",
      "I often work with clients over several months, with a particular focus on {specialty}.",
      "We go slowly on purpose: depth comes from safety, not from pushing.",
    ],
    closers: [
      "Nothing you bring is too much or too strange.",
      "The aim is not to fix you but to help you become more whole.",
      "Deep roots make for steady growth.",
    ],
    specializations: [
      "Shadow work", "Trauma integration", "Inner child work", "Deep somatic release",
      "Ancestral healing", "Pattern breaking", "Long-term transformation", "Emotional resilience",
      "Integration after retreats", "Anger and boundaries", "Attachment healing", "Nervous system repair",
    ],
    categories: [
      "somatic_experiencing", "trauma_therapy", "emdr", "craniosacral_therapy", "shamanic_healing",
      "psychotherapy", "holotropic_breathwork", "myofascial_release", "rolfing", "qigong",
    ],
  },
};

/** Experience sentences; {training} is the main modality, {years} the years active. */
const EXPERIENCE_SENTENCES: Record<ExperienceLevel, readonly string[]> = {
  rising: [
    "I completed my {training} training {since} and bring fresh, attentive energy to every session.",
    "I came to {training} through my own healing and began seeing clients {since}.",
    "Newly certified in {training}, I keep my practice small on purpose so that every client gets my full attention.",
    "I'm early in my journey as a facilitator, trained in {training} and supported by a mentor I trust.",
  ],
  evolving: [
    "I've practised {training} for {years} years, in studios, clinics and living rooms.",
    "Over {years} years of {training} I've learned that pacing matters more than technique.",
    "After {years} years working with {training}, my sessions blend structure with plenty of room to listen.",
    "I trained in {training} {years} years ago and have kept learning ever since.",
  ],
  wise: [
    "I've been practising {training} for {years} years and now also mentor newer facilitators.",
    "With {years} years of {training} behind me, I've walked alongside people through every season of life.",
    "My {years} years of {training} have taught me to trust the slow, quiet moments of a session.",
    "I have offered {training} for {years} years and still find each session teaches me something new.",
  ],
};

const YEARS_ACTIVE: Record<ExperienceLevel, readonly [number, number]> = {
  rising: [0, 2],
  evolving: [3, 7],
  wise: [8, 25],
};

/** Hourly rate ranges in whole dollars. */
const RATE_RANGES: Record<ExperienceLevel, readonly [number, number]> = {
  rising: [45, 110],
  evolving: [75, 170],
  wise: [120, 250],
};

const VERIFIED_CHANCE: Record<ExperienceLevel, number> = { rising: 0.3, evolving: 0.7, wise: 0.9 };
const RESPONSE_TIME_HOURS = [1, 2, 4, 6, 12, 24, 48] as const;

const CATEGORY_LABEL_EXCEPTIONS: Partial<Record<ProfessionalCategory, string>> = {
  emdr: "EMDR",
  nlp: "NLP",
  eft_tapping: "EFT tapping",
  traditional_chinese_medicine: "Traditional Chinese Medicine",
  counseling: "counselling",
  spiritual_counseling: "spiritual counselling",
  nutrition_counseling: "nutrition counselling",
};

function categoryLabel(category: ProfessionalCategory): string {
  return CATEGORY_LABEL_EXCEPTIONS[category] ?? category.replace(/_/g, " ");
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));
}

export type PractitionerProfile = {
  bio: string;
  specializations: string[];
  professionalCategories: ProfessionalCategory[];
  hourlyRateCents: number;
  location: string;
  isVirtual: boolean;
  isInPerson: boolean;
  isVerified: boolean;
  responseTimeHours: number;
  yearsActive: number;
};

/** A believable practitioner profile for an archetype and level (also used by the bulk insert). */
export function generatePractitionerProfile(
  random: DemoRandom,
  archetype: Archetype,
  level: ExperienceLevel,
): PractitionerProfile {
  const content = ARCHETYPE_CONTENT[archetype];
  const yearsActive = random.int(...YEARS_ACTIVE[level]);
  const specializations = random.sample(content.specializations, random.int(3, 6));
  const professionalCategories = random.sample(content.categories, random.int(1, 3));

  const since = ["this year", "last year", "two years ago"][yearsActive];
  const values = {
    training: categoryLabel(professionalCategories[0]),
    training2: professionalCategories[1] ? categoryLabel(professionalCategories[1]) : "simple breath and body practices",
    specialty: specializations[0].toLowerCase(),
    years: yearsActive,
    since: since ?? `${yearsActive} years ago`,
  };
  const sentences = [random.pick(content.openers), random.pick(EXPERIENCE_SENTENCES[level])];
  if (random.chance(0.75)) sentences.push(random.pick(content.approaches));
  if (random.chance(0.5)) sentences.push(random.pick(content.closers));

  const [minRate, maxRate] = RATE_RANGES[level];
  let hourlyRateCents = random.int(minRate / 5, maxRate / 5) * 500;
  if (hourlyRateCents < maxRate * 100 && random.chance(0.2)) hourlyRateCents += 250;

  const mode = random.weighted([
    ["both", 45],
    ["virtual", 35],
    ["in-person", 20],
  ] as const);

  return {
    bio: sentences.map((sentence) => fill(sentence, values)).join(" "),
    specializations,
    professionalCategories,
    hourlyRateCents,
    location: random.pick(LOCATIONS),
    isVirtual: mode !== "in-person",
    isInPerson: mode !== "virtual",
    isVerified: random.chance(VERIFIED_CHANCE[level]),
    responseTimeHours: random.pick(RESPONSE_TIME_HOURS),
    yearsActive,
  };
}

/** Lower-case ASCII address part of a name ("O'Connell" -> "oconnell"). */
export function emailLocalPart(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, "");
}

// ---------------------------------------------------------------------------------------------
// The demo data set
// ---------------------------------------------------------------------------------------------

type WithId<T> = Omit<T, "id"> & { id: string };

export type DemoUser = WithId<typeof users.$inferInsert> & {
  /** Set for the demo accounts only; the seed hashes it before its transaction. */
  password?: string;
};
export type DemoUserRole = WithId<typeof userRoles.$inferInsert>;
export type DemoPractitioner = WithId<typeof practitioners.$inferInsert>;
export type DemoClient = WithId<typeof clients.$inferInsert>;
export type DemoBooking = WithId<typeof bookings.$inferInsert> & { status: BookingStatus; scheduledDatetime: Date };
export type DemoReview = WithId<typeof reviews.$inferInsert>;
export type DemoWallet = WithId<typeof seedsWallets.$inferInsert>;
export type DemoSeedsTransaction = WithId<typeof seedsTransactions.$inferInsert>;
export type DemoGardenContent = WithId<typeof gardenContent.$inferInsert>;
export type DemoSurveyResponse = WithId<typeof surveyResponses.$inferInsert>;
export type DemoFavorite = WithId<typeof favoritePractitioners.$inferInsert>;
export type DemoGardenInteraction = WithId<typeof gardenInteractions.$inferInsert>;
export type DemoMediaFile = WithId<typeof mediaFiles.$inferInsert>;

export type DemoData = {
  users: DemoUser[];
  userRoles: DemoUserRole[];
  practitioners: DemoPractitioner[];
  clients: DemoClient[];
  bookings: DemoBooking[];
  reviews: DemoReview[];
  wallets: DemoWallet[];
  seedsTransactions: DemoSeedsTransaction[];
  gardenContent: DemoGardenContent[];
  /** Likes, views and downloads of the Garden: the content's counters equal these rows. */
  gardenInteractions: DemoGardenInteraction[];
  /** The Audio pieces' recordings: synthesised singing-bowl tones (no recording of anyone). */
  mediaFiles: DemoMediaFile[];
  surveyResponses: DemoSurveyResponse[];
  favorites: DemoFavorite[];
  /** User ids of the demo accounts. */
  accountUserIds: Record<DemoAccountKey, string>;
  /** The practitioner profile owned by the demo practitioner account. */
  demoPractitionerId: string;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Dates as offsets from the start of the reference day (UTC midnight), not from the reference
 * instant: the data set then only shifts by whole days between runs, and the relative order of
 * every pair of events (which decides ledgers and free slots) never depends on the time of day.
 */
function createClock(now: Date) {
  const anchorMs = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return {
    /** Today 00:00 UTC: at or before now, so everything before it is in the past. */
    anchorMs,
    /** A moment `days` (fractional allowed) before today 00:00 UTC; negative is in the future. */
    ago: (days: number) => new Date(anchorMs - days * DAY),
    /** A booking slot: `day` days from today (UTC), at hour:minute UTC. Day >= 1 is always future, <= -1 always past. */
    slot: (day: number, hour: number, minute = 0) => new Date(anchorMs + day * DAY + hour * HOUR + minute * MINUTE),
    /** Whole days between a date and today 00:00 UTC. */
    daysSince: (date: Date) => Math.floor((anchorMs - date.getTime()) / DAY),
  };
}

type Clock = ReturnType<typeof createClock>;

const CLIENT_PLANS: readonly (readonly [AccessLevel, SubscriptionStatus])[] = [
  ["premium", "premium"],
  ["basic", "premium"],
  ["preview", "free"],
  ["premium", "premium"],
  ["unlimited", "premium"],
  ["basic", "trial"],
  ["preview", "free"],
  ["premium", "premium"],
  ["basic", "premium"],
  ["preview", "cancelled"],
  ["premium", "trial"],
  ["preview", "expired"],
  ["basic", "premium"],
  ["premium", "premium"],
];

const BOOKING_NOTES = [
  "First session. I'd like to focus on sleep and winding down in the evenings.",
  "Follow-up from last month; the breathing practice has been helping.",
  "I've had a stressful few weeks at work and would love to just reset.",
  "Could we spend some time on my shoulders and jaw? Lots of tension there.",
  "Going through a big move and feeling unsettled.",
  "Interested in trying something new; no particular goal yet.",
  "Please note I have a lower back injury from last year.",
  "Would like to continue the work from our previous session.",
] as const;

const REVIEW_COMMENTS: Record<number, readonly string[]> = {
  5: [
    "Exactly what I needed. I left feeling lighter and more like myself than I have in months.",
    "Warm, attentive and incredibly skilled. I've already booked my next session.",
    "I came in anxious and left grounded. The breathing practice I was given has become part of my mornings.",
    "Gentle but never vague. Every question I brought was met with real care.",
    "A beautiful session. I felt completely safe the whole time.",
    "I've tried a lot of practitioners over the years and this was the first time I felt truly heard.",
    "Clear, kind and practical. I walked away with tools I actually use.",
  ],
  4: [
    "A really thoughtful session. It took me a while to settle in, but by the end I felt much calmer.",
    "Very helpful and kind. I'd have liked a little more time to talk through next steps.",
    "Lovely energy and a calm space. The video call dropped once but we picked up easily.",
    "Solid, caring work. I noticed a real difference in my sleep that week.",
    "Insightful and grounded. Not every exercise landed for me, but most did.",
  ],
  3: [
    "Pleasant session, though it felt a bit generic for what I'd described in my notes.",
    "Kind and well-meaning, but we ran out of time before getting to what I came for.",
    "Some useful moments. I think a different approach might suit me better.",
  ],
  2: [
    "The session started late and felt rushed. Friendly, but not what I expected.",
    "I didn't feel the approach matched what the profile described.",
  ],
  1: [
    "The session was cut short and I never heard back about rescheduling.",
    "Not a good fit for me at all; I felt talked over for most of the hour.",
  ],
};

/** Second sentences, so that reviews read in varied words (any may follow any comment of its mood). */
const REVIEW_ADDITIONS: Record<"good" | "mixed" | "poor", readonly string[]> = {
  good: [
    "The follow-up notes were a lovely touch.",
    "I'd recommend this to anyone starting out.",
    "It felt unhurried, which I really needed.",
    "Booking and joining the call were effortless.",
    "I noticed the difference for days afterwards.",
    "Already looking forward to the next one.",
    "The space felt calm from the first minute.",
    "Thank you for the patience with all my questions.",
    "My partner noticed how much calmer I was that evening.",
    "The exercises to take home were simple and effective.",
  ],
  mixed: [
    "I may try again at a different time of day.",
    "The practitioner was responsive when I wrote afterwards.",
    "Still, I came away with one or two ideas to try.",
    "Worth a try if the approach suits you.",
  ],
  poor: [
    "I hope it was an off day.",
    "I've asked support to look into it.",
    "Others may have a better experience than I did.",
  ],
};

/**
 * A review text for `rating` that this practitioner's page does not already show: a comment of
 * that rating, sometimes followed by a second sentence of the same mood. Its own random source,
 * so the rest of the demo data does not shift.
 */
function reviewTextPicker() {
  const random = new DemoRandom(DEMO_SEED ^ 0x0009);
  const used = new Map<string, Set<string>>();
  return (practitionerId: string, rating: number): string => {
    const shown = used.get(practitionerId) ?? new Set<string>();
    used.set(practitionerId, shown);
    const mood = rating >= 4 ? "good" : rating === 3 ? "mixed" : "poor";
    let text = "";
    for (let attempt = 0; attempt < 40; attempt++) {
      const first = random.pick(REVIEW_COMMENTS[rating]);
      text = random.chance(0.65) ? `${first} ${random.pick(REVIEW_ADDITIONS[mood])}` : first;
      if (!shown.has(text)) break;
    }
    shown.add(text);
    return text;
  };
}

const RATING_WEIGHTS = [
  [5, 55],
  [4, 30],
  [3, 10],
  [2, 3],
  [1, 2],
] as const;

/** Builds the whole demo data set for the reference time `now`. */
export function buildDemoData(now: Date): DemoData {
  const clock = createClock(now);
  const ids = new IdSource();
  const data: DemoData = {
    users: [],
    userRoles: [],
    practitioners: [],
    clients: [],
    bookings: [],
    reviews: [],
    wallets: [],
    seedsTransactions: [],
    gardenContent: [],
    gardenInteractions: [],
    mediaFiles: [],
    surveyResponses: [],
    favorites: [],
    accountUserIds: { client: "", practitioner: "", admin: "", preview: "" },
    demoPractitionerId: "",
  };

  const addUser = (user: Omit<DemoUser, "id">, roles: Role[]): DemoUser => {
    const row = { ...user, id: ids.next("user"), updatedAt: user.createdAt };
    data.users.push(row);
    for (const role of roles) data.userRoles.push({ id: ids.next("userRole"), userId: row.id, role });
    return row;
  };

  const addAccount = (key: DemoAccountKey, createdAt: Date): DemoUser => {
    const { roles, ...account } = DEMO_ACCOUNTS[key];
    const user = addUser(
      {
        ...account,
        isEmailVerified: true,
        createdAt,
        // the demo accounts are returning members: their dashboards say 'Welcome back'
        lastSignInAt: createdAt,
        previousSignInAt: createdAt,
        subscriptionStartDate: account.subscriptionStatus === "premium" ? new Date(createdAt.getTime() + DAY) : null,
        subscriptionEndDate: account.subscriptionStatus === "premium" ? clock.ago(-30) : null,
      },
      [...roles],
    );
    data.accountUserIds[key] = user.id;
    return user;
  };

  // Accounts first, so their ids stay put whatever else changes.
  const admin = addAccount("admin", clock.ago(420));
  const clara = addAccount("client", clock.ago(180));
  const robin = addAccount("preview", clock.ago(40));

  const practitionerUsers = buildPractitioners(data, clock, ids, addUser, () => addAccount("practitioner", clock.ago(0)));
  const sage = data.users.find((user) => user.id === data.accountUserIds.practitioner)!;
  const generatedClients = buildClients(data, clock, ids, addUser, [clara, robin]);

  buildBookingsAndReviews(data, clock, ids, { clara, generatedClients });
  buildGardenContent(data, clock, ids, { sage, clara, practitionerUsers, generatedClients });
  buildSurveyResponses(data, clock, ids, { sage, clara, robin, practitionerUsers, generatedClients });

  buildSeedsLedgers(data, clock, ids, sage);
  updatePractitionerStats(data);

  // Clara keeps the practitioners she saw most recently (completed sessions) as favourites.
  const seen = [...new Set(data.bookings.filter((b) => b.clientId === clara.id && b.status === "completed").map((b) => b.practitionerId))];
  data.favorites = seen.slice(0, 3).map((practitionerId, index) => ({
    id: ids.next("favorite"),
    userId: clara.id,
    practitionerId,
    createdAt: clock.ago(10 - index),
  }));
  return data;
}

type AddUser = (user: Omit<DemoUser, "id">, roles: Role[]) => DemoUser;

/** Unique first/last name pairs in a random but fixed order. */
function* namePairs(random: DemoRandom): Generator<readonly [string, string]> {
  const used = new Set<string>();
  for (;;) {
    const pair = [random.pick(FIRST_NAMES), random.pick(LAST_NAMES)] as const;
    const key = pair.join(" ");
    if (used.has(key)) continue;
    used.add(key);
    yield pair;
  }
}

function buildPractitioners(
  data: DemoData,
  clock: Clock,
  ids: IdSource,
  addUser: AddUser,
  addDemoPractitionerAccount: () => DemoUser,
): DemoUser[] {
  const random = new DemoRandom(DEMO_SEED ^ 0x0001);
  const names = namePairs(new DemoRandom(DEMO_SEED ^ 0x0002));

  const combos: { archetype: Archetype; level: ExperienceLevel }[] = [];
  for (const archetype of ARCHETYPES) {
    for (const level of EXPERIENCE_LEVELS) {
      for (let copy = 0; copy < 4; copy++) combos.push({ archetype, level });
    }
  }
  // The oldest four profiles come first on the home page: one of each archetype, experienced.
  const leaders: { archetype: Archetype; level: ExperienceLevel }[] = [
    { archetype: "bee", level: "wise" },
    { archetype: "hummingbird", level: "evolving" },
    { archetype: "butterfly", level: "wise" },
    { archetype: "beetle", level: "evolving" },
  ];
  const rest = [...combos];
  for (const leader of leaders) {
    rest.splice(rest.findIndex((c) => c.archetype === leader.archetype && c.level === leader.level), 1);
  }
  const ordered = [...leaders, ...random.shuffle(rest)];
  const demoIndex = ordered.findIndex((c) => c.archetype === "bee" && c.level === "rising");
  const featuredIndexes = new Set([0, 1, 2, 3, ordered.findIndex((c, i) => i > 3 && c.level === "wise")]);

  const practitionerUsers: DemoUser[] = [];
  ordered.forEach(({ archetype, level }, index) => {
    const createdAt = clock.ago(400 - index * 6.5);
    let user: DemoUser;
    if (index === demoIndex) {
      user = addDemoPractitionerAccount();
      user.createdAt = createdAt;
      user.updatedAt = createdAt;
      user.subscriptionStartDate = new Date(createdAt.getTime() + DAY);
    } else {
      const [firstName, lastName] = names.next().value!;
      // Every demo practitioner's address is verified (an unverified one is not listed). This
      // draw once chose it at random; it stays so that the rest of the data set is unchanged.
      random.next();
      user = addUser(
        {
          email: `${emailLocalPart(firstName)}.${emailLocalPart(lastName)}@example.com`,
          firstName,
          lastName,
          isEmailVerified: true,
          subscriptionStatus: "premium",
          accessLevel: "premium",
          subscriptionStartDate: new Date(createdAt.getTime() + DAY),
          subscriptionEndDate: clock.ago(-random.int(5, 30)),
          createdAt,
        },
        ["practitioner"],
      );
    }
    practitionerUsers.push(user);
    const profile = generatePractitionerProfile(random, archetype, level);
    const featured = featuredIndexes.has(index);
    const practitioner: DemoPractitioner = {
      id: ids.next("practitioner"),
      userId: user.id,
      archetype,
      experienceLevel: level,
      ...profile,
      isVerified: profile.isVerified || featured,
      isFeatured: featured,
      createdAt,
      updatedAt: createdAt,
    };
    if (index === demoIndex) {
      // The demo practitioner offers both kinds of session so every booking path can be tried.
      practitioner.isVirtual = true;
      practitioner.isInPerson = true;
      practitioner.location = "Portland, OR";
      data.demoPractitionerId = practitioner.id;
    }
    data.practitioners.push(practitioner);
  });
  return practitionerUsers;
}

function buildClients(
  data: DemoData,
  clock: Clock,
  ids: IdSource,
  addUser: AddUser,
  demoClients: DemoUser[],
): DemoUser[] {
  const random = new DemoRandom(DEMO_SEED ^ 0x0003);
  const names = namePairs(new DemoRandom(DEMO_SEED ^ 0x0004));
  const usedNames = new Set(data.users.map((user) => `${user.firstName} ${user.lastName}`));

  const generated = CLIENT_PLANS.map(([accessLevel, subscriptionStatus]) => {
    let pair = names.next().value!;
    while (usedNames.has(pair.join(" "))) pair = names.next().value!;
    usedNames.add(pair.join(" "));
    const [firstName, lastName] = pair;
    const createdAt = clock.ago(random.int(45, 300) + random.next());
    const paying = subscriptionStatus === "premium" || subscriptionStatus === "trial";
    return addUser(
      {
        email: `${emailLocalPart(firstName)}.${emailLocalPart(lastName)}@example.org`,
        firstName,
        lastName,
        isEmailVerified: random.chance(0.85),
        subscriptionStatus,
        accessLevel,
        subscriptionStartDate: subscriptionStatus === "free" ? null : new Date(createdAt.getTime() + 2 * DAY),
        subscriptionEndDate: paying ? clock.ago(-random.int(3, 28)) : subscriptionStatus === "free" ? null : clock.ago(random.int(2, 20)),
        trialEndDate: subscriptionStatus === "trial" ? clock.ago(-random.int(1, 6)) : null,
        createdAt,
      },
      ["client"],
    );
  });

  for (const user of [...demoClients, ...generated]) {
    const budgetMin = random.int(8, 16) * 500;
    data.clients.push({
      id: ids.next("client"),
      userId: user.id,
      preferredArchetypes: random.sample(ARCHETYPES, random.int(1, 2)),
      budgetMinCents: budgetMin,
      budgetMaxCents: budgetMin + random.int(8, 30) * 500,
      location: random.pick(LOCATIONS),
      preferenceVirtual: random.chance(0.8),
      preferenceInPerson: random.chance(0.5),
      createdAt: user.createdAt,
      updatedAt: user.createdAt,
    });
  }
  return generated;
}

function buildBookingsAndReviews(
  data: DemoData,
  clock: Clock,
  ids: IdSource,
  people: { clara: DemoUser; generatedClients: DemoUser[] },
): void {
  const random = new DemoRandom(DEMO_SEED ^ 0x0005);
  const busy = new Set<string>();
  const userJoined = new Map(data.users.map((user) => [user.id, user.createdAt as Date]));

  /** Days a client and a practitioner have both been members (the earliest day they could meet). */
  const sharedDays = (clientId: string, practitioner: DemoPractitioner) =>
    Math.min(clock.daysSince(userJoined.get(clientId)!), clock.daysSince(practitioner.createdAt as Date)) - 1;

  /**
   * One session a day per practitioner and per client keeps calendars free of overlaps: the
   * nearest free day to the one asked for, on the same side of today and after both joined.
   */
  const freeDay = (clientId: string, practitioner: DemoPractitioner, wanted: number): number => {
    const isFree = (day: number) => !busy.has(`${practitioner.id}|${day}`) && !busy.has(`${clientId}|${day}`);
    const earliest = -sharedDays(clientId, practitioner);
    const start = Math.max(wanted, earliest);
    for (let distance = 0; distance < 400; distance++) {
      for (const day of [start - distance, start + distance]) {
        const sameSide = wanted < 0 ? day >= earliest && day <= -1 : day >= 1;
        if (sameSide && isFree(day)) return day;
      }
    }
    throw new Error(`No free day for a demo booking near day ${wanted}`);
  };

  const reviewText = reviewTextPicker();
  const book = (
    clientId: string,
    practitioner: DemoPractitioner,
    status: BookingStatus,
    day: number,
    options: { review?: number | null } = {},
  ): DemoBooking => {
    day = freeDay(clientId, practitioner, day);
    busy.add(`${practitioner.id}|${day}`);
    busy.add(`${clientId}|${day}`);

    const duration = random.weighted([
      [60, 70],
      [90, 18],
      [30, 12],
    ] as const);
    const isVirtual = practitioner.isVirtual && practitioner.isInPerson ? random.chance(0.6) : Boolean(practitioner.isVirtual);
    const scheduledDatetime = clock.slot(day, random.int(9, 17), random.pick([0, 30]));
    const id = ids.next("booking");
    const bookedAt = new Date(Math.min(scheduledDatetime.getTime() - random.int(2, 14) * DAY, clock.anchorMs - HOUR));
    const booking: DemoBooking = {
      id,
      clientId,
      practitionerId: practitioner.id,
      scheduledDatetime,
      duration,
      status,
      totalAmountCents: Math.round(((practitioner.hourlyRateCents ?? 0) * duration) / 60),
      isVirtual,
      meetingLink: isVirtual && status !== "cancelled" && status !== "pending" ? `https://meet.pollinate.example/s/${id.slice(0, 8)}` : null,
      notes: random.chance(0.4) ? random.pick(BOOKING_NOTES) : null,
      createdAt: bookedAt,
      updatedAt: lastChange(status, bookedAt, scheduledDatetime, duration, clock.anchorMs),
    };
    data.bookings.push(booking);

    const rating = options.review === undefined ? (random.chance(0.7) ? random.weighted(RATING_WEIGHTS) : null) : options.review;
    if (status === "completed" && rating !== null) {
      const sessionEnd = scheduledDatetime.getTime() + duration * MINUTE;
      data.reviews.push({
        id: ids.next("review"),
        sessionId: id,
        clientId,
        practitionerId: practitioner.id,
        rating,
        // the same draws as before (the rest of the data set stays put); the words come from their own source
        comment: random.chance(0.9) && random.pick(REVIEW_COMMENTS[rating]) ? reviewText(practitioner.id, rating) : null,
        createdAt: new Date(Math.min(sessionEnd + random.int(2, 48) * HOUR, clock.anchorMs - 5 * MINUTE)),
      });
    }
    return booking;
  };

  const demoPractitioner = data.practitioners.find((p) => p.id === data.demoPractitionerId)!;
  const others = data.practitioners.filter((p) => p.id !== data.demoPractitionerId);
  // Preview members cannot book, so only subscribers appear in calendars; a few book often.
  const subscribers = people.generatedClients.filter((user) => user.accessLevel !== "preview");
  const [clientA, clientB, clientC, clientD] = subscribers;
  const clientWeights = subscribers.map((user, i) => [user.id, [9, 7, 6, 5, 4, 3, 2, 2, 1, 1][i] ?? 1] as const);
  const pickClient = () => random.weighted(clientWeights);

  // The demo client: a history with one practitioner of each archetype, two sessions still
  // waiting for a review (the most recent ones), and one booking in each upcoming state.
  const claraPractitioners = ARCHETYPES.map((archetype) => others.find((p) => p.archetype === archetype)!);
  book(people.clara.id, claraPractitioners[0], "completed", -95, { review: 5 });
  book(people.clara.id, claraPractitioners[1], "completed", -61, { review: 4 });
  book(people.clara.id, demoPractitioner, "completed", -33, { review: 5 });
  book(people.clara.id, claraPractitioners[2], "completed", -12, { review: null });
  book(people.clara.id, claraPractitioners[3], "completed", -4, { review: null });
  book(people.clara.id, claraPractitioners[1], "cancelled", -20);
  book(people.clara.id, claraPractitioners[0], "scheduled", 3);
  book(people.clara.id, demoPractitioner, "confirmed", 6);
  book(people.clara.id, claraPractitioners[2], "pending", 11);

  // The demo practitioner's calendar: history, a no-show and every upcoming state.
  book(clientA.id, demoPractitioner, "completed", -48, { review: 4 });
  book(clientB.id, demoPractitioner, "completed", -26, { review: 5 });
  book(clientC.id, demoPractitioner, "completed", -15, { review: null });
  book(clientD.id, demoPractitioner, "no-show", -7);
  book(clientA.id, demoPractitioner, "scheduled", 2);
  book(clientC.id, demoPractitioner, "confirmed", 4);
  book(clientB.id, demoPractitioner, "pending", 9);
  book(clientD.id, demoPractitioner, "cancelled", 5);

  const completedByLevel: Record<ExperienceLevel, readonly [number, number]> = {
    rising: [0, 3],
    evolving: [2, 6],
    wise: [4, 9],
  };
  for (const practitioner of others) {
    const completed = random.int(...completedByLevel[practitioner.experienceLevel]);
    for (let i = 0; i < completed; i++) {
      const clientId = pickClient();
      book(clientId, practitioner, "completed", -random.int(1, Math.max(1, Math.min(240, sharedDays(clientId, practitioner)))));
    }
    if (random.chance(0.45)) book(pickClient(), practitioner, "scheduled", random.int(1, 21));
    if (random.chance(0.35)) book(pickClient(), practitioner, "confirmed", random.int(1, 14));
    if (random.chance(0.25)) book(pickClient(), practitioner, "pending", random.int(2, 30));
    if (random.chance(0.2)) book(pickClient(), practitioner, "cancelled", random.pick([-1, 1]) * random.int(2, 40));
    if (random.chance(0.1)) book(pickClient(), practitioner, "no-show", -random.int(2, 90));
  }
  data.bookings.sort((a, b) => a.scheduledDatetime.getTime() - b.scheduledDatetime.getTime());
}

/** When a booking last changed: confirmed a day after booking, cancelled halfway to the date, finished at its end. */
function lastChange(status: BookingStatus, bookedAt: Date, scheduled: Date, duration: number, anchorMs: number): Date {
  const latest = Math.min(anchorMs - 30 * MINUTE, scheduled.getTime());
  switch (status) {
    case "scheduled":
    case "pending":
      return bookedAt;
    case "confirmed":
      return new Date(Math.min(bookedAt.getTime() + DAY, latest));
    case "cancelled":
      return new Date(Math.min((bookedAt.getTime() + scheduled.getTime()) / 2, latest));
    default:
      return new Date(scheduled.getTime() + duration * MINUTE);
  }
}

type GardenItem = {
  title: string;
  description: string;
  contentType: ContentType;
  content: string;
  tags: string[];
  status: "approved" | "pending";
  isFeatured?: boolean;
  /** Who wrote it: the demo accounts or a practitioner/client of a given archetype or position. */
  author: "sage" | "clara" | { archetype: Archetype } | { client: number };
};

const GARDEN_ITEMS: readonly GardenItem[] = [
  {
    title: "Five-minute grounding for busy mornings",
    description: "A tiny routine to arrive in your body before the day takes over.",
    contentType: "article",
    content:
      "Before you reach for your phone, put both feet on the floor and notice the temperature of the ground. Take three slow breaths, longer out than in. Name three things you can hear. That's it: five minutes, no equipment, and a steadier start to the day.",
    tags: ["grounding", "morning routine", "beginners"],
    status: "approved",
    isFeatured: true,
    author: "sage",
  },
  {
    title: "Roots and branches: a guided body scan",
    description: "A 15-minute body scan that moves from the soles of the feet to the crown.",
    contentType: "meditation",
    content:
      "Find a comfortable position and let the floor hold you. Imagine roots growing from the soles of your feet, drawing steadiness up through the legs. Let your attention climb slowly, resting wherever there is tension, and breathe into it without trying to change it.",
    tags: ["body scan", "relaxation", "sleep"],
    status: "approved",
    author: "sage",
  },
  {
    title: "Box breathing before hard conversations",
    description: "A precise, four-count breath to steady you in under a minute.",
    contentType: "exercise",
    content:
      "Breathe in for four counts, hold for four, breathe out for four, hold for four. Repeat four rounds. Keep the shoulders soft. Use it in the corridor before the meeting, or in the car before you walk in the door.",
    tags: ["breathwork", "anxiety", "quick reset"],
    status: "approved",
    author: { archetype: "hummingbird" },
  },
  {
    title: "Singing bowl session for deep sleep",
    description: "Twenty minutes of slow, layered tones recorded in one take.",
    contentType: "audio",
    content:
      "Recorded with three crystal bowls tuned to a low drone. Listen lying down with headphones at a gentle volume. The tones gradually slow and fade, so it is fine to fall asleep before the end.",
    tags: ["sound healing", "sleep", "relaxation"],
    status: "approved",
    isFeatured: true,
    author: { archetype: "bee" },
  },
  {
    title: "Gentle qigong flow for stiff shoulders",
    description: "A seated and standing sequence for desk-bound bodies.",
    contentType: "video",
    content:
      "Three movements, each repeated nine times: lifting the sky, rolling the shoulders like waves, and pressing the earth. Move slowly, coordinate with the breath, and stop short of any pain.",
    tags: ["qigong", "movement", "desk work"],
    status: "approved",
    author: { archetype: "beetle" },
  },
  {
    title: "What nobody tells you about career transitions",
    description: "Notes from walking alongside dozens of people between jobs and identities.",
    contentType: "article",
    content:
      "The hardest part of changing careers is rarely the practical part. It is the loss of a familiar story about who you are. Give that loss room. Expect a middle stretch where nothing feels settled; it is not failure, it is the cocoon.",
    tags: ["life transitions", "career change", "identity"],
    status: "approved",
    author: { archetype: "butterfly" },
  },
  {
    title: "Loving-kindness for the hard days",
    description: "A short metta practice for when self-compassion feels out of reach.",
    contentType: "meditation",
    content:
      "Begin with someone it is easy to love and silently offer: may you be safe, may you be well, may you be at ease. Then turn the same words toward yourself, even if they feel hollow at first. Repetition softens the ground.",
    tags: ["self-compassion", "metta", "grief"],
    status: "approved",
    author: { archetype: "butterfly" },
  },
  {
    title: "Journaling prompts for meeting your shadow",
    description: "Seven prompts to explore the parts of yourself you'd rather not look at.",
    contentType: "exercise",
    content:
      "1. What quality in others irritates me most? 2. When do I feel most defensive? 3. What did I learn to hide as a child? Write without editing, then read it back with the kindness you would offer a friend. Go slowly; stop if it becomes overwhelming.",
    tags: ["shadow work", "journaling", "integration"],
    status: "approved",
    author: { archetype: "beetle" },
  },
  {
    title: "How I found a practitioner who fits",
    description: "A success story from a first-time seeker.",
    contentType: "article",
    content:
      "I spent months reading profiles and never booking. What finally helped was a short first session with no agenda. Six sessions later I sleep better and I've learned that asking for support is a skill, not a weakness.",
    tags: ["success story", "first session", "community"],
    status: "approved",
    author: "clara",
  },
  {
    title: "Rain and heartbeat: a nervous system reset",
    description: "A 10-minute soundscape pairing steady rain with a slow heartbeat rhythm.",
    contentType: "audio",
    content:
      "The heartbeat starts at around 70 beats per minute and slows to 55 over ten minutes. Many listeners find their breathing follows it. Use it after a stressful call or before meditation.",
    tags: ["nervous system", "soundscape", "stress relief"],
    status: "approved",
    author: { archetype: "hummingbird" },
  },
  {
    title: "Self-massage for tension headaches",
    description: "Simple techniques for the neck, jaw and temples.",
    contentType: "video",
    content:
      "Start with slow circles at the temples, then slide your fingertips along the jaw and let it hang open. Finish by pressing gently into the ridge at the base of the skull for thirty seconds while breathing slowly.",
    tags: ["self-care", "massage", "headaches"],
    status: "approved",
    author: { archetype: "bee" },
  },
  {
    title: "The 3-3-3 check-in",
    description: "A quick way to notice what you need right now.",
    contentType: "exercise",
    content:
      "Name three things you feel in your body, three things on your mind, and three things you could do in the next hour to care for yourself. Pick one and do it.",
    tags: ["mindfulness", "check-in", "self-care"],
    status: "approved",
    author: { client: 0 },
  },
  {
    title: "Five senses tea ritual",
    description: "Turn a cup of tea into a ten-minute practice.",
    contentType: "meditation",
    content:
      "Watch the steam before you sip. Hold the cup with both hands and feel its warmth.\nSmell it twice: once from a distance, once close. Sip slowly and notice where the taste lands on the tongue.\nWhen the cup is empty, sit for one more breath before you stand.",
    tags: ["mindfulness", "ritual", "slow living"],
    status: "approved",
    author: { archetype: "bee" },
  },
  {
    title: "Six weeks of breathwork changed my sleep",
    description: "How a nightly breathing practice turned around years of insomnia.",
    contentType: "article",
    content:
      "For years I woke at 3 a.m. and stared at the ceiling. My practitioner suggested a simple exhale-focused breath before bed.\nThe first week felt pointless. By week four I was sleeping through most nights.\nIt was not magic, just a small thing done every night.",
    tags: ["success story", "sleep", "breathwork"],
    status: "approved",
    author: { client: 13 },
  },
  {
    title: "A body map for emotions",
    description: "A printable exercise to notice where feelings live in your body.",
    contentType: "exercise",
    content:
      "Draw a simple outline of a body. For each feeling you had today, colour where you noticed it: tight chest, warm face, heavy legs.\nLook at the map at the end of the week. Patterns often appear before words do.",
    tags: ["somatic", "emotions", "journaling"],
    status: "approved",
    author: { archetype: "beetle" },
  },
  {
    title: "Ocean breath for the commute",
    description: "Seven minutes of guided ujjayi breathing with wave sounds.",
    contentType: "audio",
    content:
      "Breathe through the nose with a soft constriction at the back of the throat, so the breath sounds like distant waves.\nThe recording counts you in for the first minute, then leaves you with the ocean.",
    tags: ["breathwork", "commute", "stress relief"],
    status: "approved",
    author: { archetype: "hummingbird" },
  },
  {
    title: "Morning mobility in ten minutes",
    description: "A gentle video routine for hips, spine and shoulders.",
    contentType: "video",
    content:
      "Cat and cow for one minute, hip circles on all fours, thread the needle on each side, then a slow standing roll-down.\nMove within comfort; the aim is to say good morning to the joints, not to stretch hard.",
    tags: ["movement", "morning routine", "mobility"],
    status: "approved",
    author: { archetype: "bee" },
  },
  {
    title: "Letting go of the old story",
    description: "A meditation for anyone standing at a threshold.",
    contentType: "meditation",
    content:
      "Imagine walking along a path and carrying a bag of old stories about who you are supposed to be.\nAt a bend in the path there is a bench. Put the bag down on it. You can come back for it later if you need it.\nWalk on a few steps and notice how your shoulders feel.",
    tags: ["life transitions", "letting go", "visualisation"],
    status: "approved",
    author: { archetype: "butterfly" },
  },
  {
    title: "Grounding with the 5-4-3-2-1 method",
    description: "The classic anxiety tool, with notes on when it helps most.",
    contentType: "exercise",
    content:
      "Name five things you can see, four you can touch, three you can hear, two you can smell and one you can taste.\nIt works best early, when anxiety is rising rather than at its peak. Practise it when calm so it is there when you need it.",
    tags: ["anxiety", "grounding", "beginners"],
    status: "approved",
    author: "sage",
  },
  {
    title: "From burnout to boundaries",
    description: "A seeker's story of learning to say no without guilt.",
    contentType: "article",
    content:
      "I said yes to everything until my body said no for me. Working with a practitioner, I practised tiny refusals first: a meeting, a favour, a late call.\nEach one felt like a small earthquake. A year later I still say yes a lot, but now I mean it.",
    tags: ["success story", "burnout", "boundaries"],
    status: "approved",
    author: { client: 3 },
  },
  {
    title: "Tuning forks: a beginner's guide",
    description: "What the different frequencies are used for and how to start.",
    contentType: "article",
    content:
      "Weighted forks are placed on the body and felt as vibration; unweighted forks are held near the ears and heard.\nStart with one fork and short sessions. Notice how you feel afterwards rather than chasing a particular result.",
    tags: ["sound healing", "tools", "beginners"],
    status: "approved",
    author: { archetype: "hummingbird" },
  },
  {
    title: "Evening wind-down yoga",
    description: "Twelve minutes of floor poses to close the day.",
    contentType: "video",
    content:
      "Child's pose, supine twist, legs up the wall and a long rest. Each pose is held for about two minutes with slow breathing.\nDim the lights and keep your phone in another room.",
    tags: ["yoga", "sleep", "evening routine"],
    status: "approved",
    author: { archetype: "butterfly" },
  },
  {
    title: "Shadow letters",
    description: "Write to the part of you that you keep hidden.",
    contentType: "exercise",
    content:
      "Write a letter to a part of yourself you usually push away: the jealous one, the lazy one, the angry one.\nAsk what it wants to protect you from. Then let it write back. Keep the letters somewhere private.",
    tags: ["shadow work", "journaling", "integration"],
    status: "approved",
    author: { archetype: "beetle" },
  },
  {
    title: "Forest bathing at home",
    description: "Bring the calm of a forest walk into a small flat.",
    contentType: "meditation",
    content:
      "Put a plant or a few leaves in front of you. Look at one leaf for a full minute: its veins, its edges, the light on it.\nClose your eyes and imagine the leaf on its tree, the tree in its forest, the forest breathing with you.",
    tags: ["nature", "mindfulness", "urban"],
    status: "approved",
    author: { client: 4 },
  },
  {
    title: "What I learned hosting my first circle",
    description: "Practical notes for facilitators starting community circles.",
    contentType: "article",
    content:
      "Keep the first circle small: six people is plenty. Start and end on time, and open with a simple round of names and one word for how you arrive.\nSilence is not a problem to fix. People will speak when they are ready.",
    tags: ["facilitation", "community", "circles"],
    status: "approved",
    author: "sage",
  },
  {
    title: "Humming for the vagus nerve",
    description: "A two-minute practice you can do anywhere.",
    contentType: "audio",
    content:
      "Breathe in through the nose and hum on the out-breath, feeling the vibration in your face and chest.\nTen rounds are enough. Many people find their heart rate slows within a minute.",
    tags: ["nervous system", "breathwork", "quick reset"],
    status: "approved",
    author: { archetype: "hummingbird" },
  },
  {
    title: "I finally booked the session",
    description: "Overcoming the fear of asking for help.",
    contentType: "article",
    content:
      "I read profiles for three months. In the end I picked the practitioner whose bio made me feel calm, not the most impressive one.\nThe first session was gentle and ordinary, and that was exactly what I needed.",
    tags: ["success story", "first session"],
    status: "approved",
    author: { client: 0 },
  },
  {
    title: "Progressive muscle relaxation",
    description: "Tense and release, from toes to forehead.",
    contentType: "exercise",
    content:
      "Tense the muscles of your feet for five seconds, then release for ten. Move up through calves, thighs, belly, hands, arms, shoulders and face.\nNotice the difference between tension and release; that contrast is the lesson.",
    tags: ["relaxation", "sleep", "stress relief"],
    status: "approved",
    author: { archetype: "bee" },
  },
  {
    title: "Drumming to come back to the body",
    description: "A steady frame drum rhythm for grounding after intense work.",
    contentType: "audio",
    content:
      "A single frame drum at a steady heartbeat pace for fifteen minutes. Sit or lie down and let the rhythm hold you.\nSome listeners like to tap along on their thighs for the first few minutes.",
    tags: ["sound healing", "grounding", "shamanic"],
    status: "approved",
    author: { archetype: "beetle" },
  },
  {
    title: "Gratitude walk",
    description: "A short walking practice for low days.",
    contentType: "meditation",
    content:
      "Walk for ten minutes and silently name one thing you are grateful for at every corner or every hundred steps.\nOn hard days the list can be tiny: warm socks, a bird, the bus being on time.",
    tags: ["gratitude", "walking meditation", "mood"],
    status: "approved",
    author: { client: 7 },
  },
  {
    title: "Chair massage for your partner",
    description: "A video guide to a five-minute shoulder massage.",
    contentType: "video",
    content:
      "Stand behind the chair, rest your hands on the shoulders and breathe together for a moment.\nKnead the tops of the shoulders slowly, then use your thumbs either side of the spine. Always ask about pressure.",
    tags: ["massage", "partners", "self-care"],
    status: "approved",
    author: { archetype: "bee" },
  },
  {
    title: "Mapping your transition",
    description: "A worksheet for anyone between chapters of life.",
    contentType: "exercise",
    content:
      "Draw three columns: what I am leaving, what is uncertain, what I am moving towards. Fill them without judging.\nReturn to the page every week and notice what moves from the middle column to the right.",
    tags: ["life transitions", "planning", "journaling"],
    status: "approved",
    author: { archetype: "butterfly" },
  },
  {
    title: "Candle gazing for focus",
    description: "Trataka, a traditional concentration practice.",
    contentType: "meditation",
    content:
      "Place a candle at eye level about an arm's length away. Gaze softly at the flame without straining, blinking when you need to.\nClose your eyes and watch the afterimage until it fades. Start with three minutes.",
    tags: ["focus", "meditation", "candle"],
    status: "pending",
    author: { client: 7 },
  },
  {
    title: "Cold water and the stress response",
    description: "A careful look at cold exposure for beginners.",
    contentType: "article",
    content:
      "A thirty-second cool finish to a warm shower is plenty to start. Breathe slowly through it; the breath is the practice, the cold is the teacher.\nSkip it if you have heart conditions and talk to your doctor first.",
    tags: ["cold exposure", "stress", "resilience"],
    status: "pending",
    author: { archetype: "hummingbird" },
  },
  {
    title: "A year of Sunday resets",
    description: "How a weekly hour of planning and rest changed my weeks.",
    contentType: "article",
    content:
      "Every Sunday afternoon I spend an hour on three things: a walk, a look at the week ahead, and one small kindness for future me.\nFifty-two Sundays later my weeks feel less like something that happens to me.",
    tags: ["success story", "routine", "planning"],
    status: "pending",
    author: "clara",
  },
  {
    title: "Walking meditation in the city",
    description: "Turning the commute into practice.",
    contentType: "meditation",
    content:
      "Match your steps to your breath: two steps in, three steps out. At every crossing, pause and feel your feet. Notice one sound, one colour and one smell before you move on.",
    tags: ["walking meditation", "urban", "mindfulness"],
    status: "pending",
    author: { client: 3 },
  },
  {
    title: "Grief comes in waves: notes from a support circle",
    description: "What a year of holding space for grieving people has taught me.",
    contentType: "article",
    content:
      "Grief does not move in stages so much as tides. Circles help because they make the waves visible: you see someone else surface and you remember that you will too. Bring a photo, a story, or nothing at all.",
    tags: ["grief", "community", "support circle"],
    status: "pending",
    author: { archetype: "beetle" },
  },
];

function buildGardenContent(
  data: DemoData,
  clock: Clock,
  ids: IdSource,
  people: { sage: DemoUser; clara: DemoUser; practitionerUsers: DemoUser[]; generatedClients: DemoUser[] },
): void {
  const random = new DemoRandom(DEMO_SEED ^ 0x0006);
  const practitionerUserIds = new Set(data.practitioners.map((p) => p.userId));
  // Authors of an archetype take turns, skipping the demo practitioner and the first four profiles.
  const turns = new Map<Archetype, number>();
  const authorOf = (author: GardenItem["author"]): DemoUser => {
    if (author === "sage") return people.sage;
    if (author === "clara") return people.clara;
    if ("client" in author) return people.generatedClients[author.client];
    const candidates = data.practitioners.filter(
      (p, index) => p.archetype === author.archetype && index > 3 && p.id !== data.demoPractitionerId,
    );
    const turn = turns.get(author.archetype) ?? 0;
    turns.set(author.archetype, turn + 1);
    const userId = candidates[turn % candidates.length].userId;
    return people.practitionerUsers.find((user) => user.id === userId)!;
  };

  GARDEN_ITEMS.forEach((item, index) => {
    const author = authorOf(item.author);
    // sharing needs premium access: a piece comes after its author's subscription began
    const sharingDaysAgo = clock.daysSince((author.subscriptionStartDate as Date | null | undefined) ?? (author.createdAt as Date));
    const createdAt = item.status === "pending" ? clock.ago(random.int(1, 3) + random.next()) : clock.ago(Math.max(1, Math.min(sharingDaysAgo - 1, 4 + index * 4)) + random.next());
    const { author: _author, isFeatured, ...fields } = item;
    const row: DemoGardenContent = {
      ...fields,
      id: ids.next("gardenContent"),
      authorId: author.id,
      tags: [...item.tags],
      isFeatured: isFeatured ?? false,
      isPublic: true,
      viewCount: 0,
      likeCount: 0,
      downloadCount: 0,
      seedsReward: uploadReward(practitionerUserIds.has(author.id)),
      createdAt,
      updatedAt: createdAt,
    };
    if (item.contentType === "audio") attachRecording(row, author.id, data.mediaFiles.length);
    if (item.status === "approved") addInteractions(row, author.id);
    data.gardenContent.push(row);
  });

  /** An Audio piece's recording: a bowl's tone (its pitch differs from piece to piece), as the upload stores it. */
  function attachRecording(item: DemoGardenContent, authorId: string, n: number): void {
    const bytes = bowlRecording(n % BOWL_PITCHES.length);
    const id = ids.next("mediaFile");
    data.mediaFiles.push({
      id,
      ownerId: authorId,
      contentType: "audio/wav",
      byteSize: bytes.byteLength,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      data: Buffer.from(bytes),
      createdAt: item.createdAt,
    });
    Object.assign(item, { mediaId: id, fileUrl: gardenMediaPath(item.id), fileName: `${item.title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}.wav`, fileSize: bytes.byteLength });
  }

  /**
   * Members who read and liked an approved piece since it was shared: one view per member per day
   * and one like per member, as the live service counts them; the counters equal the rows.
   */
  function addInteractions(item: DemoGardenContent, authorId: string): void {
    const members = data.users.filter((u) => u.id !== authorId && (u.createdAt as Date).getTime() < clock.anchorMs);
    const ageDays = Math.max(1, clock.daysSince(item.createdAt as Date));
    const readers = random.int(3, Math.min(members.length, 30));
    const shuffled = [...members].sort(() => random.next() - 0.5).slice(0, readers);
    for (const reader of shuffled) {
      const days = new Set(Array.from({ length: random.int(1, 3) }, () => random.int(0, ageDays - 1)));
      for (const day of days) {
        data.gardenInteractions.push({ id: ids.next("gardenInteraction"), userId: reader.id, contentId: item.id, interactionType: "view", createdAt: clock.ago(day + 0.1 + random.next() * 0.8) });
        item.viewCount! += 1;
      }
      if (random.chance(0.45)) {
        data.gardenInteractions.push({ id: ids.next("gardenInteraction"), userId: reader.id, contentId: item.id, interactionType: "like", createdAt: clock.ago(Math.min(...days) + 0.05) });
        item.likeCount! += 1;
      }
      // downloads only of what has a file to save, counted as the live service counts them
      if (item.mediaId && random.chance(0.35)) {
        data.gardenInteractions.push({ id: ids.next("gardenInteraction"), userId: reader.id, contentId: item.id, interactionType: "download", createdAt: clock.ago(Math.min(...days) + 0.04) });
        item.downloadCount! += 1;
      }
    }
  }
}

/** The bowls' fundamental pitches (Hz), one recording each, made once per process (the demo is built often in tests). */
const BOWL_PITCHES = [110, 130.8, 146.8, 164.8, 196, 220] as const;
const bowlRecordings = new Map<number, Uint8Array<ArrayBuffer>>();
function bowlRecording(index: number): Uint8Array<ArrayBuffer> {
  let bytes = bowlRecordings.get(index);
  if (!bytes) {
    const base = BOWL_PITCHES[index]!;
    bytes = synthesiseWav({ seconds: 15, partials: [[base, 1], [base * 2.76, 0.45], [base * 5.4, 0.2]], decay: 7 });
    bowlRecordings.set(index, bytes);
  }
  return bytes;
}

const COUNTRIES = [
  ["United States", "USD"],
  ["Canada", "CAD"],
  ["United Kingdom", "GBP"],
  ["Australia", "AUD"],
  ["Germany", "EUR"],
  ["Ireland", "EUR"],
  ["New Zealand", "NZD"],
  ["Mexico", "MXN"],
] as const;

const GARDEN_IDEAS = [
  "Short guided meditations I can do on my lunch break.",
  "Stories from people who have been through similar transitions.",
  "Practical breathwork videos for anxiety.",
  "Seasonal rituals and recipes.",
  "Q&A sessions with wise practitioners.",
];
const FINAL_THOUGHTS = [
  "Excited to see a platform that treats practitioners as a community rather than a commodity.",
  "Please keep pricing transparent; that matters more to me than anything else.",
  "I'd love a way to find practitioners who offer sliding-scale sessions.",
  "The archetype idea is lovely. It helped me understand what kind of support I'm looking for.",
  "Would be great to have more in-person options outside big cities.",
  "Happy to help test new features as a founding member.",
  "Make it easy to try a short first session before committing.",
  "Verification of credentials is the thing that would make me trust a new practitioner.",
];

/** The stored values of a list question (core/survey.ts maps each to its label). */
const choicesOf = <T extends Record<string, string>>(choices: T) => Object.keys(choices) as Array<keyof T & string>;

const SURVEY_IDENTITIES: readonly IdentityType[] = [
  "facilitator", "client", "both", "exploring", "client", "facilitator", "neither", "both", "client",
  "exploring", "facilitator", "client", "both", "neither", "client", "exploring", "facilitator", "both",
];

function buildSurveyResponses(
  data: DemoData,
  clock: Clock,
  ids: IdSource,
  people: { sage: DemoUser; clara: DemoUser; robin: DemoUser; practitionerUsers: DemoUser[]; generatedClients: DemoUser[] },
): void {
  const random = new DemoRandom(DEMO_SEED ^ 0x0007);
  // Linked respondents in the order they answer; facilitators are practitioner accounts.
  const facilitators = [people.sage, ...people.practitionerUsers.filter((u) => u.id !== people.sage.id).slice(4, 10)];
  const seekers = [people.clara, people.robin, ...people.generatedClients.slice(0, 6)];
  let nextFacilitator = 0;
  let nextSeeker = 0;

  SURVEY_IDENTITIES.forEach((identityType, index) => {
    const anonymous = index % 3 === 1;
    let user: DemoUser | undefined;
    if (!anonymous) {
      user = identityType === "facilitator" || identityType === "both" ? facilitators[nextFacilitator++] : seekers[nextSeeker++];
    }
    const [country, currency] = random.pick(COUNTRIES);
    const facilitatorQuestions = identityType === "facilitator" || identityType === "both";
    const clientQuestions = identityType === "client" || identityType === "both";
    const comfortableIndex = random.int(0, 3);
    const earliest = user ? Math.min(clock.daysSince(user.createdAt as Date) - 1, 90) : 90;
    data.surveyResponses.push({
      id: ids.next("surveyResponse"),
      userId: user?.id ?? null,
      identityType,
      ageRange: random.pick(SURVEY_BANDS.ageRanges),
      countryOfResidence: country,
      currency,
      facilitatorSessionPrice: facilitatorQuestions ? random.pick(SURVEY_BANDS.facilitatorSessionPrice) : null,
      openToFreeSession: facilitatorQuestions ? random.pick(OPEN_TO_FREE_SESSION) : null,
      contributionInterests: facilitatorQuestions ? random.sample(choicesOf(CONTRIBUTION_INTERESTS), random.int(1, 3)) : [],
      reciprocityPreferences: facilitatorQuestions ? random.sample(choicesOf(RECIPROCITY_PREFERENCES), random.int(1, 2)) : [],
      reciprocityOther: facilitatorQuestions && random.chance(0.2) ? "Trading sessions with other facilitators" : null,
      clientComfortablePrice: clientQuestions ? SURVEY_BANDS.clientComfortablePrice[comfortableIndex] : null,
      clientMaxPrice: clientQuestions ? SURVEY_BANDS.clientMaxPrice[Math.min(comfortableIndex + random.int(0, 2), SURVEY_BANDS.clientMaxPrice.length - 1)] : null,
      clientTrialPrice: clientQuestions ? random.pick(SURVEY_BANDS.clientTrialPrice) : null,
      sessionFrequency: clientQuestions ? random.pick(SESSION_FREQUENCIES) : null,
      bookingEncouragements: clientQuestions ? random.sample(choicesOf(BOOKING_ENCOURAGEMENTS), random.int(1, 3)) : [],
      trustFactors: clientQuestions ? random.sample(choicesOf(TRUST_FACTORS), random.int(2, 4)) : [],
      trustFactorsOther: null,
      gardenInterestLevel: random.pick(GARDEN_INTEREST_LEVELS),
      gardenContentIdeas: random.chance(0.5) ? random.pick(GARDEN_IDEAS) : null,
      gardenMonthlyPrice: random.pick(SURVEY_BANDS.gardenMonthlyPrice),
      finalThoughts: random.chance(0.6) ? random.pick(FINAL_THOUGHTS) : null,
      createdAt: clock.ago(random.int(1, Math.max(earliest, 2)) + random.next() / 2),
    });
  });
}

/** A ledger row before its place in the chain: the fields the live service writes, and when. */
type LedgerEvent = SeedsLedgerFields & { at: Date };

/** Bonus claims stay at least this many days apart and this many days back: see buildSeedsLedgers. */
const BONUS_CLAIM_MIN_DAYS = 31;

/**
 * Wallets and ledgers, made only of the rows the live product writes (core/seeds.ts): the reward
 * for each piece shared to the Garden, paid to its author at its createdAt by the author's role,
 * and practitioners' monthly bonus claims. Nothing spends Seeds, so seedsBalance = totalEarned =
 * the last balanceAfter = the sum of the ledger, and totalSpent stays 0.
 *
 * A claim lies at least 31 days before today's midnight and 31 days after the previous one, so
 * every claim falls in a past calendar month (UTC), at most one a month, and the current month is
 * left to claim in the Garden; counted in days from today, the data shifts by whole days.
 */
function buildSeedsLedgers(data: DemoData, clock: Clock, ids: IdSource, sage: DemoUser): void {
  const random = new DemoRandom(DEMO_SEED ^ 0x0008);
  const practitionerUserIds = new Set(data.practitioners.map((p) => p.userId));
  const gardenAuthors = new Set(data.gardenContent.map((item) => item.authorId));
  // practitioners active in the Garden claim their bonus there (Sage, the demo practitioner, too)
  const walletUsers = data.users.filter((u) => gardenAuthors.has(u.id) || u.id === sage.id);

  for (const user of walletUsers) {
    const joined = user.createdAt as Date;
    const events: LedgerEvent[] = data.gardenContent
      .filter((item) => item.authorId === user.id)
      .map((item) => ({ ...uploadRewardFields({ id: item.id, title: item.title }, practitionerUserIds.has(user.id)), at: item.createdAt as Date }));

    if (practitionerUserIds.has(user.id)) {
      // Sage claims most months; the others now and then
      const claimChance = user.id === sage.id ? 0.85 : 0.6;
      const joinedDaysAgo = (clock.anchorMs - joined.getTime()) / DAY;
      let daysAgo = joinedDaysAgo - random.int(2, 20) - random.next();
      while (daysAgo >= BONUS_CLAIM_MIN_DAYS) {
        if (random.chance(claimChance)) {
          const at = clock.ago(daysAgo);
          events.push({ ...monthlyBonusFields(user.id, calendarMonth(at)), at });
        }
        daysAgo -= BONUS_CLAIM_MIN_DAYS + random.int(0, 9) + random.next();
      }
    }
    if (events.length === 0) continue;
    events.sort((a, b) => a.at.getTime() - b.at.getTime());

    let balance = 0;
    let totalEarned = 0;
    const ledger: DemoSeedsTransaction[] = events.map((event, index) => {
      // ordering the ledger by date must reproduce the balance chain
      if (index > 0 && event.at.getTime() === events[index - 1].at.getTime()) throw new Error("Two demo ledger rows share a time");
      balance += event.amount;
      totalEarned += event.amount;
      const { at, ...fields } = event;
      return { id: ids.next("seedsTransaction"), userId: user.id, ...fields, balanceAfter: balance, metadata: null, createdAt: at };
    });
    const { tier, nextTierThreshold } = tierForSeeds(totalEarned);
    const last = ledger[ledger.length - 1].createdAt as Date;
    data.seedsTransactions.push(...ledger);
    data.wallets.push({
      id: ids.next("wallet"),
      userId: user.id,
      seedsBalance: balance,
      totalEarned,
      totalSpent: 0,
      currentTier: tier,
      nextTierThreshold,
      lastActiveDate: last,
      createdAt: events[0].at,
      updatedAt: last,
    });
  }
}

/** totalSessions counts completed bookings; averageRating is the mean of reviews to 2 places. */
function updatePractitionerStats(data: DemoData): void {
  for (const practitioner of data.practitioners) {
    const ratings = data.reviews.filter((r) => r.practitionerId === practitioner.id).map((r) => r.rating);
    practitioner.totalSessions = data.bookings.filter(
      (b) => b.practitionerId === practitioner.id && b.status === "completed",
    ).length;
    practitioner.averageRating =
      ratings.length === 0 ? null : Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 100) / 100;
  }
}
