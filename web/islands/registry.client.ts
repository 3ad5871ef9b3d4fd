import type { ComponentType } from "react";
import type { IslandName } from "./catalog";

type Loader = () => Promise<{ default: ComponentType<any> }>;

/** Dynamic imports, so that each island is its own chunk. */
export const clientIslands: Record<IslandName, Loader> = {
  FeaturedPractitioners: () => import("./featured-practitioners"),
};
