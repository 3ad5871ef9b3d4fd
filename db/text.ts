/** Case-insensitive text conditions for the admin searches and filters, in the engine's own SQL. */
export { containsText, sameText } from "./sqlite/text-functions";
