import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { FormMessage } from "../../components/form-field";
import { StarRatingInput } from "../../components/star-rating";
import { apiRequest, errorMessage } from "../../lib/api";
import { REVIEW_COMMENT_MAX_LENGTH } from "../../../core/constants";
import { invalidatePractitioner } from "../practitioners/queries";
import { reviewQueries } from "./queries";
import { HYDRATE_ALL_EVENT } from "../../islands/hydration";
import { REVIEW_FAILED_MESSAGE, type ApiReview } from "../../../core/reviews";

/**
 * The review form for a client the server has found eligible. On success it refreshes that
 * practitioner's reviews, the viewer's eligibility and both practitioner lists (SPEC.md section 7).
 */
export function ReviewForm({ practitionerId, onCreated }: { practitionerId: string; onCreated: (review: ApiReview) => void }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: () => apiRequest<ApiReview>("POST", "/api/reviews", { practitionerId, rating, comment: comment.trim() || null }),
    onSuccess: async (review) => {
      setComment("");
      setRating(0);
      onCreated(review);
      // the profile's header and Quick Stats show the same figures: wake them to read the new list
      document.dispatchEvent(new CustomEvent(HYDRATE_ALL_EVENT));
      await Promise.all([
        // the practitioner's reviews and eligibility, both practitioner lists and its profile
        queryClient.invalidateQueries({ queryKey: reviewQueries.practitioner(practitionerId) }),
        invalidatePractitioner(queryClient, practitionerId),
      ]);
    },
    onError: (err) => setError(errorMessage(err, REVIEW_FAILED_MESSAGE)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (rating < 1) {
      setError("Choose a rating from 1 to 5 stars.");
      return;
    }
    create.mutate();
  }

  return (
    <form onSubmit={submit} className="card space-y-4 p-5" aria-labelledby={`${ids}-title`} noValidate>
      <h3 id={`${ids}-title`} className="text-lg font-semibold text-forest">Share your experience</h3>
      <FormMessage kind="error">{error}</FormMessage>
      <div>
        <p className="label" id={`${ids}-rating`}>Your rating</p>
        <StarRatingInput value={rating} onChange={setRating} label="Your rating, from 1 to 5 stars" />
      </div>
      <div>
        <label htmlFor={`${ids}-comment`} className="label">Your review (optional)</label>
        <textarea
          id={`${ids}-comment`}
          rows={4}
          maxLength={REVIEW_COMMENT_MAX_LENGTH}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          className="input"
          aria-describedby={`${ids}-count`}
        />
        <p id={`${ids}-count`} className="mt-1 text-xs text-muted">{comment.length} / {REVIEW_COMMENT_MAX_LENGTH} characters</p>
      </div>
      <button type="submit" className="btn-primary" disabled={create.isPending}>
        {create.isPending ? "Submitting..." : "Submit Review"}
      </button>
    </form>
  );
}
