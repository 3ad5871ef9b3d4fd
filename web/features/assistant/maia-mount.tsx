/** Mounts Maia on the first click of the 'Chat with Maia' button; later clicks only open it. */
import { getDefaultStore } from "jotai";
import { createRoot, type Root } from "react-dom/client";
import { MaiaAssistant, maiaOpenAtom } from "./maia";

let root: Root | null = null;

export function openMaia(launcher: HTMLElement): void {
  if (!root) {
    const host = document.createElement("div");
    host.id = "maia-root";
    document.body.append(host);
    root = createRoot(host, { identifierPrefix: "maia-" });
    root.render(<MaiaAssistant launcher={launcher} />);
  }
  getDefaultStore().set(maiaOpenAtom, true);
}
