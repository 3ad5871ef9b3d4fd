import type { FunctionComponent } from "react";
import { HivePage } from "../../web/pages/discover/hive";
import { DirectoryPage } from "../../web/pages/discover/directory";
import { FavoritesPage } from "../../web/pages/discover/favorites";
import { PractitionerNotFoundPage, PractitionerPage } from "../../web/pages/discover/practitioner";
import { AlphaPage, HomePage } from "../../web/pages/home";
import { BookingPage } from "../../web/pages/book";
import { ClientDashboard } from "../../web/pages/dashboard/client";
import { PractitionerDashboard } from "../../web/pages/dashboard/practitioner";
import { GardenPage } from "../../web/pages/garden/garden";
import { WalletPage } from "../../web/pages/garden/wallet";

/**
 * Pages that the render thread (src/render/render-thread.ts) can draw: a page whose body is one of
 * these, with props that can be copied to another thread (plain data), is rendered there; any other
 * page is rendered on the request thread as before. Named so that the two threads agree on them.
 */
export const PAGE_COMPONENTS = {
  AlphaPage,
  BookingPage,
  ClientDashboard,
  DirectoryPage,
  FavoritesPage,
  GardenPage,
  HivePage,
  HomePage,
  PractitionerDashboard,
  PractitionerNotFoundPage,
  PractitionerPage,
  WalletPage,
} as unknown as Record<string, FunctionComponent<object>>;

const NAMES = new Map<unknown, string>(Object.entries(PAGE_COMPONENTS).map(([name, component]) => [component, name]));

/** The registered name of a page component, or undefined. */
export function pageComponentName(component: unknown): string | undefined {
  return NAMES.get(component);
}
