/**
 * One EventSource per page for conversations (GET /api/conversations/stream), shared by whatever
 * listens: the islands (sidebar count, inbox, thread) and the header's account menu
 * (web/unread-badge.ts, built apart from the islands). The state lives on `globalThis`, so the
 * copies of this module in those two bundles still share one connection. The browser reconnects
 * by itself after a drop, sending Last-Event-ID: the server then sends the messages missed
 * meanwhile; listeners drop ids they already have. The stream's first event (`ready`, sent again
 * after each reconnect) carries the unread total, passed on as an `unread` event.
 */
import type { LiveEvent } from "../../../core/conversations";

type Listener = (event: LiveEvent) => void;
interface SharedLive {
  listeners: Set<Listener>;
  source: EventSource | null;
}
const shared: SharedLive = ((globalThis as { __pollinateLive?: SharedLive }).__pollinateLive ??= { listeners: new Set(), source: null });

/** Listens to the stream (opened on the first listener); answers the function that stops. */
export function listenLive(listener: Listener): () => void {
  shared.listeners.add(listener);
  if (!shared.source && typeof EventSource !== "undefined") {
    const source = (shared.source = new EventSource("/api/conversations/stream"));
    const dispatch = (event: LiveEvent) => shared.listeners.forEach((l) => l(event));
    for (const type of ["message", "read", "unread"] as const) {
      source.addEventListener(type, (e) => dispatch(JSON.parse((e as MessageEvent<string>).data) as LiveEvent));
    }
    source.addEventListener("ready", (e) => {
      const { unreadTotal } = JSON.parse((e as MessageEvent<string>).data) as { unreadTotal: number };
      dispatch({ type: "unread", unreadTotal });
    });
  }
  return () => {
    shared.listeners.delete(listener);
    if (shared.listeners.size === 0 && shared.source) {
      shared.source.close();
      shared.source = null;
    }
  };
}
