/** npm run backup [-- FILE]: a consistent copy of the live database (the server may keep running). */
import { ENGINE } from "../db/engine";
import { loadConfig } from "../src/config";
import { backupDatabase, defaultBackupPath } from "../src/ops/backup";

if (ENGINE === "postgres") {
  console.error("DATABASE_URL is set: the data is in PostgreSQL, and this script copies the SQLite file. Back PostgreSQL up with pg_dump (docs/deploy.md, \"Backups with pg_dump\").");
  process.exit(1);
}
const config = loadConfig();
const target = process.argv[2] ?? defaultBackupPath(config.DATABASE_PATH);
try {
  const { path, bytes } = backupDatabase(config.DATABASE_PATH, target);
  console.log(`Backup written to ${path} (${(bytes / 1024).toFixed(0)} KB, integrity ok)`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
