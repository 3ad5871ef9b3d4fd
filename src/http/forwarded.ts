import type { Context } from "hono";
import type { AppEnv } from "./app-context";

/**
 * The value a trusted reverse proxy put in an X-Forwarded-* header, or undefined when TRUST_PROXY
 * is off or the header is absent. A proxy appends to what the client sent, so only the LAST entry
 * is the proxy's own: earlier ones are whatever the client chose to send.
 */
export function trustedForwarded(c: Context<AppEnv>, header: "x-forwarded-for" | "x-forwarded-proto"): string | undefined {
  if (!c.var.deps.config.TRUST_PROXY) return undefined;
  const entries = (c.req.header(header) ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  return entries.at(-1);
}
