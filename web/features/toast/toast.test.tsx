import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createStore } from "jotai";
import { expect, test } from "bun:test";
import { IslandProviders } from "../../islands/providers";
import { createQueryClient } from "../../lib/query-client";
import { toastAfterNavigation, Toaster, useToast } from "./toast";

function Trigger({ title, description, variant }: { title: string; description?: string; variant?: "destructive" }) {
  const toast = useToast();
  return <button type="button" onClick={() => toast({ title, description, variant })}>{`show ${title}`}</button>;
}

test("one toast at a time, from any island of the page, shown by exactly one toaster", async () => {
  const store = createStore();
  const queryClient = createQueryClient();
  // two islands, each with its own toaster, sharing the page's store
  render(
    <>
      <IslandProviders queryClient={queryClient} store={store}>
        <Trigger title="Session booked!" description="Check your email for confirmation details" />
        <Toaster />
      </IslandProviders>
      <IslandProviders queryClient={queryClient} store={store}>
        <Trigger title="Favorites updated!" />
        <Toaster />
      </IslandProviders>
    </>,
  );
  fireEvent.click(screen.getByRole("button", { name: "show Session booked!" }));
  await waitFor(() => expect(screen.getAllByTestId("toast")).toHaveLength(1));
  expect(screen.getByTestId("toast").textContent).toContain("Check your email for confirmation details");
  fireEvent.click(screen.getByRole("button", { name: "show Favorites updated!" }));
  await waitFor(() => expect(screen.getByTestId("toast").textContent).toContain("Favorites updated!"));
  expect(screen.getAllByTestId("toast")).toHaveLength(1);
  // the region F8 focuses
  expect(screen.getAllByRole("region")).toHaveLength(1);
  expect(screen.getByRole("region").getAttribute("aria-label")).toContain("F8");
});

test("a toast closes with its close button", async () => {
  render(
    <IslandProviders queryClient={createQueryClient()} store={createStore()}>
      <Trigger title="Booking failed" variant="destructive" />
      <Toaster />
    </IslandProviders>,
  );
  fireEvent.click(screen.getByRole("button", { name: "show Booking failed" }));
  await waitFor(() => screen.getByTestId("toast"));
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Close" })));
  await waitFor(() => expect(screen.queryByTestId("toast")).toBeNull());
});

test("a toast kept for the next page shows once, on that page's toaster", async () => {
  toastAfterNavigation({ title: "Session booked!", description: "Check your email for confirmation details" });
  const { unmount } = render(
    <IslandProviders queryClient={createQueryClient()} store={createStore()}>
      <Toaster />
    </IslandProviders>,
  );
  await waitFor(() => expect(screen.getByTestId("toast").textContent).toContain("Check your email for confirmation details"));
  unmount();
  render(
    <IslandProviders queryClient={createQueryClient()} store={createStore()}>
      <Toaster />
    </IslandProviders>,
  );
  await new Promise((r) => setTimeout(r, 50));
  expect(screen.queryByTestId("toast")).toBeNull();
});
