/**
 * Maia's search: the directory's own API (GET /api/practitioners/all) with the filters Maia read,
 * so the cards are what /practitioners shows for the same URL. The directory has no online /
 * in-person filter: with a mode, Maia reads a larger page and keeps those that offer it.
 */
import { MAIA_LINKS, MAIA_MATCHES_SHOWN } from "../../../core/assistant";
import { DIRECTORY_MAX_PAGE_SIZE } from "../../../core/constants";
import { directorySearchString } from "../../../core/directory-params";
import { describeRequest, directoryLinkFor } from "../../../core/maia";
import type { PractitionerRequest, SessionMode } from "../../../core/practitioner-request";
import type { DirectoryResponse } from "../../../core/practitioners";
import type { ApiPractitioner } from "../../../core/types";
import { countNoun } from "../../../core/plural";
import { apiGet } from "../../lib/api";
import type { AssistantReply } from "./use-chat-session";

export interface MaiaMatches {
  practitioners: ApiPractitioner[];
  /** 'See all matches': /practitioners with the same filters. */
  seeAllHref: string;
}

const MORE_MATCHES = { one: "more match is", other: "more matches are" };

function offers(p: ApiPractitioner, mode: SessionMode): boolean {
  return mode === "virtual" ? p.isVirtual : p.isInPerson;
}

/** The directory API URL for a request. */
export function directoryApiUrl(request: PractitionerRequest): string {
  const params = new URLSearchParams(directorySearchString(request.filters));
  params.set("pageSize", String(request.mode ? DIRECTORY_MAX_PAGE_SIZE : MAIA_MATCHES_SHOWN));
  return `/api/practitioners/all?${params}`;
}

/** Asks the directory and words the reply: the top matches as cards and 'See all matches'. */
export async function searchReply(request: PractitionerRequest, fallbackQuickActions: AssistantReply["quickActions"], signedIn = false): Promise<AssistantReply<MaiaMatches>> {
  const response = await apiGet<DirectoryResponse>(directoryApiUrl(request));
  const mode = request.mode;
  const matching = mode ? response.practitioners.filter((p) => offers(p, mode)) : response.practitioners;
  const top = matching.slice(0, MAIA_MATCHES_SHOWN);
  const what = describeRequest(request);
  const seeAllHref = directoryLinkFor(request);
  const { shown, total, upgradeRequired } = response.accessInfo;
  const notes: string[] = [];
  if (request.archetypesNamed.length > 1) notes.push("I can search one archetype at a time, so I left the archetype open.");
  if (mode) notes.push(`The directory does not filter by ${mode === "virtual" ? "online" : "in-person"} sessions yet, so 'See all matches' lists both kinds.`);
  if (upgradeRequired && total > shown) notes.push(`${countNoun(total - shown, MORE_MATCHES)} open to members with more access.`);

  if (top.length === 0 && upgradeRequired && total > 0) {
    // the matches exist, the viewer's access does not open them: say so rather than 'none'
    return {
      content: (mode
        ? [`Practitioners for ${what} are open only to members with more access for now (I can't tell online from in-person ones among them).`]
        : [`${countNoun(total, { one: "practitioner matches", other: "practitioners match" })} ${what}, but ${total === 1 ? "it is not open to you yet: members with more access see it." : "none of them is open to you yet: members with more access see them."}`]
      ).concat(notes.filter((n) => !n.endsWith("with more access.") && !n.startsWith("The directory does not filter"))).join(" "),
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
  const lead = mode
    ? `Practitioners for ${what}. ${top.length === 1 ? "Here is the one I found:" : `Here are the top ${top.length}:`}`
    : `${response.pagination.available === 1 ? "1 practitioner matches" : `${response.pagination.available} practitioners match`} ${what}. ${top.length === 1 ? "Here it is:" : `Here are the top ${top.length}:`}`;
  return {
    content: [lead, ...notes].join(" "),
    extra: { practitioners: top, seeAllHref },
    quickActions: fallbackQuickActions,
  };
}
