import "../lib/zod-jitless";
import { createElement, startTransition, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { ISLAND_CATALOG, type IslandName } from "./catalog";
import { yieldToMain } from "./hydration-strategies";
import { clientIslands } from "./registry.client";
import { IslandReady } from "./island-ready";

let shared: Promise<typeof import("./client-state")> | null = null;

/** Hydrates one island marker; resolves once its effects ran (its event handlers are live). */
export async function hydrateIsland(marker: HTMLElement): Promise<void> {
  const name = marker.dataset.island as IslandName;
  const load = clientIslands[name];
  if (!load) {
    console.error(`Unknown island ${name}`);
    return;
  }
  const needsProviders = ISLAND_CATALOG[name].providers;
  if (needsProviders) shared ??= import("./client-state");
  const [{ default: Component }, state] = await Promise.all([load(), needsProviders ? shared : null]);
  // a task of its own for the hydration: the chunks' evaluation above is one already (on a slow
  // phone each is a long task that delays input, together they were twice as long)
  await yieldToMain();
  const props = JSON.parse(marker.dataset.props ?? "{}");
  await new Promise<void>((resolve) => {
    let element: ReactNode = createElement(IslandReady, { onReady: () => resolve(), children: createElement(Component, props) });
    if (needsProviders && state) {
      element = createElement(state.IslandProviders, { queryClient: state.queryClient, store: state.store, children: element });
    }
    // as a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole island (a long task that delays input on a slow phone)
    startTransition(() => {
      hydrateRoot(marker, element, { identifierPrefix: `${marker.dataset.islandId}-` });
    });
  });
}

