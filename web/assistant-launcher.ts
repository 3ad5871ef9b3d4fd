/**
 * The only script a page carries for Maia before it is used: on the first click of the
 * server-rendered launcher button it loads the chat (React and all) and opens it. No imports:
 * the chat's URL comes from the script tag (data-assistant-chat), so that this stays small and
 * the page's other chunks are built exactly as without it.
 *
 * It also keeps the floating buttons (`[data-floating]`: 'Chat with Maia', the Garden's 'Ask the
 * Garden Guide') clear of what they would cover (issue 27): a control of the page, a toast
 * (`[data-keep-clear]`) or another floating button. Each stays at its place while that covers
 * nothing; else it rises along the right edge to the nearest clear height (at most 45% of the
 * screen), else it steps aside (hidden) until the page scrolls on. Checked on scroll, resize and
 * changes to the page, at most once a frame.
 */
document.addEventListener("click", (event) => {
  const launcher = (event.target as Element | null)?.closest?.("[data-assistant-launcher]");
  const chat = document.querySelector<HTMLScriptElement>("script[data-assistant-chat]")?.dataset.assistantChat;
  if (launcher instanceof HTMLElement && chat) {
    void import(/* @vite-ignore */ chat).then((m: { openMaia: (launcher: HTMLElement) => void }) => m.openMaia(launcher));
  }
});

const CONTROLS = "a[href],button,input:not([type=hidden]),select,textarea,summary,[tabindex]:not([tabindex='-1']),[role=button],[role=link],[role=tab],[role=checkbox],[role=radio],[role=switch]";
/** How far a floating button may rise, as a share of the screen's height, and in what steps (px). */
const MAX_RISE = 0.45;
const STEP = 8;
/** Space kept between a floating button and what it keeps clear of (px). */
const GAP = 4;

type Box = { left: number; top: number; right: number; bottom: number };
const overlaps = (a: Box, b: Box) => a.left < b.right + GAP && b.left < a.right + GAP && a.top < b.bottom + GAP && b.top < a.bottom + GAP;

function keepClear(): void {
  const floating = [...document.querySelectorAll<HTMLElement>("[data-floating]")];
  if (floating.length === 0) return;
  const height = window.innerHeight;
  const obstacles: Box[] = [];
  for (const el of document.querySelectorAll<HTMLElement>(`${CONTROLS},[data-keep-clear]`)) {
    // a floating button's own parts, and what a modal covers anyway
    if (el.closest("[data-floating],dialog,[role=dialog]") && !el.hasAttribute("data-keep-clear")) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.bottom < height * (1 - MAX_RISE) - 80 || r.top > height) continue;
    obstacles.push(r);
  }
  // the lowest first: each rises past those placed before it
  const measured = floating.map((el) => {
    // its own place, measured without its rise (no transition on transform: styles.css)
    el.style.transform = "";
    return { el, box: el.getBoundingClientRect() };
  });
  measured.sort((a, b) => b.box.bottom - a.box.bottom);
  for (const { el, box } of measured) {
    if (box.width === 0) continue;
    let rise: number | null = null;
    for (let up = 0; up <= height * MAX_RISE; up += STEP) {
      const at = { left: box.left, right: box.right, top: box.top - up, bottom: box.bottom - up };
      if (!obstacles.some((o) => overlaps(o, at))) {
        rise = up;
        break;
      }
    }
    // focused from the keyboard it stays where it is (it comes to the front: focus-visible:z-[60]);
    // focused by a click or by a chat closed with the mouse, it steps aside like any other time
    if (rise === null && document.activeElement === el && el.matches(":focus-visible")) rise = 0;
    if (rise === null) el.setAttribute("data-tucked", "");
    else {
      el.removeAttribute("data-tucked");
      if (rise > 0) el.style.transform = `translateY(${-rise}px)`;
      obstacles.push({ left: box.left, right: box.right, top: box.top - rise, bottom: box.bottom - rise });
    }
  }
}

let queued = false;
function queueKeepClear(): void {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => {
    queued = false;
    keepClear();
  });
}

addEventListener("scroll", queueKeepClear, { passive: true, capture: true });
addEventListener("resize", queueKeepClear, { passive: true });
addEventListener("load", queueKeepClear);
document.addEventListener("toggle", queueKeepClear, true);
// what appears, goes or changes size (a toast, a panel opened, results loaded); not the buttons' own placement
new MutationObserver(queueKeepClear).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ["class", "open", "hidden", "disabled"] });
new ResizeObserver(queueKeepClear).observe(document.documentElement);
queueKeepClear();
