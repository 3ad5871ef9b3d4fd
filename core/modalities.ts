/**
 * The modality catalogue (SPEC.md section 3 "Modality catalogue" and section 9 professional
 * categories): one display entry per professional category, grouped for pickers and filters.
 */
import { PROFESSIONAL_CATEGORIES, type ProfessionalCategory } from "./enums";

/** Group keys in display order. */
export const MODALITY_GROUP_KEYS = [
  "bodywork",
  "energy",
  "eastern",
  "psychology",
  "spiritual",
  "movement",
  "breath",
  "nutrition",
  "creative",
  "other",
] as const;
export type ModalityGroup = (typeof MODALITY_GROUP_KEYS)[number];

export interface ModalityGroupInfo {
  key: ModalityGroup;
  label: string;
}

export const MODALITY_GROUPS: Record<ModalityGroup, ModalityGroupInfo> = {
  bodywork: { key: "bodywork", label: "Bodywork & Touch" },
  energy: { key: "energy", label: "Energy Work" },
  eastern: { key: "eastern", label: "Eastern Traditions" },
  psychology: { key: "psychology", label: "Psychology & Counseling" },
  spiritual: { key: "spiritual", label: "Spiritual Practices" },
  movement: { key: "movement", label: "Movement" },
  breath: { key: "breath", label: "Breathwork" },
  nutrition: { key: "nutrition", label: "Nutrition & Natural Medicine" },
  creative: { key: "creative", label: "Creative Therapies" },
  other: { key: "other", label: "Other Modalities" },
};

export interface Modality<K extends ProfessionalCategory = ProfessionalCategory> {
  key: K;
  name: string;
  /** A single emoji. */
  icon: string;
  group: ModalityGroup;
}

/**
 * Every professional category must appear exactly once, and each entry's key must equal its
 * property name: a missing, extra or mismatched category is a compile error.
 */
export const MODALITIES: { readonly [K in ProfessionalCategory]: Modality<K> } = {
  // Bodywork & Touch
  massage_therapy: { key: "massage_therapy", name: "Massage Therapy", icon: "💆", group: "bodywork" },
  bodywork: { key: "bodywork", name: "Bodywork", icon: "🤲", group: "bodywork" },
  somatic_experiencing: { key: "somatic_experiencing", name: "Somatic Experiencing", icon: "🧘", group: "bodywork" },
  craniosacral_therapy: { key: "craniosacral_therapy", name: "Craniosacral Therapy", icon: "🫶", group: "bodywork" },
  rolfing: { key: "rolfing", name: "Rolfing", icon: "🦴", group: "bodywork" },
  myofascial_release: { key: "myofascial_release", name: "Myofascial Release", icon: "💪", group: "bodywork" },
  reflexology: { key: "reflexology", name: "Reflexology", icon: "🦶", group: "bodywork" },

  // Energy Work
  reiki: { key: "reiki", name: "Reiki", icon: "✋", group: "energy" },
  energy_healing: { key: "energy_healing", name: "Energy Healing", icon: "✨", group: "energy" },
  pranic_healing: { key: "pranic_healing", name: "Pranic Healing", icon: "🌟", group: "energy" },
  quantum_healing: { key: "quantum_healing", name: "Quantum Healing", icon: "⚛️", group: "energy" },
  biofield_tuning: { key: "biofield_tuning", name: "Biofield Tuning", icon: "🎼", group: "energy" },
  crystal_healing: { key: "crystal_healing", name: "Crystal Healing", icon: "💎", group: "energy" },
  sound_healing: { key: "sound_healing", name: "Sound Healing", icon: "🔔", group: "energy" },

  // Eastern Traditions
  acupuncture: { key: "acupuncture", name: "Acupuncture", icon: "📍", group: "eastern" },
  acupressure: { key: "acupressure", name: "Acupressure", icon: "👆", group: "eastern" },
  shiatsu: { key: "shiatsu", name: "Shiatsu", icon: "🙌", group: "eastern" },
  traditional_chinese_medicine: {
    key: "traditional_chinese_medicine",
    name: "Traditional Chinese Medicine",
    icon: "☯️",
    group: "eastern",
  },
  ayurveda: { key: "ayurveda", name: "Ayurveda", icon: "🪷", group: "eastern" },

  // Psychology & Counseling
  psychology: { key: "psychology", name: "Psychology", icon: "🧠", group: "psychology" },
  psychotherapy: { key: "psychotherapy", name: "Psychotherapy", icon: "🛋️", group: "psychology" },
  counseling: { key: "counseling", name: "Counseling", icon: "💬", group: "psychology" },
  life_coaching: { key: "life_coaching", name: "Life Coaching", icon: "🧭", group: "psychology" },
  trauma_therapy: { key: "trauma_therapy", name: "Trauma Therapy", icon: "❤️‍🩹", group: "psychology" },
  emdr: { key: "emdr", name: "EMDR", icon: "👁️", group: "psychology" },

  // Spiritual Practices
  past_life_regression: { key: "past_life_regression", name: "Past Life Regression", icon: "⏳", group: "spiritual" },
  shamanic_healing: { key: "shamanic_healing", name: "Shamanic Healing", icon: "🪶", group: "spiritual" },
  spiritual_counseling: { key: "spiritual_counseling", name: "Spiritual Counseling", icon: "🕊️", group: "spiritual" },
  meditation_instruction: {
    key: "meditation_instruction",
    name: "Meditation Instruction",
    icon: "🧘‍♀️",
    group: "spiritual",
  },

  // Movement
  yoga_instruction: { key: "yoga_instruction", name: "Yoga Instruction", icon: "🤸", group: "movement" },
  dance_therapy: { key: "dance_therapy", name: "Dance Therapy", icon: "💃", group: "movement" },
  movement_therapy: { key: "movement_therapy", name: "Movement Therapy", icon: "🏃", group: "movement" },
  tai_chi: { key: "tai_chi", name: "Tai Chi", icon: "🥋", group: "movement" },
  qigong: { key: "qigong", name: "Qigong", icon: "🌊", group: "movement" },

  // Breathwork
  breathwork: { key: "breathwork", name: "Breathwork", icon: "🌬️", group: "breath" },
  holotropic_breathwork: {
    key: "holotropic_breathwork",
    name: "Holotropic Breathwork",
    icon: "🌀",
    group: "breath",
  },
  voice_healing: { key: "voice_healing", name: "Voice Healing", icon: "🎤", group: "breath" },
  toning: { key: "toning", name: "Toning", icon: "🎶", group: "breath" },

  // Nutrition & Natural Medicine
  nutrition_counseling: { key: "nutrition_counseling", name: "Nutrition Counseling", icon: "🥗", group: "nutrition" },
  herbalism: { key: "herbalism", name: "Herbalism", icon: "🌿", group: "nutrition" },
  naturopathy: { key: "naturopathy", name: "Naturopathy", icon: "🍃", group: "nutrition" },
  functional_medicine: { key: "functional_medicine", name: "Functional Medicine", icon: "🩺", group: "nutrition" },
  aromatherapy: { key: "aromatherapy", name: "Aromatherapy", icon: "🌸", group: "nutrition" },

  // Creative Therapies
  art_therapy: { key: "art_therapy", name: "Art Therapy", icon: "🎨", group: "creative" },
  music_therapy: { key: "music_therapy", name: "Music Therapy", icon: "🎵", group: "creative" },
  expressive_arts: { key: "expressive_arts", name: "Expressive Arts", icon: "🎭", group: "creative" },

  // Other Modalities
  hypnotherapy: { key: "hypnotherapy", name: "Hypnotherapy", icon: "🌙", group: "other" },
  nlp: { key: "nlp", name: "NLP", icon: "🗣️", group: "other" },
  eft_tapping: { key: "eft_tapping", name: "EFT Tapping", icon: "👉", group: "other" },
  kinesiology: { key: "kinesiology", name: "Kinesiology", icon: "⚖️", group: "other" },
};

/** All modalities in PROFESSIONAL_CATEGORIES order. */
export const MODALITY_LIST: Modality[] = PROFESSIONAL_CATEGORIES.map((key) => MODALITIES[key]);

/** Type guard: true when the value is one of the professional category keys. */
export function isProfessionalCategory(value: unknown): value is ProfessionalCategory {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(MODALITIES, value);
}

/** 'some_key-name' -> 'Some Key Name'. */
function titleCase(key: string): string {
  return key
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(" ");
}

/** Display name of a category; unknown keys are title-cased ('deep_tissue' -> 'Deep Tissue'). */
export function categoryLabel(key: string): string {
  return isProfessionalCategory(key) ? MODALITIES[key].name : titleCase(key);
}

export interface ModalityGroupWithModalities {
  group: ModalityGroup;
  label: string;
  modalities: Modality[];
}

/** The catalogue grouped, in group order; within a group, PROFESSIONAL_CATEGORIES order. */
export function modalitiesByGroup(): ModalityGroupWithModalities[] {
  return MODALITY_GROUP_KEYS.map((group) => ({
    group,
    label: MODALITY_GROUPS[group].label,
    modalities: MODALITY_LIST.filter((m) => m.group === group),
  }));
}
