/**
 * Live updates for open conversations and unread counts (docs/decisions/027-conversations.md).
 * Services publish an event to a user after the change committed; each open stream of that user
 * subscribes. This implementation is one process's memory; with several processes (PostgreSQL)
 * a LISTEN/NOTIFY implementation of the same interface publishes through the database (NOTIFY on
 * a channel, one LISTEN connection per process fanning out to its local subscribers), and a
 * stream that reconnects catches up from the database (Last-Event-ID), so nothing is lost in
 * between either way.
 */
import type { LiveEvent } from "../../../core/conversations";

export type LiveListener = (event: LiveEvent) => void;

export interface LiveHub {
  /** Delivers `event` to every open stream of `userId` (in any process, for a shared hub). */
  publish(userId: string, event: LiveEvent): void;
  /** Listens for `userId`'s events; answers the function that stops listening. */
  subscribe(userId: string, listener: LiveListener): () => void;
  /** Open subscriptions (the benchmark, the admin). */
  size(): number;
}

/** The in-process hub: one map from user to listeners. */
export function createMemoryLiveHub(): LiveHub {
  const listeners = new Map<string, Set<LiveListener>>();
  let count = 0;
  return {
    publish(userId, event) {
      for (const listener of listeners.get(userId) ?? []) {
        try {
          listener(event);
        } catch (error) {
          console.error("[live] listener failed:", error);
        }
      }
    },
    subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(listener);
      count++;
      return () => {
        if (!set.delete(listener)) return;
        count--;
        if (set.size === 0) listeners.delete(userId);
      };
    },
    size: () => count,
  };
}

/** The hub of this process (one per process, as a LISTEN connection would be). */
export const liveHub: LiveHub = createMemoryLiveHub();
