/**
 * Maia, the general assistant: the shared chat card in a floating panel, opened by the
 * server-rendered 'Chat with Maia' button. Loaded on the first click (see web/assistant-launcher.ts).
 */
import { atom, useAtom } from "jotai";
import { useCallback, useEffect, useRef } from "react";
import { MAIA, MAIA_GREETING_DELAY_MS } from "../../../core/assistant";
import { maiaGreeting, planMaiaReply } from "../../../core/maia";
import { ChatCard } from "./chat-card";
import { FloatingPanel } from "./floating-panel";
import { MatchCards } from "./match-cards";
import { announceAssistantOpened, useCloseWhenAnotherOpens } from "./one-at-a-time";
import { searchReply, type MaiaMatches } from "./maia-search";
import { createChatAtoms, useChatSession, type AssistantReply } from "./use-chat-session";

/** The page's conversation with Maia (jotai, this page only; never sent to a server). */
export const maiaChatAtoms = createChatAtoms<MaiaMatches>();
export const maiaOpenAtom = atom(false);
export const maiaMinimisedAtom = atom(false);

let signedIn = false;
/**
 * Signed in when the current-user lookup returned data (SPEC.md section 6): the server made it for
 * this page and wrote the answer on the launcher button, so no request (and for visitors no 401) is needed.
 */
export function isSignedIn(): boolean {
  return signedIn;
}

/** Maia's answer to one message: the plan from core, and a directory search when it asks for one. */
export async function maiaRespond(text: string): Promise<AssistantReply<MaiaMatches>> {
  const plan = planMaiaReply(text, { signedIn: isSignedIn() });
  if (plan.search) {
    try {
      const found = await searchReply(plan.search, plan.quickActions, isSignedIn());
      // a message with a question and a description gets both: the answer, then the matches
      if (!plan.content) return found;
      const links = [...plan.links, ...(found.links ?? [])].filter((l, i, all) => all.findIndex((m) => m.href === l.href) === i);
      return { ...found, content: `${plan.content}\n\n${found.content}`, links };
    } catch {
      // the directory did not answer: say so, and keep the way to it
      return { content: "I couldn't reach the directory just now. You can search it yourself:", links: [{ href: "/practitioners", label: "Browse all practitioners" }], quickActions: plan.quickActions };
    }
  }
  return { content: plan.content, type: plan.type, links: plan.links, quickActions: plan.quickActions };
}

export function MaiaAssistant({ launcher }: { launcher: HTMLElement | null }) {
  signedIn = launcher?.dataset.signedIn === "true";
  const [open, setOpen] = useAtom(maiaOpenAtom);
  const [minimised, setMinimised] = useAtom(maiaMinimisedAtom);
  const inputRef = useRef<HTMLInputElement>(null);
  const chat = useChatSession<MaiaMatches>({
    atoms: maiaChatAtoms,
    sender: MAIA.id,
    respond: maiaRespond,
    greeting: { delayMs: MAIA_GREETING_DELAY_MS, reply: () => maiaGreeting(isSignedIn()) },
  });
  const { opened } = chat;

  // the server-rendered button stands in for the card while it is closed
  useEffect(() => {
    if (!launcher) return;
    launcher.hidden = open;
    launcher.setAttribute("aria-expanded", String(open));
    if (open) {
      announceAssistantOpened(MAIA.id);
      opened();
      inputRef.current?.focus();
    }
  }, [open, launcher, opened]);

  const closeQuietly = useCallback(() => {
    setOpen(false);
    setMinimised(false);
  }, [setOpen, setMinimised]);
  useCloseWhenAnotherOpens(MAIA.id, open, closeQuietly);

  const close = useCallback(() => {
    closeQuietly();
    // focus goes back to the button once it is visible again
    queueMicrotask(() => {
      if (launcher) {
        launcher.hidden = false;
        launcher.focus();
      }
    });
  }, [launcher, closeQuietly]);

  if (!open) return null;
  return (
    <FloatingPanel minimised={minimised} onEscape={close} testId="maia-panel">
      <ChatCard<MaiaMatches>
        idPrefix="maia"
        name={MAIA.name}
        subtitle={MAIA.subtitle}
        placeholder={MAIA.placeholder}
        avatar={<img src="/images/assistant-maia.svg" alt="" width={40} height={40} className="h-10 w-10" />}
        messages={chat.messages}
        quickActions={chat.quickActions}
        typing={chat.typing}
        minimised={minimised}
        onToggleMinimise={() => setMinimised((m) => !m)}
        onClose={close}
        onSend={chat.send}
        onQuickAction={chat.runQuickAction}
        renderExtra={(message) => (message.extra ? <MatchCards matches={message.extra} /> : null)}
        inputRef={inputRef}
      />
    </FloatingPanel>
  );
}
