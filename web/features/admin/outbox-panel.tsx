import { useQuery } from "@tanstack/react-query";
import { ADMIN_TEXTS } from "../../../core/admin";
import { StatusMessage } from "../../components/status-message";
import { api, errorMessage } from "../../lib/api";
import { adminQueryKeys } from "./query-keys";
import { when } from "./format";

/** How long ago, in words: "less than a minute", "12 min", "3 h 5 min", "2 days". */
export function ageInWords(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return "less than a minute";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * The e-mail outbox (src/email/outbox.ts): how many wait and since when, how many were sent, and
 * each failed or retrying message with its reason. Cards rather than a table, so that a long
 * reason reads at 320 px; recipient, subject and reason are text (React escapes them).
 */
export function OutboxPanel() {
  const query = useQuery({ queryKey: adminQueryKeys.outbox, queryFn: () => api.get("/api/admin/outbox"), refetchInterval: 30_000 });
  const data = query.data;
  const now = query.dataUpdatedAt || Date.now();
  const figures: Array<[string, string, string | undefined]> = data
    ? [
        ["Waiting", String(data.pending), undefined],
        ["Oldest waiting", data.oldestPendingAt ? ageInWords(data.oldestPendingAt, now) : "—", data.oldestPendingAt ? `queued ${when(data.oldestPendingAt)}` : undefined],
        ["Sent", String(data.sent), undefined],
        ["Failed", String(data.failed), undefined],
      ]
    : [];
  return (
    <section aria-labelledby="outbox-heading" className="mt-6 max-w-3xl space-y-3" data-outbox>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="outbox-heading" className="text-xl font-semibold text-forest">Outbox</h2>
        <button type="button" className="btn-outline" aria-disabled={query.isFetching || undefined} onClick={() => query.isFetching || void query.refetch()}>
          {query.isFetching ? "Refreshing..." : "Refresh outbox"}
        </button>
      </div>
      {query.isPending && <p role="status" className="text-sm text-muted">Loading…</p>}
      {query.isError && <StatusMessage notice={{ kind: "error", title: ADMIN_TEXTS.outboxFailed, body: errorMessage(query.error, "Please try again.") }} />}
      {data && (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {figures.map(([label, value, title]) => (
              <div key={label} className="card min-w-0 p-4">
                <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
                <dd className="mt-1 break-words text-2xl font-semibold text-forest" data-outbox-figure={label} title={title}>{value}</dd>
              </div>
            ))}
          </dl>
          <h3 className="text-base font-semibold text-forest">Failed and retrying messages</h3>
          {data.problems.length === 0 ? (
            <p className="card p-4 text-sm text-muted">No message has failed.</p>
          ) : (
            <ul className="space-y-3" aria-label="Failed and retrying messages">
              {data.problems.map((p) => (
                <li key={p.id} className="card min-w-0 space-y-2 p-4 text-sm" data-outbox-problem={p.state}>
                  <p className="flex flex-wrap items-baseline gap-2">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${p.state === "failed" ? "bg-red-100 text-red-900" : "bg-honey/20 text-forest-dark"}`}>
                      {p.state === "failed" ? "Failed" : "Retrying"}
                    </span>
                    <span className="min-w-0 break-words font-semibold">{p.subject || "(no subject)"}</span>
                  </p>
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                    <dt className="text-muted">To</dt>
                    <dd className="break-all">{p.to}</dd>
                    <dt className="text-muted">Attempts</dt>
                    <dd>{p.attempts}</dd>
                    <dt className="text-muted">Reason</dt>
                    <dd className="whitespace-pre-wrap break-words" data-outbox-reason>{p.lastError ?? "—"}</dd>
                    <dt className="text-muted">Queued</dt>
                    <dd>{when(p.createdAt)}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
