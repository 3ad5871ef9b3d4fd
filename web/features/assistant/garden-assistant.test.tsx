import { act, fireEvent, render, screen } from "@testing-library/react";
import { getDefaultStore } from "jotai";
import { afterEach, expect, mock, test } from "bun:test";
import { GARDEN_ASSISTANT } from "../../../core/garden-assistant";
import GardenAssistant, { gardenChatAtoms, gardenMinimisedAtom } from "./garden-assistant";

afterEach(() => {
  const store = getDefaultStore();
  store.set(gardenChatAtoms.messages, []);
  store.set(gardenChatAtoms.quickActions, []);
  store.set(gardenChatAtoms.typing, false);
  store.set(gardenMinimisedAtom, false);
});

const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

const items = [
  { id: "i1", title: "Morning breathwork ritual", description: null, tags: [] },
  { id: "i2", title: "Walking meditation", description: "Slow steps", tags: ["calm"] },
];

test("typing indicator, then after 1–2.5 s a reply whose match opens the item; minimise and close", async () => {
  const onOpenItem = mock((_id: string) => {});
  const onClose = mock(() => {});
  const fetchSpy = mock(globalThis.fetch);
  const realFetch = globalThis.fetch;
  globalThis.fetch = fetchSpy as unknown as typeof fetch;
  try {
    render(<GardenAssistant items={items} signedIn={false} onOpenItem={onOpenItem} onClose={onClose} />);
    expect(screen.getByRole("dialog", { name: GARDEN_ASSISTANT.name })).toBeTruthy();
    const input = screen.getByPlaceholderText(GARDEN_ASSISTANT.placeholder);
    fireEvent.change(input, { target: { value: "meditation please" } });
    fireEvent.submit(input.closest("form")!);
    expect(screen.getByTestId("typing-indicator")).toBeTruthy();
    await wait(900);
    expect(screen.queryByTestId("garden-assistant-matches")).toBeNull();
    await wait(1700);
    expect(screen.queryByTestId("typing-indicator")).toBeNull();
    const match = screen.getByRole("button", { name: "Walking meditation" });
    fireEvent.click(match);
    expect(onOpenItem).toHaveBeenCalledWith("i2");
    expect(fetchSpy).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: `Minimise chat with ${GARDEN_ASSISTANT.name}` }));
    expect(screen.getByRole("dialog").dataset.minimised).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: `Close chat with ${GARDEN_ASSISTANT.name}` }));
    expect(onClose).toHaveBeenCalled();
  } finally {
    globalThis.fetch = realFetch;
  }
});
