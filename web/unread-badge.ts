/**
 * The unread messages count in the header's account menu (issue 23), kept live like the
 * sidebar's: a small script without React (the header is on every page, most of which carry no
 * island), loaded only for a signed-in person. It listens to the page's one conversations stream
 * (web/features/conversations/live.ts, shared with the islands) and writes the total into every
 * `[data-unread-badge]` element the server rendered: the dot on the menu button and the count
 * beside 'Messages' in the menu.
 */
import { listenLive } from "./features/conversations/live";

function show(total: number): void {
  for (const badge of document.querySelectorAll<HTMLElement>("[data-unread-badge]")) {
    const count = badge.querySelector<HTMLElement>("[data-unread-count]") ?? badge;
    count.textContent = total > 99 ? "99+" : String(total);
    badge.hidden = total <= 0;
  }
}

if (document.querySelector("[data-unread-badge]")) {
  listenLive((event) => {
    if (event.type === "unread" || (event.type === "message" && event.unreadTotal >= 0)) show(event.unreadTotal);
  });
}
