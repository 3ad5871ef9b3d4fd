import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { Provider as JotaiProvider, type createStore } from "jotai";
import type { ReactNode } from "react";

export type JotaiStore = ReturnType<typeof createStore>;

/** Server state and client state for islands that need them; one pair per request on the server. */
export function IslandProviders({ queryClient, store, children }: { queryClient: QueryClient; store: JotaiStore; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>{children}</JotaiProvider>
    </QueryClientProvider>
  );
}
