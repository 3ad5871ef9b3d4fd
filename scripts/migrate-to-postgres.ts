/**
 * npm run migrate-to-postgres -- postgres://user:password@host:5432/database [--from BACKUP_FILE]
 *
 * Copies the SQLite database (a consistent copy of the live file, taken while the server may keep
 * running; or the backup file given with --from) into an EMPTY PostgreSQL database, every table,
 * and verifies each table's row count and checksum (db/migrate-to-postgres.ts; docs/deploy.md,
 * "Moving from SQLite"). Exit 0: every table matches; 1: a mismatch or a failure; 2: usage.
 */
import { loadConfig } from "../src/config";
import { formatReport, migrateToPostgres, MigrationRefused } from "../db/migrate-to-postgres";

const USAGE = "Usage: npm run migrate-to-postgres -- postgres://user:password@host:5432/database [--from BACKUP_FILE]";

const args = process.argv.slice(2);
let url: string | undefined;
let from: string | undefined;
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === "--from") from = args[++i];
  else if (arg.startsWith("--from=")) from = arg.slice("--from=".length);
  else if (arg === "--help" || arg === "-h") {
    console.log(USAGE);
    process.exit(0);
  } else if (url === undefined) url = arg;
  else {
    console.error(`Unexpected argument: ${arg}\n${USAGE}`);
    process.exit(2);
  }
}
url ??= process.env.DATABASE_URL;
if (!url || (args.includes("--from") && !from)) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
try {
  const report = await migrateToPostgres(url, { databasePath: config.DATABASE_PATH, from, log: (line) => console.log(line) });
  console.log(formatReport(report));
  if (!report.ok) process.exit(1);
  console.log(`Next: set DATABASE_URL to this database and start Pollinate (docs/deploy.md, "Moving from SQLite").`);
} catch (error) {
  console.error(error instanceof MigrationRefused ? error.message : `The move failed and copied nothing (the database keeps at most the empty migrated tables): ${(error as Error).message}`);
  process.exit(1);
}
