/**
 * The site's one toast system (SPEC.md section 9), on @radix-ui/react-toast. Any island inside the
 * shared providers calls `useToast()(...)`; the messages live in a jotai atom of the page's one
 * store, and exactly one <Toaster /> per page shows them, however many islands render one.
 * Radix itself (toast-list.tsx) is loaded when the first toast is shown.
 */
import { atom, useAtom, useAtomValue, useSetAtom } from "jotai";
import { useCallback, useEffect, useId, useState } from "react";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "../../../core/toast";

type ToastListComponent = typeof import("./toast-list").default;

/**
 * Radix's toast list (12 KB gzip) loads with the page's first toast, not with every island that
 * might show one: most page views show none (docs/performance.md, "Lighthouse"). Loaded by hand
 * rather than with React.lazy: a Suspense boundary reveals its content on a timer, which a test's
 * fake clock stops.
 */
let toastList: Promise<ToastListComponent> | null = null;
function loadToastList(): Promise<ToastListComponent> {
  toastList ??= import("./toast-list").then((m) => m.default);
  return toastList;
}

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

export const dismissToastAtom = atom(null, (_get, set, id: number) => {
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
  const anyToast = useAtomValue(toastsAtom).length > 0;
  const [ToastList, setToastList] = useState<ToastListComponent | null>(null);
  useEffect(() => {
    if (!isOwner || !anyToast || ToastList) return;
    let live = true;
    void loadToastList().then((list) => live && setToastList(() => list));
    return () => {
      live = false;
    };
  }, [isOwner, anyToast, ToastList]);
  if (!isOwner || !anyToast || !ToastList) return null;
  return <ToastList />;
}
