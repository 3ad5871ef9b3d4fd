import { render, screen, within } from "@testing-library/react";
import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { EMPTY_GARDEN_FILTERS, type ApiGardenContent, type GardenFilters, type GardenListResponse } from "../../core/garden";
import { gardenQueries } from "../features/garden/queries";
import { createQueryClient } from "../lib/query-client";
import GardenBrowser from "./garden-browser";
import { IslandProviders } from "./providers";

const realFetch = globalThis.fetch;
beforeEach(() => {
  window.history.replaceState(null, "", "/garden");
  // the list is in the cache: any request would be a bug
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    throw new Error(`unexpected request ${String(input)}`);
  }) as unknown as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const piece = (n: number): ApiGardenContent => ({
  id: `piece-${n}`,
  title: `Piece ${n}`,
  description: null,
  content: "Text.",
  contentLocked: false,
  contentType: "article",
  category: "insights",
  tags: [],
  seedsReward: 25,
  likeCount: 0,
  viewCount: 0,
  downloadCount: 0, hasMedia: false, media: null,
  isFeatured: false,
  status: "approved",
  createdAt: "2026-11-01T00:00:00.000Z",
  author: { firstName: "Ada", lastName: "L." },
  practitioner: null,
  authorArchetype: null,
  likedByMe: false,
  isMine: false,
});

function renderGarden(filters: GardenFilters, total: number, totalExact: boolean, shown = 20) {
  const queryClient = createQueryClient();
  const list: GardenListResponse = { content: Array.from({ length: shown }, (_, i) => piece(i)), total, totalExact, limit: 20, offset: (filters.page - 1) * 20 };
  queryClient.setQueryData(gardenQueries.list(filters).queryKey, list);
  return render(
    <IslandProviders queryClient={queryClient} store={createStore()}>
      <GardenBrowser initialFilters={filters} viewer={null} account={null} initialItemId={null} signInHref="/auth/signin?next=%2Fgarden" />
    </IslandProviders>,
  );
}

const pager = () => screen.getByRole("navigation", { name: "Garden pages" });

describe("GardenBrowser totals and paging", () => {
  test("an exact total: the count, 'Page 1 of 2' and a Next link", () => {
    renderGarden(EMPTY_GARDEN_FILTERS, 21, true);
    expect(screen.getByTestId("garden-total").textContent).toBe("21 pieces");
    expect(within(pager()).getByText("Page 1 of 2")).toBeTruthy();
    expect(within(pager()).getByRole("link", { name: "Next" }).getAttribute("href")).toBe("/garden?page=2");
  });

  test("a keyword search that stopped counting: '1,000+ pieces', 'Page 50 of 50+' and Next still leads on", () => {
    renderGarden({ ...EMPTY_GARDEN_FILTERS, q: "breath", page: 50 }, 1000, false);
    expect(screen.getByTestId("garden-total").textContent).toBe("1,000+ pieces");
    expect(within(pager()).getByText("Page 50 of 50+")).toBeTruthy();
    expect(within(pager()).getByRole("link", { name: "Next" }).getAttribute("href")).toBe("/garden?q=breath&page=51");
  });

  test("the same count when exact: the last page has no Next link", () => {
    renderGarden({ ...EMPTY_GARDEN_FILTERS, q: "breath", page: 50 }, 1000, true);
    expect(screen.getByTestId("garden-total").textContent).toBe("1,000 pieces");
    expect(within(pager()).getByText("Page 50 of 50")).toBeTruthy();
    expect(within(pager()).queryByRole("link", { name: "Next" })).toBeNull();
  });

  test("a page past the end (an old link) says so and leads back, instead of 'Be the first to share!'", () => {
    renderGarden({ ...EMPTY_GARDEN_FILTERS, page: 999 }, 32, true, 0);
    expect(screen.getByTestId("garden-total").textContent).toBe("32 pieces");
    expect(screen.queryByText("No content found. Be the first to share!")).toBeNull();
    expect(screen.getByText("There is nothing on page 999.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to page 1" }).getAttribute("href")).toBe("/garden");
  });
});
