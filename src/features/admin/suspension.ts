/** Account suspension, as the session middleware and sign-in see it. */
export const SUSPENDED_MESSAGE = "This account has been suspended. Please contact support.";

/** True for an account an admin has suspended: its sessions do not work and it cannot sign in. */
export function isSuspended(user: { suspendedAt: Date | null }): boolean {
  return user.suspendedAt !== null;
}
