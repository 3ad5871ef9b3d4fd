/**
 * A title-and-text notice announced to screen readers: role=status for news, role=alert for
 * failures. It stands in for the site-wide toasts (being built elsewhere); swap it in one place.
 */
export interface Notice {
  kind: "success" | "error";
  title: string;
  body?: string;
}

export function StatusMessage({ notice, onDismiss }: { notice: Notice | null; onDismiss?: () => void }) {
  if (!notice) return null;
  const style = notice.kind === "error" ? "border-red-200 bg-red-50 text-red-900" : "border-moss/30 bg-sage/60 text-forest-dark";
  return (
    <div role={notice.kind === "error" ? "alert" : "status"} className={`flex items-start justify-between gap-3 rounded-xl border px-4 py-3 text-sm ${style}`}>
      <div>
        <p className="font-semibold">{notice.title}</p>
        {notice.body && <p className="mt-0.5">{notice.body}</p>}
      </div>
      {onDismiss && (
        <button type="button" onClick={onDismiss} className="rounded-full px-2 text-lg leading-none" aria-label="Dismiss message">
          ×
        </button>
      )}
    </div>
  );
}
