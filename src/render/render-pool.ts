import type { ReactElement } from "react";
import { pageComponentName } from "./page-components";
import type { PageOptions } from "./render-page";

/** What the request thread sends: the page by name, its props and the document's options without the body. */
export interface RenderJob {
  id: number;
  page: string;
  props: object;
  options: Omit<PageOptions, "body">;
  env: { nonce: string; appUrl: string };
}

/** The thread's first message: the built client's assets (production), or none (tests of the server alone). */
export type RenderThreadMessage = RenderJob | { assets: "built" | "none" };

/** The document in UTF-8 (moved, not copied, between the threads), or why it failed. */
export type RenderResult = { id: number; html: Uint8Array<ArrayBuffer> } | { id: number; error: string };

/** Renders pages on another thread; `render` answers null when this page cannot go there (the caller renders it). */
export interface PageRenderer {
  /** The document in UTF-8, or null: render this page on the request thread. */
  render(body: ReactElement, options: Omit<PageOptions, "body">, env: RenderJob["env"]): Promise<Uint8Array<ArrayBuffer>> | null;
  close(): void;
}

/** A page that takes longer than this on the render thread is an error (a page takes about a millisecond). */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * One render thread (a Bun Worker running src/render/render-thread.ts). The server's JavaScript runs
 * on one thread; React's rendering of a page is most of a page's time, so on a machine with a second
 * core it runs there while the request thread reads the database and answers other requests. If the
 * thread fails, the pending pages fail with it (a 500 page, logged) and the next page starts a new one.
 */
export function createRenderThread({ assets = "built" }: { assets?: "built" | "none" } = {}): PageRenderer {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (html: Uint8Array<ArrayBuffer>) => void; reject: (error: Error) => void; timer: Timer }>();

  const failAll = (error: Error) => {
    for (const job of pending.values()) {
      clearTimeout(job.timer);
      job.reject(error);
    }
    pending.clear();
  };

  const start = (): Worker => {
    const w = new Worker(new URL("./render-thread.ts", import.meta.url).href);
    w.postMessage({ assets } satisfies RenderThreadMessage);
    w.onmessage = (event: MessageEvent<RenderResult>) => {
      const job = pending.get(event.data.id);
      if (!job) return;
      pending.delete(event.data.id);
      clearTimeout(job.timer);
      if ("html" in event.data) job.resolve(event.data.html);
      else job.reject(new Error(`The render thread failed: ${event.data.error}`));
    };
    // a thread that fails or exits fails its pages; the next page starts another (a thread already
    // replaced, or closed on purpose, is no longer `worker` and fails nothing)
    const stopped = (error: Error) => {
      if (worker !== w) return;
      worker = null;
      failAll(error);
    };
    w.onerror = (event) => {
      stopped(new Error(`The render thread stopped: ${event.message}`));
      w.terminate();
    };
    w.addEventListener("close", () => stopped(new Error("The render thread exited")));
    return w;
  };

  // started with the server, so that the first page does not wait for React to load on the thread
  worker = start();

  return {
    render(body, options, env) {
      const page = pageComponentName(body.type);
      if (page === undefined) return null;
      const job: RenderJob = { id: nextId++, page, props: body.props as object, options, env };
      worker ??= start();
      try {
        // props that cannot be copied (a function, a React element) make the page render here instead
        worker.postMessage(job);
      } catch {
        return null;
      }
      return new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(job.id);
          reject(new Error(`The render thread took more than ${RENDER_TIMEOUT_MS} ms for ${page}`));
        }, RENDER_TIMEOUT_MS);
        pending.set(job.id, { resolve, reject, timer });
      });
    },
    close() {
      const w = worker;
      worker = null;
      failAll(new Error("The render thread was closed"));
      w?.terminate();
    },
  };
}
