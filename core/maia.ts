/**
 * What Maia says (SPEC.md sections 4 and 9, and beyond): the spec's keyword routes in the spec's
 * order, answers to newcomers' questions built from the site's own texts and constants, and when a
 * message describes what someone looks for, the directory filters to search with. Pure: the
 * browser runs the search and shows the cards.
 */
import { ARCHETYPE_DEFINITIONS, ARCHETYPE_LIST, EXPERIENCE_LEVEL_LABELS } from "./archetypes";
import { routeByKeywords, words } from "./assistant-matcher";
import { ASK_SOMETHING_ELSE, CRISIS_REPLY, EMERGENCY_NUMBER_TEXT, isCrisisMessage, MAIA, MAIA_LINKS, MAIA_REPLY_ROUTES, MAIA_STARTER_ACTIONS, maiaStarterActions, type ChatLink, type ChatMessageType, type MaiaRoute, type QuickAction } from "./assistant";
import {
  ACCESS_LEVEL_LABELS,
  BASIC_BOOKINGS_PER_MONTH,
  BOOKING_DURATIONS,
  BOOKING_HORIZON_DAYS,
  PLANS,
  PRACTITIONER_VIEW_LIMIT,
  TRIAL_DAYS,
} from "./constants";
import { DEFAULT_NEXT_TIER_THRESHOLD, FACILITATOR_MONTHLY_BONUS, PRACTITIONER_SEEDS_PER_UPLOAD, SEEDS_NOT_SPENDABLE, SEEDS_PER_UPLOAD, tierNamesText } from "./seeds";
import { directoryHref } from "./directory-params";
import { ACCESS_LEVELS, EXPERIENCE_LEVELS, type Archetype } from "./enums";
import { formatDollarBound, monthlyPriceText } from "./money";
import { countNoun, NOUNS } from "./plural";
import { parsePractitionerRequest, requestHasFilters, type PractitionerRequest } from "./practitioner-request";


/**
 * How plans are bought, true on every site (Maia answers on the device, without knowing whether
 * this server has payments set up: docs/decisions/026-payments.md).
 */
export const PLANS_BUYING_TEXT =
  "Choose a plan with 'Upgrade Now' in the upgrade dialog: you pay monthly through Stripe's checkout, and manage or cancel it under Billing in your dashboard's settings. Where a site has no payments set up, the dialog says so; the free trial works everywhere."

export type MaiaTopic = MaiaRoute | HelpTopic | "general" | "search" | "archetype" | "crisis";

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

const YES_NO = /^(?:is|are|can|could|do|does|should|will|would)\b/;

function isQuestion(text: string): boolean {
  const w = words(text).join(" ");
  return QUESTION.test(w) || YES_NO.test(w) || text.trim().endsWith("?");
}

// ---- the spec's routes ----

function oneArchetype(key: Archetype, short: boolean): string {
  const a = ARCHETYPE_DEFINITIONS[key];
  return (
    `${ARCHETYPE_EMOJI[a.key]} The ${a.name} (${a.tagline}, ${a.scientificName}): ${a.fullDescription}` +
    (short ? "" : `\n\nTheir approach: ${a.approach}\nThey often work with: ${a.specialties.join(", ")}.`) +
    (a.forExperiencedOnly ? `\n\n${a.name} practitioners are experienced facilitators.` : "")
  );
}

function archetypesAnswer(named: Archetype[]): Pick<MaiaPlan, "content" | "links" | "type"> {
  if (named.length > 0 && named.length < ARCHETYPE_LIST.length) {
    return {
      type: "archetype_insight",
      content: named.map((key) => oneArchetype(key, named.length > 1)).join("\n\n"),
      links: named.map(archetypeLink),
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
  return {
    content:
      `Seeds are the Garden's points. Sharing a piece to the Community Garden earns ${SEEDS_PER_UPLOAD} Seeds (${PRACTITIONER_SEEDS_PER_UPLOAD} for practitioners), and sharing needs ${ACCESS_LEVEL_LABELS.premium.name} access; ` +
      `practitioners also claim a monthly bonus of +${FACILITATOR_MONTHLY_BONUS} Seeds in the Garden. ` +
      `Seeds build your pollinator tier: ${tierNamesText()}; the first step up is at ${DEFAULT_NEXT_TIER_THRESHOLD} Seeds. ${SEEDS_NOT_SPENDABLE} Your wallet shows your balance, tier, each tier's benefits and your history.`,
    links: [{ href: "/garden/wallet", label: "Open your Seeds wallet" }, MAIA_LINKS.garden],
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
    content:
      `There are four access levels:\n${lines.join("\n")}\nNew accounts start at ${ACCESS_LEVEL_LABELS.preview.name}, and ${ACCESS_LEVEL_LABELS.premium.name} can be tried free for ${TRIAL_DAYS} days. ` +
      PLANS_BUYING_TEXT,
    links: [MAIA_LINKS.dashboard, MAIA_LINKS.directory],
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

// ---- what people ask beyond that (docs/decisions/023-assistant-questions.md) ----

const durationsText = () => BOOKING_DURATIONS.join(", ").replace(/, (\d+)$/, " or $1");
const PRACTITIONER_DASHBOARD: ChatLink = { href: "/dashboard/practitioner", label: "Open your practitioner dashboard" };
const PROFILE_EDITOR: ChatLink = { href: "/dashboard/practitioner/profile", label: "Edit your practitioner profile" };
const SIGN_UP: ChatLink = { href: "/auth/signup", label: "Join The Hive" };

type Answer = Pick<MaiaPlan, "content" | "links">;

const HELP_ANSWERS = {
  get_paid: (): Answer => ({
    content:
      "Pollinate takes no payment for sessions: your clients pay you directly. Their confirmation e-mail says you will send payment instructions before the session, so send yours (the methods you accept) before each session. " +
      "Your dashboard shows this month's earnings from your sessions.",
    links: [PRACTITIONER_DASHBOARD],
  }),
  availability: (): Answer => ({
    content:
      `Set your weekly hours, in your own time zone, on the Availability page of your practitioner dashboard. There you also add date overrides (days off), a buffer between sessions, the minimum notice, the session lengths you offer (${durationsText()} minutes) and your own video link. ` +
      "Clients can only pick free times from it.",
    links: [{ href: "/dashboard/practitioner/availability", label: "Set your availability" }],
  }),
  verified: (): Answer => ({
    content:
      "'Verified' on a practitioner's profile means a Pollinate admin has reviewed and verified that practitioner. There is no form to apply: admins verify practitioners, so a complete profile (bio, specialisations, rate, location) helps. " +
      "Pollinate does not license practitioners: each profile shows their experience level, specialisations and reviews from completed sessions, and you can ask about their training before you book. " +
      "(In the Community Garden, 'Verified' on a piece means a moderator approved it.)",
    links: [MAIA_LINKS.directory, PROFILE_EDITOR],
  }),
  profile: (): Answer => ({
    content: "Practitioners edit their profile on their dashboard's Profile page: rate per session, bio, specialisations, location, and online or in-person sessions. Clients see the changes on your card and profile.",
    links: [PROFILE_EDITOR],
  }),
  become_practitioner: (): Answer => ({
    content:
      "Sign up with 'Offer sessions' to join as a practitioner, then complete your profile (archetype, level, rate, specialisations) and set your availability. " +
      `The ${ARCHETYPE_DEFINITIONS.bee.name} path welcomes new facilitators of every level; the Hummingbird, Butterfly and Beetle paths are for experienced practitioners.`,
    links: [SIGN_UP],
  }),
  confirm: (): Answer => ({
    content: "New bookings wait on your practitioner dashboard with 'Confirm' and 'Cancel'; after a confirmed session has started you mark it 'Mark completed' or 'No-show'.",
    links: [PRACTITIONER_DASHBOARD],
  }),
  bonus: (): Answer => ({
    content: `Practitioners claim a monthly bonus of +${FACILITATOR_MONTHLY_BONUS} Seeds once each calendar month, from the Facilitator Benefits panel in the Community Garden.`,
    links: [MAIA_LINKS.garden],
  }),
  featured: (): Answer => ({
    content: "Pollinate's admins choose the featured practitioners: they come first in the directory's default order and on the home page. There is no form to apply; a complete profile and good reviews help.",
    links: [MAIA_LINKS.directory],
  }),
  messaging: (): Answer => ({
    content: "Yes: with Basic, Premium, Unlimited or the free trial you can message practitioners. Use 'Send Message' on a practitioner's profile to ask a question before you book, or 'Message' on a confirmed session. Your conversations are under Messages in your dashboard, and you get an e-mail when a message waits unread for 10 minutes.",
    links: [{ href: "/dashboard/client/messages", label: "Open your messages" }],
  }),
  password: (): Answer => ({
    content: "Use 'Forgot password' on the sign-in page: we e-mail you a link to choose a new password.",
    links: [{ href: "/auth/forgot-password", label: "Reset your password" }],
  }),
  trial: (): Answer => ({
    content:
      `'Start ${TRIAL_DAYS}-Day Free Trial' in the upgrade dialog (the Upgrade button on your dashboard, or any locked feature) gives your account ${ACCESS_LEVEL_LABELS.premium.name} for ${TRIAL_DAYS} days, once per account. ` +
      `When it ends, your account is back to ${ACCESS_LEVEL_LABELS.preview.name} (${PRACTITIONER_VIEW_LIMIT.preview} practitioners, no booking) unless you choose a plan. ${PLANS_BUYING_TEXT}`,
    links: [MAIA_LINKS.dashboard],
  }),
  no_show: (): Answer => ({
    content: "I'm sorry that happened. Pollinate takes no payment for sessions, so a refund or a new time is settled with your practitioner directly (they sent you their payment instructions). You can also book someone else.",
    links: [MAIA_LINKS.dashboard, MAIA_LINKS.directory],
  }),
  payment: (): Answer => ({
    content:
      "Pollinate charges nothing for a session: the booking's last step shows the total, and your practitioner sends you payment instructions before the session, so you pay them by a method they offer; refunds are settled with them too. " +
      PLANS_BUYING_TEXT,
    links: [MAIA_LINKS.dashboard],
  }),
  review: (): Answer => ({
    content: "After a completed session, 'Leave a review' appears next to it in the history on your dashboard. Reviews are only for completed sessions.",
    links: [MAIA_LINKS.dashboard],
  }),
  duration: (): Answer => ({
    content: `Sessions last ${durationsText()} minutes: you choose when you book, and the fee is the practitioner's hourly rate scaled to that length.`,
    links: [MAIA_LINKS.directory],
  }),
  changes: changesAnswer,
  price: priceAnswer,
  booking: bookingAnswer,
  seeds: seedsAnswer,
  access: accessAnswer,
  levels: levelsAnswer,
  sign_up: (): Answer => ({
    content:
      "Create a free account with 'Join The Hive': as a seeker, or with 'Offer sessions' as a practitioner. Browsing is open to everyone; " +
      `booking needs ${ACCESS_LEVEL_LABELS.basic.name} access or more.`,
    links: [SIGN_UP],
  }),
  not_medical: (): Answer => ({
    content:
      "Pollinate is a wellness marketplace, not a medical or mental-health service: practitioners offer wellness sessions (grounding, guidance, life transitions, deep work), and I can't diagnose anything or give medical advice. " +
      "For a health condition, please see a doctor or a licensed therapist; in an emergency, call your local emergency number.",
    links: [MAIA_LINKS.directory],
  }),
  about: (): Answer => {
    const basic = PLANS.find((p) => p.level === "basic")!;
    return {
      content:
        "Pollinate connects seekers with wellness practitioners, grouped into four pollinator archetypes: Bee, Hummingbird, Butterfly and Beetle. " +
        `Browsing is free (${ACCESS_LEVEL_LABELS.preview.name} shows ${PRACTITIONER_VIEW_LIMIT.preview} practitioners); booking needs ${ACCESS_LEVEL_LABELS.basic.name} (${monthlyPriceText(basic.priceCents)}) or more, ` +
        "and each practitioner sets their own price per session. Tell me what you are looking for and I will search the directory.",
      links: [MAIA_LINKS.directory, SIGN_UP],
    };
  },
  online: (): Answer => ({
    content: "Yes: each practitioner offers online (virtual) sessions, in-person sessions or both; their card and profile say which, and you choose when you book. Tell me what you are looking for, e.g. 'a bee for stress online'.",
    links: [MAIA_LINKS.directory],
  }),
  privacy: (): Answer => ({
    content: "This chat stays on your device: what you type here isn't sent to a server, except the search filters when I look up practitioners, and it is gone when you leave the page.",
    links: [],
  }),
  identity: (): Answer => ({
    content: `I'm ${MAIA.name}, Pollinate's automated guide: not a person. I answer from the site's own information, right here on your device, so I can't see your account.`,
    links: [MAIA_LINKS.directory],
  }),
  thanks: (): Answer => ({ content: "You're welcome! Anything else I can help with?", links: [] }),
  rude: (): Answer => ({
    content: "Sorry I wasn't more help. I'm a simple assistant that knows Pollinate's own pages: ask me about booking, prices, Seeds, plans or a kind of practitioner, or browse the directory yourself.",
    links: [MAIA_LINKS.directory],
  }),
} satisfies Record<string, () => Answer>;

export type HelpTopic = keyof typeof HELP_ANSWERS;

interface Reading {
  /** Lower case, apostrophes dropped, single spaces. */
  t: string;
  words: string[];
  question: boolean;
  withFilters: boolean;
  /** 'what is a wise practitioner': a question naming a level and nothing else to search. */
  levelQuestion: boolean;
}

/** Whole words (or phrases) of the message, as a regular expression over the reading's text. */
const rx = (source: string) => new RegExp(String.raw`\b(?:${source})\b`);
const PLAN_WORDS = rx("access|plans?|subscri\\w*|premium|upgrade|membership|preview|unlimited");
const WHEN: Array<[HelpTopic, (r: Reading) => boolean]> = [
  ["get_paid", (r) => rx("get(?:ting)? paid|payouts?|paid out|my earnings|receive (?:my |the )?(?:money|payments?)").test(r.t)],
  ["availability", (r) => rx("availability|available|working hours|opening hours|my hours|days off|time off").test(r.t) && rx("my|set|change|edit|update|add|i").test(r.t)],
  ["verified", (r) => rx("verif\\w*|licen[cs]\\w*|certif\\w*|qualifi\\w*|credentials?|accredit\\w*|vetted|legit").test(r.t) && !rx("e ?mail").test(r.t)],
  ["become_practitioner", (r) => rx("(?:become|join as|sign up as|register as|list myself as|work as|apply to be) (?:an? )?(?:practitioner|facilitator|healer|coach)|offer (?:my )?sessions").test(r.t)],
  ["profile", (r) => rx("my (?:hourly )?(?:rate|profile|bio|price|photo|specialisations?|specializations?)|hourly rate").test(r.t) && rx("edit|change|update|set|how").test(r.t)],
  ["confirm", (r) => rx("confirm").test(r.t) && rx("booking|bookings|session|sessions|request").test(r.t)],
  ["bonus", (r) => rx("bonus").test(r.t)],
  ["featured", (r) => rx("featured|get featured|be featured").test(r.t)],
  ["messaging", (r) => rx("messag\\w*|chat with (?:my|the|a) practitioner|contact (?:my|the|a) practitioner").test(r.t)],
  ["password", (r) => rx("password|cant (?:log|sign) in|can not (?:log|sign) in|locked out").test(r.t)],
  ["trial", (r) => rx("trial").test(r.t)],
  ["no_show", (r) => rx("didnt show|did not show|no ?show|never showed|didnt turn up|stood me up|didnt come|did not come").test(r.t)],
  ["payment", (r) => rx("pay|paying|payment|payments|money back|card|paypal|charged|invoice").test(r.t)],
  ["review", (r) => rx("reviews?|rate my|rating").test(r.t) && rx("leave|write|give|post|add|how").test(r.t)],
  ["changes", (r) => rx("cancel\\w*|reschedul\\w*|refunds?|postpone\\w*|move my|change my (?:booking|session|appointment)|my (?:bookings|sessions|appointments|upcoming)|upcoming (?:bookings|sessions)|stornier\\w*|cancelar|annuler").test(r.t)],
  ["duration", (r) => rx("how long|duration|length of|how many minutes").test(r.t)],
  ["price", (r) => rx("cost|costs|price|prices|pricing|fee|fees|expensive|cheap|charge|how much|rates?|cuesta|cuanto|precio|kostet|preis|prix|combien").test(r.t) && !r.withFilters && !PLAN_WORDS.test(r.t)],
  ["booking", (r) => rx("book|booking|appointment|schedul\\w*|reserv\\w*").test(r.t) && !r.withFilters],
  ["seeds", (r) => rx("seeds?|wallet|tiers?|points").test(r.t)],
  ["access", (r) => PLAN_WORDS.test(r.t) || (rx("basic").test(r.t) && !r.withFilters)],
  ["levels", (r) => (rx("level|levels|experience").test(r.t) && !r.withFilters) || r.levelQuestion],
  ["sign_up", (r) => rx("sign ?up|register|create (?:an )?account|make an account|need an account|open an account").test(r.t)],
  ["not_medical", (r) => r.question && rx("therapy|therapist|diagnos\\w*|medical|doctor|medication|medicine|psychiatr\\w*|psycholog\\w*|prescri\\w*|cure").test(r.t) && !r.withFilters],
  ["about", (r) => rx("what is pollinate|whats pollinate|what is this (?:site|app|place)|how does (?:this|it|pollinate) work|what do you do here|is (?:it|this|pollinate) free").test(r.t)],
  ["online", (r) => r.question && rx("online|virtual\\w*|remote\\w*|video|zoom|in person").test(r.t) && rx("can|do|are|is").test(r.t)],
  ["privacy", (r) => rx("privacy|private|my data|personal (?:data|information)|gdpr|tracking me|spy").test(r.t)],
  ["identity", (r) => rx("who are you|what are you|are you (?:a |an )?(?:real|human|bot|robot|person|ai|machine)|am i talking to").test(r.t)],
  ["thanks", (r) => rx("thanks?|thank you|thx|ty|cheers|merci|danke|gracias").test(r.t) && r.words.length <= 6],
  ["rude", (r) => rx("stupid|useless|idiot|dumb|sucks?|hate you|wtf|rubbish|garbage|worthless|shit\\w*|crap").test(r.t)],
];

/** Topics of one family answer the same question in part: a message gets one topic of each family at most. */
const FAMILY: Partial<Record<HelpTopic, string>> = {
  changes: "bookings", booking: "bookings", duration: "bookings", price: "bookings", payment: "bookings", no_show: "bookings", review: "bookings", confirm: "bookings", messaging: "bookings",
  trial: "account", access: "account", sign_up: "account", password: "account", about: "account",
  get_paid: "practice", availability: "practice", verified: "practice", profile: "practice", become_practitioner: "practice", featured: "practice", levels: "practice",
  seeds: "seeds", bonus: "seeds",
};

/** The topics a message asks about: the first that matches, and a second one of another family after 'and' or 'also'. */
function helpTopics(reading: Reading): HelpTopic[] {
  const matched = WHEN.filter(([, when]) => when(reading)).map(([topic]) => topic);
  if (matched.length === 0) return [];
  const first = matched[0];
  const second = rx("and|also|plus").test(reading.t) ? matched.find((t) => (FAMILY[t] ?? t) !== (FAMILY[first] ?? first)) : undefined;
  return second ? [first, second] : [first];
}

/** Questions with their own topic but no search: an archetype or a price would not change them. */
const ANSWERED_EVEN_WITH_FILTERS: ReadonlySet<HelpTopic> = new Set(["not_medical", "privacy", "identity", "online", "levels"]);

/** Typed in another language (an accent, '¿', a common word): Maia answers in English and says so. */
const OTHER_LANGUAGE = /[¿¡äöüßñçàèéìòùâêîôû]|\b(?:wie|ich|meine|kann|der|die|das|und|como|una|qué|est-ce|je|mon|ma|per favore|bitte)\b/i;

/** A panic attack now: a breath to hold on to and where urgent help is; no diagnosis. */
const PANIC_REPLY: Answer = {
  content:
    "That sounds frightening, and it will pass. Try slowing your breath: in for 4, hold for 4, out for 4, hold for 4, and feel your feet on the floor. " +
    `If you have chest pain, can't catch your breath, or feel unsafe, call ${EMERGENCY_NUMBER_TEXT}. When you feel steadier, practitioners here can help with anxiety and panic.`,
  links: [],
};

const GENERAL: Answer = {
  content:
    `Sorry, I don't have an answer for that. I'm ${MAIA.name}, an automated guide that answers right here on your device: I can find practitioners for you (try 'a bee for stress under $60'), explain the four archetypes, ` +
    "and tell you how booking, Seeds and access levels work.",
  links: [MAIA_LINKS.directory],
};

/** Maia's answer to a message: safety first, the spec's routes, what people ask, then a search. */
export function planMaiaReply(text: string, { signedIn }: { signedIn: boolean }): MaiaPlan {
  const followUps = [starter("find-practitioner"), starter("explain-archetypes"), ASK_SOMETHING_ELSE];
  if (isCrisisMessage(text)) return { topic: "crisis", type: "text", ...CRISIS_REPLY, quickActions: [ASK_SOMETHING_ELSE], search: null };
  if (/\bpanic(?:king)? attack|\bcant breathe|\bcan't breathe/i.test(text)) return { topic: "crisis", type: "text", ...PANIC_REPLY, quickActions: [ASK_SOMETHING_ELSE], search: null };
  const route = routeByKeywords(text, MAIA_REPLY_ROUTES, "general");
  const request = parsePractitionerRequest(text);
  const withFilters = requestHasFilters(request);
  const { filters } = request;
  const onlyArchetypes = request.archetypesNamed.length > 0 && request.mode === null && !filters.q && !filters.level && filters.minPrice === null && filters.maxPrice === null;
  const onlyArchetype = withFilters && onlyArchetypes;
  const question = isQuestion(text);
  const levelQuestion = question && filters.level !== null && !filters.q && !filters.archetype && filters.minPrice === null && filters.maxPrice === null;
  const reading: Reading = { t: words(text).join(" "), words: words(text), question, withFilters, levelQuestion };
  const help = helpTopics(reading);

  if (route === "archetypes") {
    return { topic: route, ...archetypesAnswer(request.archetypesNamed), quickActions: [starter("find-practitioner"), ASK_SOMETHING_ELSE], search: withFilters && !onlyArchetype ? request : null };
  }
  if (route === "find_practitioner" || (route === "getting_started" && help.length === 0)) {
    return { topic: route, type: "text", ...SPEC_REPLIES[route](signedIn), search: withFilters ? request : null };
  }
  if (route !== "general" && route !== "getting_started") return { topic: route, type: "text", ...SPEC_REPLIES[route](signedIn), search: null };

  // beyond the spec: what people ask, then a search when the message describes someone
  if (question && onlyArchetypes && help.length === 0) {
    return { topic: "archetype", ...archetypesAnswer(request.archetypesNamed), quickActions: followUps, search: null };
  }
  const note = OTHER_LANGUAGE.test(text) ? "I can only answer in English for now. " : "";
  if (help.length > 0) {
    const answers = help.map((topic) => HELP_ANSWERS[topic]());
    const links = answers.flatMap((a) => a.links).filter((l, i, all) => all.findIndex((m) => m.href === l.href) === i);
    const search = withFilters && !help.some((t) => ANSWERED_EVEN_WITH_FILTERS.has(t)) && !(question && onlyArchetypes) ? request : null;
    return { topic: help[0], type: "text", content: note + answers.map((a) => a.content).join("\n\n"), links, quickActions: followUps, search };
  }
  if (withFilters) {
    return { topic: "search", type: "text", content: "", links: [], quickActions: [EXAMPLE_SEARCH, ASK_SOMETHING_ELSE].filter((a) => a.action !== text), search: request };
  }
  const greeting = /^(?:hi|hello|hey|hiya|yo|good (?:morning|afternoon|evening)|hallo|hola|bonjour|ciao)\b/.test(reading.t) && reading.words.length <= 5;
  const content = greeting ? GENERAL.content.replace(/^Sorry, I don't have an answer for that\. I'm (\w+), an automated guide/, "Hello! I'm $1, an automated guide") : note + GENERAL.content;
  return { topic: "general", type: "text", content, links: GENERAL.links, quickActions: maiaStarterActions(signedIn).concat(ASK_SOMETHING_ELSE), search: null };
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
