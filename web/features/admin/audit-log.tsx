import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { PageButtons } from "../../components/page-buttons";
import { useState } from "react";
import { auditActionLabel } from "../../../core/admin";
import { api } from "../../lib/api";
import { adminQueryKeys } from "./query-keys";
import { when } from "./format";
import { EMAIL_CELL, Table } from "./list";

export function AuditLog() {
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: adminQueryKeys.auditLog(page), queryFn: () => api.get("/api/admin/audit-log", { query: { page } }), placeholderData: keepPreviousData });
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section aria-labelledby="audit-heading" className="space-y-3">
      <h2 id="audit-heading" className="text-xl font-semibold text-forest">Audit Log</h2>
      {data && data.rows.length === 0 && <p className="text-sm text-muted">No admin actions yet.</p>}
      {data && data.rows.length > 0 && (
        <div className="card overflow-x-auto" tabIndex={0} role="region" aria-label="Audit log entries">
          <Table head={["When", "Who", "What", "Target"]}>
            {data.rows.map((a) => (
              <tr key={a.id} data-audit-action={a.action}>
                <td className="whitespace-nowrap">{when(a.createdAt)}</td>
                <td className={EMAIL_CELL}>{a.actor}</td>
                <td>{auditActionLabel(a.action)}</td>
                <td className="break-all" title={a.targetLabel && a.targetId ? `${a.targetType} ${a.targetId}` : undefined}>{[a.targetType, a.targetLabel ?? a.detail ?? a.targetId].filter(Boolean).join(": ") || "—"}
                  {a.targetLabel && a.detail && <span className="block text-xs text-muted">{`Reason: ${a.detail}`}</span>}
                </td>
              </tr>
            ))}
          </Table>
        </div>
      )}
      <PageButtons compact label="Audit log pages" page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
