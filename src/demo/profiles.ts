/**
 * Practitioner profiles of the demo: names, locations and their zones, the archetypes' texts, and
 * the generator of a believable profile (shared with the bulk generator, src/demo/bulk.ts).
 */
import type { Archetype, ExperienceLevel, ProfessionalCategory } from "../../core/enums";
import type { DemoRandom } from "./random";

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

