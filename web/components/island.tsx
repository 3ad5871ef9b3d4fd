import { createContext, useContext, type ComponentProps } from "react";
import type { IslandName } from "../islands/catalog";
import type { serverIslands } from "../islands/registry.server";

export type IslandProps<N extends IslandName> = ComponentProps<(typeof serverIslands)[N]>;

export interface IslandRenderer {
  /** Renders the island as its own root and records that the page needs its script. */
  render(name: IslandName, props: object): { id: string; html: string };
}

export const IslandRendererContext = createContext<IslandRenderer | null>(null);

/** Server-side marker for an interactive root; the browser entry hydrates it with the same props. */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const renderer = useContext(IslandRendererContext);
  if (!renderer) throw new Error(`Island ${name} rendered outside a page render`);
  const { id, html } = renderer.render(name, props as object);
  return (
    <div
      data-island={name}
      data-island-id={id}
      data-props={JSON.stringify(props)}
      style={{ display: "contents" }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
