/** Dates and times in the viewer's own zone (the browser's), for the wizard and the dashboards. */
import { canonicalTimeZone, timeZoneDisplayName } from "../../../core/time-zones";

/**
 * The browser's IANA zone ("Europe/Berlin"), by today's name (Chromium says "Asia/Calcutta" for
 * Asia/Kolkata), or UTC when it cannot say.
 */
export function viewerTimeZone(): string {
  try {
    return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
  } catch {
    return "UTC";
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per locale, options and zone, made once: making one costs far more than formatting
 * with it (`toLocaleDateString` with options makes a new one on every call), and a dashboard formats
 * every booking row as it hydrates. Only for explicit zones, which never change.
 */
function formatterIn(locale: string, options: Intl.DateTimeFormatOptions & { timeZone: string }): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "yyyy-MM-dd" of an instant in a zone. */
export function dateInZone(instant: Date, timeZone: string): string {
  return formatterIn("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

/** "yyyy-MM-dd" of a calendar day (a local Date at midnight, as the date picker gives it). */
export function localDateText(day: Date): string {
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
}

/** The local Date (midnight) of "yyyy-MM-dd". */
export function parseLocalDate(text: string): Date {
  const [y, m, d] = text.split("-").map(Number);
  return new Date(y, m - 1, d);
}

const plain = (s: string) => s.replace(/\u202f/g, " ");

/** "9:30 AM" of an instant in a zone. */
export function formatTimeIn(iso: string, timeZone: string): string {
  return plain(formatterIn("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(new Date(iso)));
}

/** "Tuesday, June 3, 2026" of a "yyyy-MM-dd" date. */
export function formatLongDate(date: string): string {
  return parseLocalDate(date).toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric" });
}

/** "9:30 PM EST" (or "9:30 PM GMT+1", "9:30 PM UTC"): an instant's time in a zone, with the zone's short name then. */
export function formatZonedTimeIn(iso: string, timeZone: string): string {
  return plain(formatterIn("en-US", { hour: "numeric", minute: "2-digit", timeZoneName: "short", timeZone }).format(new Date(iso)));
}

/** "November 2026": an instant's calendar month in a zone. */
export function formatMonthIn(iso: string, timeZone: string): string {
  return formatterIn("en-US", { month: "long", year: "numeric", timeZone }).format(new Date(iso));
}

/** "Jun 3, 2026" of an instant in a zone. */
export function formatDateIn(iso: string, timeZone: string): string {
  return formatterIn("en-US", { month: "short", day: "numeric", year: "numeric", timeZone }).format(new Date(iso));
}

/** "Tue, Jun 3, 2026" of an instant in a zone. */
export function formatWeekdayDateIn(iso: string, timeZone: string): string {
  return formatterIn("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone }).format(new Date(iso));
}

/** "GMT+2": a zone's offset at an instant. */
export function formatOffsetIn(iso: string | Date, timeZone: string): string {
  return formatterIn("en-US", { timeZone, timeZoneName: "shortOffset" }).formatToParts(new Date(iso)).find((p) => p.type === "timeZoneName")?.value ?? "";
}

/** "Europe/Berlin (GMT+2)": the zone by today's name, with its offset at that instant. */
export function zoneLabel(timeZone: string, at: Date = new Date()): string {
  const offset = formatOffsetIn(at, timeZone);
  return offset ? `${timeZoneDisplayName(timeZone)} (${offset})` : timeZoneDisplayName(timeZone);
}

/** A new random key (idempotency of a booking submission). */
export function randomKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
