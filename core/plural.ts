/**
 * Counts with nouns by the language's plural rules (Intl.PluralRules), in one place: "1 session",
 * "2 sessions", "1,204 reviews". Every place where a count meets a noun uses this.
 */
export interface NounForms {
  one: string;
  other: string;
}

const rules = new Map<string, Intl.PluralRules>();
const numbers = new Map<string, Intl.NumberFormat>();

function pluralRules(locale: string): Intl.PluralRules {
  let r = rules.get(locale);
  if (!r) rules.set(locale, (r = new Intl.PluralRules(locale)));
  return r;
}

/** The form of `forms` that goes with `count` ("session" for 1, "sessions" for 0 and 2). */
export function pluralForm(count: number, forms: NounForms, locale = "en-US"): string {
  return pluralRules(locale).select(count) === "one" ? forms.one : forms.other;
}

/** The count, formatted for the locale, followed by its noun in the right form. */
export function countNoun(count: number, forms: NounForms, locale = "en-US"): string {
  let n = numbers.get(locale);
  if (!n) numbers.set(locale, (n = new Intl.NumberFormat(locale)));
  return `${n.format(count)} ${pluralForm(count, forms, locale)}`;
}

/** Nouns the site counts, with both forms. */
export const NOUNS = {
  session: { one: "session", other: "sessions" },
  booking: { one: "booking", other: "bookings" },
  review: { one: "review", other: "reviews" },
  star: { one: "star", other: "stars" },
  practitioner: { one: "practitioner", other: "practitioners" },
  field: { one: "field", other: "fields" },
  character: { one: "character", other: "characters" },
  piece: { one: "piece", other: "pieces" },
  hour: { one: "hour", other: "hours" },
  unreadMessage: { one: "unread message", other: "unread messages" },
  // the currency keeps its capital, as the spec writes it ("+50 Seeds")
  seed: { one: "Seed", other: "Seeds" },
} as const satisfies Record<string, NounForms>;
