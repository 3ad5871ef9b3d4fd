import { useEffect, type ReactNode } from "react";

/**
 * Wraps every island on both server and client (so the tree, and with it `useId`, is the same)
 * and tells the browser entry when the island is hydrated, to replay a first click.
 */
export function IslandReady({ onReady, children }: { onReady?: () => void; children: ReactNode }) {
  useEffect(() => {
    onReady?.();
  }, [onReady]);
  return children;
}
