import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { StarDisplay } from "../components/star-rating";
import { reviewQueries } from "../features/reviews/queries";
import { countNoun, NOUNS } from "../../core/plural";
import { ratingSummary } from "../../core/rating-summary";

export interface ProfileRatingProps {
  practitionerId: string;
  /** The server's figures, shown until the island is live (so hydration matches the HTML). */
  average: number | null;
  count: number;
  variant: "header" | "stat";
}

/**
 * A profile's average and review count (the header line and the Quick Stats row). It reads the
 * same reviews query as the Reviews tab, so a posted review updates every view together; the
 * review form wakes these islands (HYDRATE_ALL_EVENT) when it has posted.
 */
export default function ProfileRating({ practitionerId, average, count, variant }: ProfileRatingProps) {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const reviews = useQuery({ ...reviewQueries.forPractitioner(practitionerId), enabled: live });
  const summary = live && reviews.data ? ratingSummary(reviews.data) : { average, count };
  const shownAverage = summary.average;

  if (variant === "stat") {
    return <span data-testid="stat-rating">{shownAverage === null ? "No reviews yet" : `${shownAverage.toFixed(1)} / 5`}</span>;
  }
  if (shownAverage === null) return <span data-testid="header-rating">New practitioner · no reviews yet</span>;
  return (
    <span className="inline-flex items-center gap-1.5" data-testid="header-rating">
      <StarDisplay rating={shownAverage} /> <span className="font-medium text-ink">{shownAverage.toFixed(1)}</span> ({countNoun(summary.count, NOUNS.review)})
    </span>
  );
}
