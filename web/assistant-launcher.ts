/**
 * The only script a page carries for Maia before it is used: on the first click of the
 * server-rendered launcher button it loads the chat (React and all) and opens it. No imports:
 * the chat's URL comes from the script tag (data-assistant-chat), so that this stays a few hundred
 * bytes and the page's other chunks are built exactly as without it.
 */
document.addEventListener("click", (event) => {
  const launcher = (event.target as Element | null)?.closest?.("[data-assistant-launcher]");
  const chat = document.querySelector<HTMLScriptElement>("script[data-assistant-chat]")?.dataset.assistantChat;
  if (launcher instanceof HTMLElement && chat) {
    void import(/* @vite-ignore */ chat).then((m: { openMaia: (launcher: HTMLElement) => void }) => m.openMaia(launcher));
  }
});
