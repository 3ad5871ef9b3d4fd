import { sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";

/** Text UUID primary key, generated in the application. */
export const id = () => text().primaryKey().$defaultFn(() => crypto.randomUUID());

/** Millisecond timestamp stored as an integer, defaulting to now (in SQL as well, for raw inserts). */
export const timestamp = () =>
  integer({ mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const timestamps = () => ({
  createdAt: timestamp(),
  updatedAt: timestamp().$onUpdateFn(() => new Date()),
});

/** A JSON array of strings (lists that are displayed and searched, not joined on). */
export const textList = () => text({ mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`);

/** SQL text for a CHECK constraint: `column IN ('a','b')`. Values are our own literals. */
export function sqlInList(values: readonly string[]): string {
  return values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");
}
