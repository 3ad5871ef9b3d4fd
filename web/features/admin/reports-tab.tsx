import { useQuery } from "@tanstack/react-query";
import { bookingEventLine, REPORT_REASON_LABELS } from "../../../core/conversations";
import { useRef, useState } from "react";
import { StatusMessage } from "../../components/status-message";
import { api, errorMessage } from "../../lib/api";
import { when } from "./format";
import { useAdminAction, ReasonConfirm } from "./actions";

/** Reported messages with the ten around them (issue 23): dismiss, or suspend the sender (audited). */
export function ReportsTab() {
  const reports = useQuery({ queryKey: ["/api/admin", "reports"], queryFn: () => api.get("/api/admin/reports") });
  const action = useAdminAction();
  const [confirming, setConfirming] = useState<string | null>(null);
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});
  if (reports.isPending) return <p className="p-4 text-sm text-muted">Loading reports…</p>;
  if (reports.isError) return <p role="alert" className="p-4 text-sm text-red-800">{errorMessage(reports.error, "Reports could not be loaded.")}</p>;
  const list = reports.data.reports;
  return (
    <div className="space-y-4 p-4">
      <StatusMessage notice={action.notice} />
      {list.length === 0 && <p className="text-sm text-muted">No open reports.</p>}
      <ul className="space-y-4" aria-label="Open reports">
        {list.map((r) => (
          <li key={r.id} className="card p-4" data-testid="message-report">
            <p className="text-sm">
              <span className="font-semibold">{REPORT_REASON_LABELS[r.reason]}</span> · reported by {r.reporterName} · {when(r.createdAt)}
            </p>
            {r.note && <p className="mt-1 text-sm text-muted">“{r.note}”</p>}
            <p className="mt-1 text-sm">Sender: {r.reportedName} ({r.reportedEmail}){r.reportedSuspended ? " · suspended" : ""}</p>
            <ol className="mt-3 space-y-1 rounded-xl bg-cream p-3 text-sm" aria-label="The reported message and the ten around it">
              {r.context.map((m) => (
                <li key={m.id} className={m.reported ? "rounded bg-honey-light px-2 py-1 font-semibold" : "px-2"}>
                  <span className="text-muted">{m.from === "system" ? "System" : m.from === "reported" ? r.reportedName : r.reporterName}: </span>
                  <span className="whitespace-pre-wrap wrap-anywhere">{m.from === "system" ? bookingEventLine({ eventType: m.eventType, body: m.body }) : m.body}</span>
                  {m.reported && <span className="sr-only"> (reported)</span>}
                </li>
              ))}
            </ol>
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="button" className="btn-outline px-3 py-1" aria-disabled={action.pending || undefined} onClick={() => action.run(() => api.send("POST", "/api/admin/reports/:id/dismiss", { params: { id: r.id } }), "Report dismissed")}>
                Dismiss<span className="sr-only"> the report from {r.reporterName}</span>
              </button>
              <button
                ref={(el) => {
                  buttons.current[r.id] = el;
                }}
                type="button"
                className="btn-primary bg-red-800 px-3 py-1 hover:bg-red-900"
                aria-disabled={action.pending || undefined}
                onClick={() => setConfirming(r.id)}
              >
                Suspend sender<span className="sr-only"> {r.reportedName}</span>
              </button>
            </div>
            {confirming === r.id && (
              <ReasonConfirm
                label={`Reason for suspending ${r.reportedEmail}`}
                confirmLabel="Suspend and cancel their sessions"
                explain="They are signed out and cannot sign in; their upcoming sessions are cancelled and the other people e-mailed. They receive the report's reason and yours."
                pending={action.pending}
                onCancel={() => {
                  setConfirming(null);
                  buttons.current[r.id]?.focus();
                }}
                onConfirm={(reason) => {
                  setConfirming(null);
                  action.run(() => api.send("POST", "/api/admin/reports/:id/suspend", { params: { id: r.id }, body: { reason } }), `${r.reportedEmail} suspended`);
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
