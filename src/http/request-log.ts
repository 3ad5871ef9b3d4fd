import type { MiddlewareHandler } from "hono";
import { workerNumber } from "../ops/workers";
import type { AppEnv } from "./app-context";

/** A private calendar feed's address holds its secret token: logs keep only its place. */
const FEED_TOKEN = /^(\/api\/calendar\/)[^/]+(\.ics)$/;

/** The path as it is written to the log: secrets in it (a feed token) replaced. */
export function loggedPath(path: string): string {
  return path.replace(FEED_TOKEN, "$1[token]$2");
}

/**
 * " pid 1234" in a worker process (WORKERS above 1: the processes write one log, and the supervisor's
 * start lines name each worker's pid), else "".
 */
export function servedBy(env: Record<string, string | undefined> = process.env): string {
  return workerNumber(env) === null ? "" : ` pid ${process.pid}`;
}

/**
 * One line per request: method, path (without secrets), status, duration, request id (the answer's
 * X-Request-Id), and under WORKERS the pid of the process that answered.
 */
export function requestLog(enabled: boolean, tag = servedBy()): MiddlewareHandler<AppEnv> {
  return async function logRequest(c, next) {
    const started = performance.now();
    await next();
    if (!enabled) return;
    const ms = (performance.now() - started).toFixed(1);
    console.log(`${c.req.method} ${loggedPath(c.req.path)} ${c.res.status} ${ms}ms ${c.get("requestId") ?? ""}${tag}`);
  };
}
