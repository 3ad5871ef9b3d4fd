import type { AccessLevel } from "./enums";
import type { ApiPractitioner } from "./types";
import type { DirectorySort } from "./directory-params";

/** Access info of the directory (SPEC.md section 3): how many of the matches this viewer may see. */
export interface DirectoryAccessInfo {
  upgradeRequired: boolean;
  /**
   * Matches this viewer gets: all of them, or those among the access level's fixed set (the first
   * N practitioners in the featured order), so possibly fewer than N, or none.
   */
  shown: number;
  /** Matches in the whole directory (how many more an upgrade unlocks: total - shown). */
  total: number;
  accessLevel: AccessLevel;
}

export interface DirectoryPagination {
  page: number;
  pageSize: number;
  totalPages: number;
  /** Results reachable by paging: `shown`, or fewer when relevance ranking is bounded. */
  available: number;
}

/** GET /api/practitioners/all */
export interface DirectoryResponse {
  practitioners: ApiPractitioner[];
  accessInfo: DirectoryAccessInfo;
  pagination: DirectoryPagination;
  sort: DirectorySort;
}

/** The tabs of a practitioner profile, in order; `?tab=` in the URL selects one. */
export const PROFILE_TABS = ["about", "reviews", "approach"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** The longest display name a practitioner may choose ('Maya R.' by default: issue 26). */
export const DISPLAY_NAME_MAX_LENGTH = 60;
