import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createStore } from "jotai";
import { afterEach, expect, test } from "bun:test";
import { IslandProviders } from "../../islands/providers";
import { createQueryClient } from "../../lib/query-client";
import type { ApiPractitioner } from "../../../core/types";
import { FavoriteButton, useFavoriteHearts } from "./favorite-button";
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

test("hearts of one list share a toggle: two saved at once each wait on their own answer and both land in the list", async () => {
  const second = { id: "aaaaaaaa-bbbb-4ccc-8ddd-000000fa7e02", archetype: "beetle" } as ApiPractitioner;
  const answers = new Map<string, (res: Response) => void>();
  let posts = 0;
  globalThis.fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
    posts++;
    const { practitionerId } = JSON.parse(String(init?.body)) as { practitionerId: string };
    return new Promise<Response>((resolve) => answers.set(practitionerId, resolve));
  }) as typeof fetch;
  const answer = (id: string) => answers.get(id)!(new Response(JSON.stringify({ practitionerId: id, isFavorite: true, message: "Favorites updated!" })));
  const queryClient = createQueryClient();
  queryClient.setQueryData<ApiFavorite[]>(favoriteQueries.forUser("u1").queryKey, []);
  function Hearts() {
    const { heartFor } = useFavoriteHearts("u1");
    return <>{[practitioner, second].map((p) => <div key={p.id}>{heartFor(p)}</div>)}</>;
  }
  render(
    <IslandProviders queryClient={queryClient} store={createStore()}>
      <Hearts />
      <Toaster />
    </IslandProviders>,
  );
  const first = screen.getByRole("button", { name: "Favorite Practitioner #fa7e01" });
  const other = screen.getByRole("button", { name: "Favorite Practitioner #fa7e02" });
  fireEvent.click(first);
  fireEvent.click(other);
  await waitFor(() => expect(answers.size).toBe(2));
  // both show their new state and wait
  const waiting = (b: HTMLElement) => b.getAttribute("aria-disabled") === "true";
  expect([first, other].map((b) => [b.getAttribute("aria-pressed"), waiting(b)])).toEqual([["true", true], ["true", true]]);
  // a waiting heart keeps the focus (a disabled one would drop it) and ignores another press
  first.focus();
  fireEvent.click(first);
  expect(document.activeElement).toBe(first);
  expect((first as HTMLButtonElement).disabled).toBe(false);
  expect(posts).toBe(2);
  answer(practitioner.id);
  await waitFor(() => expect(waiting(first)).toBe(false));
  expect(first.getAttribute("aria-pressed")).toBe("true");
  // the first answer does not release the second heart
  expect([first.getAttribute("aria-pressed"), other.getAttribute("aria-pressed"), waiting(other)]).toEqual(["true", "true", true]);
  answer(second.id);
  await waitFor(() => expect(waiting(other)).toBe(false));
  expect(other.getAttribute("aria-pressed")).toBe("true");
  expect(queryClient.getQueryData<ApiFavorite[]>(favoriteQueries.forUser("u1").queryKey)!.map((f) => f.practitionerId)).toEqual([second.id, practitioner.id]);
});
