/**
 * A limit on wrong secrets at one gate from all clients together. The per-client limit (AUTH_RATE_LIMIT
 * a minute) alone let an attacker with many networks guess the access code or the simple admin
 * password as fast as they had networks (decision 021): past GATE_FAILURES_PER_WINDOW wrong
 * secrets within GATE_FAILURE_WINDOW_MS, that gate answers 429 to everyone, the right secret
 * included (or the refusals would tell it), until the oldest failure leaves the window; the first
 * refusal of each such stretch is logged (once per process). Admins who sign in with their account,
 * and gate sessions already open, are not affected. Counted on the app's clock in the app's
 * `counters.gate` store (src/http/counter-store.ts), shared by every process using it.
 */
import type { Context } from "hono";
import { ADMIN_TEXTS } from "../../../core/admin";
import type { CounterStore } from "../../http/counter-store";
import type { AppEnv } from "../../http/env";
import { httpError } from "../../http/errors";
import type { GateKind } from "./gate";

export const GATE_FAILURES_PER_WINDOW = 50;
export const GATE_FAILURE_WINDOW_MS = 10 * 60_000;

const GATE_NAMES: Record<GateKind, string> = { dashboard: "admin access code", simple: "simple admin password" };
const failureKey = (kind: GateKind) => `gate-failures:${kind}`;

/** When each store's gate closed, as this process saw it (for the one log line per stretch). */
const closedSince = new WeakMap<CounterStore, Map<GateKind, number>>();

/** Throws the 429 (with Retry-After) while the gate is closed to everyone. */
export async function checkGateOpen(c: Context<AppEnv>, kind: GateKind, log: (line: string) => void = (line) => console.warn(line)): Promise<void> {
  const { counters, now } = c.var.deps;
  const store = counters.gate;
  const at = now();
  const failures = await store.count(failureKey(kind), GATE_FAILURE_WINDOW_MS, at);
  let closed = closedSince.get(store);
  if (!closed) closedSince.set(store, (closed = new Map()));
  if (failures.count < GATE_FAILURES_PER_WINDOW) {
    closed.delete(kind);
    return;
  }
  if (!closed.has(kind)) {
    closed.set(kind, at.getTime());
    log(`[${c.get("requestId")}] [admin] ${GATE_FAILURES_PER_WINDOW} wrong ${GATE_NAMES[kind]} attempts from all clients within ${GATE_FAILURE_WINDOW_MS / 60_000} minutes: that login now answers 429 to everyone until they age out`);
  }
  c.header("Retry-After", String(Math.max(1, Math.ceil(failures.msUntilFree / 1000))));
  throw httpError(429, ADMIN_TEXTS.gateClosed);
}

export async function recordGateFailure(c: Context<AppEnv>, kind: GateKind): Promise<void> {
  await c.var.deps.counters.gate.hit(failureKey(kind), GATE_FAILURE_WINDOW_MS, c.var.deps.now());
}

export interface GateFailureLimit {
  /** Throws the 429 (with Retry-After) while the gate is closed to everyone. */
  check(c: Context<AppEnv>): Promise<void>;
  recordFailure(c: Context<AppEnv>): Promise<void>;
}

/** The two calls for one gate (the counts live in the app's store, not here). */
export function createGateFailureLimit(kind: GateKind, log?: (line: string) => void): GateFailureLimit {
  return { check: (c) => checkGateOpen(c, kind, log), recordFailure: (c) => recordGateFailure(c, kind) };
}
