import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createStore } from "jotai";
import { afterEach, describe, expect, test } from "bun:test";
import { createQueryClient } from "../lib/query-client";
import type { ApiPractitioner } from "../../core/types";
import { samplePractitioner } from "../testing/sample-practitioner";
import { practitionerQueries } from "../features/practitioners/queries";
import FeaturedPractitioners from "./featured-practitioners";
import { IslandProviders } from "./providers";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function practitioner(id: string, specializations: string[]): ApiPractitioner {
  return samplePractitioner(0, { id, archetype: "butterfly", experienceLevel: "wise", specializations, hourlyRate: "120.00", averageRating: "4.75", totalSessions: 40, location: "Boulder, CO" });
}

function renderWith(data: ApiPractitioner[] | undefined) {
  const queryClient = createQueryClient();
  if (data) queryClient.setQueryData(practitionerQueries.featured().queryKey, data);
  return render(
    <IslandProviders queryClient={queryClient} store={createStore()}>
      <FeaturedPractitioners />
    </IslandProviders>,
  );
}

describe("FeaturedPractitioners", () => {
  test("shows 3 skeleton cards while loading", () => {
    globalThis.fetch = (() => new Promise(() => {})) as unknown as typeof fetch;
    renderWith(undefined);
    expect(screen.getAllByTestId("practitioner-skeleton")).toHaveLength(3);
  });

  test("an empty list says practitioners are coming soon", () => {
    renderWith([]);
    expect(screen.getByText("Practitioners Coming Soon")).toBeTruthy();
  });

  test("cards show the spec's title, first 3 specializations then +N more, price and links", () => {
    renderWith([practitioner("aaaaaaaa-bbbb-4ccc-8ddd-eeeeee123456", ["Grief", "Career change", "Relocation", "Divorce", "Retirement"])]);
    expect(screen.getByRole("heading", { name: "Practitioner #123456" })).toBeTruthy();
    expect(screen.getByText("Grief")).toBeTruthy();
    expect(screen.queryByText("Divorce")).toBeNull();
    expect(screen.getByText("+2 more")).toBeTruthy();
    expect(screen.getByText("$120.00/session")).toBeTruthy();
    expect(screen.getByText("4.8")).toBeTruthy();
    expect(screen.getByRole("link", { name: "View Profile of Practitioner #123456" }).getAttribute("href")).toBe("/practitioners/aaaaaaaa-bbbb-4ccc-8ddd-eeeeee123456");
    expect(screen.getByRole("link", { name: "Book Session with Practitioner #123456" }).getAttribute("href")).toBe("/book/aaaaaaaa-bbbb-4ccc-8ddd-eeeeee123456");
    expect(screen.getByText("View Profile").tagName).toBe("A");
    expect(screen.getByText("Book Session").tagName).toBe("A");
  });

  test("each card's links name their practitioner (a screen reader's list of links tells them apart)", () => {
    renderWith([practitioner("aaaaaaaa-bbbb-4ccc-8ddd-eeeeee111111", ["Grief"]), practitioner("aaaaaaaa-bbbb-4ccc-8ddd-eeeeee222222", ["Calm"])]);
    const names = screen.getAllByRole("link").map((link) => link.getAttribute("aria-label") ?? link.textContent);
    expect(names).toEqual([
      "View Profile of Practitioner #111111",
      "Book Session with Practitioner #111111",
      "View Profile of Practitioner #222222",
      "Book Session with Practitioner #222222",
    ]);
  });

  test("fetches the featured list from /api/practitioners when the page had no data", async () => {
    const calls: string[] = [];
    globalThis.fetch = (async (url: string) => {
      calls.push(String(url));
      return new Response(JSON.stringify([practitioner("aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeabcdef", ["Calm"])]), { headers: { "Content-Type": "application/json" } });
    }) as unknown as typeof fetch;
    renderWith(undefined);
    expect(await screen.findByText("Practitioner #abcdef")).toBeTruthy();
    expect(calls).toEqual(["/api/practitioners"]);
  });
});
