import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A modal <dialog> with a title, open while `open` is true (showModal: the page behind is inert,
 * Escape closes it and calls `onClose`). Its content mounts only while open.
 */
export function ModalDialog({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close?.();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={onClose} className="m-auto w-[min(44rem,calc(100vw-1.5rem))] rounded-2xl border border-forest/10 bg-white p-0 text-ink shadow-xl backdrop:bg-ink/40">
      {open && (
        <div className="max-h-[85vh] overflow-y-auto p-5 sm:p-6">
          <h2 id={titleId} className="text-xl font-semibold text-forest">{title}</h2>
          <div className="mt-4">{children}</div>
        </div>
      )}
    </dialog>
  );
}
