import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { FormMessage } from "../../components/form-field";
import { StarRatingInput } from "../../components/star-rating";
import { api, errorMessage } from "../../lib/api";
import { REVIEW_COMMENT_MAX_LENGTH } from "../../../core/constants";
import { invalidatePractitioner } from "../practitioners/queries";
import { reviewQueries } from "./queries";
import { HYDRATE_ALL_EVENT } from "../../islands/hydration-strategies";
import { REVIEW_FAILED_MESSAGE, REVIEW_LOW_RATING, reviewCommentProblem, type ApiReview, type OwnReview } from "../../../core/reviews";

/**
 * The review form for a client the server has found eligible, or for editing their own review
 * (`editing`). On success it refreshes that practitioner's reviews, the viewer's eligibility and
 * both practitioner lists (SPEC.md section 7).
 *
 * Its fields are uncontrolled: the form is in the page's HTML before its island is live, and a
 * person may choose a star and type there first. React never rewrites an uncontrolled field, and
 * on hydration the form adopts what it finds; a controlled textarea was reset to "" by hydration
 * ("Hello" saved as "llo", or the text gone: issue 26). What is sent is read from the fields.
 */
export function ReviewForm({
  practitionerId,
  editing,
  onDone,
  onCancel,
}: {
  practitionerId: string;
  editing?: OwnReview;
  onDone: (review: ApiReview | null) => void;
  onCancel?: () => void;
}) {
  const queryClient = useQueryClient();
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const [rating, setRating] = useState(editing?.rating ?? 0);
  const [length, setLength] = useState(editing?.comment?.length ?? 0);
  const [withoutComment, setWithoutComment] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // adopt what was chosen and typed before the island was live
  useEffect(() => {
    const checked = formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    if (checked) setRating(Number(checked.value));
    setLength(commentRef.current?.value.length ?? 0);
    const none = formRef.current?.querySelector<HTMLInputElement>('input[name="withoutComment"]');
    if (none) setWithoutComment(none.checked);
  }, []);

  const refresh = async () => {
    // the profile's header and Quick Stats show the same figures: wake them to read the new list
    document.dispatchEvent(new CustomEvent(HYDRATE_ALL_EVENT));
    await Promise.all([queryClient.invalidateQueries({ queryKey: reviewQueries.practitioner(practitionerId) }), invalidatePractitioner(queryClient, practitionerId)]);
  };

  const save = useMutation({
    mutationFn: (body: { rating: number; comment: string | null; withoutComment: boolean }) =>
      editing ? api.send("PATCH", "/api/reviews/:id", { params: { id: editing.id }, body }) : api.send("POST", "/api/reviews", { body: { practitionerId, ...body } }),
    onSuccess: async (review) => {
      if (!editing && commentRef.current) commentRef.current.value = "";
      onDone(review);
      await refresh();
    },
    onError: (err) => setError(errorMessage(err, REVIEW_FAILED_MESSAGE)),
  });

  const remove = useMutation({
    mutationFn: () => api.send("DELETE", "/api/reviews/:id", { params: { id: editing!.id } }),
    onSuccess: async () => {
      onDone(null);
      await refresh();
    },
    onError: (err) => setError(errorMessage(err, REVIEW_FAILED_MESSAGE)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const chosen = Number(formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value ?? rating);
    const text = commentRef.current?.value.trim() ?? "";
    if (chosen < 1) {
      setError("Choose a rating from 1 to 5 stars.");
      return;
    }
    const problem = reviewCommentProblem(chosen, text || null, withoutComment);
    if (problem) {
      setError(problem);
      commentRef.current?.focus();
      return;
    }
    save.mutate({ rating: chosen, comment: text || null, withoutComment });
  }

  const lowRating = rating > 0 && rating <= REVIEW_LOW_RATING;
  return (
    <form ref={formRef} onSubmit={submit} className="card space-y-4 p-5" aria-labelledby={`${ids}-title`} noValidate data-testid="review-form">
      <h3 id={`${ids}-title`} className="text-lg font-semibold text-forest">{editing ? "Edit your review" : "Share your experience"}</h3>
      <FormMessage kind="error">{error}</FormMessage>
      <div>
        <p className="label" id={`${ids}-rating`}>Your rating</p>
        <StarRatingInput value={rating} onChange={setRating} label="Your rating, from 1 to 5 stars" uncontrolled />
      </div>
      <div>
        <label htmlFor={`${ids}-comment`} className="label">Your review</label>
        <textarea
          ref={commentRef}
          id={`${ids}-comment`}
          name="comment"
          rows={4}
          maxLength={REVIEW_COMMENT_MAX_LENGTH}
          defaultValue={editing?.comment ?? ""}
          onInput={(e) => setLength(e.currentTarget.value.length)}
          className="input"
          aria-describedby={`${ids}-count ${ids}-hint`}
          disabled={withoutComment && !lowRating}
        />
        <p id={`${ids}-hint`} className="mt-1 text-xs text-muted">
          {lowRating ? `A rating of ${REVIEW_LOW_RATING} stars or fewer needs a few words about what went wrong.` : "What helped, and what someone choosing this practitioner should know."}
        </p>
        <p id={`${ids}-count`} className="mt-1 text-xs text-muted">{length} / {REVIEW_COMMENT_MAX_LENGTH} characters</p>
        {!lowRating && (
          <label className="mt-2 flex items-center gap-2 text-sm text-ink">
            <input type="checkbox" name="withoutComment" defaultChecked={false} onChange={(e) => setWithoutComment(e.currentTarget.checked)} />
            Leave no comment, only the stars
          </label>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? "Submitting..." : editing ? "Save changes" : "Submit Review"}
        </button>
        {editing && (
          <>
            <button type="button" className="btn-outline" onClick={onCancel}>Cancel</button>
            <button
              type="button"
              className="btn-outline text-red-800"
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm("Delete your review? This cannot be undone.")) remove.mutate();
              }}
            >
              Delete review
            </button>
          </>
        )}
      </div>
    </form>
  );
}
