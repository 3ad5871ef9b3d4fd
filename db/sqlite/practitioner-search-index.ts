/**
 * The directory's keyword search in memory: an inverted index of the same five columns that the
 * FTS5 tables `practitioner_search` (word prefixes, bm25) and `practitioner_substring` (trigrams)
 * hold, answering exactly what those answer (search.sqlite.test.ts compares the two on thousands
 * of practitioners), in a fraction of the time: counting 60,000 trigram matches or ranking 5,000
 * word matches with bm25 took SQLite 5–45 ms a search at 100,000 practitioners, and a one-word
 * search averaged 9 ms (docs/performance.md).
 *
 * It is not a cache of answers: every search is computed from the postings. It stands for the
 * FTS tables only while it is current: `practitioner_directory_version` (migration 0009) counts
 * every change to the directory, and a search uses the index only when the count it was built at
 * is the count in the database; otherwise the search runs in SQLite (search.sqlite.ts) while a new
 * index is built in slices between requests. SQLite-only: it reads the directory's tables.
 */
import type { Database } from "bun:sqlite";
import type { Archetype } from "../../core/enums";
import { SEARCH_RANK_ALL_MAX, SEARCH_RANKED_MATCHES } from "../../core/constants";
import type { DirectorySort } from "../../core/directory-params";
import type { DirectoryQuery } from "./practitioner-search";
import { ARCHETYPE_INDEX_TEXT, isSubstringGroup, normaliseGroups, searchWords } from "./practitioner-search-text";
import { relevanceRatingFactor } from "../../core/search-meaning";

/** What the index needs of a directory query: search.sqlite.ts's DirectoryQuery, with the typed text for its FTS expressions. */
export type IndexQuery = Omit<DirectoryQuery, "keyword"> & {
  /** The typed text: each word one group (when `groups` is absent). */
  text?: string;
  /** The search as groups of alternatives (core/search-meaning.ts), as searchDirectory passes it. */
  groups?: string[][];
};

/** bm25 column weights in the FTS column order (search.sqlite.ts: BM25). */
const COLUMN_WEIGHTS = [4.0, 3.0, 3.0, 2.0, 1.0];
const ARCHETYPE_COLUMN = 2;
const K1 = 1.2;
const B = 0.75;
/** At or below this many matches a page is sorted from the matches; above, the sort's order is walked. */
const COLLECT_AND_SORT_MAX = 3000;

/** Case and diacritics folded as both FTS tokenizers fold them (remove_diacritics). */
export function foldText(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase();
}

/** unicode61's tokens: runs of letters and digits. */
const TOKEN = /[\p{L}\p{N}]+/gu;

interface Postings {
  docs: Uint32Array;
  /** Σ over columns of weight × occurrences of the token in that column, per doc (small whole numbers: exact in 32 bits). */
  weighted: Float32Array;
}

type SortKey = Exclude<DirectorySort, "relevance">;
const SORTS: SortKey[] = ["featured", "rating", "price-low", "price-high", "experience", "newest", "sessions"];

/** One listed practitioner as the index reads it (SQLite's column values; PostgreSQL's read into the same shapes). */
export interface DocRow {
  docId: number;
  practitionerId: string;
  archetype: string;
  level: string;
  /** The directory's experience rank (wise 3, evolving 2, rising 1), as migration 0003 stores it. */
  rank: number;
  rate: number | null;
  rating: number | null;
  sessions: number;
  featured: number;
  createdAt: number;
  isVirtual: number;
  isInPerson: number;
  specializations: string;
  categories: string;
  location: string | null;
  bio: string | null;
}

const SOURCE_SQL = `
  SELECT d.doc_id AS docId, d.practitioner_id AS practitionerId, d.archetype, d.experience_level AS level,
    d.experience_rank AS rank, d.hourly_rate_cents AS rate, d.average_rating AS rating, d.total_sessions AS sessions, d.is_featured AS featured,
    d.created_at AS createdAt, p.is_virtual AS isVirtual, p.is_in_person AS isInPerson, p.specializations, p.professional_categories AS categories, p.location, p.bio
  FROM practitioner_directory d JOIN practitioners p ON p.id = d.practitioner_id
  WHERE d.doc_id > ? ORDER BY d.doc_id LIMIT ?`;

/** The number of changes to the directory so far (migration 0009). */
export function directoryVersion(sqlite: Database): number {
  const row = sqlite.query(`SELECT version FROM practitioner_directory_version WHERE id = 1`).get() as { version: number } | null;
  return row?.version ?? -1;
}

/**
 * Builds an index in slices; `step()` does one slice from `source` and says whether it finished,
 * `addRows()` takes rows read elsewhere (PostgreSQL reads them asynchronously: db/postgres/
 * practitioner-search.ts), in doc id order. `version` is the directory version read before the
 * first row: an index stands only while the database is still at it.
 */
export class IndexBuilder {
  private lastDoc = 0;
  private readonly postings = new Map<string, { docs: number[]; weighted: number[] }>();
  private readonly rows: DocRow[] = [];
  private readonly docLength: number[] = [];
  private tokens = 0;

  constructor(
    readonly version: number,
    private readonly source: (afterDoc: number, limit: number) => DocRow[] = () => [],
  ) {}

  /** The doc id of the last row taken (the next slice starts after it). */
  get afterDoc(): number {
    return this.lastDoc;
  }

  step(rowsPerSlice: number): boolean {
    const rows = this.source(this.lastDoc, rowsPerSlice);
    this.addRows(rows);
    return rows.length < rowsPerSlice;
  }

  addRows(rows: DocRow[]): void {
    for (const row of rows) this.add(row);
    if (rows.length > 0) this.lastDoc = rows[rows.length - 1].docId;
  }

  private add(row: DocRow): void {
    // FTS indexes a list column's JSON text as it is: its tokens are the items' words
    const columns = [
      row.specializations,
      row.categories,
      `${ARCHETYPE_INDEX_TEXT[row.archetype as Archetype] ?? row.archetype} ${row.level}`,
      row.location ?? "",
      row.bio ?? "",
    ];
    const weights = new Map<string, number>();
    let length = 0;
    columns.forEach((text, column) => {
      for (const token of foldText(text).match(TOKEN) ?? []) {
        weights.set(token, (weights.get(token) ?? 0) + COLUMN_WEIGHTS[column]);
        length++;
      }
    });
    this.tokens += length;
    this.docLength.push(length);
    // the text is in the postings now: keep only the filter and sort values until finish()
    this.rows.push({ ...row, specializations: "", categories: "", location: null, bio: null });
    for (const [token, weight] of weights) {
      let list = this.postings.get(token);
      if (!list) this.postings.set(token, (list = { docs: [], weighted: [] }));
      list.docs.push(row.docId);
      list.weighted.push(weight);
    }
  }

  finish(): DirectoryIndex {
    return new DirectoryIndex(this.version, this.rows, this.docLength, this.postings, this.tokens);
  }
}


export class DirectoryIndex {
  private readonly maxDoc: number;
  private readonly practitionerIds: string[] = [];
  private readonly archetype: Uint8Array;
  private readonly level: Uint8Array;
  private readonly rate: Float64Array;
  /** Bit 1: offers virtual sessions; bit 2: in person. */
  private readonly sessionKinds: Uint8Array;
  private readonly docLength: Uint32Array;
  private readonly present: Uint8Array;
  private readonly vocabulary: string[];
  private readonly postingsOf = new Map<string, Postings>();
  private readonly orders = new Map<SortKey, Uint32Array>();
  private readonly sortValues: { rating: Float64Array; sessions: Float64Array; createdAt: Float64Array; featured: Uint8Array; rank: Uint8Array };
  private readonly avgdl: number;
  readonly rowCount: number;
  private readonly archetypeCodes = new Map<string, number>();
  private readonly levelCodes = new Map<string, number>();
  private readonly archetypeCounts = new Map<number, number>();
  private readonly levelCounts = new Map<number, number>();
  /** Scratch space, reused by every search (the server answers one request at a time). */
  private readonly marks: Uint8Array;
  private readonly touched: Uint32Array;
  private readonly seen: Uint8Array;
  private readonly scores: Float64Array;
  private readonly freq: Float64Array;

  constructor(
    readonly version: number,
    rows: DocRow[],
    docLength: number[],
    postings: Map<string, { docs: number[]; weighted: number[] }>,
    totalTokens: number,
  ) {
    this.rowCount = rows.length;
    this.maxDoc = rows.reduce((max, r) => Math.max(max, r.docId), 0);
    const size = this.maxDoc + 1;
    this.archetype = new Uint8Array(size);
    this.level = new Uint8Array(size);
    this.rate = new Float64Array(size).fill(NaN);
    this.sessionKinds = new Uint8Array(size);
    this.docLength = new Uint32Array(size);
    this.present = new Uint8Array(size);
    this.marks = new Uint8Array(size);
    this.touched = new Uint32Array(size);
    this.seen = new Uint8Array(size);
    this.freq = new Float64Array(size);
    this.scores = new Float64Array(size);
    const rating = new Float64Array(size).fill(NaN);
    const sessions = new Float64Array(size);
    const createdAt = new Float64Array(size);
    const featured = new Uint8Array(size);
    const rank = new Uint8Array(size);
    const code = (codes: Map<string, number>, value: string) => {
      let c = codes.get(value);
      if (c === undefined) codes.set(value, (c = codes.size + 1));
      return c;
    };
    rows.forEach((row, i) => {
      const doc = row.docId;
      this.practitionerIds[doc] = row.practitionerId;
      this.present[doc] = 1;
      this.archetype[doc] = code(this.archetypeCodes, row.archetype);
      this.level[doc] = code(this.levelCodes, row.level);
      this.archetypeCounts.set(this.archetype[doc], (this.archetypeCounts.get(this.archetype[doc]) ?? 0) + 1);
      this.levelCounts.set(this.level[doc], (this.levelCounts.get(this.level[doc]) ?? 0) + 1);
      if (row.rate !== null) this.rate[doc] = row.rate;
      this.sessionKinds[doc] = (row.isVirtual ? 1 : 0) | (row.isInPerson ? 2 : 0);
      if (row.rating !== null) rating[doc] = row.rating;
      sessions[doc] = row.sessions;
      createdAt[doc] = row.createdAt;
      featured[doc] = row.featured ? 1 : 0;
      rank[doc] = row.rank;
      this.docLength[doc] = docLength[i];
    });
    this.sortValues = { rating, sessions, createdAt, featured, rank };
    this.avgdl = rows.length === 0 ? 1 : totalTokens / rows.length;
    for (const [token, list] of postings) this.postingsOf.set(token, { docs: Uint32Array.from(list.docs), weighted: Float32Array.from(list.weighted) });
    this.vocabulary = [...postings.keys()].sort();

    const docs = rows.map((r) => r.docId);
    for (const sort of SORTS) this.orders.set(sort, Uint32Array.from([...docs].sort((a, b) => this.compare(sort, a, b))));
  }

  /** Builds the whole index at once (tests, scripts); the server builds in slices (IndexKeeper). */
  static build(sqlite: Database): DirectoryIndex {
    const builder = new IndexBuilder(directoryVersion(sqlite), (afterDoc, limit) => sqlite.query(SOURCE_SQL).all(afterDoc, limit) as DocRow[]);
    while (!builder.step(5000));
    return builder.finish();
  }

  /** The order of two docs in a sort, as search.sqlite.ts's ORDER BY has them (NULLs last). */
  private compare(sort: SortKey, a: number, b: number): number {
    const v = this.sortValues;
    const desc = (x: number, y: number) => (Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : Number.isNaN(y) ? -1 : y - x);
    const asc = (x: number, y: number) => (Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : Number.isNaN(y) ? -1 : x - y);
    switch (sort) {
      case "featured":
        return v.featured[b] - v.featured[a] || v.createdAt[a] - v.createdAt[b] || compareText(this.practitionerIds[a], this.practitionerIds[b]);
      case "rating":
        // 'Highest rated': the confidence-weighted rating (relevanceRatingFactor, as the SQL), no rating last
        return desc(this.ratingScore(a), this.ratingScore(b)) || b - a;
      case "price-low":
        return asc(this.rate[a], this.rate[b]) || a - b;
      case "price-high":
        return desc(this.rate[a], this.rate[b]) || b - a;
      case "experience":
        return v.rank[b] - v.rank[a] || b - a;
      case "newest":
        return v.createdAt[b] - v.createdAt[a] || b - a;
      case "sessions":
        return v.sessions[b] - v.sessions[a] || b - a;
    }
  }

  /** A doc's confidence-weighted rating (NaN without a rating: last in the 'rating' sort). */
  private ratingScore(doc: number): number {
    const rating = this.sortValues.rating[doc];
    return Number.isNaN(rating) ? NaN : relevanceRatingFactor(rating, this.sortValues.sessions[doc]);
  }

  /** The practitioner id of a doc. */
  practitionerId(doc: number): string {
    return this.practitionerIds[doc];
  }

  /** Tokens of the vocabulary starting with `prefix` (sorted vocabulary: one binary search). */
  private tokensWithPrefix(prefix: string): string[] {
    let lo = 0;
    let hi = this.vocabulary.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.vocabulary[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    const found: string[] = [];
    for (let i = lo; i < this.vocabulary.length && this.vocabulary[i].startsWith(prefix); i++) found.push(this.vocabulary[i]);
    return found;
  }

  private tokensContaining(part: string): string[] {
    return this.vocabulary.filter((token) => token.includes(part));
  }

  /** Word-index tokens of one search word: a prefix from 2 characters, the whole word for 1. */
  private wordTokens(word: string): string[] {
    return word.length >= 2 ? this.tokensWithPrefix(word) : this.postingsOf.has(word) ? [word] : [];
  }

  /**
   * The docs (ascending, distinct) holding, for every set, one of its tokens, and passing the facet
   * and price filters. The answer may be a postings list itself: callers never change it.
   */
  private matching(tokenSets: string[][], query: IndexQuery): Uint32Array {
    if (tokenSets.length === 0 || tokenSets.some((tokens) => tokens.length === 0)) return NO_DOCS;
    const filter = this.filterOf(query);
    if (tokenSets.length === 1 && tokenSets[0].length === 1) {
      // one token: its postings are already the answer, in order
      const docs = this.postingsOf.get(tokenSets[0][0])!.docs;
      return filter === null ? docs : docs.filter(filter);
    }
    const marks = this.marks;
    const touched = this.touched;
    let n = 0;
    tokenSets.forEach((tokens, i) => {
      for (const token of tokens) {
        const docs = this.postingsOf.get(token)!.docs;
        for (let j = 0; j < docs.length; j++) {
          const doc = docs[j];
          if (marks[doc] === i) {
            marks[doc] = i + 1;
            if (i === 0) touched[n++] = doc;
          }
        }
      }
    });
    const all = tokenSets.length;
    const result = new Uint32Array(n);
    let found = 0;
    if (n > 2000) {
      // many: one pass over the doc ids gives them in order without sorting
      for (let doc = 1; doc <= this.maxDoc; doc++) if (marks[doc] === all && (filter === null || filter(doc))) result[found++] = doc;
    } else {
      for (let j = 0; j < n; j++) {
        const doc = touched[j];
        if (marks[doc] === all && (filter === null || filter(doc))) result[found++] = doc;
      }
    }
    for (let j = 0; j < n; j++) marks[touched[j]] = 0;
    // typed arrays sort numerically
    return n > 2000 ? result.subarray(0, found) : result.subarray(0, found).sort();
  }

  /** The query's archetype, level and price filters as one test, or null when it has none. */
  private filterOf(query: IndexQuery): ((doc: number) => boolean) | null {
    const archetype = query.archetype ? (this.archetypeCodes.get(query.archetype) ?? -1) : 0;
    const level = query.level ? (this.levelCodes.get(query.level) ?? -1) : 0;
    const priced = query.minRateCents !== null || query.maxRateCents !== null;
    const kind = query.session === "virtual" ? 1 : query.session === "in-person" ? 2 : 0;
    if (archetype === 0 && level === 0 && !priced && kind === 0) return null;
    return (doc) =>
      (archetype === 0 || this.archetype[doc] === archetype) &&
      (level === 0 || this.level[doc] === level) &&
      (!priced || this.priceOk(doc, query)) &&
      (kind === 0 || (this.sessionKinds[doc] & kind) !== 0);
  }

  private priceOk(doc: number, query: IndexQuery): boolean {
    if (query.minRateCents === null && query.maxRateCents === null) return true;
    const rate = this.rate[doc];
    if (Number.isNaN(rate)) return false;
    return (query.minRateCents === null || rate >= query.minRateCents) && (query.maxRateCents === null || rate <= query.maxRateCents);
  }

  /** Every match of the search (substring from 3 characters, word prefix below), ascending doc ids; null without words. */
  private matchSet(query: IndexQuery): { all: Uint32Array; groups: string[][] } | null {
    const groups = normaliseGroups(query.groups ?? searchWords(query.text ?? "").map((w) => [w]))
      .map((group) => [...new Set(group.map(foldText).filter((w) => w.length > 0))])
      .filter((group) => group.length > 0);
    if (groups.length === 0) return null;
    // a group matches as substrings when every alternative has 3+ characters, else as word prefixes (practitioner-search-text.ts)
    const tokenSets = groups.map((group) => union(group.map((w) => (isSubstringGroup(group) ? this.tokensContaining(w) : this.wordTokens(w)))));
    return { all: this.matching(tokenSets, query), groups };
  }

  /**
   * The number of matches (search.sqlite.ts: countDirectory with a keyword) and the docs of one
   * page (pageDirectory), in order; null when the text has no words. `limitFor(total)` gives the
   * page's place once the total is known (the page asked, or the last; relevance stops at the ranked bound).
   */
  search(query: IndexQuery, pageFor: (total: number) => { offset: number; limit: number }): { total: number; docs: number[] } | null {
    const found = this.matchSet(query);
    if (found === null) return null;
    const total = found.all.length;
    const { offset, limit } = pageFor(total);
    if (limit <= 0 || total === 0) return { total, docs: [] };
    const docs = query.sort === "relevance" ? this.relevancePage(query, found.all, found.groups, offset, limit) : this.sortedPage(query.sort, found.all, offset, limit);
    return { total, docs };
  }

  private sortedPage(sort: SortKey, matches: Uint32Array, offset: number, limit: number): number[] {
    if (matches.length <= COLLECT_AND_SORT_MAX) return firstInOrder(matches, offset + limit, (a, b) => this.compare(sort, a, b)).slice(offset);
    const marks = this.marks;
    for (const doc of matches) marks[doc] = 1;
    const page: number[] = [];
    const order = this.orders.get(sort)!;
    let skipped = 0;
    for (let i = 0; i < order.length && page.length < limit; i++) {
      const doc = order[i];
      if (marks[doc] !== 1) continue;
      if (skipped < offset) skipped++;
      else page.push(doc);
    }
    for (const doc of matches) marks[doc] = 0;
    return page;
  }

  /**
   * Best match first, as search.sqlite.ts's relevancePage: the matches where every word starts a
   * word, by FTS5's bm25 (the archetype and level filters count as phrases of the expression),
   * newest first among equal scores; only the newest SEARCH_RANKED_MATCHES of them when there
   * are more than SEARCH_RANK_ALL_MAX matches; then the matches found only inside words, newest first.
   */
  private relevancePage(query: IndexQuery, matches: Uint32Array, groups: string[][], offset: number, limit: number): number[] {
    // a doc is a word match when every group has an alternative starting a word; bm25 sums over every alternative (FTS5's phrases)
    const wordMatches = this.matching(groups.map((group) => union(group.map((w) => this.wordTokens(w)))), query);
    const phrases = groups.flat().map((w) => this.wordTokens(w));
    const pool = matches.length > SEARCH_RANK_ALL_MAX ? wordMatches.slice(-SEARCH_RANKED_MATCHES) : wordMatches;

    const scores = this.scores;
    for (const doc of pool) scores[doc] = 0;
    const marks = this.marks;
    for (const doc of pool) marks[doc] = 1;
    const docFactor = (doc: number) => K1 * (1 - B + (B * this.docLength[doc]) / this.avgdl);
    const freq = this.freq;
    for (const tokens of phrases) {
      // rows holding the phrase anywhere (bm25's IDF counts the whole table)
      const seen = this.seen;
      const hitDocs: number[] = [];
      for (const token of tokens) {
        const list = this.postingsOf.get(token)!;
        for (let j = 0; j < list.docs.length; j++) {
          const doc = list.docs[j];
          if (seen[doc] === 0) {
            seen[doc] = 1;
            hitDocs.push(doc);
          }
          if (marks[doc] === 1) freq[doc] += list.weighted[j];
        }
      }
      for (const doc of hitDocs) seen[doc] = 0;
      const idf = inverseFrequency(this.rowCount, hitDocs.length);
      for (const doc of pool) {
        const f = freq[doc];
        if (f > 0) scores[doc] += (idf * (f * (K1 + 1))) / (f + docFactor(doc));
        freq[doc] = 0;
      }
    }
    // the facet filters are phrases of the FTS expression (archetype column, weight 3, once per doc)
    const facetHits: number[] = [];
    if (query.archetype) facetHits.push(this.archetypeCounts.get(this.archetypeCodes.get(query.archetype) ?? -1) ?? 0);
    if (query.level) facetHits.push(this.levelCounts.get(this.levelCodes.get(query.level) ?? -1) ?? 0);
    for (const hits of facetHits) {
      const idf = inverseFrequency(this.rowCount, hits);
      const f = COLUMN_WEIGHTS[ARCHETYPE_COLUMN];
      for (const doc of pool) scores[doc] += (idf * (f * (K1 + 1))) / (f + docFactor(doc));
    }
    if (query.rankByRating) {
      const { rating, sessions } = this.sortValues;
      for (const doc of pool) scores[doc] *= relevanceRatingFactor(Number.isNaN(rating[doc]) ? null : rating[doc], sessions[doc]);
    }
    for (const doc of pool) marks[doc] = 0;

    const better = (a: number, b: number) => scores[b] - scores[a] || b - a;
    const page = firstInOrder(pool, offset + limit, better).slice(offset);
    const ranked = pool;
    if (page.length === limit) return page;
    // past the ranked word matches: the substring-only matches, newest first
    for (const doc of wordMatches) marks[doc] = 1;
    const rest: number[] = [];
    const skip = Math.max(0, offset - ranked.length);
    let skipped = 0;
    for (let i = matches.length - 1; i >= 0 && page.length + rest.length < limit; i--) {
      const doc = matches[i];
      if (marks[doc] === 1) continue;
      if (skipped < skip) skipped++;
      else rest.push(doc);
    }
    for (const doc of wordMatches) marks[doc] = 0;
    return [...page, ...rest];
  }
}

/**
 * The first `count` items in the order of `compare`: a bounded insertion for the first pages (one
 * pass, no copy of a 5,000-item array), a full sort for deep ones.
 */
function firstInOrder(items: ArrayLike<number> & Iterable<number>, count: number, compare: (a: number, b: number) => number): number[] {
  if (count > 200 || count * 8 > items.length) return Array.from(items).sort(compare).slice(0, count);
  const top: number[] = [];
  for (const item of items) {
    if (top.length === count && compare(item, top[count - 1]) >= 0) continue;
    let i = top.length === count ? count - 1 : top.length;
    while (i > 0 && compare(item, top[i - 1]) < 0) {
      top[i] = top[i - 1];
      i--;
    }
    top[i] = item;
  }
  return top;
}

const NO_DOCS = new Uint32Array(0);

/** The distinct tokens of several lists. */
function union(lists: string[][]): string[] {
  return lists.length === 1 ? lists[0] : [...new Set(lists.flat())];
}

/** FTS5's bm25 IDF: never zero or negative. */
function inverseFrequency(rows: number, hits: number): number {
  const idf = Math.log((0.5 + rows - hits) / (0.5 + hits));
  return idf <= 0 ? 1e-6 : idf;
}

/** SQLite's BINARY collation for ASCII ids. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Keeps the index of one database current: `current()` answers the index when it was built at
 * the database's present version, or null (the caller searches in SQLite) and starts a rebuild in
 * slices of `rowsPerSlice` rows between requests (500 rows: about 15 ms each at 100,000
 * practitioners). A site that changes its directory all the time would rebuild all the time: a
 * rebuild starts no sooner than REBUILD_GAP_FACTOR times the last one's working time after it, so
 * rebuilding takes at most about a fifth of the CPU, and searches stay in SQLite meanwhile.
 */
export class IndexKeeper {
  private index: DirectoryIndex | null = null;
  private building: IndexBuilder | null = null;
  private notBefore = 0;

  constructor(
    private readonly sqlite: Database,
    private readonly rowsPerSlice = 500,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** True while a new index is being built. */
  get rebuilding(): boolean {
    return this.building !== null;
  }

  current(): DirectoryIndex | null {
    const version = directoryVersion(this.sqlite);
    if (this.index !== null && this.index.version === version) return this.index;
    if ((this.building === null || this.building.version !== version) && this.now() >= this.notBefore) this.startBuild();
    // A search that finds the index stale helps the build along with a small slice of its own:
    // under load the timer's slices come rarely (one per turn of the event loop).
    if (this.building !== null && this.building.version === version) this.slice?.(HELPING_SLICE_ROWS);
    return this.index !== null && this.index.version === version ? this.index : null;
  }

  /** One slice of the build in progress (set while building). */
  private slice: ((rows: number) => void) | null = null;

  private startBuild(): void {
    const sqlite = this.sqlite;
    const builder = new IndexBuilder(directoryVersion(sqlite), (afterDoc, limit) => sqlite.query(SOURCE_SQL).all(afterDoc, limit) as DocRow[]);
    this.building = builder;
    let working = 0;
    const slice = (rows: number) => {
      if (this.building !== builder) return; // a newer build replaced this one, or it is done
      const started = this.now();
      try {
        if (!builder.step(rows)) {
          working += this.now() - started;
          return;
        }
        this.index = builder.finish();
        working += this.now() - started;
      } catch (error) {
        // a database closed meanwhile (shutdown, tests) needs no index
        if (!/closed/i.test(String(error))) console.error("The directory's search index could not be built; searches stay in SQLite:", error);
      }
      this.building = null;
      this.slice = null;
      this.notBefore = this.now() + REBUILD_GAP_FACTOR * working;
    };
    this.slice = slice;
    const onTimer = () => {
      slice(this.rowsPerSlice);
      if (this.building === builder) setTimeout(onTimer, 0);
    };
    setTimeout(onTimer, 0);
  }
}

/** Rows a stale search indexes before it answers from SQLite (about 5 ms at 100,000 practitioners). */
const HELPING_SLICE_ROWS = 150;

/** See IndexKeeper: the pause after a rebuild, in multiples of its working time. */
export const REBUILD_GAP_FACTOR = 4;

const keepers = new WeakMap<Database, IndexKeeper>();

/** The current in-memory index of this database, or null while it is (re)built. */
export function currentDirectoryIndex(sqlite: Database): DirectoryIndex | null {
  let keeper = keepers.get(sqlite);
  if (!keeper) keepers.set(sqlite, (keeper = new IndexKeeper(sqlite)));
  return keeper.current();
}
