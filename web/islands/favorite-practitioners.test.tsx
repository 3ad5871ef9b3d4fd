import { render, screen, within } from "@testing-library/react";
import { createStore } from "jotai";
import { expect, test } from "bun:test";
import { favoriteQueries } from "../features/favorites/queries";
import type { ApiFavorite } from "../../core/favorites";
import { createQueryClient } from "../lib/query-client";
import type { ApiPractitioner } from "../../core/types";
import FavoritePractitioners from "./favorite-practitioners";
import { IslandProviders } from "./providers";

function favorite(n: number): ApiFavorite {
  const id = `aaaaaaaa-bbbb-4ccc-8ddd-00000000000${n}`;
  const practitioner = { id, archetype: "bee", experienceLevel: "rising", specializations: [], hourlyRate: "85.00", averageRating: null } as unknown as ApiPractitioner;
  return { practitionerId: id, createdAt: "2026-06-01T00:00:00.000Z", practitioner };
}

function renderWith(favorites: ApiFavorite[], limit?: number) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(favoriteQueries.forUser("u1").queryKey, favorites);
  render(
    <IslandProviders queryClient={queryClient} store={createStore()}>
      <FavoritePractitioners userId="u1" limit={limit} />
    </IslandProviders>,
  );
}

test("without a limit every favourite is a card", () => {
  renderWith([1, 2, 3, 4].map(favorite));
  expect(within(screen.getByRole("list", { name: "Favorite practitioners" })).getAllByRole("article")).toHaveLength(4);
  expect(screen.queryByRole("link", { name: /See all/ })).toBeNull();
});

test("with a limit: the latest few and a link to all of them", () => {
  renderWith([1, 2, 3, 4].map(favorite), 3);
  expect(within(screen.getByRole("list", { name: "Favorite practitioners" })).getAllByRole("article")).toHaveLength(3);
  expect(screen.getByRole("link", { name: "See all 4 favorites" }).getAttribute("href")).toBe("/dashboard/client/favorites");
});

test("with a limit that leaves nothing out there is no link", () => {
  renderWith([1, 2].map(favorite), 3);
  expect(within(screen.getByRole("list", { name: "Favorite practitioners" })).getAllByRole("article")).toHaveLength(2);
  expect(screen.queryByRole("link", { name: /See all/ })).toBeNull();
});
