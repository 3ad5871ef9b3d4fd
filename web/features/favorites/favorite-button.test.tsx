import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createStore } from "jotai";
import { afterEach, expect, test } from "bun:test";
import { IslandProviders } from "../../islands/providers";
import { createQueryClient } from "../../lib/query-client";
import type { ApiPractitioner } from "../../../core/types";
import { FavoriteButton } from "./favorite-button";
import { Toaster } from "../toast/toast";
import { favoriteQueries } from "./queries";
import type { ApiFavorite } from "../../../core/favorites";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const practitioner = { id: "aaaaaaaa-bbbb-4ccc-8ddd-000000fa7e01", archetype: "bee" } as ApiPractitioner;

test("the heart toggles through POST /api/favorites, updates the shared list and shows 'Favorites updated!'", async () => {
  let favorite = false;
  const bodies: unknown[] = [];
  globalThis.fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    favorite = !favorite;
    return new Response(JSON.stringify({ practitionerId: practitioner.id, isFavorite: favorite, message: "Favorites updated!" }));
  }) as typeof fetch;
  const queryClient = createQueryClient();
  queryClient.setQueryData<ApiFavorite[]>(favoriteQueries.forUser("u1").queryKey, []);
  render(
    <IslandProviders queryClient={queryClient} store={createStore()}>
      <FavoriteButton practitioner={practitioner} userId="u1" />
      <Toaster />
    </IslandProviders>,
  );
  const heart = screen.getByRole("button", { name: "Favorite Practitioner #fa7e01" });
  expect(heart.getAttribute("aria-pressed")).toBe("false");
  fireEvent.click(heart);
  await waitFor(() => expect(screen.getByTestId("toast").textContent).toContain("Favorites updated!"));
  expect(heart.getAttribute("aria-pressed")).toBe("true");
  expect(queryClient.getQueryData<ApiFavorite[]>(favoriteQueries.forUser("u1").queryKey)!.map((f) => f.practitionerId)).toEqual([practitioner.id]);
  fireEvent.click(heart);
  await waitFor(() => expect(heart.getAttribute("aria-pressed")).toBe("false"));
  expect(queryClient.getQueryData<ApiFavorite[]>(favoriteQueries.forUser("u1").queryKey)).toEqual([]);
  expect(bodies).toEqual([{ practitionerId: practitioner.id }, { practitionerId: practitioner.id }]);
});
