/** Looking accounts up, and what the account modules share (sign-up roles, their dependencies). */
import { eq, sql } from "drizzle-orm";
import { first, type Db } from "../../db/client";
import { users } from "../../db/schema";
import type { Role } from "../../core/enums";
import type { Mailer } from "../email/mailer";
import { enqueueEmail } from "../email/outbox";
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
  return first(db.select().from(users).where(sql`lower(${users.email}) = ${normalizeEmail(email)}`).limit(1));
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return first(db.select().from(users).where(eq(users.id, id)).limit(1));
}

/**
 * Puts an account e-mail in the outbox, inside the transaction `tx` of the change that promised it
 * (the outbox worker sends it after the answer, and retries a failing mail server).
 */
export async function enqueueAccountEmail(tx: Db, deps: AccountDeps, ...args: Parameters<Mailer["renderTemplate"]>): Promise<void> {
  await enqueueEmail(tx, deps.mailer.renderTemplate(...args), { now: deps.now() });
}
