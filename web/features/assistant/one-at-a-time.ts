/**
 * One floating assistant open at a time: Maia and the Garden Guide share the bottom-right corner,
 * so opening one closes the other. They are separate React roots (Maia is even a separate build,
 * decision 013), so they speak through one DOM event rather than shared state.
 */
import { useEffect } from "react";

const OPENED_EVENT = "pollinate:assistant-opened";

/** Tells the other assistants that `id` has just opened. */
export function announceAssistantOpened(id: string): void {
  document.dispatchEvent(new CustomEvent<string>(OPENED_EVENT, { detail: id }));
}

/**
 * While `open`, calls `closeQuietly` when another assistant opens. It must not move focus: the
 * assistant that opened has it.
 */
export function useCloseWhenAnotherOpens(id: string, open: boolean, closeQuietly: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onOpened = (event: Event) => {
      if ((event as CustomEvent<string>).detail !== id) closeQuietly();
    };
    document.addEventListener(OPENED_EVENT, onOpened);
    return () => document.removeEventListener(OPENED_EVENT, onOpened);
  }, [id, open, closeQuietly]);
}
