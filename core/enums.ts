/**
 * Enumerations of the data model (SPEC.md sections 3, 4 and 9). Plain constants shared by the
 * server, the browser and the database schema (which builds its CHECK constraints from them).
 */

export const ROLES = ["client", "practitioner", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const ARCHETYPES = ["bee", "hummingbird", "butterfly", "beetle"] as const;
export type Archetype = (typeof ARCHETYPES)[number];

export const EXPERIENCE_LEVELS = ["rising", "evolving", "wise"] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

export const SUBSCRIPTION_STATUSES = ["free", "trial", "premium", "cancelled", "expired"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const ACCESS_LEVELS = ["preview", "basic", "premium", "unlimited"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** Data-model statuses plus the two the screens show (confirmed, pending). */
export const BOOKING_STATUSES = ["scheduled", "confirmed", "pending", "completed", "cancelled", "no-show"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const POLLINATOR_TIERS = ["seedling", "sprout", "blooming", "wise_garden"] as const;
export type PollinatorTier = (typeof POLLINATOR_TIERS)[number];

export const TRANSACTION_TYPES = ["earned", "spent", "gifted", "reward", "refund"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const EARNING_REASONS = [
  "profile_completion",
  "session_attendance",
  "review_submission",
  "garden_upload",
  "referral",
  "daily_login",
  "survey_completion",
  "milestone_achievement",
] as const;
export type EarningReason = (typeof EARNING_REASONS)[number];

export const CONTENT_TYPES = ["article", "video", "audio", "exercise", "meditation"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const GARDEN_STATUSES = ["pending", "approved", "rejected"] as const;
export type GardenStatus = (typeof GARDEN_STATUSES)[number];

export const INTERACTION_TYPES = ["view", "like", "download", "share", "ai_query"] as const;
export type InteractionType = (typeof INTERACTION_TYPES)[number];

export const IDENTITY_TYPES = ["facilitator", "client", "both", "neither", "exploring"] as const;
export type IdentityType = (typeof IDENTITY_TYPES)[number];

export const OPEN_TO_FREE_SESSION = ["yes", "no", "maybe"] as const;
export const SESSION_FREQUENCIES = ["weekly", "2-3_monthly", "monthly", "occasionally", "rarely"] as const;
export const GARDEN_INTEREST_LEVELS = ["very_interested", "maybe", "not_for_me"] as const;

/** The 50 professional categories of the data model (SPEC.md section 9). */
export const PROFESSIONAL_CATEGORIES = [
  "massage_therapy", "bodywork", "somatic_experiencing", "craniosacral_therapy", "rolfing",
  "myofascial_release", "reiki", "energy_healing", "pranic_healing", "quantum_healing",
  "biofield_tuning", "acupuncture", "acupressure", "shiatsu", "traditional_chinese_medicine",
  "ayurveda", "psychology", "psychotherapy", "counseling", "life_coaching",
  "trauma_therapy", "emdr", "past_life_regression", "shamanic_healing", "sound_healing",
  "crystal_healing", "spiritual_counseling", "meditation_instruction", "yoga_instruction", "dance_therapy",
  "movement_therapy", "tai_chi", "qigong", "breathwork", "holotropic_breathwork",
  "voice_healing", "toning", "nutrition_counseling", "herbalism", "naturopathy",
  "functional_medicine", "art_therapy", "music_therapy", "expressive_arts", "hypnotherapy",
  "nlp", "eft_tapping", "kinesiology", "reflexology", "aromatherapy",
] as const;
export type ProfessionalCategory = (typeof PROFESSIONAL_CATEGORIES)[number];
