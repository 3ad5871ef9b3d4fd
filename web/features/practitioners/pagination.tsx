import type { MouseEvent } from "react";

/** Page numbers to show: the first, the last, and two either side of the current one, with gaps. */
export function pageWindow(page: number, totalPages: number): Array<number | "gap"> {
  const pages = new Set([1, totalPages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= totalPages));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | "gap"> = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1] > 1) out.push("gap");
    out.push(n);
  });
  return out;
}

/**
 * Real links (they work before hydration and can be opened in a new tab); `onNavigate` turns a
 * plain click into an in-page update.
 */
export function Pagination({ page, totalPages, hrefFor, onNavigate, label }: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  onNavigate?: (page: number) => void;
  label: string;
}) {
  if (totalPages <= 1) return null;
  const click = (target: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onNavigate(target);
  };
  const link = "flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-medium";
  return (
    <nav aria-label={label} className="mt-10 flex flex-wrap items-center justify-center gap-1.5">
      {page > 1 ? (
        <a href={hrefFor(page - 1)} onClick={click(page - 1)} rel="prev" className={`${link} border border-forest/20 bg-white text-forest hover:bg-sage/50`}>Previous</a>
      ) : (
        <span className={`${link} border border-forest/10 text-muted`} aria-disabled="true">Previous</span>
      )}
      {pageWindow(page, totalPages).map((n, i) =>
        n === "gap" ? (
          <span key={`gap-${i}`} className="px-1 text-muted" aria-hidden="true">…</span>
        ) : n === page ? (
          <span key={n} aria-current="page" className={`${link} bg-forest text-white`}>{n}</span>
        ) : (
          <a key={n} href={hrefFor(n)} onClick={click(n)} aria-label={`Page ${n}`} className={`${link} text-ink hover:bg-sage/60`}>{n}</a>
        ),
      )}
      {page < totalPages ? (
        <a href={hrefFor(page + 1)} onClick={click(page + 1)} rel="next" className={`${link} border border-forest/20 bg-white text-forest hover:bg-sage/50`}>Next</a>
      ) : (
        <span className={`${link} border border-forest/10 text-muted`} aria-disabled="true">Next</span>
      )}
    </nav>
  );
}
