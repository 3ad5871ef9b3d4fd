/** Linking Google accounts: find by Google id, link by a Google-verified address, or create. */
import { eq } from "drizzle-orm";
import { atomic, first, type Db } from "../../db/client";
import { sessions, userRoles, users } from "../../db/schema";
import { acceptableName, AUTH_ERROR_TEXTS, type AuthErrorCode } from "../../core/auth";
import { findUserByEmail, normalizeEmail, type SignUpRole } from "./accounts";
import type { UserRow } from "./session";

export interface GoogleProfile {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  picture: string | null;
}

/** A Google account that cannot be signed in; `code` names the text the sign-in page shows. */
export class GoogleLinkError extends Error {
  constructor(readonly code: AuthErrorCode) {
    super(AUTH_ERROR_TEXTS[code]);
  }
}

/**
 * The account for a Google sign-in: the one already linked to this Google id, else the one with
 * the same address when Google has verified it (linked now; if we had not verified that address,
 * its password and sessions are dropped), else a new account with `role`. An address Google has
 * not verified gets neither (google_unverified, the same whether or not it has an account).
 */
export async function findOrCreateGoogleUser(db: Db, profile: GoogleProfile, role: SignUpRole): Promise<{ user: UserRow; created: boolean }> {
  const linked = await first(db.select().from(users).where(eq(users.googleId, profile.sub)).limit(1));
  if (linked) return { user: linked, created: false };
  if (!profile.email) throw new GoogleLinkError("google_no_email");
  // An address Google has not verified is refused before anything is looked up, with one text:
  // neither linked (whoever holds it may not own it) nor given a new account, so the answer does
  // not tell its holder whether the address has an account here.
  if (!profile.emailVerified) throw new GoogleLinkError("google_unverified");

  const existing = await findUserByEmail(db, profile.email);
  if (existing) {
    if (existing.googleId) throw new GoogleLinkError("google_other_account");
    // Nobody had proven this address before Google did now: whoever signed up with it may not be
    // its owner (sign-in works before confirming), so the password they chose and their sessions
    // go, or they would keep a way into the owner's account. A verified account keeps both.
    const claimedByStranger = !existing.isEmailVerified;
    const user = await atomic(db, async (tx) => {
      const linked = await first(
        tx
          .update(users)
          .set({
            googleId: profile.sub,
            isEmailVerified: true,
            emailVerificationToken: null,
            emailVerificationExpires: null,
            profileImageUrl: existing.profileImageUrl ?? profile.picture,
            ...(claimedByStranger ? { passwordHash: null, resetPasswordToken: null, resetPasswordExpires: null } : {}),
          })
          .where(eq(users.id, existing.id))
          .returning(),
      );
      if (claimedByStranger) await tx.delete(sessions).where(eq(sessions.userId, existing.id));
      return linked!;
    });
    return { user, created: false };
  }

  const email = normalizeEmail(profile.email);
  const user = await atomic(db, async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email, googleId: profile.sub, firstName: acceptableName(profile.givenName), lastName: acceptableName(profile.familyName), profileImageUrl: profile.picture, isEmailVerified: profile.emailVerified })
      .returning();
    const held = { userId: created.id, role };
    await tx.insert(userRoles).values(held);
    return created;
  });
  return { user, created: true };
}
