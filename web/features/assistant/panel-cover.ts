/**
 * What an open assistant panel may cover of the page (issue 27; the rule is in
 * docs/decisions/034-floating-panels.md and checked by web/e2e/floating-sweep.test.ts):
 * - as a sheet (expanded, below the `sm` breakpoint, where it spans the screen's width) it is
 *   modal: the rest of the page is inert while it is open, so nothing hidden behind it is reached
 *   by the pointer or the keyboard; the floating buttons stay live (one opens the other assistant);
 * - as a card at the side (wider screens) or a minimised bar, the page stays usable beside it:
 *   the page gets room at its foot and a scroll margin the height of the panel
 *   (`--panel-clearance`, web/styles.css), so every control it covers comes clear of it when
 *   scrolled to, which is what the keyboard's focus does.
 * Maia and the Garden Guide are separate builds: what they share lives in the DOM (the `data-`
 * marks below), not in this module's state.
 */
import { useEffect, type RefObject } from "react";

/** Below Tailwind's `sm` (640 px) the panel spans the width (web/features/assistant/floating-panel.tsx). */
const SHEET_QUERY = "(max-width: 639.98px)";
/** Space kept between the panel's top and a control scrolled clear of it (px). */
const GAP = 8;
const CLEARANCE = "--panel-clearance";

/**
 * Makes everything but `panel` and the floating buttons inert, marking what it changed with `owner`
 * (another panel may hold the same elements while the two hand over); returns the undo.
 */
function inertOthers(panel: HTMLElement, owner: string): () => void {
  const keep = [panel, ...document.querySelectorAll<HTMLElement>("[data-floating]")];
  const made: HTMLElement[] = [];
  const walk = (parent: Element) => {
    for (const child of parent.children) {
      if (!(child instanceof HTMLElement) || keep.includes(child) || child instanceof HTMLScriptElement || child instanceof HTMLStyleElement) continue;
      if (keep.some((k) => child.contains(k))) walk(child);
      else if (!child.inert || child.dataset.inertBy) {
        const owners = new Set((child.dataset.inertBy ?? "").split(" ").filter(Boolean));
        owners.add(owner);
        child.dataset.inertBy = [...owners].join(" ");
        child.inert = true;
        made.push(child);
      }
    }
  };
  walk(document.body);
  return () => {
    for (const el of made) {
      const owners = (el.dataset.inertBy ?? "").split(" ").filter((o) => o && o !== owner);
      if (owners.length > 0) el.dataset.inertBy = owners.join(" ");
      else {
        delete el.dataset.inertBy;
        el.inert = false;
      }
    }
  };
}

/** While the panel is mounted: modal as a sheet, else the page keeps room to scroll clear of it. */
export function usePanelCover(ref: RefObject<HTMLElement | null>, minimised: boolean, owner: string): void {
  useEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    const root = document.documentElement;
    const sheet = matchMedia(SHEET_QUERY);
    let undoInert: (() => void) | null = null;
    let frame = 0;

    const clearClearance = () => {
      if (root.dataset.panelClearanceBy !== owner) return;
      root.style.removeProperty(CLEARANCE);
      delete root.dataset.panelClearanceBy;
    };
    const apply = () => {
      undoInert?.();
      undoInert = null;
      if (sheet.matches && !minimised) {
        clearClearance();
        undoInert = inertOthers(panel, owner);
      } else {
        root.style.setProperty(CLEARANCE, `${Math.max(0, Math.ceil(innerHeight - panel.getBoundingClientRect().top + GAP))}px`);
        root.dataset.panelClearanceBy = owner;
      }
    };
    const queue = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(apply);
    };
    apply();
    // a floating button that appears later (the Guide's, once it closes) must stay live
    const observer = new MutationObserver(queue);
    observer.observe(document.body, { childList: true, subtree: true });
    addEventListener("resize", queue);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      removeEventListener("resize", queue);
      undoInert?.();
      clearClearance();
    };
  }, [ref, minimised, owner]);
}
