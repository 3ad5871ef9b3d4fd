/**
 * Creates an admin account (verified, with the admin role), or gives an existing account the
 * admin role and the new password (its sessions end, as after a password reset).
 *
 *   npm run create-admin -- --email admin@example.com --password 'a long passphrase' [--first-name Ada] [--last-name Lovelace]
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client";
import { ConfigError, loadConfig } from "../src/config";
import { createAdminAccount } from "../src/auth/admin-accounts";
import { isValidEmail } from "../core/auth";
import { MIN_PASSWORD_LENGTH } from "../core/constants";

const USAGE = "Usage: npm run create-admin -- --email <address> --password <password> [--first-name <name>] [--last-name <name>]";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
    },
  }).values;
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}

const email = args.email?.trim();
const password = args.password;
if (!email || !password) fail(USAGE);
if (!isValidEmail(email)) fail(`"${email}" is not an e-mail address.`);
if (password.length < MIN_PASSWORD_LENGTH) fail(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

const { db, close } = await openDatabase(config.DATABASE_PATH);
try {
  const { user, created } = await createAdminAccount(db, { email, password, firstName: args["first-name"]?.trim() || undefined, lastName: args["last-name"]?.trim() || undefined });
  console.log(created ? `Created admin account ${user.email} in ${config.DATABASE_PATH}.` : `${user.email} already existed: it now has the admin role and the new password, and its sessions were ended.`);
} finally {
  close();
}
