/**
 * The seam's runtime check, preloaded by `bun test` (bunfig.toml): every statement the SQLite
 * driver runs must come from an awaited drizzle builder (its `execute`) or from `db/` itself. A
 * synchronous `.get()/.all()/.run()` anywhere else (src/, scripts/, and the tests, which must run
 * on PostgreSQL too) throws, so the whole suite goes red on it, whatever the function's name or
 * type. JavaScriptCore drops the frame of a function that ends in `return q.all()` (a proper tail
 * call), so the rule cannot ask who called: it asks whether the call came through `execute`.
 */
import { PreparedQuery } from "drizzle-orm/bun-sqlite/session";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "../..");
const DB_DIR = `${join(ROOT, "db")}/`;
const DRIZZLE = `${join(ROOT, "node_modules", "drizzle-orm")}/`;

/** The frames of a stack that are ours (not bun's, not drizzle's, not this file's). */
function callerFrames(stack: string): string[] {
  return stack
    .split("\n")
    .slice(1)
    .filter((frame) => frame.includes(ROOT) && !frame.includes(DRIZZLE) && !frame.includes("/db/seam/driver-guard.ts:"));
}

/** Why a driver call is refused, or null when it is allowed. */
export function refusedDriverCall(stack: string): string | null {
  // awaited builders and prepared statements run through drizzle's execute()
  if (/\bat execute \([^)]*drizzle-orm\//.test(stack)) return null;
  const caller = callerFrames(stack)[0];
  // db/ is the dialect's home; its tests are held to the rule like every other test
  if (caller === undefined || (caller.includes(DB_DIR) && !/\.test\.tsx?:/.test(caller))) return null;
  return `synchronous driver call outside db/ ${caller.trim()}: await the query builder (docs/decisions/024-data-seam.md)`;
}

let installed = false;

/** Wraps the driver's executors; idempotent. */
export function installDriverGuard(): void {
  if (installed) return;
  installed = true;
  const prototype = PreparedQuery.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of ["run", "all", "get", "values"]) {
    const original = prototype[method];
    prototype[method] = function guarded(this: unknown, ...args: unknown[]) {
      const refusal = refusedDriverCall(new Error().stack ?? "");
      if (refusal) throw new Error(refusal);
      return original.apply(this, args);
    };
  }
}

// TRANSITION: on for everyone once every caller has moved; until then POLLINATE_DRIVER_GUARD=1
if (process.env.POLLINATE_DRIVER_GUARD === "1") installDriverGuard();
