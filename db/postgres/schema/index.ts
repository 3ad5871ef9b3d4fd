// PostgreSQL twin of db/schema/index.ts (docs/decisions/025-postgresql-driver.md): the same tables, columns,
// indexes and CHECKs in pg-core; db/postgres/schema-drift.test.ts fails when the two differ.
export * from "./auth";
export * from "./marketplace";
export * from "./community";
export * from "./search";
export * from "./booking";
export * from "./admin";
export * from "./outbox";
export * from "./limits";
export * from "./conversations";
export * from "./payments";
export * from "./media";
export * from "./waitlist";

import { getTableColumns, is } from "drizzle-orm";
import { PgTable, PgTimestamp } from "drizzle-orm/pg-core";
import * as admin from "./admin";
import * as auth from "./auth";
import * as booking from "./booking";
import * as community from "./community";
import * as conversations from "./conversations";
import * as limits from "./limits";
import * as marketplace from "./marketplace";
import * as media from "./media";
import * as outbox from "./outbox";
import * as payments from "./payments";
import * as search from "./search";
import * as waitlist from "./waitlist";

/**
 * Dates after 9999-12-31 (a client may ask for a slot in year 9999 whose day ends in 10000):
 * JavaScript writes them "+010000-01-01T…", which PostgreSQL refuses ("time zone displacement out
 * of range": a 500 where SQLite compared numbers); PostgreSQL reads "10000-01-01T…". drizzle's
 * timestamp columns send `toISOString()` (a per-column function), replaced here on every one.
 */
const toPostgresTime = (value: Date): string => value.toISOString().replace(/^\+0*(?=\d{5})/, "");
for (const module of [admin, auth, booking, community, conversations, limits, marketplace, media, outbox, payments, search, waitlist]) {
  for (const table of Object.values(module)) {
    if (!is(table, PgTable)) continue;
    for (const column of Object.values(getTableColumns(table))) {
      if (is(column, PgTimestamp)) (column as unknown as { mapToDriverValue: (value: Date) => string }).mapToDriverValue = toPostgresTime;
    }
  }
}
