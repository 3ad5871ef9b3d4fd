/**
 * Sign-up. An address that already has an account gets the same answer as a new one, after the
 * same password hashing, and its owner gets an e-mail about the attempt instead of a new account:
 * neither the answer nor its timing tells a stranger which addresses are registered.
 */
import type { Db } from "../../db/client";
import { userRoles, users } from "../../db/schema";
import { isUniqueViolation } from "../http/errors";
import { findUserByEmail, normalizeEmail, sendAccountEmail, type AccountDeps, type SignUpRole } from "./accounts";
import { hashPassword } from "./password";
import type { UserRow } from "./session";

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: SignUpRole;
}

/** The new account with its role (`created`), or the account that already held the address. */
export async function signUp(db: Db, input: SignUpInput): Promise<{ user: UserRow; created: boolean }> {
  // hashed in both cases, before the lookup, so that both answers take the same time
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, input.email);
  if (existing) return { user: existing, created: false };
  try {
    const user = db.transaction(
      (tx) => {
        const created = tx
          .insert(users)
          .values({ email: normalizeEmail(input.email), firstName: input.firstName.trim(), lastName: input.lastName.trim(), passwordHash })
          .returning()
          .get();
        tx.insert(userRoles).values({ userId: created.id, role: input.role }).run();
        return created;
      },
      { behavior: "immediate" },
    );
    return { user, created: true };
  } catch (error) {
    // two sign-ups for one address at once: the unique index decides, and the loser is "existing"
    if (!isUniqueViolation(error)) throw error;
    const winner = await findUserByEmail(db, input.email);
    if (!winner) throw error;
    return { user: winner, created: false };
  }
}

/** Tells the owner of an address that someone tried to sign up with it, with sign-in and reset links. */
export async function sendSignUpAttemptEmail(deps: AccountDeps, user: UserRow): Promise<boolean> {
  return sendAccountEmail(deps, "sign-up-attempt", user.email, { name: user.firstName ?? undefined });
}
