/**
 * The seam's runtime check, preloaded by `bun test` (bunfig.toml): every statement the SQLite
 * driver runs must come from an awaited drizzle builder (its `execute`), from `db/` itself, or
 * from a test reading its own rows. A synchronous `.get()/.all()/.run()` in src/ or scripts/
 * throws, so the whole suite goes red on it, whatever the function's name or type. Limit:
 * JavaScriptCore drops the frame of a function that ends in `return q.all()` (a proper tail call),
 * so such a function called straight from a test passes here; called from a route or a service it
 * is refused, and the static scan (seam.test.ts) finds it in any form.
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
  if (caller === undefined || caller.includes(DB_DIR)) return null;
  if (/\.test\.tsx?:|\/e2e\//.test(caller)) return null;
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

// on in every test run; POLLINATE_DRIVER_GUARD=0 turns it off to diagnose
if (process.env.POLLINATE_DRIVER_GUARD !== "0") installDriverGuard();
