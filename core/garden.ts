/**
 * The Community Garden (SPEC.md sections 2, 3, 5, 7, 8 and 9): request schemas, API shapes,
 * the spec's texts, categories and limits, shared by the server and the browser.
 */
import { z } from "zod";
import { CONTENT_TYPES, type Archetype, type ContentType } from "./enums";
import { GARDEN_PAGE_SIZE } from "./constants";
import { countNoun, NOUNS } from "./plural";
import { COMMON_TEXTS } from "./common-texts";

export { GARDEN_PAGE_SIZE };

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

export const GARDEN_LIMITS = {
  titleMax: 120,
  descriptionMax: 500,
  contentMax: 20_000,
  tagsMax: 10,
  tagMax: 30,
  queryMax: 200,
  /** The list's largest page (the screen asks for GARDEN_PAGE_SIZE). */
  pageSizeMax: 50,
  offsetMax: 1_000_000,
  /** Uploads per user per rolling hour. */
  uploadsPerHour: 10,
  /** What visitors and preview accounts see of a piece's text. */
  excerptLength: 240,
  /**
   * A keyword search counts its matches up to the next multiple of this past the page asked for
   * (1,000 for pages 1-50) and shows '1,000+ pieces' when there are more; lists without a keyword
   * always show exact totals (docs/performance.md).
   */
  keywordCountStep: 1_000,
} as const;

// ---------------------------------------------------------------------------------------------
// Texts (SPEC.md section 8)
// ---------------------------------------------------------------------------------------------

export const GARDEN_TEXTS = {
  empty: "No content found. Be the first to share!",
  /** A page number past the last page (an old or edited link): the list is not empty, this page is. */
  pastTheEnd: (page: number) => `There is nothing on page ${page}.`,
  backToFirstPage: "Go to page 1",
  signInToLike: "Please sign in to like content",
  signInRequired: COMMON_TEXTS.signInRequired,
  liked: "Content liked!",
  unliked: "Like removed",
  shared: "Content shared!",
  uploadFailed: "Upload failed",
  uploadFailedFallback: "Failed to upload content",
  copied: COMMON_TEXTS.copied,
  copyFailed: COMMON_TEXTS.copyFailed,
  copyManually: COMMON_TEXTS.copyManually,
  upgradeToShare: "Sharing to the Garden needs Premium access",
  pendingBadge: "Pending review",
  verifiedBadge: "Verified",
  notFound: "Content not found",
  rateLimited: "You're sharing quickly. Please wait a little before sharing again.",
  /** 422 (draft-ietf-httpapi-idempotency-key-header): the key was reused with a different request payload. */
  idempotencyKeyReused:
    "This Idempotency-Key was already used with a different request payload, to share other content. Send new content with a new key (in the browser: reload the page and share again).",
  onlyPendingReviewable: "Only content that is waiting for review can be approved or rejected",
  /** The share form's tag limits, said to a person (the form's hint gives the same limits). */
  tagTooLong: `Each tag can be at most ${GARDEN_LIMITS.tagMax} characters.`,
  tooManyTags: `Add at most ${GARDEN_LIMITS.tagsMax} tags.`,
  tagOneLine: "Each tag must be on one line.",
  tagsNotList: "Tags must be a list of text.",
  approved: "Content approved",
  rejected: "Content rejected",
} as const;

/** 'You earned {25 or 50} Seeds for sharing to the Garden.' */
export function sharedRewardText(seeds: number): string {
  return `You earned ${seeds} Seeds for sharing to the Garden.`;
}

// ---------------------------------------------------------------------------------------------
// Categories and content types
// ---------------------------------------------------------------------------------------------

/**
 * The categories shown (SPEC.md section 1). The data model has no category column: each is a
 * rule over the content type and tags (docs/decisions/015-garden-access.md).
 */
export const GARDEN_CATEGORIES = [
  { key: "insights", label: "Insights", rule: "Articles (except success stories)" },
  { key: "resources", label: "Resources", rule: "Videos and audio" },
  { key: "success-stories", label: "Success Stories", rule: "Tagged 'success story'" },
  { key: "practical-tools", label: "Practical Tools", rule: "Exercises" },
  { key: "meditations", label: "Meditations", rule: "Meditations" },
] as const;

export type GardenCategory = (typeof GARDEN_CATEGORIES)[number]["key"];
export const GARDEN_CATEGORY_KEYS = GARDEN_CATEGORIES.map((c) => c.key) as [GardenCategory, ...GardenCategory[]];

/** Tags that make a piece a success story (compared lower-cased). */
export const SUCCESS_STORY_TAGS = ["success story", "success stories", "success-story"] as const;

/** The category of a piece, by the rules above. */
export function categoryOf(item: { contentType: ContentType; tags: readonly string[] }): GardenCategory {
  if (item.tags.some((t) => (SUCCESS_STORY_TAGS as readonly string[]).includes(t.toLowerCase()))) return "success-stories";
  switch (item.contentType) {
    case "meditation":
      return "meditations";
    case "exercise":
      return "practical-tools";
    case "video":
    case "audio":
      return "resources";
    default:
      return "insights";
  }
}

export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  article: "Article",
  video: "Video",
  audio: "Audio",
  exercise: "Exercise",
  meditation: "Meditation",
};

/** Seed icon tiers of a card (SPEC.md section 9): 3 seeds at 40+, 2 at 25+, else 1. */
export function seedIconCount(seedsReward: number): 1 | 2 | 3 {
  if (seedsReward >= 40) return 3;
  if (seedsReward >= 25) return 2;
  return 1;
}

/** The text of a piece as paragraphs (blank lines or single line breaks separate them). */
export function contentParagraphs(text: string | null): string[] {
  return (text ?? "")
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}


/** How many keyword matches a list counts at most for the page at `offset` (a multiple of keywordCountStep). */
export function keywordCountWindow(offset: number, limit: number): number {
  return GARDEN_LIMITS.keywordCountStep * Math.max(1, Math.ceil((offset + limit) / GARDEN_LIMITS.keywordCountStep));
}

/** '1 piece', '12 pieces', or '1,000+ pieces' when the count stopped there (a keyword search). */
export function gardenTotalText(total: number, exact: boolean): string {
  return exact ? countNoun(total, NOUNS.piece) : `${total.toLocaleString("en-US")}+ ${NOUNS.piece.other}`;
}

/** 'Page 2 of 7', or 'Page 2 of 50+' when the count stopped (there are more pages). */
export function gardenPageText(page: number, total: number, exact: boolean): string {
  return `Page ${page} of ${gardenPageCount(total)}${exact ? "" : "+"}`;
}

/** The number of pages of GARDEN_PAGE_SIZE for a total. */
export function gardenPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / GARDEN_PAGE_SIZE));
}

// ---------------------------------------------------------------------------------------------
// Well-formed text
// ---------------------------------------------------------------------------------------------

// A lone surrogate cannot be stored as UTF-8 without turning into U+FFFD: refuse it instead.
// (core/text.ts on the auth branch will offer `wellFormedText`; this is the local equivalent.)
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// C0 controls other than tab, line feed and carriage return, and DEL.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** True for text without lone surrogates or control characters (tab and line breaks allowed). */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value) && !CONTROL.test(value);
}

const NOT_WELL_FORMED = "Contains characters that cannot be stored (invalid Unicode or control characters)";

/** Trimmed text of at most `max` characters that is well formed. */
function text(field: string, max: number, tooLong = `${field} must be at most ${max} characters`) {
  return z
    .string({ error: `${field} must be text` })
    .refine(isWellFormedText, NOT_WELL_FORMED)
    .transform((s) => s.trim())
    .pipe(z.string().max(max, tooLong));
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** Tags trimmed, empty ones dropped, repeats (case-insensitive) removed, bounded in count and length. */
export const gardenTagsSchema = z
  .array(text("tag", GARDEN_LIMITS.tagMax, GARDEN_TEXTS.tagTooLong).refine((t) => !/[\r\n]/.test(t), GARDEN_TEXTS.tagOneLine), { error: GARDEN_TEXTS.tagsNotList })
  .max(GARDEN_LIMITS.tagsMax * 3, GARDEN_TEXTS.tooManyTags)
  .transform((tags) => {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const tag of tags) {
      const key = tag.toLowerCase();
      if (!tag || seen.has(key)) continue;
      seen.add(key);
      out.push(tag);
    }
    return out;
  })
  .pipe(z.array(z.string()).max(GARDEN_LIMITS.tagsMax, GARDEN_TEXTS.tooManyTags));

/** POST /api/garden/content */
export const gardenContentInput = z.object({
  title: text("title", GARDEN_LIMITS.titleMax)
    .refine((t) => !/[\r\n]/.test(t), "title must be on one line")
    .pipe(z.string().min(1, "title is required")),
  description: text("description", GARDEN_LIMITS.descriptionMax).nullish().transform((d) => d || null),
  content: text("content", GARDEN_LIMITS.contentMax).pipe(z.string().min(1, "content is required")),
  contentType: z.enum(CONTENT_TYPES, { error: `contentType must be one of ${CONTENT_TYPES.join(", ")}` }),
  tags: gardenTagsSchema.optional().default([]),
});
export type GardenContentInput = z.output<typeof gardenContentInput>;

/** Splits the share dialog's comma-separated tags (SPEC.md section 5): trimmed, empties dropped. */
export function parseTagsText(value: string): string[] {
  const seen = new Set<string>();
  return value
    .split(",")
    .map((t) => t.trim())
    .filter((t) => {
      if (!t || seen.has(t.toLowerCase())) return false;
      seen.add(t.toLowerCase());
      return true;
    });
}

/** GET /api/garden/content query */
export const gardenListQuery = z.object({
  limit: z.coerce.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be at least 1").max(GARDEN_LIMITS.pageSizeMax, `limit must be at most ${GARDEN_LIMITS.pageSizeMax}`).default(GARDEN_PAGE_SIZE),
  offset: z.coerce.number({ error: "offset must be a number" }).int("offset must be a whole number").min(0, "offset must be 0 or more").max(GARDEN_LIMITS.offsetMax, "offset is too large").default(0),
  contentType: z.enum(CONTENT_TYPES, { error: `contentType must be one of ${CONTENT_TYPES.join(", ")}` }).optional(),
  category: z.enum(GARDEN_CATEGORY_KEYS, { error: `category must be one of ${GARDEN_CATEGORY_KEYS.join(", ")}` }).optional(),
  q: z
    .string()
    .refine(isWellFormedText, NOT_WELL_FORMED)
    .transform((s) => s.trim())
    .pipe(z.string().max(GARDEN_LIMITS.queryMax, `q must be at most ${GARDEN_LIMITS.queryMax} characters`))
    .optional(),
});
export type GardenListQuery = z.output<typeof gardenListQuery>;

/**
 * POST /api/garden/interaction: views (a card opened) and downloads (a piece's file saved) are
 * recorded through it, each counted once per person and day; likes have their own call.
 */
export const GARDEN_COUNTED_INTERACTIONS = ["view", "download"] as const;
export const gardenInteractionInput = z.object({
  contentId: z.string({ error: "contentId is required" }).min(1, "contentId is required").max(100, "contentId is too long"),
  interactionType: z.enum(GARDEN_COUNTED_INTERACTIONS, { error: "interactionType must be 'view' or 'download'" }),
});

/** GET /api/garden/content/{id}/media: `?download=1` answers the file as an attachment. */
export const gardenMediaQuery = z.object({ download: z.enum(["0", "1"], { error: "download must be 0 or 1" }).optional() });

/**
 * POST /api/garden/content/{id}/like: no body toggles (SPEC.md section 7); `{"liked": true|false}`
 * sets the state, so a repeated request (a double click, a retry) changes nothing.
 */
export const gardenLikeInput = z.object({ liked: z.boolean({ error: "liked must be true or false" }).optional() });

/** The optional Idempotency-Key header of an upload: a retry with the same key shares once. */
export const idempotencyKeyHeader = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, "Idempotency-Key must be 8 to 100 letters, digits, '-' or '_'")
  .optional();

// ---------------------------------------------------------------------------------------------
// The Garden page's URL (page, search, type and category live in it)
// ---------------------------------------------------------------------------------------------

export interface GardenFilters {
  q: string;
  contentType: ContentType | null;
  category: GardenCategory | null;
  page: number;
}

export const EMPTY_GARDEN_FILTERS: GardenFilters = { q: "", contentType: null, category: null, page: 1 };

/** Reads the page's URL leniently: anything unknown falls back to the default. */
export function parseGardenParams(params: URLSearchParams): GardenFilters {
  const q = (params.get("q") ?? "").trim().slice(0, GARDEN_LIMITS.queryMax);
  const type = params.get("type");
  const category = params.get("category");
  const page = Number(params.get("page"));
  return {
    q: isWellFormedText(q) ? q : "",
    contentType: (CONTENT_TYPES as readonly string[]).includes(type ?? "") ? (type as ContentType) : null,
    category: (GARDEN_CATEGORY_KEYS as readonly string[]).includes(category ?? "") ? (category as GardenCategory) : null,
    page: Number.isInteger(page) && page >= 1 && page <= GARDEN_LIMITS.offsetMax / GARDEN_PAGE_SIZE ? page : 1,
  };
}

/** The page's query string for these filters (without '?'; empty for the defaults). */
export function gardenSearchString(filters: GardenFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.contentType) params.set("type", filters.contentType);
  if (filters.category) params.set("category", filters.category);
  if (filters.page > 1) params.set("page", String(filters.page));
  return params.toString();
}

/** The API's query string for these filters (SPEC.md section 7: limit, offset, contentType). */
export function gardenApiSearch(filters: GardenFilters): string {
  const params = new URLSearchParams({ limit: String(GARDEN_PAGE_SIZE), offset: String((filters.page - 1) * GARDEN_PAGE_SIZE) });
  if (filters.contentType) params.set("contentType", filters.contentType);
  if (filters.category) params.set("category", filters.category);
  if (filters.q) params.set("q", filters.q);
  return params.toString();
}

// ---------------------------------------------------------------------------------------------
// API shapes
// ---------------------------------------------------------------------------------------------

/** Garden content as the Garden page reads it (SPEC.md section 3), plus what the viewer needs. */
export interface ApiGardenContent {
  id: string;
  title: string;
  description: string | null;
  /** The whole text, or an excerpt for viewers without Garden access (see contentLocked). */
  content: string | null;
  contentLocked: boolean;
  contentType: ContentType;
  category: GardenCategory;
  tags: string[];
  seedsReward: number;
  likeCount: number;
  viewCount: number;
  downloadCount: number;
  /** Whether the piece carries a file (fileUrl): without one there is nothing to download or play. */
  hasMedia: boolean;
  /** The file to play and download, for a viewer who may read the piece (null otherwise, or without one). */
  media: ApiGardenMedia | null;
  isFeatured: boolean;
  /** 'approved' shows the Verified badge; 'pending' is only ever shown to its author. */
  status: string;
  createdAt: string;
  /** First name and last initial: authors are members, not public figures. */
  author: { firstName: string | null; lastName: string | null };
  practitioner: { archetype: Archetype } | null;
  authorArchetype: Archetype | null;
  /** Whether the viewer liked it (false for visitors). */
  likedByMe: boolean;
  /** Whether the viewer wrote it. */
  isMine: boolean;
}

/** GET /api/garden/content: "an object with a content list" (SPEC.md section 7). */
export interface GardenListResponse {
  content: ApiGardenContent[];
  /** The viewer's matching pieces; with totalExact false, at least this many (the count stopped there). */
  total: number;
  /** False when a keyword search has more matches than it counted (keywordCountWindow). */
  totalExact: boolean;
  limit: number;
  offset: number;
}

/** POST /api/garden/content */
export interface GardenShareResponse {
  content: ApiGardenContent;
  seedsEarned: number;
  seedsBalance: number;
  message: string;
  description: string;
}

/** POST /api/garden/content/{id}/like */
export interface GardenLikeResponse {
  contentId: string;
  liked: boolean;
  likeCount: number;
  message: string;
}

/** POST /api/garden/interaction */
export interface GardenViewResponse {
  contentId: string;
  counted: boolean;
  viewCount: number;
  downloadCount: number;
}

/** A piece's recording or video: played with the browser's own controls. */
export interface ApiGardenMedia {
  url: string;
  fileName: string;
  fileSize: number;
}

/** The address of a piece's file (GET, gated as the piece's text is). */
export const gardenMediaPath = (contentId: string) => `/api/garden/content/${encodeURIComponent(contentId)}/media`;

/** The admin review queue's row (SPEC.md section 3 "Admin garden row", plus id and date). */
export interface ApiGardenReviewItem {
  id: string;
  title: string;
  description: string | null;
  content: string | null;
  authorName: string;
  authorEmail: string;
  contentType: ContentType;
  tags: string[];
  status: string;
  viewCount: number;
  likeCount: number;
  seedsReward: number;
  createdAt: string;
}

/** POST /api/garden/content/{id}/approve|reject */
export interface GardenReviewResponse {
  id: string;
  status: string;
  message: string;
  /** Seeds taken back from the author (a rejection reverses the upload reward). */
  seedsReversed: number;
}
