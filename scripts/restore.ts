/** npm run restore -- FILE: puts a backup back. Refuses while a process (a server) has the database open, and a file failing integrity_check. */
import { ENGINE } from "../db/engine";
import { loadConfig } from "../src/config";
import { restoreDatabase } from "../src/ops/backup";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run restore -- FILE   (stop the server first)");
  process.exit(2);
}
if (ENGINE === "postgres") {
  console.error("DATABASE_URL is set: the data is in PostgreSQL, and this script restores the SQLite file. Restore a pg_dump file with pg_restore (docs/deploy.md, \"Backups with pg_dump\").");
  process.exit(1);
}
const config = loadConfig();
try {
  const { previous } = restoreDatabase(file, config.DATABASE_PATH);
  console.log(`Restored ${file} to ${config.DATABASE_PATH}.${previous ? ` The previous database is kept as ${previous}.` : ""}`);
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
