/**
 * The toasts on screen, with Radix (@radix-ui/react-toast): the region F8 focuses, swipe to
 * dismiss, screen-reader announcements. Loaded by <Toaster /> (toast.tsx) with the first toast.
 */
import * as RadixToast from "@radix-ui/react-toast";
import { useAtomValue, useSetAtom } from "jotai";
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_DIRECTION, TOAST_SWIPE_THRESHOLD_PX } from "../../../core/toast";
import { dismissToastAtom, toastsAtom } from "./toast";

export default function ToastList() {
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
          // the floating buttons rise above it (web/assistant-launcher.ts)
          data-keep-clear=""
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
