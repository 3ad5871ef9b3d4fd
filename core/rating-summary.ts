import { STAR_COUNT } from "./constants";
import type { ApiReview } from "./reviews";

export interface RatingSummary {
  count: number;
  /** Mean rating, null without reviews; shown to 1 decimal. */
  average: number | null;
  /** Reviews per star, 5 stars first: [{ stars: 5, count, percent }, …]. */
  histogram: Array<{ stars: number; count: number; percent: number }>;
}

/** The Reviews tab's summary: average and per-star histogram of the loaded list. */
export function ratingSummary(reviews: Pick<ApiReview, "rating">[]): RatingSummary {
  const count = reviews.length;
  const sum = reviews.reduce((total, r) => total + r.rating, 0);
  const histogram = Array.from({ length: STAR_COUNT }, (_, i) => {
    const stars = STAR_COUNT - i;
    const n = reviews.filter((r) => r.rating === stars).length;
    return { stars, count: n, percent: count ? Math.round((n / count) * 100) : 0 };
  });
  return { count, average: count ? sum / count : null, histogram };
}
