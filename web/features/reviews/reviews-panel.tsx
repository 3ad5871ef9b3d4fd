import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { FormMessage } from "../../components/form-field";
import { StarDisplay } from "../../components/star-rating";
import { reviewQueries } from "./queries";
import { ratingSummary } from "../../../core/rating-summary";
import { ReviewForm } from "./review-form";
import { ReviewItem } from "./review-item";
import { REVIEW_REFUSAL_MESSAGES } from "../../../core/reviews";
import { countNoun, NOUNS, pluralForm } from "../../../core/plural";

/**
 * The Reviews tab: average (1 decimal), per-star histogram, each review with its age, and the
 * form when the server says the viewer may review. `renderedAt` is the server's clock, so that
 * the ages in the HTML and after hydration agree; they follow the browser's clock after that.
 * `canRemove` (an admin's session, decided by the server) adds 'Remove review' to each review.
 */
export function ReviewsPanel({ practitionerId, renderedAt, signInHref, canRemove = false }: { practitionerId: string; renderedAt: string; signInHref: string; canRemove?: boolean }) {
  const reviews = useQuery(reviewQueries.forPractitioner(practitionerId));
  const eligibility = useQuery(reviewQueries.eligibility(practitionerId));
  const [now, setNow] = useState(() => new Date(renderedAt));
  const [thanks, setThanks] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [removed, setRemoved] = useState<string | null>(null);
  useEffect(() => setNow(new Date()), []);
  // the form goes once the review is published: the focus moves to the thanks that took its place
  // (with the pressed button gone it fell to the page's body)
  const thanksRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (thanks) thanksRef.current?.focus();
  }, [thanks]);

  if (reviews.isPending) return <p className="text-sm text-muted">Loading reviews…</p>;
  if (reviews.isError) return <p role="alert" className="text-sm text-red-800">We couldn't load the reviews just now.</p>;

  const list = reviews.data;
  const summary = ratingSummary(list);
  return (
    <div className="space-y-6">
      {summary.average === null ? (
        <div className="card flex flex-col items-center gap-1 p-8 text-center">
          <p className="font-display text-xl text-forest">No reviews yet.</p>
          <p className="text-sm text-muted">Be the first to share your experience!</p>
        </div>
      ) : (
        <div className="card grid gap-6 p-5 sm:grid-cols-[auto_1fr] sm:items-center">
          <div className="text-center sm:px-4">
            <p className="font-display text-5xl font-semibold text-forest" data-testid="review-average">{summary.average.toFixed(1)}</p>
            <StarDisplay rating={summary.average} />
            <p className="mt-1 text-sm text-muted">{countNoun(summary.count, NOUNS.review)}</p>
          </div>
          <ul className="space-y-1.5" aria-label="Ratings by stars">
            {summary.histogram.map((row) => (
              <li key={row.stars} className="grid grid-cols-[3.5rem_1fr_2rem] items-center gap-3 text-sm">
                <span className="text-muted">{countNoun(row.stars, NOUNS.star)}</span>
                <span className="h-2.5 overflow-hidden rounded-full bg-forest/10" aria-hidden="true">
                  <span className="block h-full rounded-full bg-honey" style={{ width: `${row.percent}%` }} />
                </span>
                <span className="text-right text-ink">
                  {row.count}
                  <span className="sr-only"> {pluralForm(row.count, NOUNS.review)}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}

      {thanks && (
        <div ref={thanksRef} tabIndex={-1} className="focus:outline-none">
          <FormMessage kind="success">{thanks}</FormMessage>
        </div>
      )}
      {editing && eligibility.data?.ownReview ? (
        <ReviewForm
          practitionerId={practitionerId}
          editing={eligibility.data.ownReview}
          onDone={(review) => {
            setEditing(false);
            setThanks(review ? "Your review is updated." : "Your review is deleted.");
          }}
          onCancel={() => setEditing(false)}
        />
      ) : eligibility.data?.canReview ? (
        <ReviewForm practitionerId={practitionerId} onDone={() => setThanks("Thank you! Your review is published.")} />
      ) : eligibility.data?.reason === "sign-in" ? (
        <p className="text-sm text-muted">
          <a href={signInHref} className="font-medium text-forest underline">Sign in</a> to share your experience after a session.
        </p>
      ) : eligibility.data?.reason && !thanks ? (
        <p className="rounded-xl bg-parchment px-4 py-3 text-sm text-ink" data-testid="review-refusal">{REVIEW_REFUSAL_MESSAGES[eligibility.data.reason]}</p>
      ) : null}
      {!editing && eligibility.data?.ownReview && (
        <p className="text-sm text-muted">
          You can change or delete your review until {new Date(eligibility.data.ownReview.editableUntil).toLocaleDateString("en-US", { month: "long", day: "numeric" })}.{" "}
          <button type="button" className="font-medium text-forest underline" onClick={() => setEditing(true)}>Edit your review</button>
        </p>
      )}

      {removed && (
        <p role="status" className="rounded-xl border border-moss/30 bg-sage/60 px-4 py-3 text-sm text-forest-dark">{removed}</p>
      )}
      {list.length > 0 && (
        <ul className="space-y-4" aria-label="Reviews">
          {list.map((review) => (
            <ReviewItem key={review.id} review={review} now={now} canReply={eligibility.data?.canReply === true} onRemoved={canRemove ? setRemoved : undefined} />
          ))}
        </ul>
      )}
    </div>
  );
}
