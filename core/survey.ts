/**
 * The founding-member survey (SPEC.md sections 2, 3, 4, 5, 8 and 9): the request schema shared by
 * the form and POST /api/survey, the bands and labels, the step titles and texts, the admin
 * filters, the statistics formulas and the CSV columns.
 */
import { z } from "zod";
import { GARDEN_INTEREST_LEVELS, IDENTITY_TYPES, OPEN_TO_FREE_SESSION, SESSION_FREQUENCIES, type IdentityType } from "./enums";

export const SURVEY_STEPS = ["Your Foundation", "Your Expertise", "Co-Creating Community", "Your Vision"] as const;
export const SURVEY_STEP_COUNT = SURVEY_STEPS.length;
export const SURVEY_ESTIMATED_TIME = "15-20 minutes";
/** The fixed localStorage key of the survey draft (SPEC.md section 4). */
export const SURVEY_DRAFT_KEY = "pollinate-survey-draft";
export const CONTRIBUTOR_NUMBER_MAX = 150;

/** Progress is (step/4)*100%. */
export function surveyProgress(step: number): number {
  return Math.round((step / SURVEY_STEP_COUNT) * 100);
}

/** A random contributor number from 1 to 150, padded to 3 digits. */
export function contributorNumber(random: () => number = Math.random): string {
  return String(1 + Math.floor(random() * CONTRIBUTOR_NUMBER_MAX)).padStart(3, "0");
}

export const IDENTITY_LABELS: Record<IdentityType, string> = {
  facilitator: "Facilitator/Practitioner",
  client: "Client/Seeker",
  both: "Both",
  neither: "Neither",
  exploring: "Just Exploring",
};

export const SURVEY_BANDS = {
  ageRanges: ["18-24", "25-34", "35-44", "45-54", "55-64", "65+"],
  facilitatorSessionPrice: ["$25-50", "$51-75", "$76-100", "$101-150", "$151-200", "$200+"],
  clientComfortablePrice: ["$25-50", "$51-75", "$76-100", "$101-150", "$151+"],
  clientMaxPrice: ["$25-50", "$51-75", "$76-100", "$101-150", "$151+", "$151-200", "$200+"],
  clientTrialPrice: ["Free", "$10-25", "$26-40", "$41-60", "$61-80"],
  gardenMonthlyPrice: ["free", "$5-10", "$11-20", "$21-30", "$31-50", "$50+"],
} as const;

export const CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD", "NZD", "MXN", "INR", "BRL", "ZAR", "JPY", "Other"] as const;

export const OPEN_TO_FREE_SESSION_LABELS: Record<(typeof OPEN_TO_FREE_SESSION)[number], string> = { yes: "Yes", no: "No", maybe: "Maybe" };
export const SESSION_FREQUENCY_LABELS: Record<(typeof SESSION_FREQUENCIES)[number], string> = {
  weekly: "Weekly",
  "2-3_monthly": "2-3 times a month",
  monthly: "Monthly",
  occasionally: "Occasionally",
  rarely: "Rarely",
};
export const GARDEN_INTEREST_LABELS: Record<(typeof GARDEN_INTEREST_LEVELS)[number], string> = {
  very_interested: "Very interested",
  maybe: "Maybe",
  not_for_me: "Not for me",
};

/** Choices of the list questions: stored value → label. */
export const CONTRIBUTION_INTERESTS = {
  hosting_workshops: "Hosting workshops",
  mentoring_facilitators: "Mentoring new facilitators",
  garden_content: "Sharing Garden content",
  community_circles: "Leading community circles",
  beta_testing: "Testing new features",
} as const;
export const RECIPROCITY_PREFERENCES = {
  sliding_scale: "Sliding-scale pricing",
  skill_exchange: "Skill exchange",
  seeds_credits: "Seeds credits",
  pay_it_forward: "Pay it forward",
} as const;
export const BOOKING_ENCOURAGEMENTS = {
  free_intro_session: "A free intro session",
  verified_credentials: "Verified credentials",
  client_reviews: "Client reviews",
  flexible_scheduling: "Flexible scheduling",
  sliding_scale_pricing: "Sliding-scale pricing",
} as const;
export const TRUST_FACTORS = {
  verified_credentials: "Verified credentials",
  client_reviews: "Client reviews",
  intro_call: "An intro call",
  clear_pricing: "Clear pricing",
  years_of_experience: "Years of experience",
  personal_recommendation: "A personal recommendation",
} as const;

export const SURVEY_LIMITS = { shortText: 100, longText: 2000, listItems: 10 } as const;

/** A readable label for any stored list value: the known label, else the value with spaces. */
const CHOICE_LABELS: Record<string, string> = { ...CONTRIBUTION_INTERESTS, ...RECIPROCITY_PREFERENCES, ...BOOKING_ENCOURAGEMENTS, ...TRUST_FACTORS };

export function choiceLabel(value: string): string {
  return CHOICE_LABELS[value] ?? value.replace(/_/g, " ");
}

// Lone surrogates cannot be stored as UTF-8 text and would come back as U+FFFD: refuse them.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function optionalText(max: number) {
  return z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !LONE_SURROGATE.test(v), "contains characters that are not valid text")
    .transform((v) => v.trim() || null)
    .nullish()
    .transform((v) => v ?? null);
}

function optionalChoice<T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.enum(values), z.literal("")])
    .nullish()
    .transform((v) => (v ? v : null));
}

function choiceList<T extends Record<string, string>>(choices: T) {
  const keys = Object.keys(choices) as [string, ...string[]];
  return z
    .array(z.enum(keys))
    .max(SURVEY_LIMITS.listItems)
    .nullish()
    .transform((v) => [...new Set(v ?? [])]);
}

export const surveyInputSchema = z.object({
  identityType: z.enum(IDENTITY_TYPES, { error: "Please tell us how you see yourself (identity type is required)" }),
  ageRange: optionalChoice(SURVEY_BANDS.ageRanges),
  countryOfResidence: optionalText(SURVEY_LIMITS.shortText),
  currency: optionalText(SURVEY_LIMITS.shortText),
  facilitatorSessionPrice: optionalChoice(SURVEY_BANDS.facilitatorSessionPrice),
  openToFreeSession: optionalChoice(OPEN_TO_FREE_SESSION),
  contributionInterests: choiceList(CONTRIBUTION_INTERESTS),
  reciprocityPreferences: choiceList(RECIPROCITY_PREFERENCES),
  reciprocityOther: optionalText(SURVEY_LIMITS.longText),
  clientComfortablePrice: optionalChoice(SURVEY_BANDS.clientComfortablePrice),
  clientMaxPrice: optionalChoice(SURVEY_BANDS.clientMaxPrice),
  clientTrialPrice: optionalChoice(SURVEY_BANDS.clientTrialPrice),
  sessionFrequency: optionalChoice(SESSION_FREQUENCIES),
  bookingEncouragements: choiceList(BOOKING_ENCOURAGEMENTS),
  trustFactors: choiceList(TRUST_FACTORS),
  trustFactorsOther: optionalText(SURVEY_LIMITS.longText),
  gardenInterestLevel: optionalChoice(GARDEN_INTEREST_LEVELS),
  gardenContentIdeas: optionalText(SURVEY_LIMITS.longText),
  gardenMonthlyPrice: optionalChoice(SURVEY_BANDS.gardenMonthlyPrice),
  finalThoughts: optionalText(SURVEY_LIMITS.longText),
});

export type SurveyInput = z.input<typeof surveyInputSchema>;
export type SurveyValues = z.output<typeof surveyInputSchema>;

/** What the form holds: every field as the inputs have it (text, or a list of values). */
export interface SurveyDraft {
  identityType: IdentityType | "";
  ageRange: string;
  countryOfResidence: string;
  currency: string;
  facilitatorSessionPrice: string;
  openToFreeSession: string;
  contributionInterests: string[];
  reciprocityPreferences: string[];
  reciprocityOther: string;
  clientComfortablePrice: string;
  clientMaxPrice: string;
  clientTrialPrice: string;
  sessionFrequency: string;
  bookingEncouragements: string[];
  trustFactors: string[];
  trustFactorsOther: string;
  gardenInterestLevel: string;
  gardenContentIdeas: string;
  gardenMonthlyPrice: string;
  finalThoughts: string;
}

export const EMPTY_SURVEY_DRAFT: SurveyDraft = {
  identityType: "",
  ageRange: "",
  countryOfResidence: "",
  currency: "",
  facilitatorSessionPrice: "",
  openToFreeSession: "",
  contributionInterests: [],
  reciprocityPreferences: [],
  reciprocityOther: "",
  clientComfortablePrice: "",
  clientMaxPrice: "",
  clientTrialPrice: "",
  sessionFrequency: "",
  bookingEncouragements: [],
  trustFactors: [],
  trustFactorsOther: "",
  gardenInterestLevel: "",
  gardenContentIdeas: "",
  gardenMonthlyPrice: "",
  finalThoughts: "",
};

const draftText = z.string().max(SURVEY_LIMITS.longText).catch("");
const draftList = z.array(z.string().max(SURVEY_LIMITS.shortText)).max(SURVEY_LIMITS.listItems).catch([]);

/** The shape of a stored draft: unknown or broken fields fall back to empty, a non-object fails. */
export const surveyDraftSchema = z.object({
  identityType: z.union([z.enum(IDENTITY_TYPES), z.literal("")]).catch(""),
  ageRange: draftText,
  countryOfResidence: draftText,
  currency: draftText,
  facilitatorSessionPrice: draftText,
  openToFreeSession: draftText,
  contributionInterests: draftList,
  reciprocityPreferences: draftList,
  reciprocityOther: draftText,
  clientComfortablePrice: draftText,
  clientMaxPrice: draftText,
  clientTrialPrice: draftText,
  sessionFrequency: draftText,
  bookingEncouragements: draftList,
  trustFactors: draftList,
  trustFactorsOther: draftText,
  gardenInterestLevel: draftText,
  gardenContentIdeas: draftText,
  gardenMonthlyPrice: draftText,
  finalThoughts: draftText,
}) satisfies z.ZodType<SurveyDraft>;

export const showsFacilitatorQuestions = (identity: string) => identity === "facilitator" || identity === "both";
export const showsClientQuestions = (identity: string) => identity === "client" || identity === "both";

/** The request body the form sends: role-specific answers only for the roles that see them. */
export function draftToInput(draft: SurveyDraft): SurveyInput {
  const facilitator = showsFacilitatorQuestions(draft.identityType);
  const client = showsClientQuestions(draft.identityType);
  const f = <T,>(value: T, empty: T) => (facilitator ? value : empty);
  const cl = <T,>(value: T, empty: T) => (client ? value : empty);
  return {
    ...draft,
    identityType: draft.identityType as IdentityType,
    facilitatorSessionPrice: f(draft.facilitatorSessionPrice, ""),
    openToFreeSession: f(draft.openToFreeSession, ""),
    contributionInterests: f(draft.contributionInterests, []),
    reciprocityPreferences: f(draft.reciprocityPreferences, []),
    reciprocityOther: f(draft.reciprocityOther, ""),
    clientComfortablePrice: cl(draft.clientComfortablePrice, ""),
    clientMaxPrice: cl(draft.clientMaxPrice, ""),
    clientTrialPrice: cl(draft.clientTrialPrice, ""),
    sessionFrequency: cl(draft.sessionFrequency, ""),
    bookingEncouragements: cl(draft.bookingEncouragements, []),
    trustFactors: cl(draft.trustFactors, []),
    trustFactorsOther: cl(draft.trustFactorsOther, ""),
  } as SurveyInput;
}

/** A stored response as the API returns it (dates as ISO text). */
export interface ApiSurveyResponse extends SurveyValues {
  id: string;
  userId: string | null;
  createdAt: string;
}

/** POST /api/survey's answer. */
export interface SurveySubmitResponse {
  id: string;
  /** True when a signed-in user's earlier response was replaced. */
  updated: boolean;
  message: string;
}

export interface SurveyStatistics {
  total: number;
  facilitators: number;
  clients: number;
  exploring: number;
}

/** GET /api/survey/responses: the spec's {total, data} plus the page and the statistics of the filtered set. */
export interface SurveyListResponse {
  total: number;
  data: ApiSurveyResponse[];
  page: number;
  pageSize: number;
  statistics: SurveyStatistics;
}

/** Facilitators = facilitator or both; clients = client or both; exploring = exploring or neither. */
export function statisticsOf(counts: Partial<Record<IdentityType, number>>): SurveyStatistics {
  const n = (k: IdentityType) => counts[k] ?? 0;
  return {
    total: IDENTITY_TYPES.reduce((sum, k) => sum + n(k), 0),
    facilitators: n("facilitator") + n("both"),
    clients: n("client") + n("both"),
    exploring: n("exploring") + n("neither"),
  };
}

const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2025-03-14")
  // Date.parse rolls 2025-02-31 over to March 3: a real date reads back the same
  .refine((v) => { const t = Date.parse(`${v}T00:00:00Z`); return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v; }, "must be a real date")
  .optional()
  .or(z.literal("").transform(() => undefined));

/** Filters of the admin survey view and of its export (SPEC.md sections 2 and 5). */
export const surveyFiltersSchema = z.object({
  identityType: z
    .union([z.enum(IDENTITY_TYPES), z.literal("all"), z.literal("")])
    .optional()
    .transform((v) => (v && v !== "all" ? v : undefined)),
  country: z.string().max(SURVEY_LIMITS.shortText).refine((v) => !LONE_SURROGATE.test(v), "contains characters that are not valid text").optional().transform((v) => v?.trim() || undefined),
  from: dateParam,
  to: dateParam,
  search: z.string().max(SURVEY_LIMITS.shortText).refine((v) => !LONE_SURROGATE.test(v), "contains characters that are not valid text").optional().transform((v) => v?.trim() || undefined),
});
export type SurveyFilters = Partial<z.output<typeof surveyFiltersSchema>>;

export const surveyListQuerySchema = surveyFiltersSchema.extend({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

/** The query string of a set of filters (the export link and the list call share it). */
export function surveyFiltersQuery(filters: Partial<Record<keyof SurveyFilters | "page", string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== "" && value !== "all") params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export const SURVEY_TEXTS = {
  submitSuccessTitle: "Survey submitted!",
  submitSuccessBody: "Thank you for your valuable feedback.",
  submitFailureTitle: "Submission failed",
  submitFailureFallback: "Please try again later.",
  updatedNote: "You had already answered the survey: your earlier answers have been replaced with these.",
  processing: "Processing...",
  signedInNote: "Your answers are linked to your founding member profile.",
  anonymousNote: "Your answers are confidentially recorded.",
  identityRequired: "Please choose how you see yourself before continuing.",
  loadFailure: "Failed to load survey responses. You may not have admin privileges or there was a server error.",
  simpleLoadFailure: "Failed to load survey responses. Please try again.",
  noMatches: "No survey responses found matching your filters.",
  empty: "No survey responses yet.",
  loading: "Loading survey responses...",
  exportSuccessTitle: "Export successful",
  exportSuccessBody: (n: number) => `Downloaded ${n} survey responses as CSV.`,
  exportEmptyTitle: "No data to export",
  exportEmptyBody: "No survey responses match your current filters.",
  notSpecified: "Not specified",
} as const;

/** Survey admin CSV columns (SPEC.md section 9). */
export const ADMIN_CSV_COLUMNS = [
  "Submission Date",
  "Identity Type",
  "Age Range",
  "Country",
  "Currency",
  "Facilitator Price",
  "Open to Free Session",
  "Client Comfortable Price",
  "Client Max Price",
  "Session Frequency",
  "Garden Interest",
  "Is Authenticated",
  // the list and free-text answers, joined readably, so that the export holds every answer
  "Contribution Interests",
  "Reciprocity Preferences",
  "Reciprocity Other",
  "Client Trial Price",
  "Booking Encouragements",
  "Trust Factors",
  "Trust Factors Other",
  "Garden Content Ideas",
  "Garden Monthly Price",
  "Final Thoughts",
] as const;

/** Simple admin CSV columns (SPEC.md section 9). */
export const SIMPLE_CSV_COLUMNS = [
  "Date",
  "Identity Type",
  "Age Range",
  "Country",
  "Currency",
  "Facilitator Price",
  "Client Comfortable Price",
  "Session Frequency",
  "Garden Interest",
  "Final Thoughts",
] as const;

const joinList = (values: string[]) => values.map(choiceLabel).join("; ");

type CsvColumn = (typeof ADMIN_CSV_COLUMNS)[number] | (typeof SIMPLE_CSV_COLUMNS)[number];

/** Each CSV column's cell, once for both exports (the type checks that every column has one). */
const CSV_CELLS: Record<CsvColumn, (r: ApiSurveyResponse) => string> = {
  "Submission Date": (r) => r.createdAt.slice(0, 10),
  Date: (r) => r.createdAt.slice(0, 10),
  "Identity Type": (r) => IDENTITY_LABELS[r.identityType],
  "Age Range": (r) => r.ageRange ?? "",
  Country: (r) => r.countryOfResidence ?? "",
  Currency: (r) => r.currency ?? "",
  "Facilitator Price": (r) => r.facilitatorSessionPrice ?? "",
  "Open to Free Session": (r) => r.openToFreeSession ?? "",
  "Client Comfortable Price": (r) => r.clientComfortablePrice ?? "",
  "Client Max Price": (r) => r.clientMaxPrice ?? "",
  "Session Frequency": (r) => (r.sessionFrequency ? SESSION_FREQUENCY_LABELS[r.sessionFrequency] : ""),
  "Garden Interest": (r) => (r.gardenInterestLevel ? GARDEN_INTEREST_LABELS[r.gardenInterestLevel] : ""),
  "Is Authenticated": (r) => (r.userId ? "Yes" : "No"),
  "Contribution Interests": (r) => joinList(r.contributionInterests),
  "Reciprocity Preferences": (r) => joinList(r.reciprocityPreferences),
  "Reciprocity Other": (r) => r.reciprocityOther ?? "",
  "Client Trial Price": (r) => r.clientTrialPrice ?? "",
  "Booking Encouragements": (r) => joinList(r.bookingEncouragements),
  "Trust Factors": (r) => joinList(r.trustFactors),
  "Trust Factors Other": (r) => r.trustFactorsOther ?? "",
  "Garden Content Ideas": (r) => r.gardenContentIdeas ?? "",
  "Garden Monthly Price": (r) => r.gardenMonthlyPrice ?? "",
  "Final Thoughts": (r) => r.finalThoughts ?? "",
};

/** One admin CSV row (same order as ADMIN_CSV_COLUMNS). */
export function adminCsvRow(r: ApiSurveyResponse): string[] {
  return ADMIN_CSV_COLUMNS.map((column) => CSV_CELLS[column](r));
}

/** One simple admin CSV row (same order as SIMPLE_CSV_COLUMNS). */
export function simpleCsvRow(r: ApiSurveyResponse): string[] {
  return SIMPLE_CSV_COLUMNS.map((column) => CSV_CELLS[column](r));
}

/**
 * Cells starting like a formula are prefixed with ' (ARCHITECTURE.md, CSV): = + - @ tab CR LF,
 * also after whitespace or quote marks (`"=…"`, `'=…`: some importers drop them) and in their
 * full-width forms (＝ ＋ － ＠), which East Asian versions of spreadsheets read as the same.
 */
export const CSV_FORMULA_PATTERN = /^[\s"'\u2018\u2019\u201c\u201d]*[=+\-@\t\r\n\uff1d\uff0b\uff0d\uff20]/;

/** survey-responses-{YYYY-MM-DD}.csv */
export function surveyCsvFileName(now: Date, prefix = "survey-responses"): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
}
