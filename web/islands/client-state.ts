import { hydrate } from "@tanstack/react-query";
import { createStore } from "jotai";
import { createQueryClient } from "../lib/query-client";

/** One QueryClient and one jotai store shared by every island of the page (browser only). */
export const queryClient = createQueryClient();
export const store = createStore();

const stateElement = document.getElementById("__QUERY_STATE__");
if (stateElement?.textContent) hydrate(queryClient, JSON.parse(stateElement.textContent));

export { IslandProviders } from "./providers";
