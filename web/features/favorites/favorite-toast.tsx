import { atom, useAtom } from "jotai";
import { useEffect } from "react";

/** SPEC.md section 9: a toast shows for 5 seconds, one at a time. */
const TOAST_MS = 5000;

export interface FavoriteToastMessage {
  kind: "success" | "error";
  text: string;
  /** Changes on every toggle, so that a repeated message restarts the timer. */
  at: number;
}

/** The favourites toast, shared by every heart of the page (islands share one jotai store). */
export const favoriteToastAtom = atom<FavoriteToastMessage | null>(null);

/** Renders the toast; once per island that has hearts, outside the hearts (a removed card keeps its toast). */
export function FavoriteToast() {
  const [toast, setToast] = useAtom(favoriteToastAtom);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, setToast]);
  if (!toast) return null;
  return (
    <div
      role={toast.kind === "error" ? "alert" : "status"}
      className={`fixed bottom-4 right-4 z-50 max-w-[min(420px,calc(100vw-2rem))] rounded-2xl border px-4 py-3 text-sm shadow-lg ${
        toast.kind === "error" ? "border-red-200 bg-red-50 text-red-900" : "border-moss/30 bg-white text-forest-dark"
      }`}
    >
      {toast.text}
    </div>
  );
}
