/**
 * When an island hydrates (the `data-hydrate` attribute of its marker; decision note 008):
 * - `load`: when the page has loaded (the window's load event: forms, the wizard, the dashboards),
 *   with every chunk it needs requested at once then;
 * - `visible`: when the island comes within 200 px of the viewport (below the fold);
 * - `idle`: when the browser is idle after load;
 * - `interaction`: on first pointer, touch, focus or click inside it (used on demand: the first
 *   click is replayed once the island is live, so nothing is lost).
 * Only the chunks of `load` islands are preloaded (by the entry, after the load event: decision
 * note 018); the others load React with their chunk when due.
 */
export const HYDRATION_STRATEGIES = ["load", "visible", "idle", "interaction"] as const;
/** Dispatched on `document` when one island changed data that islands not yet live also show. */
export const HYDRATE_ALL_EVENT = "pollinate:hydrate-all";

export type HydrationStrategy = (typeof HYDRATION_STRATEGIES)[number];

/**
 * Resolves in a task of its own, so that the work after it is not part of a long task with the
 * work before. `scheduler.yield()` where the browser has it, else a message to ourselves; not a
 * timer, which browsers throttle and a test's fake clock may stop.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
