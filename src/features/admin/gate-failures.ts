/**
 * Wrong secrets at the two shared-secret gates (the access code, the simple admin password),
 * limited per client network (decision 029). Each network may get GATE_FAILURES_PER_CLIENT wrong
 * within GATE_CLIENT_WINDOW_MS and GATE_FAILURES_PER_CLIENT_PER_DAY within a day; past either, that
 * network alone waits (429 with Retry-After, the right secret included, so its refusals tell it
 * nothing) until its oldest failure ages out. Another network is never held back by someone else's
 * guesses: the lockout of all clients together (decision 021) let anyone with a few addresses keep
 * the right password out indefinitely. Guessing from many networks at once is still bounded per
 * network and day, and logged for the operator once per stretch (GATE_ALERT_FAILURES within the
 * window from all clients). Counted on the app's clock in `counters.gate`, shared by every process
 * using that store. Admins who sign in with their account, and gate sessions already open, are not
 * affected.
 */
import type { Context } from "hono";
import { ADMIN_TEXTS } from "../../../core/admin";
import type { CounterStore } from "../../http/counter-store";
import type { AppEnv } from "../../http/app-context";
import { httpError } from "../../http/errors";
import { clientIp } from "../../http/ip-rate-limit";
import type { GateKind } from "./gate";

export const GATE_FAILURES_PER_CLIENT = 5;
export const GATE_CLIENT_WINDOW_MS = 10 * 60_000;
export const GATE_FAILURES_PER_CLIENT_PER_DAY = 20;
export const GATE_CLIENT_DAY_MS = 24 * 3_600_000;
/** Wrong secrets from all clients within GATE_CLIENT_WINDOW_MS that the log reports (nothing is closed). */
export const GATE_ALERT_FAILURES = 50;

const GATE_NAMES: Record<GateKind, string> = { dashboard: "admin access code", simple: "simple admin password" };
const clientKey = (kind: GateKind, client: string) => `gate-failures:${kind}:${client}`;
const clientDayKey = (kind: GateKind, client: string) => `gate-failures-day:${kind}:${client}`;
const allKey = (kind: GateKind) => `gate-failures:${kind}`;

/** Whether this process already logged the current stretch of many failures, per store and gate. */
const alerted = new WeakMap<CounterStore, Set<GateKind>>();

/** Throws the 429 (with Retry-After) while this client network waits after its own wrong secrets. */
export async function checkGateOpen(c: Context<AppEnv>, kind: GateKind): Promise<void> {
  const { counters, now } = c.var.deps;
  const at = now();
  const client = clientIp(c);
  const [recent, day] = await Promise.all([
    counters.gate.count(clientKey(kind, client), GATE_CLIENT_WINDOW_MS, at),
    counters.gate.count(clientDayKey(kind, client), GATE_CLIENT_DAY_MS, at),
  ]);
  const waits = [recent.count >= GATE_FAILURES_PER_CLIENT ? recent.msUntilFree : 0, day.count >= GATE_FAILURES_PER_CLIENT_PER_DAY ? day.msUntilFree : 0];
  const wait = Math.max(...waits);
  if (wait <= 0) return;
  c.header("Retry-After", String(Math.max(1, Math.ceil(wait / 1000))));
  throw httpError(429, ADMIN_TEXTS.gateClosed);
}

/** Counts a wrong secret for this client network, and for the operator's log of all clients. */
export async function recordGateFailure(c: Context<AppEnv>, kind: GateKind, log: (line: string) => void = (line) => console.warn(line)): Promise<void> {
  const { counters, now } = c.var.deps;
  const at = now();
  const client = clientIp(c);
  await counters.gate.hit(clientKey(kind, client), GATE_CLIENT_WINDOW_MS, at);
  await counters.gate.hit(clientDayKey(kind, client), GATE_CLIENT_DAY_MS, at);
  const all = await counters.gate.hit(allKey(kind), GATE_CLIENT_WINDOW_MS, at);
  let logged = alerted.get(counters.gate);
  if (!logged) alerted.set(counters.gate, (logged = new Set()));
  if (all.count < GATE_ALERT_FAILURES) logged.delete(kind);
  else if (!logged.has(kind)) {
    logged.add(kind);
    log(`[${c.get("requestId")}] [admin] ${GATE_ALERT_FAILURES} wrong ${GATE_NAMES[kind]} attempts from all clients within ${GATE_CLIENT_WINDOW_MS / 60_000} minutes (each network is limited on its own; consider a longer secret or signing in with admin accounts)`);
  }
}

export interface GateFailureLimit {
  /** Throws the 429 (with Retry-After) while this client waits. */
  check(c: Context<AppEnv>): Promise<void>;
  recordFailure(c: Context<AppEnv>): Promise<void>;
}

/** The two calls for one gate (the counts live in the app's store, not here). */
export function createGateFailureLimit(kind: GateKind, log?: (line: string) => void): GateFailureLimit {
  return { check: (c) => checkGateOpen(c, kind), recordFailure: (c) => recordGateFailure(c, kind, log) };
}
