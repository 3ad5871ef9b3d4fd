/**
 * One EventSource per page for conversations (GET /api/conversations/stream), shared by the
 * islands that listen. The browser reconnects by itself after a drop, sending Last-Event-ID: the
 * server then sends the messages missed meanwhile; listeners drop ids they already have.
 */
import type { LiveEvent } from "../../../core/conversations";

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();
let source: EventSource | null = null;

/** Listens to the stream (opened on the first listener); answers the function that stops. */
export function listenLive(listener: Listener): () => void {
  listeners.add(listener);
  if (!source && typeof EventSource !== "undefined") {
    source = new EventSource("/api/conversations/stream");
    for (const type of ["message", "read", "unread"] as const) {
      source.addEventListener(type, (e) => {
        const event = JSON.parse((e as MessageEvent<string>).data) as LiveEvent;
        listeners.forEach((l) => l(event));
      });
    }
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && source) {
      source.close();
      source = null;
    }
  };
}
