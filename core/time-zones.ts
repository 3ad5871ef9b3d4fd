/**
 * Zone names as people read them. Chromium (and Node) report some zones by the old names that
 * CLDR still keeps ("Asia/Calcutta" for Kolkata, "Europe/Kiev" for Kyiv), from
 * `resolvedOptions().timeZone` and `Intl.supportedValuesOf("timeZone")`; Bun and Firefox report
 * today's IANA names. Each old name is an alias of the same zone, so mapping it changes no time.
 */

/** The legacy names V8 still returns, with today's IANA name of the same zone. */
export const LEGACY_TIME_ZONE_NAMES: Readonly<Record<string, string>> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** Today's IANA name of a zone ("Asia/Calcutta" → "Asia/Kolkata"); other names unchanged. */
export function canonicalTimeZone(zone: string): string {
  return Object.hasOwn(LEGACY_TIME_ZONE_NAMES, zone) ? LEGACY_TIME_ZONE_NAMES[zone] : zone;
}

/** A zone's name for a person: today's name, with spaces for underscores ("Asia/Ho Chi Minh"). */
export function timeZoneDisplayName(zone: string): string {
  return canonicalTimeZone(zone).replace(/_/g, " ");
}

/** Zone names to offer in a picker: today's names, each once, in order. */
export function canonicalTimeZones(zones: readonly string[]): string[] {
  return [...new Set(zones.map(canonicalTimeZone))].sort();
}
