/** The Garden's keyword search, in the engine's own full-text search (services import this, never db/sqlite). */
/** The engine's implementation: the keyword as conditions and pages on garden_content, or null when the text has no words. */
export { gardenKeyword } from "./sqlite/garden-search";
/** The engine's implementation: above this many word matches a page walks the newest pieces instead of sorting every match. */
export { BROAD_MATCHES } from "./sqlite/garden-search";
/** The engine's implementation of a keyword: its matches among given pieces, a windowed count and pages. */
export type { GardenKeyword } from "./sqlite/garden-search";
