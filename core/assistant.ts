/**
 * The chat assistants (SPEC.md sections 2, 3, 4 and 9): message and quick-action shapes shared by
 * Maia and the Garden assistant, and Maia's constants, defined once.
 */
import type { KeywordRoute } from "./assistant-matcher";

export type ChatMessageType = "text" | "guidance" | "archetype_insight";

/** A link inside a reply; the assistants open site pages in a new tab (SPEC.md section 2). */
export interface ChatLink {
  href: string;
  label: string;
}

/** Chat message (SPEC.md section 3); `sender` is the assistant's id ('maia') or 'user'. */
export interface ChatMessage<Extra = unknown> {
  /** Timestamp text, made unique within the page. */
  id: string;
  content: string;
  sender: string;
  /** ISO date-time. */
  timestamp: string;
  type: ChatMessageType;
  links?: ChatLink[];
  /** Assistant-specific content rendered under the text (Maia: matching practitioners). */
  extra?: Extra;
}

/** Quick action (SPEC.md section 3): `action` is what the assistant acts on when it is chosen. */
export interface QuickAction {
  id: string;
  text: string;
  /** A single emoji. */
  icon: string;
  action: string;
}

/** The quick action that only clears the row (SPEC.md section 4). */
export const ASK_SOMETHING_ELSE: QuickAction = { id: "ask-something-else", text: "Ask something else", icon: "💬", action: "clear" };

/** Timing of both assistants' replies: 1000 ms plus a random delay up to 1500 ms (SPEC.md section 9). */
export const ASSISTANT_REPLY_DELAY_MS = { min: 1000, randomExtra: 1500 } as const;

export function replyDelayMs(random: () => number = Math.random): number {
  return ASSISTANT_REPLY_DELAY_MS.min + Math.floor(random() * ASSISTANT_REPLY_DELAY_MS.randomExtra);
}

/** Card size (SPEC.md section 9): 500 px high expanded, 4rem minimised, Tailwind w-96 wide. */
export const ASSISTANT_CARD = { heightPx: 500, minimisedHeight: "4rem", widthClass: "w-96" } as const;

// ---- Maia, the general assistant ----

export const MAIA = {
  id: "maia",
  name: "Maia",
  subtitle: "Your AI Guardian",
  launcherLabel: "Chat with Maia",
  placeholder: "Ask Maia anything...",
} as const;

/** The greeting comes 500 ms after the first open (SPEC.md sections 4 and 9). */
export const MAIA_GREETING_DELAY_MS = 500;

export type MaiaRoute = "archetypes" | "find_practitioner" | "resources" | "journey" | "getting_started";

/** Reply keywords in the spec's order (SPEC.md section 9); the first route that matches wins. */
export const MAIA_REPLY_ROUTES: ReadonlyArray<KeywordRoute<MaiaRoute>> = [
  { route: "archetypes", allOf: [["archetype", "pollinator"]] },
  { route: "find_practitioner", allOf: [["find"], ["practitioner"]] },
  { route: "resources", allOf: [["garden", "resource"]] },
  { route: "journey", allOf: [["progress", "journey", "track"]] },
  { route: "getting_started", allOf: [["start", "begin", "new"]] },
];

export interface StarterAction extends QuickAction {
  /** Shown only when the current-user call returned data (SPEC.md section 6). */
  signedInOnly: boolean;
}

/** The starter quick actions, in order (SPEC.md section 9). */
export const MAIA_STARTER_ACTIONS: readonly StarterAction[] = [
  { id: "find-practitioner", text: "Find the right practitioner", icon: "🔍", action: "Find the right practitioner", signedInOnly: false },
  { id: "explain-archetypes", text: "Explain the archetype system", icon: "🐝", action: "Explain the archetype system", signedInOnly: false },
  { id: "show-resources", text: "Show wellness resources", icon: "🌱", action: "Show wellness resources", signedInOnly: false },
  { id: "track-journey", text: "Track my wellness journey", icon: "📈", action: "Track my wellness journey", signedInOnly: true },
];

export function maiaStarterActions(signedIn: boolean): QuickAction[] {
  return MAIA_STARTER_ACTIONS.filter((a) => signedIn || !a.signedInOnly).map(({ signedInOnly: _, ...action }) => action);
}

/** The pages Maia links to (SPEC.md section 2); they open in a new tab. */
export const MAIA_LINKS = {
  directory: { href: "/practitioners", label: "Browse all practitioners" },
  bees: { href: "/practitioners?archetype=bee", label: "Meet our Bee practitioners" },
  hive: { href: "/hive", label: "Visit The Hive" },
  garden: { href: "/garden", label: "Explore the Community Garden" },
  dashboard: { href: "/dashboard/client", label: "Open your dashboard" },
} as const satisfies Record<string, ChatLink>;

/** How many matching practitioners Maia shows as cards. */
export const MAIA_MATCHES_SHOWN = 3;

// ---- safety, for both assistants ----

/**
 * The answer to someone who may be in danger (SPEC.md is silent): short, caring, no diagnosis, and
 * where real help is. Both assistants check for it before anything else.
 */
/** Where to call in an emergency, as the crisis and panic answers say it. */
export const EMERGENCY_NUMBER_TEXT = "your local emergency number (112 in Europe, 911 in the US and Canada)";

export const CRISIS_REPLY: { content: string; links: ChatLink[] } = {
  content:
    "I'm really sorry you're going through this, and I'm glad you said it. I'm an automated assistant and can't help in an emergency, but people can, right now: " +
    `if you are in danger or might hurt yourself, please call ${EMERGENCY_NUMBER_TEXT} ` +
    "or a crisis line: 988 in the US, Samaritans on 116 123 in the UK and Ireland, or find one for your country at findahelpline.com. You don't have to go through this alone.",
  links: [{ href: "https://findahelpline.com", label: "Find a crisis line near you" }],
};

const CRISIS =
  /\b(?:(?:kill|hurt|harm|cut|injure)(?:ing)? my ?self|self ?harm\w*|suicid\w*|end(?:ing)? (?:my life|it all)|take my (?:own )?life|(?:want|wanna|going) to die|(?:dont|do not) want to (?:live|be alive|be here|exist)|no reason to live|better off dead|overdos\w*)\b/;

/** True when a message says its writer may be in danger (typed as it comes: case, apostrophes). */
export function isCrisisMessage(text: string): boolean {
  return CRISIS.test(text.toLowerCase().replace(/['’]/g, "").replace(/\s+/g, " "));
}
