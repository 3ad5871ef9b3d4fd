import { act, fireEvent, render, screen } from "@testing-library/react";
import { createStore, Provider } from "jotai";
import { expect, test } from "bun:test";
import { useEffect, useState } from "react";
import { ASK_SOMETHING_ELSE, type QuickAction } from "../../../core/assistant";
import { ChatCard } from "./chat-card";
import { createChatAtoms, useChatSession, type AssistantReply } from "./use-chat-session";

const STARTERS: QuickAction[] = [
  { id: "a", text: "Tell me a story", icon: "📖", action: "story please" },
  ASK_SOMETHING_ELSE,
];

/** A small assistant built on the shared pieces, as Maia and the Garden assistant are. */
function Echo({ delay = 20, respond }: { delay?: number; respond?: (t: string) => AssistantReply }) {
  const [atoms] = useState(() => createChatAtoms());
  const chat = useChatSession({
    atoms,
    sender: "echo",
    respond: respond ?? ((text) => ({ content: `You said: ${text}`, quickActions: STARTERS })),
    greeting: { delayMs: 10, reply: () => ({ content: "Hello from Echo", quickActions: STARTERS }) },
    replyDelay: () => delay,
  });
  useEffect(() => chat.opened(), []);
  return (
    <ChatCard
      idPrefix="echo"
      name="Echo"
      subtitle="A test assistant"
      placeholder="Ask Echo anything..."
      messages={chat.messages}
      quickActions={chat.quickActions}
      typing={chat.typing}
      minimised={false}
      onToggleMinimise={() => {}}
      onClose={() => {}}
      onSend={chat.send}
      onQuickAction={chat.runQuickAction}
    />
  );
}
const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

function renderEcho(props: Parameters<typeof Echo>[0] = {}) {
  return render(
    <Provider store={createStore()}>
      <Echo {...props} />
    </Provider>,
  );
}

test("the greeting arrives after its delay, of type guidance, with the starter actions", async () => {
  renderEcho();
  expect(screen.queryByText("Hello from Echo")).toBeNull();
  await wait(40);
  const greeting = screen.getByText("Hello from Echo").closest("li")!;
  expect(greeting.getAttribute("data-type")).toBe("guidance");
  expect(screen.getByRole("button", { name: /Tell me a story/ })).toBeTruthy();
  // messages are announced politely
  expect(screen.getByRole("log").getAttribute("aria-live")).toBe("polite");
  expect(screen.getByRole("dialog", { name: "Echo" })).toBeTruthy();
});

test("send needs non-empty trimmed text and no pending reply; Enter sends; the typing indicator shows meanwhile", async () => {
  renderEcho({ delay: 60 });
  await wait(30);
  const input = screen.getByPlaceholderText("Ask Echo anything...") as HTMLInputElement;
  const send = screen.getByRole("button", { name: "Send" }) as HTMLButtonElement;
  expect(send.disabled).toBe(true);
  fireEvent.change(input, { target: { value: "   " } });
  expect(send.disabled).toBe(true);
  fireEvent.submit(input.form!);
  expect(screen.queryAllByText(/You said/)).toHaveLength(0);
  expect(document.querySelectorAll('[data-sender="user"]')).toHaveLength(0);

  fireEvent.change(input, { target: { value: "  hello  " } });
  expect(send.disabled).toBe(false);
  fireEvent.submit(input.form!); // what Enter does in a form
  expect(input.value).toBe("");
  expect(document.querySelector('[data-sender="user"]')!.textContent).toBe("hello");
  expect(screen.getByTestId("typing-indicator")).toBeTruthy();
  // a second message while the reply is pending is not sent
  fireEvent.change(input, { target: { value: "again" } });
  expect(send.disabled).toBe(true);
  fireEvent.submit(input.form!);
  expect(document.querySelectorAll('[data-sender="user"]')).toHaveLength(1);

  await wait(100);
  expect(screen.getByText("You said: hello")).toBeTruthy();
  expect(screen.queryByTestId("typing-indicator")).toBeNull();
  expect(send.disabled).toBe(false);
});

test("a quick action sends its action; 'Ask something else' only clears the row", async () => {
  renderEcho({ delay: 10 });
  await wait(30);
  fireEvent.click(screen.getByRole("button", { name: /Tell me a story/ }));
  expect(document.querySelector('[data-sender="user"]')!.textContent).toBe("story please");
  await wait(40);
  expect(screen.getByText("You said: story please")).toBeTruthy();
  const before = document.querySelectorAll("[data-sender]").length;
  fireEvent.click(screen.getByRole("button", { name: /Ask something else/ }));
  expect(screen.queryByRole("list", { name: "Quick actions" })).toBeNull();
  expect(document.querySelectorAll("[data-sender]").length).toBe(before);
});

test("links in replies open in a new tab without access to this page", async () => {
  renderEcho({ delay: 10, respond: () => ({ content: "See these", links: [{ href: "/garden", label: "Garden" }] }) });
  await wait(30);
  fireEvent.change(screen.getByPlaceholderText("Ask Echo anything..."), { target: { value: "links?" } });
  fireEvent.submit(screen.getByPlaceholderText("Ask Echo anything...").closest("form")!);
  await wait(40);
  const link = screen.getByRole("link", { name: /Garden/ });
  expect(link.getAttribute("href")).toBe("/garden");
  expect(link.getAttribute("target")).toBe("_blank");
  expect(link.getAttribute("rel")).toBe("noopener");
});

test("a failing reply becomes an apology instead of a stuck typing indicator", async () => {
  renderEcho({
    delay: 10,
    respond: () => {
      throw new Error("boom");
    },
  });
  await wait(30);
  fireEvent.change(screen.getByPlaceholderText("Ask Echo anything..."), { target: { value: "hi" } });
  fireEvent.submit(screen.getByPlaceholderText("Ask Echo anything...").closest("form")!);
  await wait(40);
  expect(screen.getByText(/something went wrong/)).toBeTruthy();
  expect(screen.queryByTestId("typing-indicator")).toBeNull();
});
