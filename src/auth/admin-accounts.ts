/** Admin accounts: only `npm run create-admin` makes them (sign-up never offers the role). */
import { eq } from "drizzle-orm";
import { atomic, first, type Db } from "../../db/client";
import { userRoles, users } from "../../db/schema";
import { findUserByEmail, normalizeEmail } from "./accounts";
import { hashPassword } from "./password";
import { replacePassword } from "./password-reset";
import type { UserRow } from "./session";

/**
 * Creates a verified admin account, or promotes an existing one: new password, verified, and its
 * other sessions ended as a password reset ends them (replacePassword), so whoever held one under
 * the old password is out.
 */
export async function createAdminAccount(
  db: Db,
  input: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<{ user: UserRow; created: boolean }> {
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, input.email);
  return atomic(db, async (tx) => {
    const user = existing
      ? (await replacePassword(tx, eq(users.id, existing.id), passwordHash))!
      : (await first(
          tx
            .insert(users)
            .values({ email: normalizeEmail(input.email), passwordHash, firstName: input.firstName ?? "Admin", lastName: input.lastName ?? null, isEmailVerified: true })
            .returning(),
        ))!;
    const role = { userId: user.id, role: "admin" as const };
    await tx.insert(userRoles).values(role).onConflictDoNothing();
    return { user, created: !existing };
  });
}
