import { createContext, useContext, type ComponentProps } from "react";
import type { IslandName } from "../islands/catalog";
import type { HydrationStrategy } from "../islands/hydration-strategies";
import type { serverIslands } from "../islands/registry.server";

export type IslandProps<N extends IslandName> = ComponentProps<(typeof serverIslands)[N]>;

export interface IslandRenderer {
  /** Renders the island as its own root and records that the page needs its script. */
  render(name: IslandName, props: object, hydrate: HydrationStrategy): { id: string; html: string };
}

export const IslandRendererContext = createContext<IslandRenderer | null>(null);

/**
 * Server-side marker for an interactive root; the browser entry hydrates it with the same props
 * when `hydrate` says (web/islands/hydration-strategies.ts): at once by default, or when visible, idle or
 * first used. Only the chunks of islands hydrated at load are preloaded.
 */
export function Island<N extends IslandName>({ name, props, hydrate = "load" }: { name: N; props: IslandProps<N>; hydrate?: HydrationStrategy }) {
  const renderer = useContext(IslandRendererContext);
  if (!renderer) throw new Error(`Island ${name} rendered outside a page render`);
  const { id, html } = renderer.render(name, props as object, hydrate);
  return (
    <div
      data-island={name}
      data-island-id={id}
      data-hydrate={hydrate === "load" ? undefined : hydrate}
      data-props={JSON.stringify(props)}
      style={{ display: "contents" }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
