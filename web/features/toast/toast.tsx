/**
 * The site's one toast system (SPEC.md section 9), on @radix-ui/react-toast. Any island inside the
 * shared providers calls `useToast()(...)`; the messages live in a jotai atom of the page's one
 * store, and exactly one <Toaster /> per page shows them, however many islands render one.
 */
import * as RadixToast from "@radix-ui/react-toast";
import { atom, useAtom, useAtomValue, useSetAtom } from "jotai";
import { useCallback, useEffect, useId } from "react";
import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD_PX,
} from "../../../core/toast";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

export interface ToastMessage extends ToastInput {
  id: number;
  open: boolean;
}

let nextId = 1;

/** The page's toasts, newest first; at most TOAST_LIMIT. */
export const toastsAtom = atom<ToastMessage[]>([]);

/** Which <Toaster /> of the page renders (the first one mounted). */
const toasterOwnerAtom = atom<string | null>(null);

const addToastAtom = atom(null, (_get, set, input: ToastInput) => {
  const message: ToastMessage = { ...input, id: nextId++, open: true };
  set(toastsAtom, (list) => [message, ...list].slice(0, TOAST_LIMIT));
  return message.id;
});

const dismissToastAtom = atom(null, (_get, set, id: number) => {
  set(toastsAtom, (list) => list.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => set(toastsAtom, (list) => list.filter((t) => t.id !== id)), TOAST_REMOVE_DELAY_MS);
});

/** `const toast = useToast(); toast({ title: "Session booked!", description: "…" })`. */
export function useToast(): (input: ToastInput) => number {
  const add = useSetAtom(addToastAtom);
  return useCallback((input: ToastInput) => add(input), [add]);
}

const NEXT_PAGE_KEY = "pollinate:toast";

/**
 * A toast for the next page (e.g. 'Session booked!' before going to the dashboard): kept in
 * session storage and shown by that page's <Toaster />.
 */
export function toastAfterNavigation(input: ToastInput): void {
  try {
    sessionStorage.setItem(NEXT_PAGE_KEY, JSON.stringify(input));
  } catch {
    // storage unavailable: the next page simply shows no toast
  }
}

function takeNextPageToast(): ToastInput | null {
  try {
    const text = sessionStorage.getItem(NEXT_PAGE_KEY);
    if (!text) return null;
    sessionStorage.removeItem(NEXT_PAGE_KEY);
    const parsed = JSON.parse(text);
    return parsed && typeof parsed.title === "string" ? { title: parsed.title, description: typeof parsed.description === "string" ? parsed.description : undefined } : null;
  } catch {
    return null;
  }
}

/** Renders the toasts; put one in every island that toasts. Only the first mounted one shows. */
export function Toaster() {
  const id = useId();
  const [owner, setOwner] = useAtom(toasterOwnerAtom);
  useEffect(() => {
    setOwner((current) => current ?? id);
    return () => setOwner((current) => (current === id ? null : current));
  }, [id, setOwner]);
  const add = useSetAtom(addToastAtom);
  const isOwner = owner === id;
  useEffect(() => {
    if (!isOwner) return;
    const pending = takeNextPageToast();
    if (pending) add(pending);
  }, [isOwner, add]);
  if (!isOwner) return null;
  return <ToastList />;
}

function ToastList() {
  const toasts = useAtomValue(toastsAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection={TOAST_SWIPE_DIRECTION} swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((t) => (
        <RadixToast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismiss(t.id)}
          type={t.variant === "destructive" ? "foreground" : "background"}
          data-testid="toast"
          className={`toast-root pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-2xl border p-4 pr-10 shadow-lg ${
            t.variant === "destructive" ? "border-red-200 bg-red-50 text-red-900" : "border-moss/30 bg-white text-forest-dark"
          }`}
        >
          <div className="grid gap-1">
            <RadixToast.Title className="text-sm font-semibold">{t.title}</RadixToast.Title>
            {t.description && <RadixToast.Description className="text-sm opacity-90">{t.description}</RadixToast.Description>}
          </div>
          <RadixToast.Close aria-label="Close" className="absolute right-2 top-2 rounded-full px-2 py-0.5 text-lg leading-none opacity-70 hover:opacity-100">
            <span aria-hidden="true">×</span>
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport hotkey={TOAST_HOTKEY} className="fixed bottom-0 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none md:max-w-[420px]" />
    </RadixToast.Provider>
  );
}
