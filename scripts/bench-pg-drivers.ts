/**
 * Which PostgreSQL driver under drizzle: `bun scripts/bench-pg-drivers.ts` (docs/decisions/025-postgresql-driver.md).
 * The benchmark itself is db/postgres/bench-drivers.ts: it opens the three drivers, which only code
 * under db/ may do (docs/decisions/024-data-seam.md, db/seam/seam.test.ts); this runs it as its own
 * process, with the same environment (PG_URL, POOL, SECONDS_PER_CASE, ROUNDS).
 */
import { join } from "node:path";

const child = Bun.spawn([process.execPath, join(import.meta.dir, "../db/postgres/bench-drivers.ts")], {
  stdio: ["inherit", "inherit", "inherit"],
});
process.exit(await child.exited);
