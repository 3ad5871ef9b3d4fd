/**
 * The browser entry: a few hundred bytes with no React. It finds the island markers the server
 * rendered and hydrates each when its `data-hydrate` strategy says (web/islands/hydration-strategies.ts);
 * React, react-query and the island's chunk are downloaded only then.
 */
import { HYDRATE_ALL_EVENT, yieldToMain, type HydrationStrategy } from "./islands/hydration-strategies";

const hydrated = new WeakMap<HTMLElement, Promise<void>>();
/** Islands whose event handlers are live. */
const live = new WeakSet<HTMLElement>();

function hydrate(marker: HTMLElement): Promise<void> {
  let done = hydrated.get(marker);
  if (!done) {
    done = import("./islands/hydrate-island")
      .then((m) => m.hydrateIsland(marker))
      .then(() => void live.add(marker));
    hydrated.set(marker, done);
  }
  return done;
}

/** Elements with a box (the marker is `display: contents`, which IntersectionObserver cannot see). */
function boxes(marker: HTMLElement): Element[] {
  return Array.from(marker.children);
}

function whenVisible(marker: HTMLElement): void {
  if (!("IntersectionObserver" in window)) return void hydrate(marker);
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        void hydrate(marker);
      }
    },
    { rootMargin: "200px" },
  );
  const targets = boxes(marker);
  if (targets.length === 0) return void hydrate(marker);
  targets.forEach((t) => observer.observe(t));
}

function whenIdle(marker: HTMLElement): void {
  const run = () => void hydrate(marker);
  if ("requestIdleCallback" in window) requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 200);
}

const INTENT_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin"] as const;

/** A click that only chooses or focuses a field: a text box, a radio or checkbox (or its label), a select. */
function isFieldClick(target: HTMLElement): boolean {
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  const input = target instanceof HTMLInputElement ? target : target instanceof HTMLLabelElement ? target.control : null;
  return input instanceof HTMLInputElement && !["submit", "button", "image", "reset"].includes(input.type);
}

/** Starts loading on the first sign of intent (the click held by `holdClicksUntilLive` replays after). */
function onInteraction(marker: HTMLElement): void {
  const start = () => {
    INTENT_EVENTS.forEach((type) => marker.removeEventListener(type, start));
    void hydrate(marker);
  };
  INTENT_EVENTS.forEach((type) => marker.addEventListener(type, start, { passive: true }));
}

/**
 * Every island, whatever its strategy: a click before it is live is held, starts its hydration,
 * and is replayed in order once it is (or, should loading fail, run natively). An island hydrated
 * at load is not live before the page's load event: on a slow phone a press on 'Mark paid' in that
 * time did nothing at all. A quick second click cannot submit a form behind React's back either.
 */
/** Every control an island hydrated on first use may handle itself: its first click is held whatever it is. */
const FIRST_USE_CONTROLS = "a[href],button,input,select,textarea,label,summary,[role=button],[role=tab]";
/**
 * An island hydrated by another strategy holds only the presses that need its script: a link, a
 * `<summary>` or a form field does its own thing before (a details panel opens at once).
 */
const SCRIPTED_CONTROLS = "button:not([type=submit]),[role=button],[role=tab]";

function holdClicksUntilLive(marker: HTMLElement, controls: string): void {
  const held: HTMLElement[] = [];
  const release = () => {
    marker.removeEventListener("click", onClick, true);
    for (const target of held.splice(0)) if (target.isConnected) target.click();
  };
  const onClick = (event: MouseEvent) => {
    // live by its own strategy already: React handles this click and the ones after it
    if (live.has(marker) && held.length === 0) return void marker.removeEventListener("click", onClick, true);
    // replay on the control itself: an SVG icon inside a button has no click()
    const origin = event.target instanceof Element ? event.target : null;
    const control = origin?.closest(controls);
    if (!control && controls === SCRIPTED_CONTROLS) return;
    const target = (control ?? origin?.closest("*:not(svg *)")) as HTMLElement | null;
    if (!target || !(target instanceof HTMLElement) || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    // a form field does its own thing before React is live (a star chosen, a caret placed), and the
    // island adopts what it finds; replayed later, a star's click pulled the focus back out of the
    // text being typed (issue 26)
    if (isFieldClick(target)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(target);
    if (held.length === 1) hydrate(marker).then(release, release);
  };
  marker.addEventListener("click", onClick, true);
}

/**
 * Islands hydrated "at load" start when the page has loaded: the first paint needs only the HTML
 * and the stylesheet, and on a slow phone network every script fetched before it delays it. Then
 * every chunk those islands need (listed by the server in `data-preload`) is requested, so React,
 * the shared state and the islands arrive together and not one import after the other.
 */
function whenLoaded(marker: HTMLElement): void {
  const run = () => {
    preloadChunks();
    void hydrate(marker);
  };
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
}

let preloaded = false;
/** One link per task: starting two dozen requests in one task held the main thread for 15–40 ms. */
function preloadChunks(): void {
  if (preloaded) return;
  preloaded = true;
  const hrefs = (document.querySelector<HTMLScriptElement>("script[data-preload]")?.dataset.preload ?? "").split(" ").filter(Boolean);
  const next = () => {
    const href = hrefs.shift();
    if (!href) return;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
    void yieldToMain().then(next);
  };
  next();
}

function schedule(marker: HTMLElement): void {
  const strategy = (marker.dataset.hydrate ?? "load") as HydrationStrategy;
  holdClicksUntilLive(marker, strategy === "interaction" ? FIRST_USE_CONTROLS : SCRIPTED_CONTROLS);
  if (strategy === "visible") whenVisible(marker);
  else if (strategy === "idle") whenIdle(marker);
  else if (strategy === "interaction") onInteraction(marker);
  else whenLoaded(marker);
}

document.querySelectorAll<HTMLElement>("[data-island]").forEach(schedule);

/** Hydrates every island not yet live, e.g. when one island changed data that others show. */
document.addEventListener(HYDRATE_ALL_EVENT, () => {
  document.querySelectorAll<HTMLElement>("[data-island]").forEach((m) => void hydrate(m));
});

/**
 * The account menu (web/pages/layout.tsx) is a popover: the browser closes it on Escape and on a
 * click elsewhere; here it also closes when focus moves on past it, so that it never covers the
 * element being focused (pages without islands load no script and keep the browser's two ways).
 */
document.addEventListener("focusin", (event) => {
  const menu = document.getElementById("user-menu-panel");
  const target = event.target;
  if (!menu?.matches(":popover-open") || !(target instanceof Element)) return;
  if (menu.contains(target) || target.closest("[popovertarget='user-menu-panel']")) return;
  menu.hidePopover();
});
