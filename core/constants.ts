/** Business constants of SPEC.md section 9, defined once for the server and the browser. */
import type { AccessLevel } from "./enums";

export const FEATURED_PRACTITIONERS_COUNT = 3;
export const DIRECTORY_SKELETON_CARDS = 6;
export const CARD_SPECIALIZATIONS_SHOWN = 3;
export const STAR_COUNT = 5;
export const RESPONSE_TIME_TEXT = "Within 24hrs";
/** The API's 404 message for a missing practitioner (SPEC.md sections 2 and 7). */
export const PRACTITIONER_NOT_FOUND = "Practitioner not found";
export const MIN_PASSWORD_LENGTH = 8;
export const COPYRIGHT_YEAR = 2024;
/** The name used when a user has no first name (dashboard greeting, e-mails). */
export const FALLBACK_FIRST_NAME = "Friend";

export const BOOKING_DURATIONS = [30, 60, 90] as const;
export type BookingDuration = (typeof BOOKING_DURATIONS)[number];
export const DEFAULT_BOOKING_DURATION = 60;
export const BOOKING_HORIZON_DAYS = 90;
/** The wizard (SPEC.md sections 2, 4 and 9): steps, notes rows, loading placeholders. */
export const BOOKING_WIZARD_STEPS = ["Date & Time", "Details", "Confirm"] as const;
export const BOOKING_NOTES_ROWS = 5;
export const BOOKING_SLOT_PLACEHOLDERS = 8;
/** Longest session note accepted (characters). */
export const BOOKING_NOTES_MAX_LENGTH = 2000;
/** Basic access: sessions per calendar month (SPEC.md section 6). */
export const BASIC_BOOKINGS_PER_MONTH = 1;
/** The reminder e-mail goes out this long before a session starts. */
export const BOOKING_REMINDER_HOURS = 24;

export const TRIAL_DAYS = 7;

/** How many practitioners each access level may view; null means all. */
export const PRACTITIONER_VIEW_LIMIT: Record<AccessLevel, number | null> = {
  preview: 3,
  basic: 10,
  premium: null,
  unlimited: null,
};

export const ACCESS_LEVEL_LABELS: Record<AccessLevel, { name: string; description: string }> = {
  preview: { name: "Preview", description: "Explore platform features" },
  basic: { name: "Basic", description: "Essential features" },
  premium: { name: "Premium", description: "Full platform experience" },
  unlimited: { name: "Unlimited", description: "All features + exclusive benefits" },
};

export interface Plan {
  level: Exclude<AccessLevel, "preview">;
  name: string;
  priceCents: number;
  features: string[];
  mostPopular: boolean;
}

export const PLANS: Plan[] = [
  {
    level: "basic",
    name: "Basic",
    priceCents: 999,
    features: ["View up to 10 practitioners", "1 booking per month", "Messaging", "Read-only garden", "Full profiles"],
    mostPopular: false,
  },
  {
    level: "premium",
    name: "Premium",
    priceCents: 1999,
    features: ["Unlimited viewing and booking", "Full garden", "Content creation", "Priority support", "Advanced matching"],
    mostPopular: true,
  },
  {
    level: "unlimited",
    name: "Unlimited",
    priceCents: 3999,
    features: ["Everything in Premium", "Early access", "1-on-1 support", "Custom recommendations", "Exclusive community", "Lifetime founder benefits"],
    mostPopular: false,
  },
];

export const SURVEY_ADMIN_PAGE_SIZE = 20;
export const ADMIN_LIST_ROWS = 10;
export const GARDEN_PAGE_SIZE = 20;
export const CLIENT_DASHBOARD_UPCOMING = 3;
export const CLIENT_DASHBOARD_HISTORY_ROWS = 5;
/** Favourite cards on the client dashboard (one row on wide screens); the rest are a link away. */
export const CLIENT_DASHBOARD_FAVORITES = 3;
export const PRACTITIONER_DASHBOARD_BOOKINGS = 10;
/**
 * The dashboards show the spec's first few sessions (3 upcoming for a client, 10 in booking
 * management); "Show all" opens the same page with up to this many, so a session past the first
 * few can still be seen, moved and cancelled.
 */
export const DASHBOARD_ALL_SESSIONS_MAX = 100;
/** The dashboards' query flag for that: /dashboard/client?sessions=all. */
export const DASHBOARD_ALL_SESSIONS_PARAM = { name: "sessions", value: "all" } as const;
export const PRACTITIONER_DASHBOARD_REVIEWS = 3;
export const PRACTITIONER_DASHBOARD_CLIENTS = 10;
/** GET /api/bookings answers this many bookings unless asked for fewer or more (up to the max). */
export const BOOKINGS_LIST_DEFAULT_LIMIT = 50;
export const BOOKINGS_LIST_MAX_LIMIT = 100;
export const HIVE_PRICE_RANGE = { min: 0, max: 300 } as const;

/** The Hive's sort options (SPEC.md section 9), in menu order. */
export const HIVE_SORT_OPTIONS = [
  { value: "featured", label: "Featured" },
  { value: "rating", label: "Highest rated" },
  { value: "price-low", label: "Price: low to high" },
  { value: "price-high", label: "Price: high to low" },
  { value: "experience", label: "Most experienced" },
  { value: "newest", label: "Newest" },
  { value: "sessions", label: "Most sessions" },
] as const;
/** Directory sorts: the Hive's, plus relevance (the default when there is a keyword). */
export const DIRECTORY_SORTS = ["relevance", ...HIVE_SORT_OPTIONS.map((o) => o.value)] as const;
/** Cards per directory page; the API accepts up to DIRECTORY_MAX_PAGE_SIZE. */
export const DIRECTORY_PAGE_SIZE = 12;
export const DIRECTORY_MAX_PAGE_SIZE = 48;
/** Longest keyword search accepted (characters) and most words used. */
export const SEARCH_TEXT_MAX_LENGTH = 200;
export const SEARCH_MAX_WORDS = 8;
/**
 * Relevance ranking (bm25) ranks every match of a keyword search that has at most
 * SEARCH_RANK_ALL_MAX matches. Broader searches rank the newest SEARCH_RANKED_MATCHES word
 * matches (and the directory says so); they are still counted in full and can be sorted any
 * other way. Measured in docs/decisions/003-practitioner-search.md.
 */
export const SEARCH_RANK_ALL_MAX = 5000;
export const SEARCH_RANKED_MATCHES = 2000;
export const REVIEW_COMMENT_MAX_LENGTH = 2000;

// Seeds' numbers (rewards, bonus, tier thresholds, the Garden's default reward) live in ./seeds.
