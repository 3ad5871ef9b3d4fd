// PostgreSQL twin of db/schema/index.ts (docs/decisions/025-postgresql-driver.md): the same tables, columns,
// indexes and CHECKs in pg-core; db/postgres/schema-drift.test.ts fails when the two differ.
export * from "./auth";
export * from "./marketplace";
export * from "./community";
export * from "./search";
export * from "./booking";
export * from "./admin";
export * from "./outbox";
export * from "./waitlist";
