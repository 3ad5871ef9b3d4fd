/** Previous / 'Page N of M' / Next for lists paged in the browser (admin views); nothing when there is one page. */
export function PageButtons({ page, pages, onPage, label, compact = false }: { page: number; pages: number; onPage: (page: number) => void; label: string; compact?: boolean }) {
  if (pages <= 1) return null;
  const button = compact ? "btn-outline px-3 py-1" : "btn-outline";
  return (
    <nav aria-label={label} className={compact ? "flex items-center gap-2 text-sm text-muted" : "flex items-center justify-center gap-3"}>
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</button>
      <span className={compact ? undefined : "text-sm text-muted"}>Page {page} of {pages}</span>
      <button type="button" className={button} disabled={page >= pages} onClick={() => onPage(page + 1)}>Next</button>
    </nav>
  );
}
