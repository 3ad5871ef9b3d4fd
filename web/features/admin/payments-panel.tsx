import { useQuery } from "@tanstack/react-query";
import { formatDollars } from "../../../core/money";
import { StatusMessage } from "../../components/status-message";
import { api, errorMessage } from "../../lib/api";
import { adminQueryKeys } from "./query-keys";
import { when } from "./format";

const OUTCOME_LABELS = { handled: "Handled", ignored: "Ignored", failed: "Failed" } as const;

/**
 * Plans and payments (issue 24): live subscriptions per plan, monthly recurring revenue, new and
 * cancelled this month, and every recent webhook event with its outcome and reason.
 */
export function PaymentsPanel() {
  const query = useQuery({ queryKey: adminQueryKeys.payments, queryFn: () => api.get("/api/admin/payments") });
  const data = query.data;
  const figures: Array<[string, string]> = data
    ? [
        ["Basic", String(data.activeByPlan.basic)],
        ["Premium", String(data.activeByPlan.premium)],
        ["Unlimited", String(data.activeByPlan.unlimited)],
        ["Monthly revenue", formatDollars(data.monthlyRecurringRevenue)],
        ["New this month", String(data.newThisMonth)],
        ["Cancelled this month", String(data.cancelledThisMonth)],
      ]
    : [];
  return (
    <section aria-labelledby="payments-heading" className="mt-6 max-w-4xl space-y-3" data-payments>
      <h2 id="payments-heading" className="text-xl font-semibold text-forest">Subscriptions</h2>
      {query.isPending && <p role="status" className="text-sm text-muted">Loading…</p>}
      {query.isError && <StatusMessage notice={{ kind: "error", title: "Failed to fetch payments", body: errorMessage(query.error, "Please try again.") }} />}
      {data && (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {figures.map(([label, value]) => (
              <div key={label} className="card min-w-0 p-4">
                <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
                <dd className="mt-1 break-words text-2xl font-semibold text-forest" data-payments-figure={label}>{value}</dd>
              </div>
            ))}
          </dl>
          <h3 className="text-base font-semibold text-forest">Webhook events</h3>
          {data.events.length === 0 ? (
            <p className="card p-4 text-sm text-muted">No event from Stripe yet.</p>
          ) : (
            <ul className="space-y-3" aria-label="Webhook events">
              {data.events.map((e) => (
                <li key={e.id} className="card min-w-0 space-y-2 p-4 text-sm" data-payment-event={e.outcome}>
                  <p className="flex flex-wrap items-baseline gap-2">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${e.outcome === "failed" ? "bg-red-100 text-red-900" : e.outcome === "ignored" ? "bg-honey/20 text-forest-dark" : "bg-sage text-forest-dark"}`}>
                      {OUTCOME_LABELS[e.outcome]}
                    </span>
                    <span className="min-w-0 break-words font-semibold">{e.type}</span>
                  </p>
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                    <dt className="text-muted">Member</dt>
                    <dd className="break-all">{e.userEmail ?? "—"}</dd>
                    <dt className="text-muted">What happened</dt>
                    <dd className="whitespace-pre-wrap break-words">{e.detail ?? "—"}</dd>
                    <dt className="text-muted">Received</dt>
                    <dd>{when(e.receivedAt)}{e.attempts > 1 ? ` (${e.attempts} deliveries)` : ""}</dd>
                    <dt className="text-muted">Event</dt>
                    <dd className="break-all">{e.id}</dd>
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
