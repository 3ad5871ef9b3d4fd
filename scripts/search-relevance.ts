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

/** What is relevant for a need: a test over a profile's text (specializations, categories, bio), written by reading the demo profiles. */
const JUDGED: Record<string, RegExp> = {
  grief: /grief|bereave|after loss|and loss|mourning/i,
  sleep: /sleep|insomnia|rest and restoration/i,
  burnout: /burnout|stress|rest and restoration/i,
  anxiety: /anxiety|nervous system regulation/i,
  trauma: /trauma|somatic experiencing|nervous system repair/i,
  divorce: /divorce|relationship shifts/i,
  career: /career/i,
  transitions: /transition|new chapter|in-between|crossroads/i,
  clarity: /clarity|decision making|mindset/i,
  creativity: /creative|expressive arts|dance therapy|music therapy|art therapy/i,
  anger: /anger and boundaries/i,
  tension: /tension|bodywork|massage|myofascial|craniosacral/i,
  community: /community healing|small circles|good company/i,
  identity: /identity|self-discovery/i,
  parenthood: /parenthood/i,
  midlife: /midlife/i,
  retirement: /retirement/i,
  innerChild: /inner child|ancestral|attachment/i,
  spiritual: /spiritual/i,
  meditation: /meditation|mindfulness/i,
  breath: /breath/i,
  energy: /energy|chakra|reiki|pranic|biofield/i,
  dreams: /dream/i,
  beginners: /first-time seekers/i,
  grounding: /grounding|grounded|footing|rooted/i,
  shadow: /shadow/i,
};

/** [what a seeker types, the need it is judged by] */
const PHRASINGS: [string, keyof typeof JUDGED][] = [
  ["grief", "grief"], ["grieving", "grief"], ["greif", "grief"], ["bereavement", "grief"], ["lost my mum", "grief"], ["my husband died", "grief"], ["loss", "grief"],
  ["can't sleep", "sleep"], ["insomnia", "sleep"], ["insomia", "sleep"], ["trouble sleeping", "sleep"], ["sleep", "sleep"],
  ["burnout", "burnout"], ["burned out", "burnout"], ["stressed", "burnout"], ["overwhelmed at work", "burnout"], ["exhausted", "burnout"],
  ["panic", "anxiety"], ["panic attacks", "anxiety"], ["anxious", "anxiety"], ["anxeity", "anxiety"], ["worried all the time", "anxiety"],
  ["trauma", "trauma"], ["ptsd", "trauma"], ["traumatised", "trauma"],
  ["divorce", "divorce"], ["breakup", "divorce"], ["heartbroken", "divorce"],
  ["career change", "career"], ["new job", "career"],
  ["life transition", "transitions"], ["at a crossroads", "transitions"], ["starting over", "transitions"],
  ["clarity", "clarity"], ["can't decide", "clarity"], ["confused about direction", "clarity"],
  ["creative block", "creativity"], ["creativity", "creativity"],
  ["anger", "anger"], ["angry", "anger"], ["people pleasing", "anger"],
  ["back pain", "tension"], ["tension", "tension"], ["massage", "tension"],
  ["lonely", "community"], ["isolated", "community"],
  ["who am i", "identity"], ["identity", "identity"],
  ["new mum", "parenthood"], ["parenthood", "parenthood"],
  ["midlife", "midlife"], ["menopause", "midlife"],
  ["retirement", "retirement"], ["retiring", "retirement"],
  ["inner child", "innerChild"], ["family patterns", "innerChild"],
  ["spiritual", "spiritual"], ["meditation", "meditation"], ["mindfulness", "meditation"],
  ["breathing", "breath"], ["breathwork", "breath"],
  ["reiki", "energy"], ["chakras", "energy"],
  ["dreams", "dreams"], ["first time", "beginners"], ["beginner", "beginners"],
  ["grounding", "grounding"], ["ungrounded", "grounding"], ["shadow work", "shadow"],
];

const K = 10;

function ndcg(ranked: string[], relevant: Set<string>): number {
  let dcg = 0;
  ranked.slice(0, K).forEach((id, i) => (dcg += relevant.has(id) ? 1 / Math.log2(i + 2) : 0));
  let ideal = 0;
  for (let i = 0; i < Math.min(K, relevant.size); i++) ideal += 1 / Math.log2(i + 2);
  return ideal === 0 ? 1 : dcg / ideal;
}

const recall = (ranked: string[], relevant: Set<string>) => (relevant.size === 0 ? 1 : ranked.slice(0, K).filter((id) => relevant.has(id)).length / Math.min(K, relevant.size));

const quiet = process.argv.includes("--quiet");
const t = await createTestDatabase();
try {
  await seedDemoData(t.db);
  await warmDirectorySearch(t.db);
  const rows = await t.db.select().from(practitioners);
  const relevantFor = (need: keyof typeof JUDGED) =>
    new Set(rows.filter((r) => JUDGED[need].test([...(r.specializations ?? []), ...(r.professionalCategories ?? []).map((c) => c.replaceAll("_", " ")), r.bio ?? ""].join(" · "))).map((r) => r.id));
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
