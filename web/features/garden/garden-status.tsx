import { useEffect } from "react";

/** SPEC.md section 9: a toast shows for 5 seconds, one at a time. */
const STATUS_MS = 5000;

export interface GardenStatusMessage {
  kind: "success" | "error";
  title: string;
  description?: string;
  /** A link to act on the message (sign in, see the wallet). */
  action?: { href: string; label: string };
  /** Changes with every message, so that a repeated one restarts the timer. */
  at: number;
}

/**
 * The Garden's toast: one message at a time, announced politely (errors assertively). Kept in
 * this one component so that the site-wide toast system can replace it in one place.
 */
export function GardenStatus({ message, onDismiss }: { message: GardenStatusMessage | null; onDismiss: () => void }) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onDismiss, STATUS_MS);
    return () => clearTimeout(timer);
  }, [message, onDismiss]);
  return (
    <div role={message?.kind === "error" ? "alert" : "status"} aria-live={message?.kind === "error" ? "assertive" : "polite"} className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex justify-end">
      {message && (
        <div
          data-testid="garden-status"
          // the floating buttons rise above it (web/assistant-launcher.ts)
          data-keep-clear=""
          className={`pointer-events-auto w-full max-w-[420px] rounded-2xl border px-4 py-3 text-sm shadow-lg ${
            message.kind === "error" ? "border-red-200 bg-red-50 text-red-900" : "border-moss/30 bg-white text-forest-dark"
          }`}
        >
          <p className="font-semibold">{message.title}</p>
          {message.description && <p className="mt-0.5 break-words">{message.description}</p>}
          {message.action && (
            <a href={message.action.href} className="mt-1 inline-block font-semibold underline underline-offset-2">{message.action.label}</a>
          )}
        </div>
      )}
    </div>
  );
}
