import { sql } from "drizzle-orm";
import { customType, text, timestamp as pgTimestamp } from "drizzle-orm/pg-core";

/**
 * Column helpers of the PostgreSQL twin of db/schema (docs/decisions/025-postgresql-driver.md).
 * The row types the services see are the same on both engines: Dates, arrays and objects, booleans,
 * numbers. Where SQLite stores a millisecond integer, PostgreSQL stores `timestamp(3) with time
 * zone` (mode "date"): the same Date with the same millisecond precision, readable in psql and
 * pg_dump, and usable in `tstzrange` (the bookings' exclusion constraint) and date arithmetic.
 * Where SQLite stores JSON text, PostgreSQL stores `jsonb`.
 */

/** Text UUID primary key, generated in the application (as on SQLite). */
export const id = () =>
  text()
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** A moment with millisecond precision, read as a Date (SQLite: `integer({ mode: "timestamp_ms" })`). */
export const timestamptz = () => pgTimestamp({ withTimezone: true, precision: 3, mode: "date" });

/** A moment defaulting to now (in SQL as well, for raw inserts). */
export const timestamp = () => timestamptz().notNull().defaultNow();

export const timestamps = () => ({
  createdAt: timestamp(),
  updatedAt: timestamp().$onUpdateFn(() => new Date()),
});

/**
 * `jsonb`, handed to the driver as the value itself. drizzle 0.45's own `jsonb()` stringifies the
 * value and Bun's SQL client then encodes that string as JSON again, so a list would be stored as a
 * JSON string (`jsonb_typeof` = 'string'; drizzle-orm #4385/#4942, fixed in drizzle 1.0). Bun
 * encodes objects and arrays as JSON itself. A string read back (a driver that does not parse
 * jsonb) is parsed here.
 */
export const jsonb = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => "jsonb",
  toDriver: (value) => value,
  fromDriver: (value) => (typeof value === "string" ? JSON.parse(value) : value),
});

/** A JSON array of strings (lists that are displayed and searched, not joined on). */
export const textList = () => jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`);

export { sqlInList } from "../../schema/columns";
