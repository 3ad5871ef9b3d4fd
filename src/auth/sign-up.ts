/**
 * Sign-up. An address that already has an account gets the same answer as a new one, after the
 * same password hashing, and its owner gets an e-mail about the attempt instead of a new account:
 * neither the answer nor its timing tells a stranger which addresses are registered.
 */
import { atomic, first, type Db } from "../../db/client";
import { userRoles, users } from "../../db/schema";
import { isUniqueViolation } from "../http/errors";
import { enqueueAccountEmail, findUserByEmail, normalizeEmail, type AccountDeps, type SignUpRole } from "./accounts";
import { sendVerificationEmail } from "./email-verification";
import { hashPassword } from "./password";
import type { UserRow } from "./session";

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: SignUpRole;
}

/**
 * The new account with its role (`created`) and its verification e-mail in the outbox, all in one
 * transaction; or the account that already held the address (nothing written). `next` rides along
 * in the verification link.
 */
export async function signUp(deps: AccountDeps, input: SignUpInput, next?: string | null): Promise<{ user: UserRow; created: boolean }> {
  const { db } = deps;
  // hashed in both cases, before the lookup, so that both answers take the same time
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, input.email);
  if (existing) return { user: existing, created: false };
  try {
    const user = await atomic(db, async (tx) => {
      const created = await first(
        tx
          .insert(users)
          .values({ email: normalizeEmail(input.email), firstName: input.firstName.trim(), lastName: input.lastName.trim(), passwordHash })
          .returning(),
      );
      const role = { userId: created!.id, role: input.role };
      await tx.insert(userRoles).values(role);
      await sendVerificationEmail(deps, created!, next, tx);
      return created!;
    });
    return { user, created: true };
  } catch (error) {
    // two sign-ups for one address at once: the unique index decides, and the loser is "existing"
    if (!isUniqueViolation(error)) throw error;
    const winner = await findUserByEmail(db, input.email);
    if (!winner) throw error;
    return { user: winner, created: false };
  }
}

/**
 * Tells the owner of an address that someone tried to sign up with it, with sign-in and reset
 * links (through the outbox, in a transaction of its own or the caller's `db`).
 */
export async function sendSignUpAttemptEmail(deps: AccountDeps, user: UserRow, db: Db = deps.db): Promise<void> {
  await atomic(db, async (tx) => {
    await enqueueAccountEmail(tx, deps, "sign-up-attempt", user.email, { name: user.firstName ?? undefined });
  });
}
