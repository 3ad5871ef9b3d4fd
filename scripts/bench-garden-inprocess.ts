/**
 * In-process timing of the Garden list at scale: the service behind GET /api/garden/content
 * (listGardenContent) and the whole /garden page through app.request(), on a database already
 * seeded with generated items (scripts/seed-garden-bulk.ts). Medians of RUNS runs per target,
 * the targets interleaved so that the shared machine's load falls on all of them alike.
 *
 *   bun scripts/prepare.ts && bun scripts/seed-garden-bulk.ts --count 100000     (DATABASE_PATH=/tmp/garden.db)
 *   NODE_ENV=production bun scripts/bench-garden-inprocess.ts --db /tmp/garden.db [--runs 25]
 *
 * The page targets need the browser build (npm run build). A total printed with '+' is a keyword
 * search's count that stopped at its window (GardenListResponse.totalExact).
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { createApp } from "../src/app";
import { createSession, sessionCookieName } from "../src/auth/session";
import { loadConfig } from "../src/config";
import { listGardenContent, type GardenViewer } from "../src/features/garden/service";
import { createAssetResolver } from "../src/render/assets";
import { count, desc, eq } from "drizzle-orm";
import { first, openDatabase } from "../db/client";
import { gardenContent } from "../db/schema";
import { gardenListQuery, type GardenListQuery } from "../core/garden";

const { values: args } = parseArgs({ options: { db: { type: "string" }, runs: { type: "string", default: "25" } }, strict: true });
if (!args.db) throw new Error("--db path/to/seeded.db is required");
const RUNS = Number(args.runs);
const path = resolve(args.db);
const config = loadConfig({ ...process.env, DATABASE_PATH: path, LOG_REQUESTS: "false" });
const { db, close } = await openDatabase(path);

// the signed-in viewer: the author with the most pending items (their own pending items lead the list)
const author = (await first(
  db
    .select({ id: gardenContent.authorId })
    .from(gardenContent)
    .where(eq(gardenContent.status, "pending"))
    .groupBy(gardenContent.authorId)
    .orderBy(desc(count()))
    .limit(1),
))!;
const member: GardenViewer = { id: author.id, canRead: true };
const q = (params: Record<string, string>): GardenListQuery => gardenListQuery.parse(params);

const serviceTargets: Array<[string, GardenViewer | null, GardenListQuery]> = [
  ["page 1", null, q({})],
  ["deep page (offset 90,000)", null, q({ offset: "90000" })],
  ["type audio, offset 1,000", null, q({ contentType: "audio", offset: "1000" })],
  ["category meditations", null, q({ category: "meditations" })],
  ["type + category", null, q({ contentType: "article", category: "success-stories" })],
  ["keyword 'grief'", null, q({ q: "grief" })],
  ["keyword 'sound bath sleep'", null, q({ q: "sound bath sleep" })],
  ["broad keyword 'breath'", null, q({ q: "breath" })],
  ["broad 'breath', page 40", null, q({ q: "breath", offset: "780" })],
  ["keyword 'grief' + type video", null, q({ q: "grief", contentType: "video" })],
  ["keyword 'xyzzy' (no match)", null, q({ q: "xyzzy" })],
  ["signed in, page 1", member, q({})],
  ["signed in, keyword 'grief'", member, q({ q: "grief" })],
];

const app = createApp({ config, db, assets: createAssetResolver({ reload: false }), now: () => new Date() });
// awaited: the session's write becomes asynchronous with the seam (harmless while it is not)
const { token } = await createSession(db, author.id, new Date());
const cookie = `${sessionCookieName(config.APP_URL.startsWith("https:"))}=${encodeURIComponent(token)}`;
const env = { server: { requestIP: () => ({ address: "127.0.0.1", family: "IPv4", port: 40000 }) } };
const pageTargets: Array<[string, string, Record<string, string>]> = [
  ["page /garden (visitor)", "/garden", {}],
  ["page /garden?q=breath (visitor)", "/garden?q=breath", {}],
  ["page /garden (signed in)", "/garden", { cookie }],
  ["API page 1 via app.request", "/api/garden/content?limit=20&offset=0", {}],
];

type Target = { label: string; measure: () => Promise<unknown> };
const targets: Target[] = [
  ...serviceTargets.map(([label, viewer, query]) => ({ label, measure: () => listGardenContent(db, viewer, query) })),
  ...pageTargets.map(([label, url, headers]) => ({
    label,
    measure: async () => {
      const res = await app.request(url, { headers: { "accept-encoding": "gzip", ...headers } }, env);
      if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
      return res.arrayBuffer();
    },
  })),
];

const times = new Map<string, number[]>(targets.map((t) => [t.label, []]));
for (const t of targets) await t.measure(); // warm up
for (let i = 0; i < RUNS; i++) {
  for (const t of targets) {
    const started = performance.now();
    await t.measure();
    times.get(t.label)!.push(performance.now() - started);
  }
}

const quantile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));
const [{ n: items }] = await db.select({ n: count() }).from(gardenContent);
console.log(`${items.toLocaleString("en-US")} Garden items; ${RUNS} runs each; ms`);
console.log(`${"target".padEnd(36)} ${"p50".padStart(8)} ${"p90".padStart(8)}  total`);
for (const [label, xs] of times) {
  const last = await targets.find((t) => t.label === label)!.measure();
  const total = last && typeof last === "object" && "total" in last ? `${(last as { total: number }).total}${(last as { totalExact?: boolean }).totalExact === false ? "+" : ""}` : "";
  console.log(`${label.padEnd(36)} ${fmt(quantile(xs, 0.5)).padStart(8)} ${fmt(quantile(xs, 0.9)).padStart(8)}  ${total}`);
}
close();
