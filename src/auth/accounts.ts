/** Looking accounts up, and what the account modules share (sign-up roles, their dependencies). */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import type { Role } from "../../core/enums";
import type { Mailer } from "../email/mailer";
import type { UserRow } from "./session";

/** The roles a person may choose at sign-up; admin only comes from `npm run create-admin`. */
export type SignUpRole = Extract<Role, "client" | "practitioner">;

/** What the account flows that send e-mail need. */
export interface AccountDeps {
  db: Db;
  mailer: Mailer;
  config: { APP_URL: string };
  now: () => Date;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Looks a user up by address, case-insensitively (served by the lower(email) unique index). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(sql`lower(${users.email}) = ${normalizeEmail(email)}`).get();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/** Sends a template without letting a failing mail server fail the request; true when sent. */
export async function sendAccountEmail(deps: AccountDeps, ...args: Parameters<Mailer["sendTemplate"]>): Promise<boolean> {
  try {
    await deps.mailer.sendTemplate(...args);
    return true;
  } catch (error) {
    console.error(`[mail] ${args[0]} e-mail to ${args[1]} failed:`, error);
    return false;
  }
}
