/**
 * Two builds of the app compared in one process, so that the machine's drift (±15–30% between
 * wrk runs here) hits both alike: each build's app gets its own handle on the same database and a
 * session of the same user; requests go through `app.fetch` (every middleware) in alternating
 * batches, and the script prints the median of the per-batch ratios (B ÷ A).
 *
 *   git worktree add /tmp/before HEAD~1 && ln -s "$PWD/node_modules" /tmp/before/node_modules
 *   DATABASE_PATH=data/bench.db NODE_ENV=production LOG_REQUESTS=false \
 *     bun scripts/bench-ab.ts /tmp/before . /practitioners --batches 20 --per 300
 *
 * The user is the demo client unless `--as` names another e-mail. Pages need each build's `dist/`.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    batches: { type: "string", default: "20" },
    per: { type: "string", default: "300" },
    as: { type: "string", default: "client@pollinate.example" },
  },
});
const [dirA, dirB, path = "/api/practitioners/all"] = positionals;
if (!dirA || !dirB) {
  console.error("usage: bun scripts/bench-ab.ts DIR_A DIR_B [PATH] [--batches N] [--per N] [--as EMAIL]");
  process.exit(2);
}
const batches = Number(values.batches);
const per = Number(values.per);

interface Build {
  dir: string;
  fetch: (request: Request) => Promise<Response>;
  headers: Record<string, string>;
  batchMs: number[];
}

async function load(dir: string): Promise<Build> {
  const root = resolve(dir);
  const { openDatabase } = await import(`${root}/db/client`);
  const { createApp } = await import(`${root}/src/app`);
  const { loadConfig } = await import(`${root}/src/config`);
  const { createAssetResolver } = await import(`${root}/src/render/assets`);
  const { createSession, sessionCookieName } = await import(`${root}/src/auth/session`);
  const { findUserByEmail } = await import(`${root}/src/auth/accounts`);
  const config = loadConfig();
  const { db } = await openDatabase(config.DATABASE_PATH);
  const app = createApp({ config, db, assets: createAssetResolver({ reload: false }), now: () => new Date() });
  const user = await findUserByEmail(db, values.as);
  if (!user) throw new Error(`${values.as}: no such user in ${config.DATABASE_PATH}`);
  const { token } = await createSession(db, user.id, new Date());
  const headers = { cookie: `${sessionCookieName(false)}=${token}`, "accept-encoding": "gzip, deflate, br" };
  return { dir, fetch: (request) => app.fetch(request), headers, batchMs: [] };
}

async function batch(build: Build): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < per; i++) {
    const res = await build.fetch(new Request(`http://127.0.0.1${path}`, { headers: build.headers }));
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${build.dir} ${path}: ${res.status}`);
  }
  return (performance.now() - start) / per;
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

const builds = [await load(dirA), await load(dirB)];
// two warm-up batches each, then A B, B A, A B… so neither build always runs second
for (let b = -2; b < batches; b++) {
  const order = b % 2 === 0 ? builds : [...builds].reverse();
  for (const build of order) {
    const ms = await batch(build);
    if (b >= 0) build.batchMs.push(ms);
  }
}
const ratios = builds[1]!.batchMs.map((ms, i) => ms / builds[0]!.batchMs[i]!);
for (const build of builds) console.log(`${build.dir}: median batch mean ${median(build.batchMs).toFixed(3)} ms`);
console.log(`B/A: median ${median(ratios).toFixed(3)} (min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)}) over ${batches} batches of ${per}`);
