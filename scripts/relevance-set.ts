/**
 * The judged relevance set of the directory search (issue 27): seeker phrasings, each with the need
 * it is judged by, and the need's test over a profile's text. Shared by scripts/search-relevance.ts
 * (the demo data) and scripts/search-at-scale.ts (the demo data among 100,000 generated
 * practitioners, on both engines).
 */
/** What is relevant for a need: a test over a profile's text (specializations, categories, bio), written by reading the demo profiles. */
export const JUDGED: Record<string, RegExp> = {
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
export const PHRASINGS: [string, keyof typeof JUDGED][] = [
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

export const K = 10;

export function ndcg(ranked: string[], relevant: Set<string>): number {
  let dcg = 0;
  ranked.slice(0, K).forEach((id, i) => (dcg += relevant.has(id) ? 1 / Math.log2(i + 2) : 0));
  let ideal = 0;
  for (let i = 0; i < Math.min(K, relevant.size); i++) ideal += 1 / Math.log2(i + 2);
  return ideal === 0 ? 1 : dcg / ideal;
}

export const recall = (ranked: string[], relevant: Set<string>) => (relevant.size === 0 ? 1 : ranked.slice(0, K).filter((id) => relevant.has(id)).length / Math.min(K, relevant.size));

/** The text a need's test reads: specializations, categories (as words) and bio. */
export function judgedText(row: { specializations: string[] | null; professionalCategories: string[] | null; bio: string | null }): string {
  return [...(row.specializations ?? []), ...(row.professionalCategories ?? []).map((c) => c.replaceAll("_", " ")), row.bio ?? ""].join(" · ");
}
