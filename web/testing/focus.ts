/**
 * Browsers move the keyboard focus to the page's body when the focused element becomes disabled
 * (the "focus fixup" rule); happy-dom does not. Component tests that check where the focus is left
 * call this first, so a button that disables itself loses the focus there as it would in a browser.
 * Returns the function that stops watching.
 */
export function blurWhenDisabled(root: Node = document.body): () => void {
  const observer = new MutationObserver((changes) => {
    for (const change of changes) {
      const el = change.target as HTMLElement;
      if (!el.hasAttribute("disabled") || document.activeElement !== el) continue;
      // happy-dom's blur() does nothing on a disabled element: lift the attribute for it
      const value = el.getAttribute("disabled") ?? "";
      el.removeAttribute("disabled");
      el.blur();
      el.setAttribute("disabled", value);
    }
  });
  observer.observe(root, { subtree: true, attributes: true, attributeFilter: ["disabled"] });
  return () => observer.disconnect();
}

/** What has the keyboard focus, in words ("button Create Account", "body"): comparing elements would print whole DOM trees on failure. */
export function focusedName(): string {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return "body";
  return `${el.tagName.toLowerCase()} ${el.textContent?.trim() ?? ""}`.trim();
}
