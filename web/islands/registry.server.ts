import type { ComponentType } from "react";
import type { IslandName } from "./catalog";
import FeaturedPractitioners from "./featured-practitioners";

/** Static map for server rendering. */
export const serverIslands = {
  FeaturedPractitioners,
} satisfies Record<IslandName, ComponentType<any>>;
