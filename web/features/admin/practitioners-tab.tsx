import { StatusMessage } from "../../components/status-message";
import { usePagedList, ListFrame, EMAIL_CELL, Table } from "./list";
import { api } from "../../lib/api";
import { useAdminAction } from "./actions";

export function PractitionersTab() {
  const list = usePagedList("practitioners");
  const action = useAdminAction();
  return (
    <>
      <StatusMessage notice={action.notice} />
      <ListFrame label="Practitioners" list={list}>
        {(rows) => (
          <Table head={["Name", "Email", "Archetype", "Experience", "Verification", "Sessions", "Rating", "Actions"]}>
            {rows.map((p) => (
              <tr key={p.id}>
                <td>{p.userName || "—"}</td>
                <td className={EMAIL_CELL}>{p.userEmail}</td>
                <td className="capitalize">{p.archetype}</td>
                <td className="capitalize">{p.experienceLevel}</td>
                <td>{p.isVerified ? "Verified" : "Pending"}{p.isFeatured ? " · Featured" : ""}</td>
                <td>{p.totalSessions}</td>
                <td>{p.averageRating ? Number(p.averageRating).toFixed(1) : "—"}</td>
                <td className="flex flex-wrap gap-1">
                  <button type="button" className="btn-outline px-3 py-1" aria-disabled={action.pending || undefined} onClick={() => action.run(() => api.send("POST", "/api/admin/practitioners/:id/:action", { params: { id: p.id, action: p.isVerified ? "unverify" : "verify" } }), `${p.userEmail} ${p.isVerified ? "unverified" : "verified"}`)}>
                    {p.isVerified ? "Unverify" : "Verify"}<span className="sr-only"> {p.userEmail}</span>
                  </button>
                  <button type="button" className="btn-outline px-3 py-1" aria-disabled={action.pending || undefined} onClick={() => action.run(() => api.send("POST", "/api/admin/practitioners/:id/:action", { params: { id: p.id, action: p.isFeatured ? "unfeature" : "feature" } }), `${p.userEmail} ${p.isFeatured ? "unfeatured" : "featured"}`)}>
                    {p.isFeatured ? "Unfeature" : "Feature"}<span className="sr-only"> {p.userEmail}</span>
                  </button>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </ListFrame>
    </>
  );
}
