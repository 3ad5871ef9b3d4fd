/**
 * Where a floating assistant's card sits: bottom right, w-96 by 500 px (4rem minimised); on a
 * phone the full width, never taller than the screen, so its input stays visible. Escape closes.
 * What it may cover of the page while open: web/features/assistant/panel-cover.ts.
 */
import { useRef, type ReactNode } from "react";
import { ASSISTANT_CARD } from "../../../core/assistant";
import { usePanelCover } from "./panel-cover";

export function FloatingPanel({ minimised, onEscape, children, testId }: { minimised: boolean; onEscape: () => void; children: ReactNode; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  usePanelCover(ref, minimised, testId ?? "assistant-panel");
  return (
    <div
      ref={ref}
      data-testid={testId}
      // sm:w-96 is ASSISTANT_CARD.widthClass written out, so that Tailwind sees it
      className="fixed inset-x-2 bottom-2 z-50 sm:inset-x-auto sm:bottom-6 sm:right-6 sm:w-96"
      style={{ height: minimised ? ASSISTANT_CARD.minimisedHeight : `min(${ASSISTANT_CARD.heightPx}px, calc(100dvh - 1rem))` }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onEscape();
        }
      }}
    >
      {children}
    </div>
  );
}
