/**
 * Maia's search: the directory's own API (GET /api/practitioners/all) with the filters Maia read,
 * so the cards are what /practitioners shows for the same URL (online / in person included: the
 * directory's session filter), and the keyword means there what it means here (core/search-meaning.ts).
 */
import { MAIA_LINKS, MAIA_MATCHES_SHOWN } from "../../../core/assistant";
import { directorySearchString } from "../../../core/directory-params";
import { describeRequest, directoryLinkFor } from "../../../core/maia";
import type { PractitionerRequest } from "../../../core/practitioner-request";
import type { ApiPractitioner } from "../../../core/types";
import { countNoun } from "../../../core/plural";
import { apiGet } from "../../lib/api";
import type { ApiResponse } from "../../../core/api-routes";
import type { AssistantReply } from "./use-chat-session";

export interface MaiaMatches {
  practitioners: ApiPractitioner[];
  /** 'See all matches': /practitioners with the same filters. */
  seeAllHref: string;
}

const MORE_MATCHES = { one: "more match is", other: "more matches are" };

/** The directory API URL for a request. */
export function directoryApiUrl(request: PractitionerRequest): string {
  const params = new URLSearchParams(directorySearchString(request.filters));
  params.set("pageSize", String(MAIA_MATCHES_SHOWN));
  return `/api/practitioners/all?${params}`;
}

/** Asks the directory and words the reply: the top matches as cards and 'See all matches'. */
export async function searchReply(request: PractitionerRequest, fallbackQuickActions: AssistantReply["quickActions"], signedIn = false): Promise<AssistantReply<MaiaMatches>> {
  // the answer's type is the map's (a change on the server fails tsc here too); apiGet rather than
  // api.get because the chat's bundle carries its own copy of web/lib/api.ts (api.get: +214 B gzip)
  const response = await apiGet<ApiResponse<"GET /api/practitioners/all">>(directoryApiUrl(request));
  const top = response.practitioners.slice(0, MAIA_MATCHES_SHOWN);
  const what = describeRequest(request);
  const seeAllHref = directoryLinkFor(request);
  const { shown, total, upgradeRequired } = response.accessInfo;
  const notes: string[] = [];
  if (request.archetypesNamed.length > 1) notes.push("I can search one archetype at a time, so I left the archetype open.");
  if (upgradeRequired && total > shown) notes.push(`${countNoun(total - shown, MORE_MATCHES)} open to members with more access.`);

  if (top.length === 0 && upgradeRequired && total > 0) {
    // the matches exist, the viewer's access does not open them: say so rather than 'none'
    return {
      content: [`${countNoun(total, { one: "practitioner matches", other: "practitioners match" })} ${what}, but ${total === 1 ? "it is not open to you yet: members with more access see it." : "none of them is open to you yet: members with more access see them."}`]
        .concat(notes.filter((n) => !n.endsWith("with more access.")))
        .join(" "),
      links: [signedIn ? MAIA_LINKS.dashboard : { href: "/auth/signup", label: "Join The Hive" }, { href: "/practitioners", label: "Browse all practitioners" }],
      quickActions: fallbackQuickActions,
    };
  }
  if (top.length === 0) {
    return {
      content: [`I found no practitioners for ${what} yet. Try fewer details, a higher budget or another archetype.`, ...notes].join(" "),
      links: [{ href: "/practitioners", label: "Browse all practitioners" }],
      quickActions: fallbackQuickActions,
    };
  }
  const lead = `${response.pagination.available === 1 ? "1 practitioner matches" : `${response.pagination.available} practitioners match`} ${what}. ${top.length === 1 ? "Here it is:" : `Here are the top ${top.length}:`}`;
  return {
    content: [lead, ...notes].join(" "),
    extra: { practitioners: top, seeAllHref },
    quickActions: fallbackQuickActions,
  };
}
