/**
 * Decision 017's in-memory keyword index on PostgreSQL (docs/decisions/033-search-at-scale.md):
 * the same DirectoryIndex as SQLite's (db/sqlite/practitioner-search-index.ts: the same postings,
 * bm25, rating factor, sorts and bounds), built in each process from `practitioner_directory` and
 * `practitioners`, and used only while `practitioner_directory_version` (kept by the triggers of
 * migration 0001, moved by a change made through any process) is the version it was built at.
 * Otherwise a search runs in SQL (db/postgres/practitioner-search.ts) while a new index is read in
 * batches between requests. Not a cache of answers: every search is computed from the postings.
 */
import { sql } from "drizzle-orm";
import { DirectoryIndex, IndexBuilder, REBUILD_GAP_FACTOR, type DocRow } from "../sqlite/practitioner-search-index";
import { isTransactionHandle, type PostgresDb } from "./client";

/** Rows read per round trip while building (about 25–50 ms of indexing each: the server answers between them). */
const ROWS_PER_BATCH = 2500;

/** The index's rows in SQLite's shapes: booleans as 0/1, times as epoch milliseconds, the rating as the decimal's double, lists as JSON text. */
const sourceRows = (afterDoc: number, limit: number) => sql`
  SELECT d.doc_id AS "docId", d.practitioner_id AS "practitionerId", d.archetype, d.experience_level AS level,
    d.experience_rank AS rank, d.hourly_rate_cents AS rate, d.average_rating::numeric::float8 AS rating, d.total_sessions AS sessions,
    d.is_featured::int AS featured, (extract(epoch FROM d.created_at) * 1000)::float8 AS "createdAt",
    p.is_virtual::int AS "isVirtual", p.is_in_person::int AS "isInPerson",
    p.specializations::text AS specializations, p.professional_categories::text AS categories, p.location, p.bio
  FROM practitioner_directory d JOIN practitioners p ON p.id = d.practitioner_id
  WHERE d.doc_id > ${afterDoc} ORDER BY d.doc_id LIMIT ${limit}`;

async function directoryVersion(db: PostgresDb): Promise<number> {
  const [row] = [...((await db.execute(sql`SELECT version::float8 AS version FROM practitioner_directory_version WHERE id = 1`)) as unknown as { version: number }[])];
  return row?.version ?? -1;
}

async function directorySize(db: PostgresDb): Promise<number> {
  const [row] = [...((await db.execute(sql`SELECT count(*)::int AS n FROM practitioner_directory`)) as unknown as { n: number }[])];
  return row?.n ?? 0;
}

/** Keeps one pool's index current (IndexKeeper's rules: a rebuild waits REBUILD_GAP_FACTOR × the last one's time). */
class PostgresIndexKeeper {
  private index: DirectoryIndex | null = null;
  private building: Promise<void> | null = null;
  private notBefore = 0;
  /** Rows read by the last build; null before the first. */
  private rowsRead: number | null = null;

  constructor(private readonly db: PostgresDb) {}

  /**
   * The index when it was built at the directory's present version. Otherwise a rebuild starts;
   * a directory that fits in one batch (a small team's: milliseconds) waits for it, so that every
   * answer comes from the index and ranks as SQLite ranks; a larger one answers from SQL meanwhile
   * (null), which can order near-equal matches differently for those seconds (decision 033).
   */
  async current(): Promise<DirectoryIndex | null> {
    const version = await directoryVersion(this.db);
    if (this.index !== null && this.index.version === version) return this.index;
    if (this.building === null && performance.now() >= this.notBefore) this.building = this.build(version);
    if (this.building !== null && (this.rowsRead ?? (await directorySize(this.db))) < ROWS_PER_BATCH) {
      await this.building;
      if (this.index !== null && this.index.version === version) return this.index;
    }
    // not awaited here: the index is a cache of committed rows, this request answers from SQL, and
    // build() logs its own failure and lets a later request start another
    return null;
  }

  private async build(version: number): Promise<void> {
    let read = 0;
    // the working time: indexing in this process, not the waits for the rows (as IndexKeeper counts its slices)
    let working = 0;
    try {
      // the version was read before any row: rows changed since then moved it, so this index is never used for them
      const builder = new IndexBuilder(version);
      for (;;) {
        const rows = [...((await this.db.execute(sourceRows(builder.afterDoc, ROWS_PER_BATCH))) as unknown as DocRow[])];
        const started = performance.now();
        builder.addRows(rows);
        read += rows.length;
        working += performance.now() - started;
        if (rows.length < ROWS_PER_BATCH) break;
      }
      const started = performance.now();
      const index = builder.finish();
      working += performance.now() - started;
      if (this.index === null || index.version >= this.index.version) this.index = index;
      this.rowsRead = read;
    } catch (error) {
      // a pool closed meanwhile (shutdown, tests) needs no index
      if (!/closed|ended|terminat/i.test(String(error))) console.error("The directory's search index could not be built; searches stay in PostgreSQL:", error);
    } finally {
      this.building = null;
      this.notBefore = performance.now() + REBUILD_GAP_FACTOR * working;
    }
  }
}

const keepers = new WeakMap<PostgresDb, PostgresIndexKeeper>();

/** The current in-memory index of this pool, or null while it is (re)built, and always inside a transaction (which reads its own snapshot). */
export async function currentDirectoryIndex(db: PostgresDb): Promise<DirectoryIndex | null> {
  if (isTransactionHandle(db)) return null;
  let keeper = keepers.get(db);
  if (!keeper) keepers.set(db, (keeper = new PostgresIndexKeeper(db)));
  return keeper.current();
}
