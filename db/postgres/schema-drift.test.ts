import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import * as lite from "drizzle-orm/sqlite-core";
import * as sqliteSchema from "../schema/tables";
import * as postgresSchema from "./schema";
import { jsonb, timestamptz } from "./schema/columns";
import { compareSchemas, tablesOf } from "./schema-drift";

/**
 * db/schema (SQLite) and db/postgres/schema (PostgreSQL) describe the same tables: this fails when
 * they drift (docs/decisions/025-postgresql-driver.md). No database needed.
 */
describe("the PostgreSQL schema twin", () => {
  test("has every table of the SQLite schema, with the same columns, defaults, keys, CHECKs, indexes and foreign keys", () => {
    const sqlite = tablesOf(sqliteSchema, "sqlite");
    const postgres = tablesOf(postgresSchema, "postgres");
    expect(sqlite.size).toBeGreaterThanOrEqual(25);
    expect(compareSchemas(sqlite, postgres)).toEqual([]);
  });

  test("the row types the services see are the same on both engines (checked by tsc)", () => {
    // Each line fails to compile when a table's select or insert type differs between the engines.
    const checks: true[] = [
      sameRows<typeof sqliteSchema.users, typeof postgresSchema.users>(),
      sameRows<typeof sqliteSchema.userRoles, typeof postgresSchema.userRoles>(),
      sameRows<typeof sqliteSchema.sessions, typeof postgresSchema.sessions>(),
      sameRows<typeof sqliteSchema.sessionDataVersion, typeof postgresSchema.sessionDataVersion>(),
      sameRows<typeof sqliteSchema.practitioners, typeof postgresSchema.practitioners>(),
      sameRows<typeof sqliteSchema.clients, typeof postgresSchema.clients>(),
      sameRows<typeof sqliteSchema.bookings, typeof postgresSchema.bookings>(),
      sameRows<typeof sqliteSchema.reviews, typeof postgresSchema.reviews>(),
      sameRows<typeof sqliteSchema.favoritePractitioners, typeof postgresSchema.favoritePractitioners>(),
      sameRows<typeof sqliteSchema.surveyResponses, typeof postgresSchema.surveyResponses>(),
      sameRows<typeof sqliteSchema.seedsWallets, typeof postgresSchema.seedsWallets>(),
      sameRows<typeof sqliteSchema.seedsTransactions, typeof postgresSchema.seedsTransactions>(),
      sameRows<typeof sqliteSchema.pollinatorTiers, typeof postgresSchema.pollinatorTiers>(),
      sameRows<typeof sqliteSchema.gardenContent, typeof postgresSchema.gardenContent>(),
      sameRows<typeof sqliteSchema.gardenVisibleCounts, typeof postgresSchema.gardenVisibleCounts>(),
      sameRows<typeof sqliteSchema.gardenInteractions, typeof postgresSchema.gardenInteractions>(),
      sameRows<typeof sqliteSchema.practitionerDirectory, typeof postgresSchema.practitionerDirectory>(),
      sameRows<typeof sqliteSchema.practitionerDirectoryVersion, typeof postgresSchema.practitionerDirectoryVersion>(),
      sameRows<typeof sqliteSchema.practitionerAvailability, typeof postgresSchema.practitionerAvailability>(),
      sameRows<typeof sqliteSchema.bookingEvents, typeof postgresSchema.bookingEvents>(),
      sameRows<typeof sqliteSchema.bookingReminders, typeof postgresSchema.bookingReminders>(),
      sameRows<typeof sqliteSchema.calendarFeedTokens, typeof postgresSchema.calendarFeedTokens>(),
      sameRows<typeof sqliteSchema.adminAuditLog, typeof postgresSchema.adminAuditLog>(),
      sameRows<typeof sqliteSchema.adminGateSessions, typeof postgresSchema.adminGateSessions>(),
      sameRows<typeof sqliteSchema.outbox, typeof postgresSchema.outbox>(),
      sameRows<typeof sqliteSchema.limitEvents, typeof postgresSchema.limitEvents>(),
      sameRows<typeof sqliteSchema.limitMarks, typeof postgresSchema.limitMarks>(),
      sameRows<typeof sqliteSchema.conversations, typeof postgresSchema.conversations>(),
      sameRows<typeof sqliteSchema.conversationParticipants, typeof postgresSchema.conversationParticipants>(),
      sameRows<typeof sqliteSchema.messages, typeof postgresSchema.messages>(),
      sameRows<typeof sqliteSchema.messageReports, typeof postgresSchema.messageReports>(),
      sameRows<typeof sqliteSchema.messageSettings, typeof postgresSchema.messageSettings>(),
      sameRows<typeof sqliteSchema.billingCustomers, typeof postgresSchema.billingCustomers>(),
      sameRows<typeof sqliteSchema.subscriptions, typeof postgresSchema.subscriptions>(),
      sameRows<typeof sqliteSchema.paymentEvents, typeof postgresSchema.paymentEvents>(),
      sameRows<typeof sqliteSchema.practitionerPaymentSettings, typeof postgresSchema.practitionerPaymentSettings>(),
      sameRows<typeof sqliteSchema.sessionPayments, typeof postgresSchema.sessionPayments>(),
      sameRows<typeof sqliteSchema.mediaFiles, typeof postgresSchema.mediaFiles>(),
      sameRows<typeof sqliteSchema.waitlistEntries, typeof postgresSchema.waitlistEntries>(),
      sameRows<typeof sqliteSchema.waitlistOpenings, typeof postgresSchema.waitlistOpenings>(),
      sameRows<typeof sqliteSchema.waitlistOffers, typeof postgresSchema.waitlistOffers>(),
      sameRows<typeof sqliteSchema.practitionerCredentials, typeof postgresSchema.practitionerCredentials>(),
      sameRows<typeof sqliteSchema.practitionerPhotos, typeof postgresSchema.practitionerPhotos>(),
      sameRows<typeof sqliteSchema.emailChanges, typeof postgresSchema.emailChanges>(),
    ];
    expect(checks).toHaveLength(tablesOf(sqliteSchema, "sqlite").size);
  });

  // Planted drifts: each rule of the comparison fires on a pair of tables that differ in one way.
  describe("reports planted drift", () => {
    const base = {
      sqlite: lite.sqliteTable(
        "planted",
        {
          id: lite.text().primaryKey(),
          ownerId: lite.text().references(() => sqliteSchema.users.id, { onDelete: "cascade" }),
          status: lite.text().notNull().default("new"),
          tags: lite.text({ mode: "json" }).$type<string[]>().notNull(),
          at: lite.integer({ mode: "timestamp_ms" }).notNull(),
          done: lite.integer({ mode: "boolean" }).notNull().default(false),
          n: lite.integer().notNull(),
        },
        (t) => [
          lite.index("planted_status_idx").on(t.status, t.at),
          lite.uniqueIndex("planted_owner_unique").on(t.ownerId).where(sql`status != 'gone'`),
          lite.check("planted_n_check", sql`n >= 0`),
        ],
      ),
    };
    type Changes = {
      notNull?: boolean;
      statusDefault?: string;
      nType?: "integer" | "text";
      extraColumn?: boolean;
      onDelete?: "cascade" | "set null";
      indexColumns?: "status,at" | "at,status";
      indexName?: string;
      where?: string;
      check?: string;
      checkName?: string;
    };
    const postgres = (c: Changes = {}) => {
      const status = pg.text().default(c.statusDefault ?? "new");
      return pg.pgTable(
        "planted",
        {
          id: pg.text().primaryKey(),
          ownerId: pg.text().references(() => postgresSchema.users.id, { onDelete: c.onDelete ?? "cascade" }),
          status: c.notNull === false ? status : status.notNull(),
          tags: jsonb().$type<string[]>().notNull(),
          at: timestamptz().notNull(),
          done: pg.boolean().notNull().default(false),
          n: c.nType === "text" ? pg.text().notNull() : pg.integer().notNull(),
          ...(c.extraColumn ? { extra: pg.text() } : {}),
        },
        (t) => [
          c.indexColumns === "at,status"
            ? pg.index(c.indexName ?? "planted_status_idx").on(t.at, t.status)
            : pg.index(c.indexName ?? "planted_status_idx").on(t.status, t.at),
          pg.uniqueIndex("planted_owner_unique").on(t.ownerId).where(sql.raw(c.where ?? "status != 'gone'")),
          pg.check(c.checkName ?? "planted_n_check", sql.raw(c.check ?? "n >= 0")),
        ],
      );
    };
    const drift = (c: Changes) => compareSchemas(tablesOf({ t: base.sqlite }, "sqlite"), tablesOf({ t: postgres(c) }, "postgres"));

    test("none when the twin matches", () => expect(drift({})).toEqual([]));
    test("nullability", () => expect(drift({ notNull: false })).toEqual(["planted.status: notNull true on SQLite, false on PostgreSQL"]));
    test("a default", () => expect(drift({ statusDefault: "old" })).toEqual(['planted.status: default "new" on SQLite, "old" on PostgreSQL']));
    test("a type", () => expect(drift({ nType: "text" })).toEqual(["planted.n: type SQLiteInteger on SQLite, PgText on PostgreSQL", "planted.n: values are number on SQLite, string on PostgreSQL"]));
    test("a column", () => expect(drift({ extraColumn: true })).toEqual(["planted.extra: column in PostgreSQL only"]));
    test("a foreign key", () => expect(drift({ onDelete: "set null" })).toEqual([
      "planted: foreign key (owner_id) → users(id) on delete cascade on update no action in SQLite only",
      "planted: foreign key (owner_id) → users(id) on delete set null on update no action in PostgreSQL only",
    ]));
    test("an index's columns", () => expect(drift({ indexColumns: "at,status" })).toEqual(["planted: index planted_status_idx on (status, at) on SQLite, (at, status) on PostgreSQL"]));
    test("an index's name", () => expect(drift({ indexName: "planted_status_at_idx" })).toEqual([
      "planted: index planted_status_idx in SQLite only",
      "planted: index planted_status_at_idx in PostgreSQL only",
    ]));
    test("an index's WHERE", () => expect(drift({ where: "status <> 'gone'" })).toEqual([
      "planted: index planted_owner_unique WHERE status != 'gone' on SQLite, WHERE status <> 'gone' on PostgreSQL",
    ]));
    test("a CHECK's condition", () => expect(drift({ check: "n > 0" })).toEqual(['planted: CHECK planted_n_check is "n >= 0" on SQLite, "n > 0" on PostgreSQL']));
    test("a CHECK's name", () => expect(drift({ checkName: "planted_positive" })).toEqual([
      "planted: CHECK planted_n_check in SQLite only",
      "planted: CHECK planted_positive in PostgreSQL only",
    ]));
  });
});

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when both tables' select and insert row types are identical. */
function sameRows<
  S extends { $inferSelect: unknown; $inferInsert: unknown },
  P extends { $inferSelect: unknown; $inferInsert: unknown },
>(
  ..._: Equal<S["$inferSelect"], P["$inferSelect"]> extends true
    ? Equal<S["$inferInsert"], P["$inferInsert"]> extends true
      ? []
      : [error: "insert types differ"]
    : [error: "select types differ"]
): true {
  return true;
}
