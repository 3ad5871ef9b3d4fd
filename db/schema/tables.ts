/**
 * The SQLite tables (drizzle-kit's schema for db/migrations, see drizzle.config.ts). Code imports
 * `db/schema` (index.ts), which answers these or their PostgreSQL twins by the engine.
 */
export * from "./auth";
export * from "./marketplace";
export * from "./community";
export * from "./seeds";
export * from "./search";
export * from "./booking";
export * from "./admin";
export * from "./outbox";
export * from "./limits";
export * from "./conversations";
export * from "./payments";
export * from "./media";
export * from "./waitlist";
