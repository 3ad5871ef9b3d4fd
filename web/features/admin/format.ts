/** How the admin screens write dates: in UTC, and saying so. */
/** In UTC (the server renders the first screen, so both sides agree), and it says so: unlabelled, an admin read a 3:00 PM session as their own 3:00 PM. */
export const when = (iso: string) => `${new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`;
export const day = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" });
