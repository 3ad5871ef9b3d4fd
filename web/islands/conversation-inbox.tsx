/** The inbox (issue 23): conversations newest first with the last line, its age and unread counts, kept live. */
import { useEffect, useState } from "react";
import { MESSAGE_TEXTS, conversationPath, type ApiInbox } from "../../core/conversations";
import { relativeAge } from "../features/reviews/relative-age";
import { api, errorMessage } from "../lib/api";
import { listenLive } from "../features/conversations/live";

export default function ConversationInbox({ inbox, role, now, emailWhenAway = true }: { inbox: ApiInbox; role: "client" | "practitioner"; now: string; emailWhenAway?: boolean }) {
  return (
    <div className="space-y-6">
      <InboxList inbox={inbox} role={role} now={now} />
      <EmailSetting initial={emailWhenAway} />
    </div>
  );
}

/** The dashboard's setting that turns message e-mails off. */
function EmailSetting({ initial }: { initial: boolean }) {
  const [on, setOn] = useState(initial);
  const [status, setStatus] = useState<string | null>(null);
  async function change(next: boolean) {
    setOn(next);
    try {
      await api.send("PUT", "/api/conversations/settings", { body: { emailWhenAway: next } });
      setStatus(MESSAGE_TEXTS.settingsSaved);
    } catch (error) {
      setOn(!next);
      setStatus(errorMessage(error, "Please try again."));
    }
  }
  return (
    <section className="card p-5" aria-labelledby="message-email-setting">
      <h2 id="message-email-setting" className="font-display text-lg font-semibold text-forest">Message e-mails</h2>
      <label className="mt-2 flex items-start gap-2 text-sm">
        <input type="checkbox" checked={on} onChange={(e) => void change(e.target.checked)} className="mt-1" />
        <span>E-mail me when a message waits unread for 10 minutes (at most one e-mail per conversation per hour).</span>
      </label>
      <p role="status" className="mt-2 text-xs text-muted">{status ?? ""}</p>
    </section>
  );
}

function InboxList({ inbox, role, now }: { inbox: ApiInbox; role: "client" | "practitioner"; now: string }) {
  const [data, setData] = useState(inbox);
  const [clock, setClock] = useState(now);
  const [more, setMore] = useState(false);

  useEffect(
    () =>
      listenLive((event) => {
        if (event.type === "message" || event.type === "unread") {
          void api.get("/api/conversations").then((fresh) => {
            setData(fresh);
            setClock(new Date().toISOString());
          }).catch(() => {});
        }
      }),
    [],
  );

  async function loadMore() {
    if (!data.nextCursor) return;
    setMore(true);
    try {
      const page = await api.get("/api/conversations", { query: { cursor: data.nextCursor } });
      setData((current) => ({ ...page, conversations: [...current.conversations, ...page.conversations] }));
    } finally {
      setMore(false);
    }
  }

  if (data.conversations.length === 0) {
    return <p className="card p-6 text-sm text-muted" data-testid="empty-inbox">{role === "client" ? MESSAGE_TEXTS.emptyInbox : MESSAGE_TEXTS.emptyInboxPractitioner}</p>;
  }
  return (
    <div>
      <p className="sr-only" aria-live="polite" data-testid="inbox-unread">{data.unreadTotal} unread</p>
      <ul className="card divide-y divide-forest/10" aria-label="Conversations">
        {data.conversations.map((c) => (
          <li key={c.id}>
            <a href={conversationPath(role, c.id)} className="flex items-start justify-between gap-3 p-4 hover:bg-sage/30 focus-visible:bg-sage/30">
              <span className="min-w-0">
                <span className={`block wrap-anywhere ${c.unreadCount > 0 ? "font-semibold text-ink" : "text-ink"}`}>{c.otherName}</span>
                <span className="block truncate text-sm text-muted">{c.lastLine ?? ""}</span>
              </span>
              <span className="flex shrink-0 flex-col items-end gap-1 text-xs text-muted">
                {c.lastMessageAt && <time dateTime={c.lastMessageAt}>{relativeAge(c.lastMessageAt, new Date(clock))}</time>}
                {c.unreadCount > 0 && (
                  <span className="rounded-full bg-forest px-2 py-0.5 font-semibold text-white" data-testid="unread-count">
                    {c.unreadCount}
                    <span className="sr-only"> unread</span>
                  </span>
                )}
              </span>
            </a>
          </li>
        ))}
      </ul>
      {data.nextCursor && (
        <p className="mt-4 text-center">
          <button type="button" className="btn-outline" onClick={() => void loadMore()} disabled={more}>{more ? "Loading…" : "Older conversations"}</button>
        </p>
      )}
    </div>
  );
}
