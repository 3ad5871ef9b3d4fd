/**
 * Every island: its source file (for modulepreload links from Vite's manifest) and whether it
 * needs the shared providers (react-query + jotai). Both registries are checked against this list.
 */
export const ISLAND_CATALOG = {
  FeaturedPractitioners: { file: "islands/featured-practitioners.tsx", providers: true },
} as const satisfies Record<string, { file: string; providers: boolean }>;

export type IslandName = keyof typeof ISLAND_CATALOG;
