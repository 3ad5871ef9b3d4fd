/** The Garden's keyword search, in the engine's own full-text search (services import this, never db/sqlite or db/postgres). */
import { ENGINE } from "./engine";
import * as postgres from "./postgres/garden-search";
import * as sqlite from "./sqlite/garden-search";

const chosen = ENGINE === "postgres" ? (postgres as unknown as typeof sqlite) : sqlite;

/** The engine's implementation: the keyword as conditions and pages on garden_content, or null when the text has no words. */
export const gardenKeyword: typeof sqlite.gardenKeyword = chosen.gardenKeyword;
/** The engine's implementation: above this many word matches a page walks the newest pieces instead of sorting every match. */
export const BROAD_MATCHES: number = chosen.BROAD_MATCHES;
/** The engine's implementation of a keyword: its matches among given pieces, a windowed count and pages. */
export type { GardenKeyword } from "./sqlite/garden-search";
