/**
 * The directory search's relevance over the demo data (issue 27): 60+ seeker phrasings, each with
 * the practitioners a careful reader of the profiles would expect (judged by what each profile's
 * specializations, categories and bio say: JUDGED below), and recall@10 and nDCG@10 of the
 * directory search before (the typed words, bm25 alone: `meaning: false`) and after (the
 * vocabulary of core/search-meaning.ts and the rating factor). Maia's matches are the directory's
 * (web/features/assistant/maia-search.ts asks the same API with what core/practitioner-request.ts
 * reads), so its figures are computed from Maia's reading of each phrasing.
 *
 *   bun scripts/search-relevance.ts            # the table and the means
 *   bun scripts/search-relevance.ts --quiet    # the means only
 */
import { EMPTY_DIRECTORY_FILTERS } from "../core/directory-params";
import { parsePractitionerRequest } from "../core/practitioner-request";
import { practitioners } from "../db/schema";
import { searchDirectory, warmDirectorySearch } from "../db/practitioner-search";
import { seedDemoData } from "../src/demo/seed";
import { createTestDatabase } from "../src/testing/test-db";
import { JUDGED, judgedText, K, ndcg, PHRASINGS, recall } from "./relevance-set";

const quiet = process.argv.includes("--quiet");
const t = await createTestDatabase();
try {
  await seedDemoData(t.db);
  await warmDirectorySearch(t.db);
  const rows = await t.db.select().from(practitioners);
  const relevantFor = (need: keyof typeof JUDGED) =>
    new Set(rows.filter((r) => JUDGED[need].test(judgedText(r))).map((r) => r.id));
  const rating = new Map(rows.map((r) => [r.id, r.averageRating]));

  const sums = { before: { recall: 0, ndcg: 0 }, after: { recall: 0, ndcg: 0 }, maia: { recall: 0, ndcg: 0 } };
  let lowRatedFirst = 0;
  if (!quiet) console.log(`${"phrasing".padEnd(26)} relevant  recall@10 before→after  nDCG@10 before→after  Maia recall/nDCG`);
  for (const [text, need] of PHRASINGS) {
    const relevant = relevantFor(need);
    const ask = async (q: string, meaning: boolean) =>
      (await searchDirectory(t.db, { filters: { ...EMPTY_DIRECTORY_FILTERS, q }, sort: "relevance", visibleLimit: null, pageSize: K, meaning })).ids;
    const before = await ask(text, false);
    const after = await ask(text, true);
    const maiaQ = parsePractitionerRequest(text).filters.q;
    const maia = maiaQ ? await ask(maiaQ, true) : [];
    const r = { before: recall(before, relevant), after: recall(after, relevant), maia: recall(maia, relevant) };
    const n = { before: ndcg(before, relevant), after: ndcg(after, relevant), maia: ndcg(maia, relevant) };
    for (const k of ["before", "after", "maia"] as const) {
      sums[k].recall += r[k];
      sums[k].ndcg += n[k];
    }
    if (after.length > 1 && (rating.get(after[0]) ?? 5) < 2.5) lowRatedFirst++;
    if (!quiet) console.log(`${text.padEnd(26)} ${String(relevant.size).padStart(8)}  ${r.before.toFixed(2)} → ${r.after.toFixed(2)}            ${n.before.toFixed(2)} → ${n.after.toFixed(2)}          ${r.maia.toFixed(2)} / ${n.maia.toFixed(2)}`);
  }
  const mean = (x: number) => (x / PHRASINGS.length).toFixed(3);
  console.log(`${PHRASINGS.length} phrasings over ${rows.length} demo practitioners`);
  console.log(`directory before (typed words, bm25): recall@10 ${mean(sums.before.recall)}  nDCG@10 ${mean(sums.before.ndcg)}`);
  console.log(`directory after (meaning + rating):   recall@10 ${mean(sums.after.recall)}  nDCG@10 ${mean(sums.after.ndcg)}`);
  console.log(`Maia (its reading, then the directory): recall@10 ${mean(sums.maia.recall)}  nDCG@10 ${mean(sums.maia.ndcg)}`);
  console.log(`searches led by a practitioner rated under 2.5: ${lowRatedFirst}`);
} finally {
  t.cleanup();
}
