/** "Nov 28, 2026": the same text on the server and in the browser (UTC), so hydration matches. */
export function formatDate(value: string | Date): string {
  return new Date(value).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
}
