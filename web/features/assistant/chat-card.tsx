/**
 * The chat card shared by Maia and the Garden assistant: header (name, subtitle, minimise, close),
 * the message list as a polite live region, a typing indicator, the quick-action row and the
 * input with its send button. Presentational: state lives in useChatSession.
 */
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import type { ChatMessage, QuickAction } from "../../../core/assistant";
import { ChevronDownIcon, CloseIcon } from "../../components/icons";

export interface ChatCardProps<Extra = unknown> {
  /** Used for labels and ids: 'Maia'. */
  name: string;
  subtitle: string;
  placeholder: string;
  /** The assistant's avatar (decorative). */
  avatar?: ReactNode;
  messages: ChatMessage<Extra>[];
  quickActions: QuickAction[];
  /** A reply is pending: the typing indicator shows and sending waits. */
  typing: boolean;
  minimised: boolean;
  onToggleMinimise: () => void;
  onClose: () => void;
  /** Called with the trimmed text; only when it is non-empty and no reply is pending. */
  onSend: (text: string) => void;
  onQuickAction: (action: QuickAction) => void;
  /** Renders what an assistant adds under a reply (Maia: practitioner cards). */
  renderExtra?: (message: ChatMessage<Extra>) => ReactNode;
  inputRef?: RefObject<HTMLInputElement | null>;
  /** id prefix for the card's elements (unique on the page). */
  idPrefix: string;
}

function TypingIndicator({ name }: { name: string }) {
  return (
    <div className="flex items-center gap-2 self-start rounded-2xl rounded-bl-sm bg-sage/70 px-4 py-3" data-testid="typing-indicator">
      <span className="sr-only">{name} is typing</span>
      {[0, 150, 300].map((delay) => (
        <span key={delay} aria-hidden="true" className="h-2 w-2 rounded-full bg-forest/60 motion-safe:animate-bounce" style={{ animationDelay: `${delay}ms` }} />
      ))}
    </div>
  );
}

function MessageBubble<Extra>({ message, renderExtra }: { message: ChatMessage<Extra>; renderExtra?: (m: ChatMessage<Extra>) => ReactNode }) {
  const mine = message.sender === "user";
  return (
    <li className={`flex max-w-[92%] flex-col gap-2 ${mine ? "self-end items-end" : "self-start items-start"}`} data-sender={message.sender} data-type={message.type}>
      <p
        className={`whitespace-pre-line wrap-anywhere rounded-2xl px-4 py-2.5 text-sm leading-relaxed ${
          mine ? "rounded-br-sm bg-forest text-white" : message.type === "guidance" ? "rounded-bl-sm bg-honey-light text-ink" : "rounded-bl-sm bg-sage/70 text-ink"
        }`}
      >
        {message.content}
      </p>
      {message.links && message.links.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {message.links.map((link) => (
            <li key={link.href + link.label}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener"
                className="inline-flex items-center gap-1 rounded-full border border-forest/25 bg-white px-3 py-1.5 text-xs font-semibold text-forest hover:border-forest"
              >
                {link.label}
                <span className="sr-only"> (opens in a new tab)</span>
                <span aria-hidden="true">↗</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {renderExtra?.(message)}
    </li>
  );
}

export function ChatCard<Extra = unknown>(props: ChatCardProps<Extra>) {
  const { name, subtitle, placeholder, avatar, messages, quickActions, typing, minimised, idPrefix } = props;
  const [text, setText] = useState("");
  const listRef = useRef<HTMLDivElement>(null);
  const canSend = text.trim().length > 0 && !typing;

  // keep the newest message in view
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length, typing, quickActions.length]);

  function send() {
    if (!canSend) return;
    props.onSend(text.trim());
    setText("");
  }

  return (
    <section
      role="dialog"
      aria-labelledby={`${idPrefix}-title`}
      aria-describedby={`${idPrefix}-subtitle`}
      className="flex h-full w-full flex-col overflow-hidden rounded-2xl border border-forest/15 bg-cream shadow-2xl"
      data-minimised={minimised || undefined}
    >
      <header className="flex h-16 shrink-0 items-center gap-3 bg-forest px-4 text-white">
        {avatar && <span className="flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-honey-light">{avatar}</span>}
        <div className="min-w-0 flex-1">
          <h2 id={`${idPrefix}-title`} className="truncate font-display text-lg font-semibold leading-tight">{name}</h2>
          <p id={`${idPrefix}-subtitle`} className="truncate text-xs text-white/85">{subtitle}</p>
        </div>
        <button
          type="button"
          onClick={props.onToggleMinimise}
          aria-label={minimised ? `Expand chat with ${name}` : `Minimise chat with ${name}`}
          aria-expanded={!minimised}
          className="flex h-10 w-10 items-center justify-center rounded-full hover:bg-white/15"
        >
          <ChevronDownIcon className={`h-5 w-5 transition-transform ${minimised ? "rotate-180" : ""}`} />
        </button>
        <button type="button" onClick={props.onClose} aria-label={`Close chat with ${name}`} className="flex h-10 w-10 items-center justify-center rounded-full hover:bg-white/15">
          <CloseIcon className="h-5 w-5" />
        </button>
      </header>

      <div className={minimised ? "hidden" : "flex min-h-0 flex-1 flex-col"}>
        <div ref={listRef} className="min-h-0 flex-1 overflow-y-auto px-3 py-4" tabIndex={0} aria-label={`Conversation with ${name}`} role="region">
          <div role="log" aria-live="polite" aria-relevant="additions">
            <ol className="flex flex-col gap-3">
              {messages.map((message) => (
                <MessageBubble key={message.id} message={message} renderExtra={props.renderExtra} />
              ))}
            </ol>
          </div>
          {typing && <div className="mt-3 flex"><TypingIndicator name={name} /></div>}
        </div>

        {quickActions.length > 0 && (
          <ul className="flex shrink-0 flex-wrap gap-2 border-t border-forest/10 px-3 py-2" aria-label="Quick actions">
            {quickActions.map((action) => (
              <li key={action.id}>
                <button
                  type="button"
                  onClick={() => props.onQuickAction(action)}
                  disabled={typing && action.action !== "clear"}
                  className="inline-flex items-center gap-1.5 rounded-full border border-forest/20 bg-white px-3 py-1.5 text-xs font-medium text-ink hover:border-forest disabled:opacity-60"
                >
                  <span aria-hidden="true">{action.icon}</span>
                  {action.text}
                </button>
              </li>
            ))}
          </ul>
        )}

        <form
          className="flex shrink-0 items-center gap-2 border-t border-forest/10 bg-white px-3 py-3"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <label htmlFor={`${idPrefix}-input`} className="sr-only">Message {name}</label>
          <input
            id={`${idPrefix}-input`}
            ref={props.inputRef}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={placeholder}
            autoComplete="off"
            maxLength={500}
            className="input min-w-0 flex-1 rounded-full"
          />
          <button type="submit" disabled={!canSend} className="btn-primary h-10 shrink-0 px-4">Send</button>
        </form>
      </div>
    </section>
  );
}
