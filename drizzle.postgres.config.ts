import { defineConfig } from "drizzle-kit";

/**
 * PostgreSQL migrations (docs/decisions/025-postgresql-driver.md): the schema twin in
 * db/postgres/schema, migrations in db/postgres/migrations. 0000 is the baseline generated from the
 * schema; 0001 is hand-written (`drizzle-kit generate --custom`): extensions, the bookings'
 * exclusion constraint, search columns and indexes, and the plpgsql ports of SQLite's triggers.
 *
 *   drizzle-kit generate --config drizzle.postgres.config.ts
 */
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/postgres/schema/index.ts",
  out: "./db/postgres/migrations",
  dbCredentials: { url: process.env.DATABASE_URL ?? "postgres://pollinate:pollinate@127.0.0.1:5432/pollinate" },
  casing: "snake_case",
});
