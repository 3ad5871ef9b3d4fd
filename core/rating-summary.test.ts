import { expect, test } from "bun:test";
import { ratingSummary } from "./rating-summary";

test("average and a histogram from 5 stars down", () => {
  const summary = ratingSummary([{ rating: 5 }, { rating: 5 }, { rating: 4 }, { rating: 1 }]);
  expect(summary.count).toBe(4);
  expect(summary.average).toBe(3.75);
  expect(summary.histogram).toEqual([
    { stars: 5, count: 2, percent: 50 },
    { stars: 4, count: 1, percent: 25 },
    { stars: 3, count: 0, percent: 0 },
    { stars: 2, count: 0, percent: 0 },
    { stars: 1, count: 1, percent: 25 },
  ]);
});

test("no reviews: no average, empty bars", () => {
  const summary = ratingSummary([]);
  expect(summary.average).toBeNull();
  expect(summary.histogram.every((h) => h.count === 0 && h.percent === 0)).toBe(true);
});
