import { createElement, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { ISLAND_CATALOG, type IslandName } from "./islands/catalog";
import { clientIslands } from "./islands/registry.client";

/** Finds the island markers the server rendered and hydrates each as its own root. */
async function hydrateIslands(): Promise<void> {
  const markers = Array.from(document.querySelectorAll<HTMLElement>("[data-island]"));
  const needsProviders = markers.some((m) => ISLAND_CATALOG[m.dataset.island as IslandName]?.providers);
  const shared = needsProviders ? await import("./islands/client-state") : null;
  await Promise.all(
    markers.map(async (marker) => {
      const name = marker.dataset.island as IslandName;
      const load = clientIslands[name];
      if (!load) {
        console.error(`Unknown island ${name}`);
        return;
      }
      const { default: Component } = await load();
      const props = JSON.parse(marker.dataset.props ?? "{}");
      let element: ReactNode = createElement(Component, props);
      if (ISLAND_CATALOG[name].providers && shared) {
        element = createElement(shared.IslandProviders, { queryClient: shared.queryClient, store: shared.store, children: element });
      }
      hydrateRoot(marker, element, { identifierPrefix: `${marker.dataset.islandId}-` });
    }),
  );
}

void hydrateIslands();
