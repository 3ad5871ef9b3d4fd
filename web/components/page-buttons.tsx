import { useLayoutEffect, useRef } from "react";

/** Previous / 'Page N of M' / Next for lists paged in the browser (admin views); nothing when there is one page. */
export function PageButtons({ page, pages, onPage, label, compact = false }: { page: number; pages: number; onPage: (page: number) => void; label: string; compact?: boolean }) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const pressed = useRef<HTMLButtonElement | null>(null);
  // Reaching the first or last page disables the button just pressed, and the browser would drop
  // its keyboard focus to the page's body: hand the focus to the other button before that happens.
  useLayoutEffect(() => {
    const button = pressed.current;
    pressed.current = null;
    if (button?.disabled && document.activeElement === button) (button === next.current ? previous : next).current?.focus();
  });
  if (pages <= 1) return null;
  const button = compact ? "btn-outline px-3 py-1" : "btn-outline";
  function go(to: number, from: HTMLButtonElement | null) {
    pressed.current = from;
    // the press that reaches an end hands the focus over at once: Chromium drops the focus of a
    // button as it becomes disabled, before a layout effect of the next render could move it
    const other = from === next.current ? previous.current : next.current;
    if (from === document.activeElement && (to <= 1 || to >= pages)) other?.focus();
    onPage(to);
  }
  return (
    <nav aria-label={label} className={compact ? "flex items-center gap-2 text-sm text-muted" : "flex items-center justify-center gap-3"}>
      <button ref={previous} type="button" className={button} disabled={page <= 1} onClick={() => go(page - 1, previous.current)}>Previous</button>
      <span className={compact ? undefined : "text-sm text-muted"}>Page {page} of {pages}</span>
      <button ref={next} type="button" className={button} disabled={page >= pages} onClick={() => go(page + 1, next.current)}>Next</button>
    </nav>
  );
}
