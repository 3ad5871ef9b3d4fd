/**
 * Settings: the private calendar feed (an .ics address with a secret token) that any calendar app
 * can subscribe to, with a copy button, and rotate (new address, the old one stops) or revoke.
 */
import { useEffect, useRef, useState } from "react";
import { api, errorMessage } from "../lib/api";
import { COMMON_TEXTS } from "../../core/common-texts";

/** `hasFeed`: the user has a feed (its address was shown once, when made; only its hash is kept). */
export default function CalendarFeed({ hasFeed }: { hasFeed: boolean }) {
  const [url, setUrl] = useState<string | null>(null);
  const [exists, setExists] = useState(hasFeed);
  const [message, setMessage] = useState<{ kind: "error" | "ok"; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  // the pressed button goes away with the state it belongs to: after a change the focus moves to
  // what replaced it (the new address, selected for copying, or Create calendar feed), not to the
  // page's body; while waiting the buttons ignore presses but keep the focus (aria-disabled)
  const [focusAfter, setFocusAfter] = useState<"address" | "create" | null>(null);
  const address = useRef<HTMLInputElement>(null);
  const create = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusAfter) return;
    (focusAfter === "address" ? address : create).current?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  async function run(method: "POST" | "DELETE", done: string) {
    if (pending) return;
    setPending(true);
    setMessage(null);
    try {
      const answer = method === "POST" ? await api.send("POST", "/api/calendar/token") : await api.send("DELETE", "/api/calendar/token");
      setUrl(method === "POST" ? answer?.url ?? null : null);
      setExists(method === "POST");
      setMessage({ kind: "ok", text: done });
      setFocusAfter(method === "POST" ? "address" : "create");
    } catch (e) {
      setMessage({ kind: "error", text: errorMessage(e, "Could not change your calendar feed") });
    } finally {
      setPending(false);
    }
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setMessage({ kind: "ok", text: COMMON_TEXTS.copied });
    } catch {
      setMessage({ kind: "error", text: `${COMMON_TEXTS.copyFailed}. ${COMMON_TEXTS.copyManually}` });
    }
  }

  return (
    <div className="card space-y-3 p-5" data-testid="calendar-feed">
      <h3 className="text-lg font-semibold text-ink">Calendar feed</h3>
      <p className="text-sm text-muted">Subscribe from Google Calendar, Apple Calendar or Outlook to see your Pollinate sessions beside your own. Keep the address private: anyone with it can read your sessions.</p>
      {url ? (
        <>
          <label htmlFor="calendar-feed-url" className="label">Your private feed address</label>
          <input ref={address} id="calendar-feed-url" readOnly className="input font-mono text-xs" value={url} onFocus={(e) => e.currentTarget.select()} />
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-primary" onClick={copy}>Copy</button>
            <button type="button" className="btn-outline" aria-disabled={pending || undefined} onClick={() => run("POST", "A new address was made; the old one no longer works.")}>New address</button>
            <button type="button" className="btn-ghost" aria-disabled={pending || undefined} onClick={() => run("DELETE", "The calendar feed is turned off.")}>Turn off</button>
          </div>
        </>
      ) : exists ? (
        <>
          <p className="text-sm text-ink">Your calendar feed is on. Its address was shown once, when it was made; to see an address again, make a new one (the old one stops working).</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-outline" aria-disabled={pending || undefined} onClick={() => run("POST", "A new address was made; the old one no longer works.")}>New address</button>
            <button type="button" className="btn-ghost" aria-disabled={pending || undefined} onClick={() => run("DELETE", "The calendar feed is turned off.")}>Turn off</button>
          </div>
        </>
      ) : (
        <button ref={create} type="button" className="btn-outline" aria-disabled={pending || undefined} onClick={() => run("POST", "Your calendar feed is ready.")}>Create calendar feed</button>
      )}
      {message && <p role={message.kind === "error" ? "alert" : "status"} className={`text-sm ${message.kind === "error" ? "text-red-800" : "text-moss"}`}>{message.text}</p>}
    </div>
  );
}
