/**
 * The demo accounts (an admin among them) have published passwords: a server reachable from other
 * machines must not answer for them. `npm start` checks at start-up and refuses to listen on a
 * non-loopback HOST while any demo account still has its published password (issue 26).
 */
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { verifyPassword } from "../auth/password";
import { isLoopbackHost, type Config } from "../config";
import { DEMO_ACCOUNTS } from "./demo-data";

/** The demo accounts that would be served with their published password on this HOST (none on loopback). */
export async function demoAccountsExposed(db: Db, config: Pick<Config, "HOST">): Promise<string[]> {
  if (isLoopbackHost(config.HOST)) return [];
  const accounts = Object.values(DEMO_ACCOUNTS);
  const rows = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(inArray(users.email, accounts.map((a) => a.email)));
  const exposed: string[] = [];
  for (const row of rows) {
    const account = accounts.find((a) => a.email === row.email);
    if (account && (await verifyPassword(account.password, row.passwordHash))) exposed.push(row.email);
  }
  return exposed;
}

/** The start-up refusal for those accounts. */
export function demoExposedMessage(host: string, emails: string[]): string {
  return (
    `Refusing to listen on ${host}: the demo accounts ${emails.join(", ")} still have their published passwords, and this address can be reached from other machines. ` +
    `Run the demo on loopback (unset HOST, or HOST=127.0.0.1), or start from a database without the demo data (DEMO_DATA=false and a new DATABASE_PATH), or change those accounts' passwords.`
  );
}
