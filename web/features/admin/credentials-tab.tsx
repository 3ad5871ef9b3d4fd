import { useQuery } from "@tanstack/react-query";
import { StatusMessage } from "../../components/status-message";
import { api, errorMessage } from "../../lib/api";
import { EMAIL_CELL, Table } from "./list";
import { useAdminAction } from "./actions";
import { day } from "./format";

/** Practitioners' credentials (issue 26): waiting ones first; Verify after checking with the issuing body (audit-logged). */
export function CredentialsTab() {
  const list = useQuery({ queryKey: ["/api/admin", "credentials"], queryFn: () => api.get("/api/admin/credentials") });
  const action = useAdminAction();
  if (list.isPending) return <p className="p-4 text-sm text-muted">Loading credentials…</p>;
  if (list.isError) return <p role="alert" className="p-4 text-sm text-red-800">{errorMessage(list.error, "Credentials could not be loaded.")}</p>;
  const rows = list.data.credentials;
  return (
    <div className="space-y-3 p-4">
      <StatusMessage notice={action.notice} />
      <p className="text-sm text-muted">Check each credential with the body that issued it (its register or a letter), then verify it. The profile's Verified badge lists what was checked and the date.</p>
      {rows.length === 0 && <p className="text-sm text-muted">No credentials entered yet.</p>}
      {rows.length > 0 && (
        <div className="card relative overflow-x-auto" tabIndex={0} role="region" aria-label="Credentials list">
          <Table head={["Practitioner", "Credential", "Number", "Year", "Status", "Action"]}>
            {rows.map((c) => (
              <tr key={c.id}>
                <td>
                  {c.practitionerName || "—"}
                  <span className={`block text-xs text-muted ${EMAIL_CELL}`}>{c.practitionerEmail}</span>
                </td>
                <td className="wrap-anywhere">{c.title}<span className="block text-xs text-muted">{c.issuingBody}</span></td>
                <td className="wrap-anywhere">{c.number || "—"}</td>
                <td>{c.year}</td>
                <td className="whitespace-nowrap">{c.verifiedAt ? `Verified ${day(c.verifiedAt)}` : "Waiting"}</td>
                <td>
                  <button
                    type="button"
                    className="btn-outline px-3 py-1"
                    aria-disabled={action.pending || undefined}
                    onClick={() => action.run(() => api.send("POST", "/api/admin/credentials/:id/:action", { params: { id: c.id, action: c.verifiedAt ? "unverify" : "verify" } }), `${c.title}: ${c.verifiedAt ? "verification withdrawn" : "verified"}`)}
                  >
                    {c.verifiedAt ? "Withdraw" : "Verify"}<span className="sr-only"> {c.title} of {c.practitionerEmail}</span>
                  </button>
                </td>
              </tr>
            ))}
          </Table>
        </div>
      )}
    </div>
  );
}
