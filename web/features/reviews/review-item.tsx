import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { StarDisplay } from "../../components/star-rating";
import { FormMessage } from "../../components/form-field";
import { api, errorMessage } from "../../lib/api";
import { relativeAge } from "./relative-age";
import { RemoveReview } from "./remove-review";
import { reviewQueries } from "./queries";
import { REVIEW_REPLY_MAX_LENGTH, type ApiReview } from "../../../core/reviews";

/**
 * One review as a list item: initials, name, age at `now`, stars, comment, and the practitioner's
 * reply; with `onRemoved` (an admin's view), a 'Remove review' button.
 */
export function ReviewItem({ review, now, canReply = false, onRemoved }: { review: ApiReview; now: Date | string; canReply?: boolean; onRemoved?: (message: string) => void }) {
  const [replying, setReplying] = useState(false);
  return (
    <li className="card p-5" data-testid="review">
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-sage font-semibold text-forest" aria-hidden="true">
          {review.clientInitials}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold text-ink">{review.clientName}</p>
            <p className="text-xs text-muted">
              <time dateTime={review.createdAt}>{relativeAge(review.createdAt, new Date(now))}</time>
              {review.editedAt && <span> · edited</span>}
            </p>
          </div>
          <StarDisplay rating={review.rating} />
          {review.comment && <p className="mt-2 whitespace-pre-line wrap-anywhere text-sm text-ink" data-testid="review-comment">{review.comment}</p>}
          {review.reply && !replying && (
            <div className="mt-3 rounded-xl bg-parchment px-4 py-3" data-testid="review-reply">
              <p className="text-xs font-semibold text-forest">Reply from the practitioner</p>
              <p className="mt-1 whitespace-pre-line wrap-anywhere text-sm text-ink">{review.reply}</p>
            </div>
          )}
          {canReply && !replying && (
            <button type="button" className="btn-ghost mt-2 px-3 py-1.5" onClick={() => setReplying(true)}>
              {review.reply ? "Edit reply" : "Reply"}
            </button>
          )}
          {canReply && replying && <ReplyForm review={review} onDone={() => setReplying(false)} />}
          {onRemoved && <RemoveReview review={review} onRemoved={onRemoved} />}
        </div>
      </div>
    </li>
  );
}

/** The practitioner's one public reply to a review (written, or changed). */
function ReplyForm({ review, onDone }: { review: ApiReview; onDone: () => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState(review.reply ?? "");
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => api.send(review.reply ? "PUT" : "POST", "/api/reviews/:id/reply", { params: { id: review.id }, body: { reply: text } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: reviewQueries.practitioner(review.practitionerId) });
      onDone();
    },
    onError: (err) => setError(errorMessage(err, "Your reply could not be saved")),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    send.mutate();
  }
  return (
    <form onSubmit={submit} className="mt-3 space-y-2" noValidate>
      <FormMessage kind="error">{error}</FormMessage>
      <label htmlFor={`${ids}-reply`} className="label">Your public reply</label>
      <textarea id={`${ids}-reply`} rows={3} maxLength={REVIEW_REPLY_MAX_LENGTH} value={text} onChange={(e) => setText(e.target.value)} className="input" />
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={send.isPending}>{send.isPending ? "Saving..." : "Post reply"}</button>
        <button type="button" className="btn-outline" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}
