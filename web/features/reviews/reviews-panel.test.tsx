import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createStore } from "jotai";
import { afterEach, describe, expect, test } from "bun:test";
import { IslandProviders } from "../../islands/providers";
import { createQueryClient } from "../../lib/query-client";
import { reviewQueries } from "./queries";
import { ReviewsPanel } from "./reviews-panel";
import { REVIEW_TEXTS, type ApiReview, type ReviewEligibility } from "../../../core/reviews";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const ID = "p1";
const NOW = "2026-06-15T12:00:00.000Z";

function review(n: number, rating: number, daysAgo: number): ApiReview {
  return { id: `r${n}`, rating, comment: `Comment ${n}`, createdAt: new Date(Date.parse(NOW) - daysAgo * 86_400_000).toISOString(), clientName: "Clara W.", clientInitials: "CW", practitionerId: ID, editedAt: null, reply: null, repliedAt: null };
}

function renderPanel(reviews: ApiReview[], eligibility: ReviewEligibility) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(reviewQueries.forPractitioner(ID).queryKey, reviews);
  queryClient.setQueryData(reviewQueries.eligibility(ID).queryKey, eligibility);
  render(
    <IslandProviders queryClient={queryClient} store={createStore()}>
      <ReviewsPanel practitionerId={ID} renderedAt={NOW} signInHref="/auth/signin" />
    </IslandProviders>,
  );
  return queryClient;
}

describe("ReviewsPanel", () => {
  test("no reviews: the spec's two texts, and a sign-in link for a visitor", () => {
    renderPanel([], { canReview: false, reason: "sign-in" });
    expect(screen.getByText("No reviews yet.")).toBeTruthy();
    expect(screen.getByText("Be the first to share your experience!")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/auth/signin");
  });

  test("average to 1 decimal, a per-star histogram, and each review", () => {
    renderPanel([review(1, 5, 2), review(2, 4, 40), review(3, 4, 400)], { canReview: false, reason: "no-completed-session" });
    expect(screen.getByTestId("review-average").textContent).toBe("4.3");
    const bars = within(screen.getByRole("list", { name: "Ratings by stars" })).getAllByRole("listitem");
    expect(bars.map((b) => b.textContent)).toEqual(["5 stars1 review", "4 stars2 reviews", "3 stars0 reviews", "2 stars0 reviews", "1 star0 reviews"]);
    expect(within(screen.getByRole("list", { name: "Reviews" })).getAllByRole("listitem")).toHaveLength(3);
    expect(screen.getByTestId("review-refusal").textContent).toBe("You can review a practitioner after a completed session with them.");
    expect(screen.queryByRole("button", { name: "Submit Review" })).toBeNull();
  });

  test("an eligible client sends rating and comment; the server's message shows on failure", async () => {
    const sent: unknown[] = [];
    globalThis.fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ message: "You have already reviewed your sessions with this practitioner." }), { status: 409 });
    }) as typeof fetch;
    renderPanel([], { canReview: true, reason: null });
    fireEvent.click(screen.getByRole("button", { name: "Submit Review" }));
    expect(screen.getByRole("alert").textContent).toBe("Choose a rating from 1 to 5 stars.");
    fireEvent.click(screen.getByRole("radio", { name: "4 stars" }));
    fireEvent.change(screen.getByLabelText("Your review"), { target: { value: "  Lovely  " } });
    fireEvent.click(screen.getByRole("button", { name: "Submit Review" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("You have already reviewed your sessions with this practitioner."));
    expect(sent).toEqual([{ practitionerId: ID, rating: 4, comment: "Lovely", withoutComment: false }]);
  });

  test("without a server message the fallback is 'Failed to create review'", async () => {
    globalThis.fetch = (async () => new Response("", { status: 500, statusText: "Internal Server Error" })) as unknown as typeof fetch;
    renderPanel([], { canReview: true, reason: null });
    fireEvent.click(screen.getByRole("radio", { name: "5 stars" }));
    fireEvent.click(screen.getByRole("button", { name: "Submit Review" }));
    // an empty comment needs the person's choice (issue 26)
    expect(screen.getByRole("alert").textContent).toBe(REVIEW_TEXTS.commentOrNone);
    fireEvent.click(screen.getByRole("checkbox", { name: "Leave no comment, only the stars" }));
    fireEvent.click(screen.getByRole("button", { name: "Submit Review" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Failed to create review"));
  });

  test("a rating of 2 or fewer asks for words, and offers no way around it", () => {
    renderPanel([], { canReview: true, reason: null });
    fireEvent.click(screen.getByRole("radio", { name: "2 stars" }));
    expect(screen.queryByRole("checkbox", { name: "Leave no comment, only the stars" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Submit Review" }));
    expect(screen.getByRole("alert").textContent).toBe(REVIEW_TEXTS.lowRatingNeedsComment);
  });
});
