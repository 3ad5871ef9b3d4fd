/**
 * A limit on wrong secrets at one gate from all clients together. The per-client limit (AUTH_RATE_LIMIT
 * a minute) alone let an attacker with many networks guess the access code or the simple admin
 * password as fast as they had networks (decision 021): past GATE_FAILURES_PER_WINDOW wrong
 * secrets within GATE_FAILURE_WINDOW_MS, that gate answers 429 to everyone, the right secret
 * included (or the refusals would tell it), until the oldest failure leaves the window; the first
 * refusal of each such stretch is logged. Admins who sign in with their account, and gate sessions
 * already open, are not affected. Counted on the app's clock, in memory, one set per app.
 */
import type { Context } from "hono";
import { ADMIN_TEXTS } from "../../../core/admin";
import { createAttemptCounter } from "../../auth/attempt-counter";
import type { AppEnv } from "../../http/env";
import { httpError } from "../../http/errors";
import type { GateKind } from "./gate";

export const GATE_FAILURES_PER_WINDOW = 50;
export const GATE_FAILURE_WINDOW_MS = 10 * 60_000;

const GATE_NAMES: Record<GateKind, string> = { dashboard: "admin access code", simple: "simple admin password" };

export interface GateFailureLimit {
  /** Throws the 429 (with Retry-After) while the gate is closed to everyone. */
  check(c: Context<AppEnv>): void;
  recordFailure(c: Context<AppEnv>): void;
}

export function createGateFailureLimit(kind: GateKind, log: (line: string) => void = (line) => console.warn(line)): GateFailureLimit {
  const failures = createAttemptCounter(GATE_FAILURE_WINDOW_MS);
  let closedSince: number | null = null;
  return {
    check(c) {
      const now = c.var.deps.now();
      if (failures.count(kind, now) < GATE_FAILURES_PER_WINDOW) {
        closedSince = null;
        return;
      }
      if (closedSince === null) {
        closedSince = now.getTime();
        log(`[${c.get("requestId")}] [admin] ${GATE_FAILURES_PER_WINDOW} wrong ${GATE_NAMES[kind]} attempts from all clients within ${GATE_FAILURE_WINDOW_MS / 60_000} minutes: that login now answers 429 to everyone until they age out`);
      }
      c.header("Retry-After", String(Math.ceil(failures.msUntilFree(kind, now) / 1000)));
      throw httpError(429, ADMIN_TEXTS.gateClosed);
    },
    recordFailure(c) {
      failures.add(kind, c.var.deps.now());
    },
  };
}
