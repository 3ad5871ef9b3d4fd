/**
 * The four pollinator archetypes (SPEC.md sections 1 and 3, "Archetype definition").
 * Fixed client-side data shared by the home page, the directory, the Hive and the assistants.
 */
import { ARCHETYPES, type Archetype, type ExperienceLevel } from "./enums";

export interface ArchetypeDefinition {
  key: Archetype;
  /** Display name: Bee, Hummingbird, Butterfly, Beetle. */
  name: string;
  /** One-word essence: Grounding, Precision, Transformation, Integration. */
  tagline: string;
  scientificName: string;
  /** One or two sentences. */
  description: string;
  /** Three or four sentences. */
  fullDescription: string;
  methodology: string;
  approach: string;
  /** Exactly 6 entries. */
  specialties: string[];
  /** Hex brand colour. */
  color: string;
  /** Exactly 4 entries. */
  traits: string[];
  /** Exactly 4 entries. */
  clientBenefits: string[];
  researchInsights: string;
  /** Only the Bee has these (4 entries). */
  facilitatorBenefits?: string[];
  /** Static image path, e.g. '/images/archetype-bee.svg'. */
  image: string;
  /** True for archetypes aimed at experienced practitioners (all but the Bee). */
  forExperiencedOnly: boolean;
}

export const ARCHETYPE_DEFINITIONS: Record<Archetype, ArchetypeDefinition> = {
  bee: {
    key: "bee",
    name: "Bee",
    tagline: "Grounding",
    scientificName: "Apis Therapeuticus",
    description:
      "Community-focused facilitators who offer steady, grounding support. The Bee is the welcoming entry point for new facilitators of every level and for first-time seekers.",
    fullDescription:
      "Like the honeybee tending its hive, Bee facilitators build wellbeing through consistency, care and connection. Their sessions offer a safe, reliable rhythm in which clients can settle, feel supported and grow at a sustainable pace. The Bee path welcomes facilitators at any stage of their practice and is the natural starting place for seekers exploring holistic wellness for the first time. Healing here happens steadily, in community, one session at a time.",
    methodology:
      "Consistent, session-by-session support grounded in nervous-system regulation, practical self-care and community connection.",
    approach:
      "Warm, patient and collaborative: the Bee meets clients where they are and builds trust through reliability and gentle structure.",
    specialties: [
      "Stress reduction",
      "Nervous system regulation",
      "Foundational self-care",
      "Community wellness circles",
      "Gentle bodywork",
      "Mindfulness basics",
    ],
    color: "#D4AF37",
    traits: ["Grounded", "Nurturing", "Reliable", "Community-minded"],
    clientBenefits: [
      "A safe, welcoming introduction to holistic wellness",
      "Steady progress through consistent, supportive sessions",
      "Practical tools to manage stress in daily life",
      "A sense of belonging within a caring community",
    ],
    researchInsights:
      "Research on the therapeutic alliance consistently shows that trust and continuity of care are among the strongest predictors of positive outcomes, and that social connection supports both emotional resilience and physical health.",
    facilitatorBenefits: [
      "An open door for facilitators at every experience level",
      "Mentorship and peer support within the Hive community",
      "A steady stream of first-time seekers looking for grounding support",
      "Room to build confidence, reviews and a sustainable practice",
    ],
    image: "/images/archetype-bee.svg",
    forExperiencedOnly: false,
  },
  hummingbird: {
    key: "hummingbird",
    name: "Hummingbird",
    tagline: "Precision",
    scientificName: "Trochilus Intuitus",
    description:
      "Intuitive facilitators who offer quick, precise insights and spiritual guidance. Ideal for seekers who want clarity on a specific question or moment in their lives.",
    fullDescription:
      "The hummingbird moves with remarkable focus, drawing exactly what it needs from each flower. Hummingbird facilitators bring that same precision to their work, offering clear intuitive insight and spiritual guidance in focused sessions. They help clients cut through confusion, reconnect with their inner knowing and leave with a clear sense of direction. This path is aimed at experienced practitioners with refined intuitive and guidance skills.",
    methodology:
      "Focused, intuitive sessions that identify the heart of a question quickly and translate spiritual insight into clear, actionable guidance.",
    approach:
      "Attentive, light-touch and direct: the Hummingbird listens deeply, names what matters and honours the client's own inner wisdom.",
    specialties: [
      "Intuitive guidance",
      "Spiritual counseling",
      "Clarity sessions",
      "Energy reading",
      "Decision support",
      "Meditation guidance",
    ],
    color: "#2F4F4F",
    traits: ["Intuitive", "Focused", "Perceptive", "Agile"],
    clientBenefits: [
      "Clear insight into a specific question or challenge",
      "Meaningful guidance in a short, focused session",
      "A deeper connection with your own intuition",
      "Renewed sense of direction and purpose",
    ],
    researchInsights:
      "Studies of single-session and brief interventions show that well-focused, goal-oriented sessions can produce meaningful shifts, and research on spirituality links a sense of meaning and purpose with greater wellbeing.",
    image: "/images/archetype-hummingbird.svg",
    forExperiencedOnly: true,
  },
  butterfly: {
    key: "butterfly",
    name: "Butterfly",
    tagline: "Transformation",
    scientificName: "Papilio Transformus",
    description:
      "Facilitators who guide clients through life transitions and personal transformation. They help seekers navigate change with courage and emerge with renewed purpose.",
    fullDescription:
      "The butterfly's metamorphosis is nature's clearest image of profound change. Butterfly facilitators accompany clients through life's major transitions, such as career shifts, relationship changes, loss and new beginnings. They hold space for the uncertainty of the in-between while helping clients discover who they are becoming. This path is aimed at experienced practitioners skilled in supporting people through change.",
    methodology:
      "Structured support across the stages of transition, from letting go and navigating uncertainty to integrating a new identity and direction.",
    approach:
      "Compassionate and forward-looking: the Butterfly honours what is ending while nurturing the client's capacity to grow into what comes next.",
    specialties: [
      "Life transitions",
      "Career and purpose change",
      "Grief and loss",
      "Relationship transitions",
      "Identity and self-discovery",
      "Life coaching",
    ],
    color: "#C49C9C",
    traits: ["Transformative", "Compassionate", "Visionary", "Adaptable"],
    clientBenefits: [
      "Skilled support through major life changes",
      "Clarity about who you are becoming",
      "Tools to navigate uncertainty with confidence",
      "A renewed sense of purpose and possibility",
    ],
    researchInsights:
      "Transition research describes change as a process of endings, a neutral zone and new beginnings, and studies of post-traumatic growth show that, with the right support, major life changes can become catalysts for lasting personal development.",
    image: "/images/archetype-butterfly.svg",
    forExperiencedOnly: true,
  },
  beetle: {
    key: "beetle",
    name: "Beetle",
    tagline: "Integration",
    scientificName: "Scarabaeus Integrator",
    description:
      "Facilitators who specialise in deep work and shadow integration. They help clients explore hidden patterns and bring every part of themselves into wholeness.",
    fullDescription:
      "The scarab beetle has long symbolised renewal through working with what lies beneath the surface. Beetle facilitators offer deep, unhurried work with the unconscious patterns, old wounds and disowned parts that shape our lives. Through shadow integration they help clients turn what was hidden into a source of strength and self-understanding. This path is aimed at experienced practitioners trained to hold depth work safely.",
    methodology:
      "Depth-oriented, trauma-informed work that gently surfaces unconscious patterns and integrates them through body, mind and spirit.",
    approach:
      "Steady, courageous and non-judgemental: the Beetle creates a safe container for exploring difficult material at the client's own pace.",
    specialties: [
      "Shadow work",
      "Trauma integration",
      "Somatic therapy",
      "Inner child work",
      "Ancestral and generational healing",
      "Depth psychology",
    ],
    color: "#8B4513",
    traits: ["Deep", "Resilient", "Integrative", "Steadfast"],
    clientBenefits: [
      "Lasting change by addressing root causes",
      "Safe exploration of difficult emotions and patterns",
      "Greater self-acceptance and inner wholeness",
      "Integration of body, mind and spirit",
    ],
    researchInsights:
      "Research on trauma-informed and somatic approaches shows that integrating bodily experience with emotional processing supports lasting recovery, and depth-oriented therapies show benefits that continue to grow after treatment ends.",
    image: "/images/archetype-beetle.svg",
    forExperiencedOnly: true,
  },
};

/** All archetype definitions in display order: bee, hummingbird, butterfly, beetle. */
export const ARCHETYPE_LIST: ArchetypeDefinition[] = ARCHETYPES.map((key) => ARCHETYPE_DEFINITIONS[key]);

/** Type guard: true when the value is one of the four archetype keys. */
export function isArchetype(value: unknown): value is Archetype {
  return typeof value === "string" && (ARCHETYPES as readonly string[]).includes(value);
}

/** Display name for an archetype key; unknown keys are returned title-cased. */
export function archetypeName(key: Archetype | string): string {
  if (isArchetype(key)) return ARCHETYPE_DEFINITIONS[key].name;
  return key ? key.charAt(0).toUpperCase() + key.slice(1) : "";
}

export const EXPERIENCE_LEVEL_LABELS: Record<ExperienceLevel, string> = {
  rising: "Rising",
  evolving: "Evolving",
  wise: "Wise",
};

/** Sort rank for the Hive's experience sort (higher is more experienced). */
export const EXPERIENCE_LEVEL_RANK: Record<ExperienceLevel, number> = {
  wise: 3,
  evolving: 2,
  rising: 1,
};
