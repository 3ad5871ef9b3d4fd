import { useState } from "react";
import { StatusMessage } from "../../components/status-message";
import { usePagedList, ListFrame, Table } from "./list";
import { api } from "../../lib/api";
import { useAdminAction, ReasonConfirm } from "./actions";

export function GardenTab() {
  const list = usePagedList("garden-content");
  const action = useAdminAction();
  const [rejecting, setRejecting] = useState<string | null>(null);
  return (
    <>
    <StatusMessage notice={action.notice} />
    <p className="mb-3 text-sm text-muted">Pending pieces wait here for a decision. A rejection asks for a reason, which the author receives by e-mail. <a href="/admin/garden" className="font-medium text-forest underline">Open the full review queue</a></p>
    <ListFrame label="Garden content" list={list}>
      {(rows) => (
        <Table head={["Title", "Author", "Type", "Status", "Views", "Likes", "Seeds", "Decision"]}>
          {rows.map((g) => (
            <tr key={g.id}>
              <td>
                <span className="font-medium">{g.title}</span>
                {g.description && <span className="block max-w-xs truncate text-xs text-muted">{g.description}</span>}
              </td>
              <td>
                {g.authorName || "—"}
                <span className="block whitespace-nowrap text-xs text-muted">{g.authorEmail}</span>
              </td>
              <td className="capitalize">{g.contentType}</td>
              <td className="capitalize">{g.status}</td>
              <td>{g.viewCount}</td>
              <td>{g.likeCount}</td>
              <td>{g.seedsReward}</td>
              <td>
                {g.status === "pending" ? (
                  <div className="flex flex-wrap gap-1">
                    <button type="button" className="btn-outline px-3 py-1" aria-disabled={action.pending || undefined} onClick={() => action.run(() => api.send("POST", "/api/admin/garden-content/:id/approve", { params: { id: g.id } }), `“${g.title}” approved`)}>
                      Approve<span className="sr-only"> {g.title}</span>
                    </button>
                    <button type="button" className="btn-outline px-3 py-1" aria-disabled={action.pending || undefined} onClick={() => setRejecting(g.id)}>
                      Reject<span className="sr-only"> {g.title}</span>
                    </button>
                    {rejecting === g.id && (
                      <ReasonConfirm
                        label={`Reason for rejecting “${g.title}”`}
                        confirmLabel="Reject and tell the author"
                        explain="The piece is not published; its Seeds reward is reversed. The author receives your reason by e-mail."
                        pending={action.pending}
                        onCancel={() => setRejecting(null)}
                        onConfirm={(reason) => {
                          setRejecting(null);
                          action.run(() => api.send("POST", "/api/admin/garden-content/:id/reject", { params: { id: g.id }, body: { reason } }), `“${g.title}” rejected`);
                        }}
                      />
                    )}
                  </div>
                ) : (
                  "—"
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </ListFrame>
    </>
  );
}
