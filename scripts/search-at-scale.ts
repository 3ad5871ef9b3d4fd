/**
 * The judged relevance set at scale, on both engines (issues 22 and 27): the demo data alone, then
 * the demo data among N generated practitioners (default 100,000), in a fresh SQLite file and a
 * fresh PostgreSQL database (`pollinate_scale_<pid>` on PG_URL, default
 * postgres://pollinate:pollinate@127.0.0.1:5432, a role with CREATEDB; dropped at the end).
 *
 *   npm run search-at-scale                                   # both engines, 100,000 practitioners
 *   npm run search-at-scale -- --practitioners 20000 --runs 5
 *   npm run search-at-scale -- --set my-judged.json           # another judged set (below)
 *   npm run search-at-scale -- --engine sqlite                # one engine only
 *   npm run search-at-scale -- --keep                         # keep both databases (paths printed)
 *   npm run search-at-scale -- --sqlite-file F --pg-url URL   # reuse databases seeded by --keep
 *
 * How relevance is judged at scale: the generated practitioners are written by the demo's own
 * generator (src/demo/bulk.ts over the corpora of src/demo/demo-data.ts: each archetype's
 * specializations, categories, openers, approaches and closers), so many of them genuinely speak
 * of grief, sleep or trauma. A practitioner, demo or generated, is relevant to a phrasing when the
 * need's test (scripts/relevance-set.ts: a pattern over specializations, categories and bio, the
 * same one that judges the demo data) matches its text: the corpus sentences are the concept tags.
 * Every other match is a distractor. Printed per engine:
 * - recall@10 and nDCG@10 over the demo data alone (the judged demo ids);
 * - at scale: recall@10 and nDCG@10 against every relevant practitioner (with ≥ 10 relevant, recall@10
 *   is the precision of the first page), the share of the demo's judged ids among the matches
 *   (`found`: the total counts them) and among what relevance lets a seeker page through (`reachable`:
 *   relevance ranks every match up to SEARCH_RANK_ALL_MAX matches, else the newest
 *   SEARCH_RANKED_MATCHES word matches);
 * - the latency of each phrasing's first directory page through the service the API calls
 *   (listDirectory as a premium client: ids, counts and rows), p50 and p99 over the runs;
 * - agreement: the same total and the same first page (ids in order) on both engines.
 *
 * A judged set of one's own (--set file.json): `{ "needs": { "grief": "grief|bereave|mourning" },
 * "phrasings": [["grief", "grief"], ["lost my mum", "grief"]] }`: each need a regular expression
 * (case-insensitive) over a profile's text, each phrasing a search and its need.
 *
 * Each engine runs in a child process of its own (an engine is chosen per process by DATABASE_URL:
 * db/engine.ts), one after the other, so that their latencies do not share the cores.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { count } from "drizzle-orm";
import { DIRECTORY_PAGE_SIZE } from "../core/constants";
import { EMPTY_DIRECTORY_FILTERS } from "../core/directory-params";
import { ENGINE } from "../db/engine";
import { openDatabase, type Db } from "../db/client";
import { optimizePractitionerSearch, searchDirectory, warmDirectorySearch } from "../db/practitioner-search";
import { practitioners } from "../db/schema";
import { createScratchDatabase, dropScratchDatabase } from "../db/scratch-databases";
import { seedBulkPractitioners } from "../src/demo/bulk";
import { seedDemoData } from "../src/demo/seed";
import { listDirectory } from "../src/features/practitioners/service";
import { JUDGED, judgedText, K, ndcg, PHRASINGS, recall } from "./relevance-set";

const { values: args } = parseArgs({
  options: {
    practitioners: { type: "string", default: "100000" },
    runs: { type: "string", default: "7" },
    set: { type: "string" },
    engine: { type: "string", default: "both" },
    keep: { type: "boolean", default: false },
    "sqlite-file": { type: "string" },
    "pg-url": { type: "string" },
    child: { type: "string" },
  },
  strict: true,
});
const COUNT = Number(args.practitioners);
const RUNS = Math.max(1, Number(args.runs));

interface JudgedSet {
  needs: Record<string, RegExp>;
  phrasings: [string, string][];
}

function judgedSet(): JudgedSet {
  if (!args.set) return { needs: JUDGED, phrasings: PHRASINGS };
  const raw = JSON.parse(readFileSync(args.set, "utf8")) as { needs: Record<string, string>; phrasings: [string, string][] };
  const needs = Object.fromEntries(Object.entries(raw.needs).map(([name, source]) => [name, new RegExp(source, "i")]));
  for (const [text, need] of raw.phrasings) if (!needs[need]) throw new Error(`${args.set}: the phrasing ${JSON.stringify(text)} names no need ${JSON.stringify(need)}`);
  return { needs, phrasings: raw.phrasings };
}

interface PhrasingResult {
  text: string;
  need: string;
  demo: { ids: string[]; relevant: number; recall: number; ndcg: number };
  scale: {
    ids: string[];
    total: number;
    available: number;
    relevant: number;
    recall: number;
    ndcg: number;
    demoJudged: number;
    demoFound: number;
    demoReachable: number;
    /** milliseconds of each run of the first page (listDirectory) */
    ms: number[];
  };
}

interface EngineResult {
  engine: string;
  demoPractitioners: number;
  practitioners: number;
  seededSeconds: number;
  phrasings: PhrasingResult[];
}

const request = (q: string, sort: "relevance" | "newest", pageSize: number) => ({
  filters: { ...EMPTY_DIRECTORY_FILTERS, q, ...(sort === "newest" ? { sort } : {}) },
  sort,
  visibleLimit: null,
  pageSize,
});

async function allRows(db: Db) {
  return db.select({ id: practitioners.id, specializations: practitioners.specializations, professionalCategories: practitioners.professionalCategories, bio: practitioners.bio }).from(practitioners);
}

/** One engine: runs in a child process with DATABASE_PATH or DATABASE_URL set; writes its results as JSON. */
async function runEngine(out: string): Promise<void> {
  const set = judgedSet();
  const { db, close } = await openDatabase(process.env.DATABASE_PATH ?? "");
  try {
    const results: PhrasingResult[] = [];
    const have = (await db.select({ n: count() }).from(practitioners))[0]!.n;
    let demoRelevant: Map<string, Set<string>>;
    const relevantIn = (rows: Awaited<ReturnType<typeof allRows>>) =>
      new Map(Object.entries(set.needs).map(([need, test]) => [need, new Set(rows.filter((r) => test.test(judgedText(r))).map((r) => r.id))]));

    let demoCount = have;
    if (have === 0) {
      await seedDemoData(db);
      await warmDirectorySearch(db);
      const demoRows = await allRows(db);
      demoCount = demoRows.length;
      demoRelevant = relevantIn(demoRows);
      writeFileSync(`${out}.demo-ids`, JSON.stringify(demoRows.map((r) => r.id)));
      // the demo data alone
      for (const [text, need] of set.phrasings) {
        const ids = (await searchDirectory(db, request(text, "relevance", K))).ids;
        const relevant = demoRelevant.get(need)!;
        results.push({ text, need, demo: { ids, relevant: relevant.size, recall: recall(ids, relevant), ndcg: ndcg(ids, relevant) }, scale: undefined as never });
      }
    } else {
      // a database kept by --keep: the demo rows are the ones listed before the generated ones
      const demoIds = new Set(JSON.parse(readFileSync(`${out}.demo-ids`, "utf8")) as string[]);
      const demoRows = (await allRows(db)).filter((r) => demoIds.has(r.id));
      demoCount = demoRows.length;
      demoRelevant = relevantIn(demoRows);
      for (const [text, need] of set.phrasings) results.push({ text, need, demo: { ids: [], relevant: demoRelevant.get(need)!.size, recall: NaN, ndcg: NaN }, scale: undefined as never });
    }

    const started = performance.now();
    if (have < demoCount + COUNT) {
      await seedBulkPractitioners(db, demoCount + COUNT - Math.max(have, demoCount));
      await optimizePractitionerSearch(db);
    }
    await warmDirectorySearch(db);
    const seededSeconds = (performance.now() - started) / 1000;
    const rows = await allRows(db);
    const relevantAll = relevantIn(rows);

    for (const result of results) {
      const relevant = relevantAll.get(result.need)!;
      const demoJudged = demoRelevant.get(result.need)!;
      const first = await searchDirectory(db, request(result.text, "relevance", K));
      const reachable = new Set((await searchDirectory(db, request(result.text, "relevance", Math.max(1, first.available)))).ids);
      const matches = new Set((await searchDirectory(db, request(result.text, "newest", Math.max(1, first.total)))).ids);
      const ms: number[] = [];
      for (let i = 0; i < 2; i++) await listDirectory(db, { ...EMPTY_DIRECTORY_FILTERS, q: result.text }, "premium");
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await listDirectory(db, { ...EMPTY_DIRECTORY_FILTERS, q: result.text }, "premium");
        ms.push(performance.now() - t0);
      }
      const inSet = (ids: Set<string>) => [...demoJudged].filter((id) => ids.has(id)).length;
      result.scale = {
        ids: first.ids,
        total: first.total,
        available: first.available,
        relevant: relevant.size,
        recall: recall(first.ids, relevant),
        ndcg: ndcg(first.ids, relevant),
        demoJudged: demoJudged.size,
        demoFound: inSet(matches),
        demoReachable: inSet(reachable),
        ms,
      };
    }
    const result: EngineResult = { engine: ENGINE, demoPractitioners: demoCount, practitioners: rows.length, seededSeconds, phrasings: results };
    writeFileSync(out, JSON.stringify(result));
  } finally {
    await close();
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const f = (n: number, digits = 3) => (Number.isNaN(n) ? "–" : n.toFixed(digits));

function report(results: EngineResult[]): void {
  for (const r of results) {
    const p = r.phrasings;
    const all = p.flatMap((x) => x.scale.ms);
    const share = (k: "demoFound" | "demoReachable") => p.reduce((a, x) => a + x.scale[k], 0) / Math.max(1, p.reduce((a, x) => a + x.scale.demoJudged, 0));
    console.log(`\n== ${r.engine}: ${p.length} phrasings; ${r.demoPractitioners} demo practitioners, then ${r.practitioners.toLocaleString("en-US")} in all (generated and indexed in ${r.seededSeconds.toFixed(0)} s)`);
    console.log(`${"phrasing".padEnd(24)} demo R@10 nDCG | at scale: matches  relevant  R@10  nDCG  demo found/reachable/judged | p50 ms  p99 ms`);
    for (const x of p) {
      const s = x.scale;
      console.log(
        `${x.text.padEnd(24)} ${f(x.demo.recall, 2).padStart(9)} ${f(x.demo.ndcg, 2).padStart(4)} | ${String(s.total).padStart(17)} ${String(s.relevant).padStart(9)} ${f(s.recall, 2).padStart(5)} ${f(s.ndcg, 2).padStart(5)} ${`${s.demoFound}/${s.demoReachable}/${s.demoJudged}`.padStart(28)} | ${f(percentile(s.ms, 50), 1).padStart(6)} ${f(percentile(s.ms, 99), 1).padStart(7)}`,
      );
    }
    console.log(`demo data:  recall@10 ${f(mean(p.map((x) => x.demo.recall)))}  nDCG@10 ${f(mean(p.map((x) => x.demo.ndcg)))}`);
    console.log(`at scale:   recall@10 ${f(mean(p.map((x) => x.scale.recall)))}  nDCG@10 ${f(mean(p.map((x) => x.scale.ndcg)))}  (against every relevant practitioner, demo or generated)`);
    console.log(`demo judged ids at scale: ${(100 * share("demoFound")).toFixed(1)}% among the matches, ${(100 * share("demoReachable")).toFixed(1)}% reachable in relevance order`);
    console.log(`first page latency over ${all.length} searches: p50 ${f(percentile(all, 50), 1)} ms, p99 ${f(percentile(all, 99), 1)} ms; median of the phrasings' p99 ${f(percentile(p.map((x) => percentile(x.scale.ms, 99)), 50), 1)} ms`);
  }
  if (results.length === 2) {
    const [a, b] = results as [EngineResult, EngineResult];
    let totals = 0;
    let pages = 0;
    let sets = 0;
    let demoPages = 0;
    const differ: string[] = [];
    a.phrasings.forEach((x, i) => {
      const y = b.phrasings[i]!;
      if (x.scale.total === y.scale.total) totals++;
      if (JSON.stringify(x.demo.ids) === JSON.stringify(y.demo.ids)) demoPages++;
      const same = JSON.stringify(x.scale.ids) === JSON.stringify(y.scale.ids);
      const sameSet = same || JSON.stringify([...x.scale.ids].sort()) === JSON.stringify([...y.scale.ids].sort());
      if (same) pages++;
      if (sameSet) sets++;
      if (!same) {
        const common = x.scale.ids.filter((id) => y.scale.ids.includes(id)).length;
        differ.push(`  ${JSON.stringify(x.text)}: totals ${x.scale.total} / ${y.scale.total}; ${common} of ${K} first ids in common; recall@10 ${f(x.scale.recall, 2)} / ${f(y.scale.recall, 2)}`);
      }
    });
    console.log(`\n== agreement (${a.engine} / ${b.engine}), ${a.phrasings.length} phrasings`);
    console.log(`demo data: the same first ${K} ids in order for ${demoPages}`);
    console.log(`at scale: the same total for ${totals}; the same first ${K} ids in order for ${pages}, as a set for ${sets}`);
    if (differ.length) console.log(`first pages that differ:\n${differ.join("\n")}`);
  }
}

async function main(): Promise<void> {
  if (args.child) return runEngine(args.child);
  const engines = args.engine === "both" ? ["sqlite", "postgres"] : [args.engine];
  if (!engines.every((e) => e === "sqlite" || e === "postgres")) throw new Error("--engine: sqlite, postgres or both");
  const dir = mkdtempSync(join(tmpdir(), "pollinate-scale-"));
  const serverUrl = process.env.PG_URL ?? "postgres://pollinate:pollinate@127.0.0.1:5432";
  const pgDatabase = `pollinate_scale_${process.pid}`;
  let createdPg = false;
  const results: EngineResult[] = [];
  try {
    for (const engine of engines) {
      const env: Record<string, string | undefined> = { ...process.env, NODE_ENV: "production", DEMO_DATA: "false" };
      if (engine === "sqlite") {
        delete env.DATABASE_URL;
        env.DATABASE_PATH = args["sqlite-file"] ?? join(dir, "scale.db");
      } else {
        env.DATABASE_URL = args["pg-url"] ?? (await createScratchDatabase(serverUrl, pgDatabase));
        createdPg = !args["pg-url"];
      }
      // beside the database (its demo ids too, for a run on a kept database)
      const out = engine === "sqlite" ? `${env.DATABASE_PATH}.result.json` : join(tmpdir(), `${new URL(env.DATABASE_URL!).pathname.slice(1)}.result.json`);
      const passed = ["--practitioners", String(COUNT), "--runs", String(RUNS), ...(args.set ? ["--set", args.set] : [])];
      const child = Bun.spawn([process.execPath, import.meta.path, ...passed, "--child", out], { env, stdout: "inherit", stderr: "inherit" });
      if ((await child.exited) !== 0) throw new Error(`the ${engine} run failed`);
      results.push(JSON.parse(readFileSync(out, "utf8")) as EngineResult);
      if (args.keep) console.log(`kept ${engine}: ${engine === "sqlite" ? env.DATABASE_PATH : env.DATABASE_URL} (results ${out})`);
    }
    report(results);
  } finally {
    if (!args.keep) {
      rmSync(dir, { recursive: true, force: true });
      if (createdPg) {
        await dropScratchDatabase(serverUrl, pgDatabase);
        for (const suffix of [".result.json", ".result.json.demo-ids"]) rmSync(join(tmpdir(), `${pgDatabase}${suffix}`), { force: true });
      }
    }
  }
}

await main();
