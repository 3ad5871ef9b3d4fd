/**
 * The practitioner profile form's rules, shared by the form (messages as you type) and the API
 * (which enforces them): one place for limits, messages and the archetype guidance of SPEC.md
 * section 1 (docs/decisions/002-archetype-guidance.md).
 */
import {
  ARCHETYPES,
  EXPERIENCE_LEVELS,
  PROFESSIONAL_CATEGORIES,
  type Archetype,
  type ExperienceLevel,
  type ProfessionalCategory,
} from "./enums";

export const PROFILE_LIMITS = {
  bioMin: 40,
  bioMax: 2000,
  specializationsMax: 12,
  specializationMinLength: 2,
  specializationMaxLength: 60,
  categoriesMax: 8,
  rateMin: 1,
  rateMax: 1000,
  locationMax: 120,
} as const;

/** The archetype a new facilitator starts with (SPEC.md section 1: the entry point at any level). */
export const ENTRY_ARCHETYPE: Archetype = "bee";

export const ARCHETYPE_GUIDANCE_MESSAGE =
  "Rising facilitators begin as Bee, the entry archetype. Hummingbird, Butterfly and Beetle are for Evolving and Wise facilitators.";

/**
 * What the profile editor says about being listed. A profile is listed only while its owner's e-mail
 * address is verified (docs/decisions/009): until then the editor must not say clients can find it.
 */
export const PROFILE_LISTING_TEXTS = {
  createIntro: "Tell clients how you work. Your profile appears in the directory and The Hive as soon as you save it.",
  created: "Your profile is live. Clients can find you in the directory now.",
  saved: "Your profile is saved. The directory shows your changes now.",
  unverified: "Clients can find your profile in the directory and The Hive once you confirm your e-mail address: follow the link we sent you, or send a new one.",
  savedUnverified: "Your profile is saved. Clients can find it in the directory once you confirm your e-mail address.",
  ownerOnly: "Only you can see this page until you confirm your e-mail address.",
} as const;

/**
 * The guidance as a rule: at the rising level only the Bee, other archetypes from evolving up.
 * A profile that already holds another archetype at rising (created before the rule, or by an
 * admin) may keep it, but cannot move to a third one.
 */
export function isArchetypeAllowed(archetype: Archetype, level: ExperienceLevel, currentArchetype: Archetype | null = null): boolean {
  return level !== "rising" || archetype === ENTRY_ARCHETYPE || archetype === currentArchetype;
}

export interface ProfileInput {
  archetype: Archetype;
  experienceLevel: ExperienceLevel;
  bio: string;
  specializations: string[];
  professionalCategories: ProfessionalCategory[];
  /** Decimal text with 2 places, e.g. "85.00". */
  hourlyRate: string;
  location: string | null;
  isVirtual: boolean;
  isInPerson: boolean;
}

export type ProfileField = keyof ProfileInput;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

export type ProfileValidation = { value: ProfileInput; errors: null } | { value: null; errors: ProfileErrors };

const RATE = /^\d{1,6}(\.\d{1,2})?$/;

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/** Splits "Grief support, Burnout recovery" (or takes a list), trims, drops blanks and repeats. */
export function specializationList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of items) {
    const s = text(item).replace(/\s+/g, " ");
    if (!s || seen.has(s.toLowerCase())) continue;
    seen.add(s.toLowerCase());
    out.push(s);
  }
  return out;
}

/**
 * Checks a submitted profile and returns it normalised, or a message per field. `currentArchetype`
 * is the archetype the profile holds today (null for a new profile).
 */
export function validateProfileInput(raw: unknown, currentArchetype: Archetype | null = null): ProfileValidation {
  const input = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const errors: ProfileErrors = {};
  const L = PROFILE_LIMITS;

  const archetype = (ARCHETYPES as readonly unknown[]).includes(input.archetype) ? (input.archetype as Archetype) : null;
  if (!archetype) errors.archetype = "Choose your archetype.";
  const experienceLevel = (EXPERIENCE_LEVELS as readonly unknown[]).includes(input.experienceLevel) ? (input.experienceLevel as ExperienceLevel) : null;
  if (!experienceLevel) errors.experienceLevel = "Choose your experience level.";
  if (archetype && experienceLevel && !isArchetypeAllowed(archetype, experienceLevel, currentArchetype)) {
    errors.archetype = ARCHETYPE_GUIDANCE_MESSAGE;
  }

  const bio = text(input.bio);
  if (bio.length < L.bioMin) errors.bio = `Tell clients about your practice in at least ${L.bioMin} characters.`;
  else if (bio.length > L.bioMax) errors.bio = `Keep your bio to ${L.bioMax} characters or fewer (now ${bio.length}).`;

  const specializations = specializationList(input.specializations);
  if (specializations.length === 0) errors.specializations = "Add at least one specialization, separated by commas.";
  else if (specializations.length > L.specializationsMax) errors.specializations = `List at most ${L.specializationsMax} specializations.`;
  else if (specializations.some((s) => s.length < L.specializationMinLength || s.length > L.specializationMaxLength)) {
    errors.specializations = `Each specialization needs ${L.specializationMinLength} to ${L.specializationMaxLength} characters.`;
  }

  const rawCategories = Array.isArray(input.professionalCategories) ? input.professionalCategories : [];
  const isCategory = (c: unknown): c is ProfessionalCategory => (PROFESSIONAL_CATEGORIES as readonly unknown[]).includes(c);
  const professionalCategories = [...new Set(rawCategories.filter(isCategory))];
  if (!rawCategories.every(isCategory)) errors.professionalCategories = "Choose professional categories from the list.";
  else if (professionalCategories.length === 0) errors.professionalCategories = "Choose at least one professional category.";
  else if (professionalCategories.length > L.categoriesMax) errors.professionalCategories = `Choose at most ${L.categoriesMax} professional categories.`;

  const rateText = typeof input.hourlyRate === "number" ? String(input.hourlyRate) : text(input.hourlyRate).replace(/^\$/, "");
  const rate = Number(rateText);
  if (!rateText) errors.hourlyRate = "Enter your rate per session in dollars.";
  else if (!RATE.test(rateText) || !Number.isFinite(rate)) errors.hourlyRate = "Enter the rate as a number of dollars, e.g. 85 or 85.50.";
  else if (rate < L.rateMin || rate > L.rateMax) errors.hourlyRate = `The rate must be between $${L.rateMin} and $${L.rateMax}.`;

  const isVirtual = input.isVirtual === true;
  const isInPerson = input.isInPerson === true;
  if (!isVirtual && !isInPerson) errors.isVirtual = "Offer virtual sessions, in-person sessions or both.";

  const location = text(input.location).replace(/\s+/g, " ");
  if (location.length > L.locationMax) errors.location = `Keep the location to ${L.locationMax} characters or fewer.`;
  else if (isInPerson && !location) errors.location = "Add the city where you see clients in person.";

  if (Object.keys(errors).length > 0 || !archetype || !experienceLevel) return { value: null, errors };
  return {
    value: {
      archetype,
      experienceLevel,
      bio,
      specializations,
      professionalCategories,
      hourlyRate: rate.toFixed(2),
      location: location || null,
      isVirtual,
      isInPerson,
    },
    errors: null,
  };
}
