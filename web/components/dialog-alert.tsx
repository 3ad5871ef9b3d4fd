import { useEffect, useRef } from "react";

/**
 * Why an action in a modal <dialog> failed, shown inside the dialog. A toast of the page would sit
 * under the dialog's top layer: unseen, out of the screen reader's reach (the rest of the page is
 * inert), so the button would seem to do nothing.
 */
export interface DialogFailure {
  /** 'Upload failed', 'Something went wrong'. */
  title: string;
  /** The server's reason, or the screen's fallback. */
  description: string;
  /** What to do about it, when it is somewhere else (sign in again). */
  action?: { href: string; label: string };
}

/**
 * The failure box: the alert region stays in the dialog, empty until a failure, so that the text
 * put into it is announced. `className` spaces the box (the empty region takes no room). When the
 * focus has left the dialog (the pressed button was disabled while the request ran, or since), it
 * moves to the box, so that the keyboard goes on from there and not from the top of the page.
 */
export function DialogAlert({ failure, className = "" }: { failure: DialogFailure | null; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    const dialog = el?.closest("dialog");
    if (!el || !dialog) return;
    const focused = document.activeElement;
    if (!focused || focused === document.body || !dialog.contains(focused) || (focused as HTMLButtonElement).disabled) el.focus();
  }, [failure]);
  return (
    <div role="alert">
      {failure && (
        <div ref={box} tabIndex={-1} className={`${className} rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900`}>
          <p className="font-semibold">{failure.title}</p>
          <p className="mt-0.5 break-words">{failure.description}</p>
          {failure.action && (
            <a href={failure.action.href} className="mt-2 inline-block font-semibold text-red-900 underline underline-offset-4">
              {failure.action.label}
            </a>
          )}
        </div>
      )}
    </div>
  );
}
