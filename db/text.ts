/** Case-insensitive text conditions for the admin searches and filters, in the engine's own SQL. */
import { ENGINE } from "./engine";
import * as postgres from "./postgres/text-functions";
import * as sqlite from "./sqlite/text-functions";

const chosen = ENGINE === "postgres" ? postgres : sqlite;

export const containsText: typeof sqlite.containsText = chosen.containsText;
export const sameText: typeof sqlite.sameText = chosen.sameText;
