/**
 * Live updates for open conversations and unread counts (docs/decisions/027-conversations.md).
 * Services publish an event to a user after the change committed; each open stream of that user
 * subscribes, and a stream that reconnects catches up from the database (Last-Event-ID).
 *
 * Two hubs, chosen by the database (defaultLiveHub):
 * - SQLite (one process): the process's memory, one map from user to listeners;
 * - PostgreSQL (WORKERS=N, any process may hold a user's stream): the same map for this process's
 *   streams, and a notification on the database's channel `pollinate_live` for the others
 *   (db/notify.ts: LISTEN/NOTIFY). The payload carries ids only; a process with a stream of that
 *   user reads the message and the unread total from the database, as a stream does when it
 *   catches up, and hands the event to its listeners in the order the notifications came.
 */
import type { LiveEvent } from "../../../core/conversations";
import type { Db } from "../../../db/client";
import { notifyChannel, type NotifyChannel } from "../../../db/notify";
import type { AppDeps } from "../../http/app-context";
import { messageFor, toApiMessage, unreadTotal } from "./service";

export type LiveListener = (event: LiveEvent) => void;

export interface LiveHub {
  /** Delivers `event` to every open stream of `userId` (in any process, for a shared hub); resolves once it is sent on. */
  publish(userId: string, event: LiveEvent): Promise<void>;
  /** Listens for `userId`'s events; answers the function that stops listening. */
  subscribe(userId: string, listener: LiveListener): () => void;
  /** Resolves once events published by other processes reach this process's listeners (at once for a one-process hub). */
  ready(): Promise<void>;
  /** Open subscriptions (the benchmark, the admin). */
  size(): number;
  /**
   * How often an open stream should re-read from the database what it may have missed, in ms: set
   * for a hub whose notifications can be lost (a process killed between its commit and its NOTIFY,
   * a LISTEN connection that dropped); absent for the in-process hub, which cannot lose one.
   */
  readonly catchUpMs?: number;
}

interface LocalHub extends LiveHub {
  has(userId: string): boolean;
}

/** The in-process hub: one map from user to listeners. */
export function createMemoryLiveHub(): LocalHub {
  const listeners = new Map<string, Set<LiveListener>>();
  let count = 0;
  return {
    async publish(userId, event) {
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
    ready: () => Promise.resolve(),
    size: () => count,
    has: (userId) => listeners.has(userId),
  };
}

/** An event as a notification carries it: the user, the kind and ids (no text: the receiver reads it). */
type LiveNote =
  | { u: string; t: "message"; m: string }
  | { u: string; t: "read"; c: string; s: string }
  | { u: string; t: "unread" };

function noteOf(userId: string, event: LiveEvent): LiveNote {
  if (event.type === "message") return { u: userId, t: "message", m: event.message.id };
  if (event.type === "read") return { u: userId, t: "read", c: event.conversationId, s: event.seenMessageId };
  return { u: userId, t: "unread" };
}

/** The event a note stands for, read from the database as the user's stream would see it now; null when the message is not theirs (or gone). */
async function eventOf(db: Db, note: LiveNote): Promise<LiveEvent | null> {
  if (note.t === "read") return { type: "read", conversationId: note.c, seenMessageId: note.s };
  if (note.t === "unread") return { type: "unread", unreadTotal: await unreadTotal(db, note.u) };
  const row = await messageFor(db, note.u, note.m);
  return row ? { type: "message", message: toApiMessage(row, note.u), unreadTotal: await unreadTotal(db, note.u) } : null;
}

/**
 * The hub of one process over a channel shared by every process of the database: this process's
 * streams get their events from memory at once; the others' through a notification (`origin`
 * tells a process its own notifications, already delivered). The LISTEN starts with the first
 * stream and lasts as long as the pool.
 */
export function createSharedLiveHub(channel: NotifyChannel, resolve: (note: LiveNote) => Promise<LiveEvent | null>, catchUpMs = 25_000): LiveHub {
  const local = createMemoryLiveHub();
  const origin = crypto.randomUUID();
  let listening: Promise<unknown> | null = null;
  // this process's events and the notifications are delivered one after another, in the order they came
  let delivering: Promise<void> = Promise.resolve();
  const deliver = (userId: string, event: () => Promise<LiveEvent | null>) => {
    delivering = delivering
      .then(async () => {
        const ready = await event();
        if (ready) await local.publish(userId, ready);
      })
      .catch((error) => console.error("[live] an event could not be delivered:", error));
    return delivering;
  };

  const receive = (payload: string) => {
    let parsed: { o: string; n: LiveNote };
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    if (parsed.o === origin || !local.has(parsed.n.u)) return;
    // a signal, not the data: the message is a committed row, read here; deliver logs its own
    // failures, and a stream that misses it replays from the database when it reconnects (Last-Event-ID)
    void deliver(parsed.n.u, () => resolve(parsed.n));
  };
  const listen = () => {
    listening ??= channel.listen(receive).catch((error) => {
      listening = null;
      throw error;
    });
    return listening;
  };

  return {
    async publish(userId, event) {
      await deliver(userId, async () => event);
      try {
        await channel.notify(JSON.stringify({ o: origin, n: noteOf(userId, event) }));
      } catch (error) {
        // the change is committed: its answer stands, and the other processes' streams catch up when they reconnect
        console.error("[live] NOTIFY failed:", error);
      }
    },
    subscribe(userId, listener) {
      // the shared connection that hears other processes; the stream itself replays from the database
      void listen().catch((error) => console.error("[live] LISTEN failed:", error));
      return local.subscribe(userId, listener);
    },
    ready: async () => {
      await listen();
    },
    size: () => local.size(),
    catchUpMs,
  };
}

/** The hub of this process on SQLite (one process, one hub). */
export const liveHub: LiveHub = createMemoryLiveHub();

/** The channel every process of a PostgreSQL database publishes live updates on. */
export const LIVE_CHANNEL = "pollinate_live";

/**
 * The app's hub (createApp, when not given one): SQLite's in-memory one, shared by every app of the
 * process; on PostgreSQL a shared hub over the database's LIVE_CHANNEL, one per app.
 */
export function defaultLiveHub({ db, config }: Pick<AppDeps, "db" | "config">): LiveHub {
  const channel = notifyChannel(db, LIVE_CHANNEL);
  return channel ? createSharedLiveHub(channel, (note) => eventOf(db, note), config.LIVE_CATCH_UP_MS) : liveHub;
}
