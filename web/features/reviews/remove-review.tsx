import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { DialogAlert, type DialogFailure } from "../../components/dialog-alert";
import { ModalDialog } from "../../components/modal-dialog";
import { api, errorMessage } from "../../lib/api";
import { reviewQueries } from "./queries";
import { MODERATION_TEXTS } from "../../../core/admin";
import type { ApiReview } from "../../../core/reviews";

/**
 * An admin's 'Remove review' on a profile (issue 26): a dialog asks for the reason, which the
 * author receives by e-mail (POST /api/admin/reviews/:id/remove, audit-logged). The server renders
 * it only for an admin's session, and the API refuses everyone else.
 */
export function RemoveReview({ review, onRemoved }: { review: ApiReview; onRemoved: (message: string) => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [failure, setFailure] = useState<DialogFailure | null>(null);
  const remove = useMutation({
    mutationFn: () => api.send("POST", "/api/admin/reviews/:id/remove", { params: { id: review.id }, body: { reason } }),
    onSuccess: async (answer) => {
      setOpen(false);
      onRemoved(answer.message);
      await queryClient.invalidateQueries({ queryKey: reviewQueries.practitioner(review.practitionerId) });
    },
    onError: (err) => setFailure({ title: "The review was not removed", description: errorMessage(err, "Something went wrong") }),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    remove.mutate();
  }
  return (
    <>
      <button type="button" className="btn-ghost mt-2 px-3 py-1.5 text-red-900" onClick={() => setOpen(true)} aria-label={`Remove review by ${review.clientName}`}>
        Remove review
      </button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title="Remove this review">
        <form onSubmit={submit} className="space-y-3" noValidate>
          <p className="text-sm text-muted">The review disappears from the profile and the rating. Its author receives the reason by e-mail, and the audit log keeps it.</p>
          <label htmlFor={`${ids}-reason`} className="label">Reason for removing the review by {review.clientName}</label>
          <textarea id={`${ids}-reason`} rows={3} maxLength={MODERATION_TEXTS.reasonMax} value={reason} onChange={(e) => setReason(e.target.value)} className="input" required />
          <DialogAlert failure={failure} />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-outline" onClick={() => setOpen(false)}>Keep the review</button>
            <button type="submit" className="btn-primary bg-red-800 hover:bg-red-900" disabled={remove.isPending || reason.trim().length < 3}>
              {remove.isPending ? "Removing..." : "Remove and tell the author"}
            </button>
          </div>
        </form>
      </ModalDialog>
    </>
  );
}
