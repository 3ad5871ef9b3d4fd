/**
 * Databases of their own for scripts on PostgreSQL (scripts/prove-two-processes.ts, scripts/bench's
 * PostgreSQL rows), over db/postgres/scratch-databases.ts: scripts may not open a driver
 * (docs/decisions/024-data-seam.md). SQLite needs none of this: a script makes a file.
 */
export { createScratchDatabase, dropScratchDatabase, postgresReachable, postgresUrlFor, scratchDatabaseExists } from "./postgres/scratch-databases";
