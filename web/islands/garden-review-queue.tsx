import { useState } from "react";
import { CONTENT_TYPE_LABELS, contentParagraphs, type ApiGardenReviewItem, type GardenReviewResponse } from "../../core/garden";
import { formatDate } from "../../core/dates";
import { apiRequest, errorMessage } from "../lib/api";
import { ReasonConfirm } from "../features/admin/reason-confirm";

export interface GardenReviewQueueProps {
  items: ApiGardenReviewItem[];
}

type Outcome = { kind: "success" | "error"; text: string };

/** The admin review queue: each pending piece in full, with Approve and Reject. */
export default function GardenReviewQueue({ items }: GardenReviewQueueProps) {
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<string | null>(null);

  // a rejection carries the reason the author receives by e-mail (the server refuses one without it)
  async function review(item: ApiGardenReviewItem, decision: "approve" | "reject", reason?: string) {
    setBusy(item.id);
    try {
      const answer = await apiRequest<GardenReviewResponse>("POST", `/api/garden/content/${encodeURIComponent(item.id)}/${decision}`, decision === "reject" ? { reason } : undefined);
      const reversed = answer.seedsReversed ? ` ${answer.seedsReversed} Seeds were taken back from the author.` : "";
      setOutcomes((o) => ({ ...o, [item.id]: { kind: "success", text: `${answer.message}.${reversed}` } }));
    } catch (error) {
      setOutcomes((o) => ({ ...o, [item.id]: { kind: "error", text: errorMessage(error, "The review could not be saved. Please try again.") } }));
    } finally {
      setBusy(null);
    }
  }

  if (items.length === 0) return <p className="card p-8 text-center text-muted">Nothing is waiting for review.</p>;
  return (
    <ul className="space-y-4">
      {items.map((item) => {
        const outcome = outcomes[item.id];
        const done = outcome?.kind === "success";
        return (
          <li key={item.id}>
            <article className="card p-5" aria-labelledby={`review-${item.id}`}>
              <p className="text-xs text-muted">
                {CONTENT_TYPE_LABELS[item.contentType]} · by {item.authorName} ({item.authorEmail}) · {formatDate(item.createdAt)} · {item.seedsReward} Seeds paid
              </p>
              <h2 id={`review-${item.id}`} className="mt-1 break-words font-display text-xl font-semibold text-forest">{item.title}</h2>
              {item.description && <p className="mt-1 break-words text-sm text-ink">{item.description}</p>}
              <details className="mt-2">
                <summary className="cursor-pointer text-sm font-semibold text-forest">Read the text</summary>
                <div className="mt-2 space-y-2 break-words text-sm">
                  {contentParagraphs(item.content).map((p, i) => <p key={i}>{p}</p>)}
                </div>
              </details>
              {item.tags.length > 0 && <p className="mt-2 text-xs text-muted">Tags: {item.tags.join(", ")}</p>}
              <div className="mt-4 flex flex-wrap items-center gap-2">
                <button type="button" className="btn-primary" disabled={done || busy === item.id} onClick={() => review(item, "approve")} aria-label={`Approve “${item.title}”`}>Approve</button>
                <button type="button" className="btn-outline" disabled={done || busy === item.id} onClick={() => setRejecting(item.id)} aria-label={`Reject “${item.title}”`} aria-expanded={rejecting === item.id}>Reject</button>
                {rejecting === item.id && !done && (
                  <ReasonConfirm
                    label={`Reason for rejecting “${item.title}”`}
                    confirmLabel="Reject and tell the author"
                    explain="The piece is not published; its Seeds reward is reversed. The author receives your reason by e-mail."
                    pending={busy === item.id}
                    onCancel={() => setRejecting(null)}
                    onConfirm={(reason) => {
                      setRejecting(null);
                      // review() shows its own outcome, failure included, beside the buttons
                      void review(item, "reject", reason);
                    }}
                  />
                )}
                {outcome && (
                  <p role={outcome.kind === "error" ? "alert" : "status"} className={`text-sm ${outcome.kind === "error" ? "text-red-800" : "text-forest-dark"}`}>{outcome.text}</p>
                )}
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
