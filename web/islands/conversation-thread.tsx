/**
 * A conversation (issue 23): history with the newest at the bottom and older pages on scroll, the
 * session the two share next, a composer (Enter sends, Shift+Enter breaks the line, a counter near
 * the limit, pending, a failed send keeps the text and offers to retry), 'Seen', Report, Block,
 * the crisis note, and live updates from the page's stream. Without a conversation yet (`start`),
 * the first message opens it and the page moves to it.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import {
  bookingEventLine,
  MESSAGE_COUNTER_FROM,
  MESSAGE_MAX_LENGTH,
  MESSAGE_TEXTS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  conversationPath,
  mentionsCrisis,
  type ApiConversation,
  type ApiMessage,
  type ReportReason,
} from "../../core/conversations";
import { api, errorMessage } from "../lib/api";
import { CrisisNote } from "../features/conversations/crisis-note";
import { listenLive } from "../features/conversations/live";
import { MessageText } from "../features/conversations/message-text";
import { viewerTimeZone } from "../features/bookings/time";

export type ConversationTarget = { practitionerId: string } | { bookingId: string };

export interface ConversationThreadProps {
  /** The conversation, or null before its first message. */
  conversation: ApiConversation | null;
  /** Who the first message goes to when there is no conversation yet. */
  start?: ConversationTarget;
  myRole: "client" | "practitioner";
  otherName: string;
  /** The booking the page was opened at (?booking=), kept when paging. */
  bookingId?: string | null;
}

/**
 * A time as the thread shows it, in `timeZone`: UTC in the server's HTML and the first render in
 * the browser (the same text on both, whatever the host's zone: React's hydration compares them),
 * then the viewer's own zone (useShownZone).
 */
function formatWhen(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleString("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone });
}

/** UTC until the island is hydrated, then the viewer's zone. */
function useShownZone(): string {
  const [zone, setZone] = useState("UTC");
  useEffect(() => setZone(viewerTimeZone()), []);
  return zone;
}

function mergeMessages(current: ApiMessage[], incoming: ApiMessage[]): ApiMessage[] {
  const seen = new Set(current.map((m) => m.id));
  const added = incoming.filter((m) => !seen.has(m.id));
  if (added.length === 0) return current;
  return [...current, ...added].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export default function ConversationThread({ conversation, start, myRole, otherName, bookingId = null }: ConversationThreadProps) {
  const shownZone = useShownZone();
  const [messages, setMessages] = useState<ApiMessage[]>(conversation?.messages ?? []);
  const [hasOlder, setHasOlder] = useState(conversation?.hasOlder ?? false);
  const [seenId, setSeenId] = useState<string | null>(conversation?.seenMessageId ?? null);
  const [blockedByMe, setBlockedByMe] = useState(conversation?.blockedByMe ?? false);
  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [reporting, setReporting] = useState<ApiMessage | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const keepOffset = useRef<number | null>(null);
  const composerId = useId();
  const counterId = useId();
  const id = conversation?.id ?? null;

  // newest at the bottom: stay there as lines arrive, unless the person scrolled up to read
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (keepOffset.current !== null) {
      list.scrollTop = list.scrollHeight - keepOffset.current;
      keepOffset.current = null;
    } else if (stickToBottom.current) list.scrollTop = list.scrollHeight;
  }, [messages]);

  const markRead = useCallback(() => {
    if (!id || document.visibilityState === "hidden") return;
    void api.send("POST", "/api/conversations/:id/read", { params: { id }, body: {} }).catch(() => {});
  }, [id]);

  useEffect(() => {
    if (!id) return;
    if (messages.some((m) => m.from === "them")) markRead();
    return listenLive((event) => {
      if (event.type === "message" && event.message.conversationId === id) {
        setMessages((current) => mergeMessages(current, [event.message]));
        if (event.message.from === "them") markRead();
      } else if (event.type === "read" && event.conversationId === id) {
        setSeenId(event.seenMessageId);
      }
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, markRead]);

  const loadOlder = useCallback(async () => {
    if (!id || !hasOlder || loadingOlder || messages.length === 0) return;
    setLoadingOlder(true);
    try {
      const params = new URLSearchParams({ before: messages[0].id });
      if (bookingId) params.set("booking", bookingId);
      const page = await api.get("/api/conversations/:id", { params: { id }, query: params });
      keepOffset.current = listRef.current ? listRef.current.scrollHeight - listRef.current.scrollTop : null;
      setMessages((current) => mergeMessages(current, page.messages));
      setHasOlder(page.hasOlder);
    } catch (error) {
      setNotice(errorMessage(error, "Older messages could not be loaded."));
    } finally {
      setLoadingOlder(false);
    }
  }, [id, hasOlder, loadingOlder, messages, bookingId]);

  function onScroll() {
    const list = listRef.current;
    if (!list) return;
    stickToBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    if (list.scrollTop < 80) void loadOlder();
  }

  async function send() {
    const body = draft.trim();
    if (!body || pending || body.length > MESSAGE_MAX_LENGTH) return;
    setPending(true);
    setFailure(null);
    try {
      if (!id) {
        const answer = await api.send("POST", "/api/conversations", { body: { ...start!, body } });
        const query = bookingId ? `?booking=${encodeURIComponent(bookingId)}` : "";
        window.location.assign(conversationPath(myRole, answer.conversationId) + query);
        return;
      }
      const answer = await api.send("POST", "/api/conversations/:id/messages", { params: { id }, body: { body } });
      stickToBottom.current = true;
      setMessages((current) => mergeMessages(current, [answer.message]));
      setDraft("");
    } catch (error) {
      setFailure(errorMessage(error, MESSAGE_TEXTS.sendFailed));
    } finally {
      setPending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  async function toggleBlock() {
    if (!id) return;
    try {
      const answer = await api.send("POST", blockedByMe ? "/api/conversations/:id/unblock" : "/api/conversations/:id/block", { params: { id } });
      setBlockedByMe(answer.blockedByMe);
      setNotice(answer.message);
    } catch (error) {
      setNotice(errorMessage(error, "Please try again."));
    }
  }

  // 'Seen' goes under the last of my messages the other person has read
  const seenUnder = seenId ? messages.filter((m) => m.from === "me" && m.id <= seenId).at(-1)?.id : undefined;
  const length = draft.trim().length;
  const blockedByThem = conversation?.blockedByThem ?? false;
  const next = conversation?.nextSession ?? null;
  const sessionsLink = myRole === "client" ? "/dashboard/client#sessions" : "/dashboard/practitioner#schedule";

  return (
    <div className="card flex min-h-[28rem] flex-col overflow-hidden" data-testid="conversation">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-forest/10 px-4 py-3">
        <h2 className="font-display text-xl font-semibold text-forest wrap-anywhere">{otherName}</h2>
        {id && (
          <button type="button" className="btn-ghost text-sm" onClick={toggleBlock}>
            {blockedByMe ? "Unblock" : "Block"}
          </button>
        )}
      </div>
      {next && (
        <p className="border-b border-forest/10 bg-parchment px-4 py-2 text-sm" data-testid="shared-session">
          {next.status === "cancelled" ? "Session (cancelled): " : "Your session: "}
          <time dateTime={next.scheduledDatetime}>{formatWhen(next.scheduledDatetime, shownZone)}</time> · {next.duration} minutes ·{" "}
          <a href={sessionsLink} className="font-semibold text-forest underline underline-offset-2">View session</a>
        </p>
      )}
      <div ref={listRef} onScroll={onScroll} className="max-h-[60vh] min-h-[16rem] flex-1 overflow-y-auto px-4 py-3" tabIndex={0} role="log" aria-live="polite" aria-relevant="additions" aria-label={`Messages with ${otherName}`}>
        {hasOlder && (
          <p className="mb-2 text-center">
            <button type="button" className="btn-ghost text-sm" onClick={() => void loadOlder()} disabled={loadingOlder}>
              {loadingOlder ? "Loading…" : "Load older messages"}
            </button>
          </p>
        )}
        {messages.length === 0 && <p className="py-8 text-center text-sm text-muted">Write the first message below. {otherName} will see it in their inbox.</p>}
        <ol className="space-y-3">
          {messages.map((m) =>
            m.kind === "event" ? (
              <li key={m.id} className="text-center text-xs text-muted" data-testid="system-line">
                <span className="rounded-full bg-sage/50 px-3 py-1">
                  {bookingEventLine(m)}
                  {m.sessionAt ? ` · session ${formatWhen(m.sessionAt, shownZone)}` : ""} · <time dateTime={m.createdAt}>{formatWhen(m.createdAt, shownZone)}</time> ·{" "}
                  <a href={sessionsLink} className="underline underline-offset-2">View session</a>
                </span>
              </li>
            ) : (
              <li key={m.id} className={`flex flex-col ${m.from === "me" ? "items-end" : "items-start"}`} data-testid="message">
                <div className={`max-w-[85%] whitespace-pre-wrap rounded-2xl px-3 py-2 text-sm wrap-anywhere ${m.from === "me" ? "bg-forest text-white" : "bg-parchment text-ink"}`}>
                  <span className="sr-only">{m.from === "me" ? "You: " : `${otherName}: `}</span>
                  <MessageText text={m.body} />
                </div>
                <p className="mt-1 flex gap-2 text-xs text-muted">
                  <time dateTime={m.createdAt}>{formatWhen(m.createdAt, shownZone)}</time>
                  {m.from === "them" && (
                    <button type="button" className="underline underline-offset-2" onClick={() => setReporting(m)} aria-label={`Report this message from ${otherName}`}>
                      Report
                    </button>
                  )}
                  {m.id === seenUnder && <span data-testid="seen">Seen</span>}
                </p>
                {m.from === "them" && m.crisis && <div className="mt-1 max-w-[85%]"><CrisisNote /></div>}
              </li>
            ),
          )}
        </ol>
      </div>
      {notice && <p role="status" className="border-t border-forest/10 px-4 py-2 text-sm text-ink">{notice}</p>}
      {blockedByThem ? (
        <p className="border-t border-forest/10 px-4 py-3 text-sm text-ink" role="status">{MESSAGE_TEXTS.blockedByThem}</p>
      ) : blockedByMe ? (
        <p className="border-t border-forest/10 px-4 py-3 text-sm text-ink">{MESSAGE_TEXTS.blockedByYou}</p>
      ) : (
        <form
          className="border-t border-forest/10 p-3"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          {mentionsCrisis(draft) && <div className="mb-2"><CrisisNote beforeSending /></div>}
          <label htmlFor={composerId} className="sr-only">Message to {otherName}</label>
          <textarea
            id={composerId}
            className="input min-h-[4.5rem] resize-y"
            rows={3}
            value={draft}
            placeholder="Write a message. Enter sends, Shift+Enter starts a new line."
            aria-describedby={length >= MESSAGE_COUNTER_FROM ? counterId : undefined}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            <span id={counterId} className={`text-xs ${length > MESSAGE_MAX_LENGTH ? "font-semibold text-red-800" : "text-muted"}`} aria-live="polite">
              {length >= MESSAGE_COUNTER_FROM ? `${length.toLocaleString("en-US")} / ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters` : ""}
            </span>
            <button type="submit" className="btn-primary" disabled={pending || length === 0 || length > MESSAGE_MAX_LENGTH}>
              {pending ? "Sending…" : failure ? "Retry" : "Send"}
            </button>
          </div>
          {failure && <p role="alert" className="mt-2 text-sm text-red-800">{MESSAGE_TEXTS.sendFailed} {failure} Your text is kept: choose Retry to send it again.</p>}
        </form>
      )}
      {reporting && id && <ReportDialog message={reporting} onClose={(done) => { setReporting(null); if (done) setNotice(done); }} />}
    </div>
  );
}

function ReportDialog({ message, onClose }: { message: ApiMessage; onClose: (done?: string) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [reason, setReason] = useState<ReportReason>("harassment");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    ref.current?.showModal?.();
  }, []);
  async function submit() {
    setPending(true);
    try {
      const answer = await api.send("POST", "/api/conversations/messages/:id/report", { params: { id: message.id }, body: { reason, note: note.trim() || null } });
      onClose(answer.message);
    } catch (e) {
      setError(errorMessage(e, "Please try again."));
      setPending(false);
    }
  }
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={() => onClose()} className="m-auto w-[min(32rem,calc(100vw-1.5rem))] rounded-2xl border border-forest/10 bg-white p-5 text-ink shadow-xl backdrop:bg-ink/40">
      <h2 id={titleId} className="text-xl font-semibold text-forest">Report this message</h2>
      <p className="mt-2 line-clamp-3 text-sm text-muted">“{message.body}”</p>
      <fieldset className="mt-4">
        <legend className="label">Why are you reporting it?</legend>
        {REPORT_REASONS.map((r) => (
          <label key={r} className="mt-1 flex items-center gap-2 text-sm">
            <input type="radio" name="report-reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
            {REPORT_REASON_LABELS[r]}
          </label>
        ))}
      </fieldset>
      <label className="label mt-4" htmlFor={`${titleId}-note`}>Anything else an admin should know (optional)</label>
      <textarea id={`${titleId}-note`} className="input" rows={3} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
      {error && <p role="alert" className="mt-2 text-sm text-red-800">{error}</p>}
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={() => onClose()}>Cancel</button>
        <button type="button" className="btn-primary" disabled={pending} onClick={() => void submit()}>{pending ? "Sending…" : "Send report"}</button>
      </div>
    </dialog>
  );
}
