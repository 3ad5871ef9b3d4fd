/**
 * The Garden assistant (SPEC.md sections 4 and 9): answers from the garden content loaded on the
 * page, locally (no server, no model). Words longer than 3 characters of a title, description or
 * tag find items, at most 3 are shown, and keyword routing picks an archetype by topic.
 */
import { ARCHETYPE_DEFINITIONS } from "./archetypes";
import { ASK_SOMETHING_ELSE, CRISIS_REPLY, isCrisisMessage, MAIA_GREETING_DELAY_MS, type ChatLink, type QuickAction } from "./assistant";
import { rankByWords, routeByKeywords, significantWords, words, type KeywordRoute } from "./assistant-matcher";
import type { Archetype } from "./enums";
import { GARDEN_TEXTS } from "./garden";
import { FACILITATOR_MONTHLY_BONUS, PRACTITIONER_SEEDS_PER_UPLOAD, SEEDS_NOT_SPENDABLE, SEEDS_PER_UPLOAD } from "./seeds";

/** The Guide's name and labels live in their own module: the Garden page's island needs them before the chat loads. */
export { GARDEN_ASSISTANT } from "./garden-assistant-labels";

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
  /** Site pages the answer points to (a help answer rather than a search). */
  links: ChatLink[];
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

const WALLET: ChatLink = { href: "/garden/wallet", label: "Open your Seeds wallet" };
const rewards = `${SEEDS_PER_UPLOAD} Seeds (${PRACTITIONER_SEEDS_PER_UPLOAD} for practitioners)`;

/** What the Guide knows of the person asking: the Garden page's server-rendered viewer. */
export interface GardenAsker {
  signedIn: boolean;
}

/** Questions about the Garden itself, answered from its texts and constants before any search. */
const GARDEN_HELP: Array<{ when: RegExp; content: string | ((asker: GardenAsker) => string); links: ChatLink[] }> = [
  {
    when: /\b(?:verified|pending|approved?|badges?|moderat\w*)\b/,
    content:
      `'${GARDEN_TEXTS.verifiedBadge}' on a piece means a moderator has approved it. A piece you share shows '${GARDEN_TEXTS.pendingBadge}' (only to you) until then; pieces that are not approved are not shown.`,
    links: [],
  },
  {
    when: /\b(?:like|likes|liking|heart)\b/,
    content: ({ signedIn }) =>
      signedIn
        ? "Press the heart under a piece to like it; press it again to take the like back."
        : `${GARDEN_TEXTS.signInToLike}, then press the heart under a piece; press it again to take the like back.`,
    links: [],
  },
  {
    when: /\b(?:seeds?|earn\w*|rewards?|points|wallet|tiers?|bonus)\b/,
    content:
      `Sharing a piece earns ${rewards}, paid when you share and taken back if a moderator rejects it. ` +
      `Practitioners also claim +${FACILITATOR_MONTHLY_BONUS} Seeds each month from the Facilitator Benefits panel. ${SEEDS_NOT_SPENDABLE} Your balance and tier are at the top of the Garden; the wallet has your history.`,
    links: [WALLET],
  },
  {
    when: /\b(?:share|sharing|post|posting|upload\w*|publish\w*|contribut\w*|submit\w*|add (?:a|my) (?:piece|post|article|meditation))\b/,
    content:
      `Press 'Share Content' at the top of the Garden, add a title and your text (tags are optional) and share. ${GARDEN_TEXTS.upgradeToShare} (a free trial works too). ` +
      `Your piece waits for a moderator, and you earn ${rewards} at once.`,
    links: [],
  },
];

/** A question about the Garden rather than a topic to look for ('how do I share', 'what does verified mean'). */
const HOW = /^(?:how|what|whats|why|where|can|cant|do|does|is|am|who|when|wie|help)\b/;

function gardenHelp(text: string, asker: GardenAsker): { content: string; links: ChatLink[] } | null {
  if (isCrisisMessage(text)) return CRISIS_REPLY;
  const t = words(text).join(" ");
  if (!HOW.test(t) && !text.trim().endsWith("?")) return null;
  const help = GARDEN_HELP.find((h) => h.when.test(t));
  if (!help) return null;
  return { content: typeof help.content === "function" ? help.content(asker) : help.content, links: help.links };
}

/** The Garden assistant's answer to one message, from the items currently loaded, for this asker. */
export function planGardenReply<T extends GardenAssistantItem>(text: string, items: readonly T[], asker: GardenAsker): GardenReply<T> {
  const help = gardenHelp(text, asker);
  if (help) return { content: help.content, matches: [], archetype: null, quickActions: [ASK_SOMETHING_ELSE], links: help.links };
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
  return { content: parts.join(" "), matches, archetype, quickActions: [ASK_SOMETHING_ELSE], links: [] };
}
