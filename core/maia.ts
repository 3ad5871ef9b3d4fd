/**
 * What Maia says (SPEC.md sections 4 and 9, and beyond): the spec's keyword routes in the spec's
 * order, answers to newcomers' questions built from the site's own texts and constants, and when a
 * message describes what someone looks for, the directory filters to search with. Pure: the
 * browser runs the search and shows the cards.
 */
import { ARCHETYPE_DEFINITIONS, ARCHETYPE_LIST, EXPERIENCE_LEVEL_LABELS } from "./archetypes";
import { hasKeyword, routeByKeywords, words } from "./assistant-matcher";
import { ASK_SOMETHING_ELSE, MAIA, MAIA_LINKS, MAIA_REPLY_ROUTES, MAIA_STARTER_ACTIONS, maiaStarterActions, type ChatLink, type ChatMessageType, type MaiaRoute, type QuickAction } from "./assistant";
import {
  ACCESS_LEVEL_LABELS,
  BASIC_BOOKINGS_PER_MONTH,
  BOOKING_DURATIONS,
  BOOKING_HORIZON_DAYS,
  PLANS,
  PRACTITIONER_VIEW_LIMIT,
  TRIAL_DAYS,
} from "./constants";
import { DEFAULT_NEXT_TIER_THRESHOLD, PRACTITIONER_SEEDS_PER_UPLOAD, SEEDS_PER_UPLOAD } from "./seeds";
import { directoryHref } from "./directory-params";
import { ACCESS_LEVELS, EXPERIENCE_LEVELS, POLLINATOR_TIERS, type Archetype } from "./enums";
import { formatDollarBound, monthlyPriceText } from "./money";
import { countNoun, NOUNS } from "./plural";
import { parsePractitionerRequest, requestHasFilters, type PractitionerRequest } from "./practitioner-request";

export type MaiaTopic = MaiaRoute | "general" | "search" | "archetype" | "booking" | "seeds" | "access" | "levels";

export interface MaiaPlan {
  topic: MaiaTopic;
  content: string;
  type: ChatMessageType;
  links: ChatLink[];
  quickActions: QuickAction[];
  /** Set when Maia should search the directory with these filters and show the top matches. */
  search: PractitionerRequest | null;
}

const starter = (id: string): QuickAction => {
  const { signedInOnly: _, ...action } = MAIA_STARTER_ACTIONS.find((a) => a.id === id)!;
  return action;
};

const EXAMPLE_SEARCH: QuickAction = {
  id: "example-search",
  text: "A butterfly practitioner for grief under $80",
  icon: "🦋",
  action: "A butterfly practitioner for grief under $80",
};

const ARCHETYPE_EMOJI: Record<Archetype, string> = { bee: "🐝", hummingbird: "🐦", butterfly: "🦋", beetle: "🪲" };

function archetypeLink(key: Archetype): ChatLink {
  return { href: `/practitioners?archetype=${key}`, label: `See ${ARCHETYPE_DEFINITIONS[key].name} practitioners` };
}

const QUESTION = /^(?:what|whats|who|how|why|which|explain|describe|tell me|can you explain)\b|\bmeans?\b|\bmeaning\b|\bdifference\b/;

function isQuestion(text: string): boolean {
  return QUESTION.test(words(text).join(" "));
}

function has(text: string, keywords: string[]): boolean {
  const w = words(text);
  return keywords.some((k) => hasKeyword(w, k));
}

// ---- the spec's routes ----

function archetypesAnswer(named: Archetype[]): Pick<MaiaPlan, "content" | "links" | "type"> {
  if (named.length === 1) {
    const a = ARCHETYPE_DEFINITIONS[named[0]];
    return {
      type: "archetype_insight",
      content:
        `${ARCHETYPE_EMOJI[a.key]} The ${a.name} (${a.tagline}, ${a.scientificName}): ${a.fullDescription}\n\n` +
        `Their approach: ${a.approach}\nThey often work with: ${a.specialties.join(", ")}.` +
        (a.forExperiencedOnly ? `\n\n${a.name} practitioners are experienced facilitators.` : ""),
      links: [archetypeLink(a.key)],
    };
  }
  return {
    type: "archetype_insight",
    content:
      "Every practitioner here belongs to one of four pollinator archetypes:\n" +
      ARCHETYPE_LIST.map((a) => `${ARCHETYPE_EMOJI[a.key]} ${a.name} (${a.tagline}): ${a.description}`).join("\n") +
      "\n\nAsk me about any one of them, or tell me what you are looking for and I will search the directory.",
    links: [MAIA_LINKS.bees, MAIA_LINKS.directory],
  };
}

const SPEC_REPLIES: Record<Exclude<MaiaRoute, "archetypes">, (signedIn: boolean) => Pick<MaiaPlan, "content" | "links" | "quickActions">> = {
  find_practitioner: () => ({
    content:
      "I can search the directory for you. Tell me what matters in your own words: an archetype, a level (rising, evolving or wise), " +
      "what you would like help with, your budget per session, and online or in person. For example: 'a butterfly practitioner for grief under $80, online'.",
    links: [MAIA_LINKS.directory],
    quickActions: [EXAMPLE_SEARCH, starter("explain-archetypes"), ASK_SOMETHING_ELSE],
  }),
  resources: () => ({
    content:
      "The Community Garden is where members share Insights, Resources, Success Stories, Practical Tools and Meditations: articles, videos, audio, exercises and meditations. " +
      `Sharing earns Seeds (${SEEDS_PER_UPLOAD} per upload, ${PRACTITIONER_SEEDS_PER_UPLOAD} for practitioners).`,
    links: [MAIA_LINKS.garden],
    quickActions: [starter("find-practitioner"), ASK_SOMETHING_ELSE],
  }),
  journey: (signedIn) =>
    signedIn
      ? {
          content: "Your dashboard keeps your journey in one place: upcoming sessions, your history, favourite practitioners and reviews. The Hive is there when you are ready for the next session.",
          links: [{ href: "/", label: "Open my dashboard" }, MAIA_LINKS.hive],
          quickActions: [starter("find-practitioner"), ASK_SOMETHING_ELSE],
        }
      : {
          content: "Once you sign in, your dashboard keeps your journey in one place: upcoming sessions, your history and your favourite practitioners.",
          links: [{ href: "/auth/signup", label: "Start Your Journey" }, MAIA_LINKS.hive],
          quickActions: [starter("find-practitioner"), ASK_SOMETHING_ELSE],
        },
  getting_started: () => ({
    content: `Welcome! ${ARCHETYPE_DEFINITIONS.bee.description} Browse Bee practitioners, or visit The Hive to see everyone at a glance. Tell me what you would like help with and I will look for you.`,
    links: [MAIA_LINKS.bees, MAIA_LINKS.hive],
    quickActions: [starter("find-practitioner"), starter("explain-archetypes"), ASK_SOMETHING_ELSE],
  }),
};

// ---- newcomers' questions ----

function bookingAnswer(): Pick<MaiaPlan, "content" | "links"> {
  const durations = BOOKING_DURATIONS.join(", ").replace(/, (\d+)$/, " or $1");
  return {
    content:
      `You book from a practitioner's profile with 'Schedule Session' (or 'Book Session' on their card). Choose a date up to ${BOOKING_HORIZON_DAYS} days ahead, a free time and a length of ${durations} minutes, ` +
      "then virtual or in person (whichever the practitioner offers) and optional notes. The fee is the practitioner's rate for an hour, scaled to the length you choose. " +
      `Booking needs an account with ${ACCESS_LEVEL_LABELS.basic.name} access or more: ${ACCESS_LEVEL_LABELS.basic.name} includes ${countNoun(BASIC_BOOKINGS_PER_MONTH, NOUNS.booking)} a month, ${ACCESS_LEVEL_LABELS.premium.name} as many as you like.`,
    links: [MAIA_LINKS.directory],
  };
}

function changesAnswer(): Pick<MaiaPlan, "content" | "links"> {
  return {
    content:
      "Your upcoming sessions are on your dashboard. 'Reschedule' moves a session to another free time of the same practitioner, and 'Cancel Session' cancels one that is still waiting for their confirmation; " +
      "both work until the session starts, and you and your practitioner each get an e-mail with the updated calendar invitation. " +
      "Pollinate charges nothing for a session: your practitioner sends you payment instructions, so payments and refunds are settled with them.",
    links: [MAIA_LINKS.dashboard],
  };
}

function priceAnswer(): Pick<MaiaPlan, "content" | "links"> {
  return {
    content:
      "Each practitioner sets their own rate, shown on their card and profile as a price per session. The fee of a booking is that rate for an hour, scaled to the length you choose, and the booking's last step shows the total. " +
      "Tell me your budget (for example 'a bee practitioner under $80') and I will look for matches.",
    links: [MAIA_LINKS.directory],
  };
}

function seedsAnswer(): Pick<MaiaPlan, "content" | "links"> {
  const tiers = POLLINATOR_TIERS.map((t) => t.replace("_", " ")).join(", ");
  return {
    content:
      `Seeds are the Garden's points. You earn them by taking part: sharing to the Community Garden brings ${SEEDS_PER_UPLOAD} Seeds (${PRACTITIONER_SEEDS_PER_UPLOAD} for practitioners). ` +
      `They build your pollinator tier: ${tiers}; the first step up is at ${DEFAULT_NEXT_TIER_THRESHOLD} Seeds.`,
    links: [MAIA_LINKS.garden],
  };
}

function accessAnswer(): Pick<MaiaPlan, "content" | "links"> {
  const views = (level: (typeof ACCESS_LEVELS)[number]) => {
    const limit = PRACTITIONER_VIEW_LIMIT[level];
    return limit === null ? "every practitioner" : `${limit} practitioners`;
  };
  const lines = ACCESS_LEVELS.map((level) => {
    const label = ACCESS_LEVEL_LABELS[level];
    const plan = PLANS.find((p) => p.level === level);
    const price = plan ? ` (${monthlyPriceText(plan.priceCents)})` : " (free)";
    return `• ${label.name}${price}: ${label.description}; sees ${views(level)}.${plan ? ` ${plan.features.join(", ")}.` : ""}`;
  });
  return {
    content: `There are four access levels:\n${lines.join("\n")}\nNew accounts start at Preview, and Premium can be tried free for ${TRIAL_DAYS} days.`,
    links: [MAIA_LINKS.directory],
  };
}

function levelsAnswer(): Pick<MaiaPlan, "content" | "links"> {
  const names = EXPERIENCE_LEVELS.map((l) => EXPERIENCE_LEVEL_LABELS[l]);
  return {
    content:
      `Practitioners have one of three experience levels: ${names.join(", ")}, from those early in their practice to the most seasoned. ` +
      "The Bee welcomes every level; the Hummingbird, Butterfly and Beetle paths are for experienced practitioners. You can filter the directory by level, or ask me, e.g. 'a wise beetle'.",
    links: [MAIA_LINKS.directory],
  };
}

const GENERAL: Pick<MaiaPlan, "content" | "links"> = {
  content:
    `I'm ${MAIA.name}, and I answer right here on your device. I can find practitioners for you (try 'a bee for stress under $60'), explain the four archetypes, ` +
    "and tell you how booking, Seeds and access levels work.",
  links: [MAIA_LINKS.directory],
};

/** Maia's answer to a message: the spec's route first, then newcomers' topics, then a search. */
export function planMaiaReply(text: string, { signedIn }: { signedIn: boolean }): MaiaPlan {
  const route = routeByKeywords(text, MAIA_REPLY_ROUTES, "general");
  const request = parsePractitionerRequest(text);
  const withFilters = requestHasFilters(request);
  const onlyArchetype = withFilters && request.mode === null && !request.filters.q && !request.filters.level && request.filters.minPrice === null && request.filters.maxPrice === null;
  const followUps = [starter("find-practitioner"), starter("explain-archetypes"), ASK_SOMETHING_ELSE];

  if (route === "archetypes") {
    return { topic: route, ...archetypesAnswer(request.archetypesNamed), quickActions: [starter("find-practitioner"), ASK_SOMETHING_ELSE], search: withFilters && !onlyArchetype ? request : null };
  }
  if (route === "find_practitioner" || route === "getting_started") {
    return { topic: route, type: "text", ...SPEC_REPLIES[route](signedIn), search: withFilters ? request : null };
  }
  if (route !== "general") return { topic: route, type: "text", ...SPEC_REPLIES[route](signedIn), search: null };

  // beyond the spec: what newcomers ask, then a search when the message describes someone
  const question = isQuestion(text);
  if (question && request.archetypesNamed.length > 0 && onlyArchetype) {
    return { topic: "archetype", ...archetypesAnswer(request.archetypesNamed), quickActions: followUps, search: null };
  }
  if (has(text, ["cancel", "reschedul", "refund", "postpone"]) && !withFilters) return { topic: "booking", type: "text", ...changesAnswer(), quickActions: followUps, search: null };
  if (has(text, ["cost", "price", "fee", "expensive", "cheap", "charge"]) && !withFilters) return { topic: "booking", type: "text", ...priceAnswer(), quickActions: followUps, search: null };
  if (has(text, ["book", "appointment", "schedul", "reserv"]) && !withFilters) return { topic: "booking", type: "text", ...bookingAnswer(), quickActions: followUps, search: null };
  if (has(text, ["seed", "wallet", "tier", "points"])) return { topic: "seeds", type: "text", ...seedsAnswer(), quickActions: followUps, search: null };
  if (has(text, ["access", "plan", "subscri", "premium", "upgrade", "trial", "membership", "preview", "unlimited"]) || (has(text, ["basic"]) && !withFilters)) {
    return { topic: "access", type: "text", ...accessAnswer(), quickActions: followUps, search: null };
  }
  if ((question && request.filters.level && !request.filters.q) || has(text, ["level", "experience"]) && !withFilters) {
    return { topic: "levels", type: "text", ...levelsAnswer(), quickActions: followUps, search: null };
  }
  if (withFilters) {
    return { topic: "search", type: "text", content: "", links: [], quickActions: [EXAMPLE_SEARCH, ASK_SOMETHING_ELSE].filter((a) => a.action !== text), search: request };
  }
  return { topic: "general", type: "text", ...GENERAL, quickActions: maiaStarterActions(signedIn).concat(ASK_SOMETHING_ELSE), search: null };
}

/** The greeting of the first open (type 'guidance') with the starter actions. */
export function maiaGreeting(signedIn: boolean): { content: string; quickActions: QuickAction[] } {
  return {
    content: `Hello, I'm ${MAIA.name}, your guide to Pollinate 🌸 I can help you find the right practitioner, explain our four pollinator archetypes, or point you to wellness resources. What would you like to explore?`,
    quickActions: maiaStarterActions(signedIn),
  };
}

/** The directory page for a request's filters ('See all matches'). */
export function directoryLinkFor(request: PractitionerRequest): string {
  return directoryHref("/practitioners", request.filters);
}

/** A short description of the filters Maia read, for the reply ('Butterfly · grief · up to $80 · online'). */
export function describeRequest(request: PractitionerRequest): string {
  const { filters, mode } = request;
  const parts: string[] = [];
  if (filters.archetype) parts.push(ARCHETYPE_DEFINITIONS[filters.archetype].name);
  if (filters.level) parts.push(EXPERIENCE_LEVEL_LABELS[filters.level]);
  if (filters.q) parts.push(`'${filters.q}'`);
  if (filters.minPrice !== null && filters.maxPrice !== null) parts.push(`${formatDollarBound(filters.minPrice)}–${formatDollarBound(filters.maxPrice)}`);
  else if (filters.maxPrice !== null) parts.push(`up to ${formatDollarBound(filters.maxPrice)}`);
  else if (filters.minPrice !== null) parts.push(`from ${formatDollarBound(filters.minPrice)}`);
  if (mode) parts.push(mode === "virtual" ? "online" : "in person");
  return parts.join(" · ");
}
