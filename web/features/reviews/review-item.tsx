import { StarDisplay } from "../../components/star-rating";
import { relativeAge } from "./relative-age";
import type { ApiReview } from "../../../core/reviews";

/** One review as a list item: initials, name, age at `now`, stars and comment. */
export function ReviewItem({ review, now }: { review: ApiReview; now: Date | string }) {
  return (
    <li className="card p-5">
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-sage font-semibold text-forest" aria-hidden="true">
          {review.clientInitials}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold text-ink">{review.clientName}</p>
            <time dateTime={review.createdAt} className="text-xs text-muted">{relativeAge(review.createdAt, new Date(now))}</time>
          </div>
          <StarDisplay rating={review.rating} />
          {review.comment && <p className="mt-2 whitespace-pre-line wrap-anywhere text-sm text-ink">{review.comment}</p>}
        </div>
      </div>
    </li>
  );
}
