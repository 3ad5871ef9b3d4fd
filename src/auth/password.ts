const ARGON2ID = { algorithm: "argon2id" } as const;

/** Hashes a password with argon2id (~100 ms on two cores: callers are rate-limited). */
export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, ARGON2ID);
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password against a stored hash. With no hash (unknown address, Google-only account)
 * it verifies against a dummy hash instead, so that both failures take the same time.
 */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword(crypto.randomUUID());
    await Bun.password.verify(password, await dummyHash);
    return false;
  }
  try {
    return await Bun.password.verify(password, hash);
  } catch {
    // a malformed stored hash is a failed sign-in, not a server error
    return false;
  }
}
