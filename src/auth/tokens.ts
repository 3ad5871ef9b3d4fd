import { createHash } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

/** A random token with 160 bits of entropy, safe in cookies and URLs. */
export function generateToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/**
 * The SHA-256 (hex) stored in place of a token: a leaked database row cannot be replayed. The
 * runtime's native hash: it runs on every signed-in request, and @oslojs/crypto's JavaScript
 * SHA-256 took 8% of a directory API request's CPU (docs/performance.md).
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
