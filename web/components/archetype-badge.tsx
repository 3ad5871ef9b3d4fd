import type { Archetype, ExperienceLevel } from "../../core/enums";
import { ARCHETYPE_DEFINITIONS, EXPERIENCE_LEVEL_LABELS } from "../../core/archetypes";

/** Tints with text contrast of at least 4.5:1 (the pure archetype colours are for fills and borders). */
export const ARCHETYPE_TINTS: Record<Archetype, { bg: string; text: string; border: string }> = {
  bee: { bg: "#f6ecc9", text: "#5f4a0c", border: "#d4af37" },
  hummingbird: { bg: "#dfe8e6", text: "#213838", border: "#2f4f4f" },
  butterfly: { bg: "#f4e6e6", text: "#6e3f3f", border: "#c49c9c" },
  beetle: { bg: "#f1e2d6", text: "#6f370f", border: "#8b4513" },
};

export function ArchetypeBadge({ archetype }: { archetype: Archetype }) {
  const tint = ARCHETYPE_TINTS[archetype];
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold"
      style={{ backgroundColor: tint.bg, color: tint.text, borderColor: tint.border }}
    >
      <img src={ARCHETYPE_DEFINITIONS[archetype].image} alt="" className="h-4 w-4" width={16} height={16} />
      {ARCHETYPE_DEFINITIONS[archetype].name}
    </span>
  );
}

export function LevelBadge({ level }: { level: ExperienceLevel }) {
  return (
    <span className="inline-flex items-center rounded-full bg-parchment px-2.5 py-0.5 text-xs font-medium text-ink">
      {EXPERIENCE_LEVEL_LABELS[level]}
    </span>
  );
}
