/**
 * The two shared-secret gates: the dashboard's access code and the simple admin password. A
 * correct secret is exchanged for a random token in an HttpOnly, SameSite=Strict cookie; the
 * database keeps only its SHA-256 and an expiry, and every API call checks it.
 */
import { timingSafeEqual } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { atomic, first, type Db } from "../../../db/client";
import { adminGateSessions } from "../../../db/schema";
import { ADMIN_GATE_SESSION_MINUTES, SIMPLE_ADMIN_SESSION_HOURS } from "../../../core/admin";
import { isSecureRequest } from "../../auth/session";
import { generateToken, hashToken } from "../../auth/tokens";
import type { AppEnv } from "../../http/app-context";

export type GateKind = "dashboard" | "simple";

const LIFETIME_MS: Record<GateKind, number> = {
  dashboard: ADMIN_GATE_SESSION_MINUTES * 60_000,
  simple: SIMPLE_ADMIN_SESSION_HOURS * 3_600_000,
};
const COOKIE: Record<GateKind, string> = { dashboard: "pollinate_admin_gate", simple: "pollinate_simple_admin" };

/** Compares a guess with the secret in time that does not depend on where they differ (or their lengths). */
export function secretMatches(guess: string, secret: string): boolean {
  const a = new Bun.CryptoHasher("sha256").update(guess).digest();
  const b = new Bun.CryptoHasher("sha256").update(secret).digest();
  return timingSafeEqual(a, b);
}

/** Starts a gate session and sets its cookie. */
export async function openGateSession(c: Context<AppEnv>, kind: GateKind): Promise<void> {
  const { db, now } = c.var.deps;
  const token = generateToken();
  const expire = new Date(now().getTime() + LIFETIME_MS[kind]);
  await atomic(db, async (tx) => {
    await tx.delete(adminGateSessions).where(lt(adminGateSessions.expire, now()));
    const session = { sid: hashToken(token), kind, expire };
    await tx.insert(adminGateSessions).values(session);
  });
  setCookie(c, COOKIE[kind], token, { httpOnly: true, sameSite: "Strict", secure: isSecureRequest(c), path: "/", expires: expire });
}

/** True when the request carries a live gate session of this kind. */
export async function hasGateSession(c: Context<AppEnv>, kind: GateKind): Promise<boolean> {
  const token = getCookie(c, COOKIE[kind]);
  if (!token) return false;
  return liveGateSession(c.var.deps.db, kind, token, c.var.deps.now());
}

export async function liveGateSession(db: Db, kind: GateKind, token: string, now: Date): Promise<boolean> {
  const row = await first(
    db
      .select({ sid: adminGateSessions.sid })
      .from(adminGateSessions)
      .where(and(eq(adminGateSessions.sid, hashToken(token)), eq(adminGateSessions.kind, kind), gt(adminGateSessions.expire, now)))
      .limit(1),
  );
  return Boolean(row);
}

/** Ends the gate session (logout) and clears its cookie. */
export async function closeGateSession(c: Context<AppEnv>, kind: GateKind): Promise<void> {
  const token = getCookie(c, COOKIE[kind]);
  if (token) {
    await atomic(c.var.deps.db, async (tx) => {
      await tx.delete(adminGateSessions).where(eq(adminGateSessions.sid, hashToken(token)));
    });
  }
  deleteCookie(c, COOKIE[kind], { path: "/", secure: isSecureRequest(c), httpOnly: true, sameSite: "Strict" });
}
