/**
 * PLACEHOLDER of the PostgreSQL directory search (tsvector + pg_trgm over practitioner_directory):
 * written on branch pg-search, whose file replaces this one at merge. The same exports the neutral
 * module db/practitioner-search.ts calls (twins of db/sqlite/practitioner-search.ts, over a `Db`).
 */
import type { Db } from "../client";
import type { DirectorySearchRequest, DirectorySearchResult } from "../practitioner-search";

const notYet = (what: string) => new Error(`${what}: the directory search is not yet on PostgreSQL (branch pg-search)`);

export async function searchDirectory(_db: Db, _request: DirectorySearchRequest): Promise<DirectorySearchResult> {
  throw notYet("searchDirectory");
}

export async function directoryIndexReady(_db: Db): Promise<boolean> {
  throw notYet("directoryIndexReady");
}

export async function rebuildPractitionerSearch(_db: Db): Promise<void> {
  throw notYet("rebuildPractitionerSearch");
}

export async function optimizePractitionerSearch(_db: Db): Promise<void> {
  throw notYet("optimizePractitionerSearch");
}
