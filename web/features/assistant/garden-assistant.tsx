/**
 * The Garden assistant (SPEC.md sections 4 and 9): the shared chat card in a floating panel on the
 * Community Garden. Loaded on the first open (React.lazy in web/islands/garden-browser.tsx); it
 * answers from the items the island has loaded, and a match opens that item's read dialog.
 */
import { atom, useAtom } from "jotai";
import { useCallback, useEffect, useRef } from "react";
import { GARDEN_ASSISTANT, GARDEN_GREETING_DELAY_MS, gardenGreeting, planGardenReply, type GardenAsker, type GardenAssistantItem } from "../../../core/garden-assistant";
import { ChatCard } from "./chat-card";
import { FloatingPanel } from "./floating-panel";
import { announceAssistantOpened, useCloseWhenAnotherOpens } from "./one-at-a-time";
import { createChatAtoms, useChatSession, type AssistantReply } from "./use-chat-session";

export type GardenMatches = GardenAssistantItem[];

export const gardenChatAtoms = createChatAtoms<GardenMatches>();
export const gardenMinimisedAtom = atom(false);

/** The reply to one message, from the items loaded now (no network). */
export function gardenRespond(text: string, items: readonly GardenAssistantItem[], asker: GardenAsker): AssistantReply<GardenMatches> {
  const plan = planGardenReply(text, items, asker);
  return {
    content: plan.content,
    type: plan.archetype ? "archetype_insight" : "text",
    links: plan.links.length > 0 ? plan.links : undefined,
    extra: plan.matches.length > 0 ? plan.matches.map(({ id, title, description, tags }) => ({ id, title, description, tags })) : undefined,
    quickActions: plan.quickActions,
  };
}

export interface GardenAssistantProps {
  /** The garden items currently loaded in the island. */
  items: readonly GardenAssistantItem[];
  /** Whether someone is signed in (the Garden page's viewer, from the server): the answers differ. */
  signedIn: boolean;
  /** Opens an item's read dialog. */
  onOpenItem: (id: string) => void;
  /** `returnFocus: false` when another assistant opened and has the focus. */
  onClose: (options?: { returnFocus: boolean }) => void;
}

export default function GardenAssistant({ items, signedIn, onOpenItem, onClose }: GardenAssistantProps) {
  const [minimised, setMinimised] = useAtom(gardenMinimisedAtom);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const signedInRef = useRef(signedIn);
  signedInRef.current = signedIn;
  const inputRef = useRef<HTMLInputElement>(null);
  const chat = useChatSession<GardenMatches>({
    atoms: gardenChatAtoms,
    sender: GARDEN_ASSISTANT.id,
    respond: (text) => gardenRespond(text, itemsRef.current, { signedIn: signedInRef.current }),
    greeting: { delayMs: GARDEN_GREETING_DELAY_MS, reply: gardenGreeting },
  });
  const { opened } = chat;

  useEffect(() => {
    announceAssistantOpened(GARDEN_ASSISTANT.id);
    opened();
    inputRef.current?.focus();
  }, [opened]);

  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const closeQuietly = useCallback(() => {
    setMinimised(false);
    onCloseRef.current({ returnFocus: false });
  }, [setMinimised]);
  useCloseWhenAnotherOpens(GARDEN_ASSISTANT.id, true, closeQuietly);

  function close() {
    setMinimised(false);
    onClose();
  }

  return (
    <FloatingPanel minimised={minimised} onEscape={close} testId="garden-assistant-panel">
      <ChatCard<GardenMatches>
        idPrefix="garden-assistant"
        name={GARDEN_ASSISTANT.name}
        subtitle={GARDEN_ASSISTANT.subtitle}
        placeholder={GARDEN_ASSISTANT.placeholder}
        avatar={<span aria-hidden="true" className="text-xl">🌱</span>}
        messages={chat.messages}
        quickActions={chat.quickActions}
        typing={chat.typing}
        minimised={minimised}
        onToggleMinimise={() => setMinimised((m) => !m)}
        onClose={close}
        onSend={chat.send}
        onQuickAction={chat.runQuickAction}
        renderExtra={(message) =>
          message.extra && message.extra.length > 0 ? (
            <ul className="flex flex-col gap-2" aria-label="Matching garden pieces" data-testid="garden-assistant-matches">
              {message.extra.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => onOpenItem(item.id)}
                    className="w-full rounded-xl border border-forest/15 bg-white px-3 py-2 text-left text-sm font-semibold text-forest hover:border-forest"
                  >
                    {item.title}
                  </button>
                </li>
              ))}
            </ul>
          ) : null
        }
        inputRef={inputRef}
      />
    </FloatingPanel>
  );
}
