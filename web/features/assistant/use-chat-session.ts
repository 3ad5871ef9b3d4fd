/**
 * A chat's state and timing, shared by the assistants: the history lives in jotai atoms for the
 * page only (never sent anywhere), a greeting after the first open, and for each message a typing
 * indicator for the reply delay before the reply arrives.
 */
import { atom, useAtom, type PrimitiveAtom } from "jotai";
import { useCallback, useEffect, useRef } from "react";
import { ASK_SOMETHING_ELSE, replyDelayMs, type ChatMessage, type QuickAction } from "../../../core/assistant";

export interface ChatAtoms<Extra = unknown> {
  messages: PrimitiveAtom<ChatMessage<Extra>[]>;
  quickActions: PrimitiveAtom<QuickAction[]>;
  typing: PrimitiveAtom<boolean>;
}

/** One set of atoms per assistant, created at module level by the assistant. */
export function createChatAtoms<Extra = unknown>(): ChatAtoms<Extra> {
  return { messages: atom<ChatMessage<Extra>[]>([]), quickActions: atom<QuickAction[]>([]), typing: atom(false) };
}

/** What an assistant answers: the message (without id, sender and timestamp) and the next quick actions. */
export interface AssistantReply<Extra = unknown> {
  content: string;
  type?: ChatMessage["type"];
  links?: ChatMessage["links"];
  extra?: Extra;
  quickActions?: QuickAction[];
}

export interface ChatSessionOptions<Extra> {
  atoms: ChatAtoms<Extra>;
  /** The assistant's id as message sender ('maia'). */
  sender: string;
  /** Answers a message; may be async (e.g. asks the directory). */
  respond: (text: string) => AssistantReply<Extra> | Promise<AssistantReply<Extra>>;
  /** The greeting after the first open, with the starter actions; none when absent. */
  greeting?: { delayMs: number; reply: () => AssistantReply<Extra> | Promise<AssistantReply<Extra>> };
  /** Reply delay in ms (default: the spec's 1000 + up to 1500). */
  replyDelay?: () => number;
}

let lastId = 0;
/** Timestamp text as id, made unique when two messages share a millisecond. */
function nextId(now: number): string {
  lastId = Math.max(lastId + 1, now);
  return String(lastId);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useChatSession<Extra = unknown>(options: ChatSessionOptions<Extra>) {
  const { atoms, sender } = options;
  const [messages, setMessages] = useAtom(atoms.messages);
  const [quickActions, setQuickActions] = useAtom(atoms.quickActions);
  const [typing, setTyping] = useAtom(atoms.typing);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const greetingScheduled = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const post = useCallback(
    (reply: AssistantReply<Extra>) => {
      const now = Date.now();
      const message: ChatMessage<Extra> = {
        id: nextId(now),
        content: reply.content,
        sender,
        timestamp: new Date(now).toISOString(),
        type: reply.type ?? "text",
        ...(reply.links ? { links: reply.links } : {}),
        ...(reply.extra !== undefined ? { extra: reply.extra } : {}),
      };
      setMessages((list) => [...list, message]);
      if (reply.quickActions) setQuickActions(reply.quickActions);
    },
    [sender, setMessages, setQuickActions],
  );

  /** Call when the chat opens: the first open with no messages schedules the greeting. */
  const opened = useCallback(() => {
    const greeting = optionsRef.current.greeting;
    if (!greeting || greetingScheduled.current || messages.length > 0) return;
    greetingScheduled.current = true;
    void (async () => {
      const [reply] = await Promise.all([greeting.reply(), sleep(greeting.delayMs)]);
      if (mounted.current) post({ type: "guidance", ...reply });
    })();
  }, [messages.length, post]);

  /** Sends a message: only non-empty trimmed text, and only when no reply is pending. */
  const send = useCallback(
    (raw: string) => {
      const text = raw.trim();
      if (!text || typing) return false;
      const now = Date.now();
      setMessages((list) => [...list, { id: nextId(now), content: text, sender: "user", timestamp: new Date(now).toISOString(), type: "text" }]);
      setTyping(true);
      const { respond, replyDelay = replyDelayMs } = optionsRef.current;
      void (async () => {
        let reply: AssistantReply<Extra>;
        try {
          [reply] = await Promise.all([Promise.resolve().then(() => respond(text)), sleep(replyDelay())]);
        } catch {
          reply = { content: "Sorry, something went wrong on my side. Please try again in a moment." };
        }
        post(reply);
        setTyping(false);
      })();
      return true;
    },
    [typing, setMessages, setTyping, post],
  );

  /** A quick action: 'Ask something else' clears the row; any other sends its action as a message. */
  const runQuickAction = useCallback(
    (action: QuickAction) => {
      if (action.action === ASK_SOMETHING_ELSE.action) {
        setQuickActions([]);
        return;
      }
      send(action.action);
    },
    [send, setQuickActions],
  );

  return { messages, quickActions, typing, opened, send, runQuickAction, clearQuickActions: () => setQuickActions([]) };
}
