/**
 * The Garden assistant (SPEC.md sections 4 and 9): answers from the garden content loaded on the
 * page, locally (no server, no model). Words longer than 3 characters of a title, description or
 * tag find items, at most 3 are shown, and keyword routing picks an archetype by topic.
 */
import { ARCHETYPE_DEFINITIONS } from "./archetypes";
import { ASK_SOMETHING_ELSE, MAIA_GREETING_DELAY_MS, type QuickAction } from "./assistant";
import { rankByWords, routeByKeywords, significantWords, type KeywordRoute } from "./assistant-matcher";
import type { Archetype } from "./enums";

export const GARDEN_ASSISTANT = {
  id: "garden-assistant",
  name: "Garden Guide",
  subtitle: "Finds pieces in the Community Garden",
  launcherLabel: "Ask the Garden Guide",
  placeholder: "Ask about a topic or a title...",
} as const;

/** At most 3 matching items per reply (SPEC.md section 9). */
export const GARDEN_MATCHES_SHOWN = 3;

/** Greeting delay after the first open (same as Maia's). */
export const GARDEN_GREETING_DELAY_MS = MAIA_GREETING_DELAY_MS;

/** Topic keywords → archetype; the first route that matches wins. */
export const GARDEN_TOPIC_ROUTES: ReadonlyArray<KeywordRoute<Archetype>> = [
  { route: "beetle", allOf: [["shadow", "deep", "grief", "integrat", "root", "dark"]] },
  { route: "butterfly", allOf: [["change", "transition", "transform", "growth", "renewal", "metamorph"]] },
  { route: "hummingbird", allOf: [["insight", "intuition", "clarity", "precision", "focus", "energy"]] },
  { route: "bee", allOf: [["ground", "community", "calm", "stress", "routine", "support", "care"]] },
];

export const GARDEN_STARTER_ACTIONS: QuickAction[] = [
  { id: "garden-grounding", text: "Grounding practices", icon: "🐝", action: "Grounding practices" },
  { id: "garden-change", text: "Support through change", icon: "🦋", action: "Support through change" },
  { id: "garden-insight", text: "Insight and intuition", icon: "✨", action: "Insight and intuition" },
];

/** What the assistant reads of a garden item. */
export interface GardenAssistantItem {
  id: string;
  title: string;
  description: string | null;
  tags: readonly string[];
}

export interface GardenReply<T extends GardenAssistantItem = GardenAssistantItem> {
  content: string;
  matches: T[];
  archetype: Archetype | null;
  quickActions: QuickAction[];
}

function itemText(item: GardenAssistantItem): string {
  return [item.title, item.description ?? "", item.tags.join(" ")].join(" ");
}

export function gardenGreeting(): { content: string; quickActions: QuickAction[] } {
  return {
    content: "Hello! I'm the Garden Guide. Tell me a topic or a word from a title, and I'll find pieces in the garden shown on this page.",
    quickActions: GARDEN_STARTER_ACTIONS,
  };
}

/** The Garden assistant's answer to one message, from the items currently loaded. */
export function planGardenReply<T extends GardenAssistantItem>(text: string, items: readonly T[]): GardenReply<T> {
  const routed = routeByKeywords(text, GARDEN_TOPIC_ROUTES, "none");
  const archetype: Archetype | null = routed === "none" ? null : routed;
  const matches = rankByWords(text, items, itemText, GARDEN_MATCHES_SHOWN);
  const parts: string[] = [];
  if (matches.length > 0) {
    parts.push(matches.length === 1 ? "I found one piece in the garden for that:" : `Here are ${matches.length} pieces from the garden:`);
  } else if (significantWords(text).length === 0) {
    parts.push("Tell me a little more: a topic or a word from a title (longer than 3 letters) helps me search.");
  } else {
    parts.push("I found nothing matching that among the pieces shown. Try another word, or clear the filters.");
  }
  if (archetype) {
    const a = ARCHETYPE_DEFINITIONS[archetype];
    parts.push(`For this topic, the ${a.name} (${a.tagline}) path may suit you: ${a.description}`);
  }
  return { content: parts.join(" "), matches, archetype, quickActions: [ASK_SOMETHING_ELSE] };
}
