/** "Nov 28, 2026": the same text on the server and in the browser (UTC), so hydration matches. */
export function formatDate(value: string | Date): string {
  return new Date(value).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
}

/** "Tue, Jun 3, 2026" (UTC). */
export function formatWeekdayDate(value: string | Date): string {
  return new Date(value).toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
}

/**
 * "9:30 AM UTC": session times say their zone until pages know the viewer's own. ICU's narrow
 * no-break space before AM/PM becomes a plain one, so that text searches find it.
 */
export function formatTimeUtc(value: string | Date): string {
  const time = new Date(value).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
  return `${time.replace(/\u202f/g, " ")} UTC`;
}
