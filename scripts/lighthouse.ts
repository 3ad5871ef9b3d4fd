/**
 * Lighthouse (the npm package) on a phone profile against Debian's Chromium, on the demo data:
 * starts the production server on a temporary database, audits each page (as a visitor or signed
 * in as a demo account) and prints one table of the four categories and the metrics behind them.
 *
 *   npx vite build && npx bun scripts/lighthouse.ts                 # every page of issue 13 (PAGES)
 *   RUNS=3 npx bun scripts/lighthouse.ts /hive client:/ admin:/admin/dashboard
 *   AS=client@pollinate.example npx bun scripts/lighthouse.ts / /dashboard/client/favorites
 *
 * A page is `path` or `account:path`; the account is a demo account's key (client, preview,
 * practitioner, admin; README "Demo accounts") or an e-mail. `AS` is the account of pages given
 * without one. `{profile}` in a path is the first demo practitioner's id. RUNS=n keeps each page's
 * best performance run of n (the shared machine's load moves total blocking time by hundreds of ms).
 * LHR_DIR=folder keeps every run's full report (JSON) there, to read the audits behind a score.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { openDatabase } from "../db/client";
import { findUserByEmail } from "../src/auth/accounts";
import { createSession, sessionCookieName } from "../src/auth/session";
import { DEMO_ACCOUNTS } from "../src/demo/demo-data";
import { queryDb, startServer } from "../web/e2e/fixtures";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.RUNS ?? 1);
const LHR_DIR = process.env.LHR_DIR;
if (LHR_DIR) mkdirSync(LHR_DIR, { recursive: true });

/** Every page issue 13 asks about, with the account that reaches it. */
const PAGES = [
  "/",
  "/practitioners",
  "/practitioners/{profile}",
  "/hive",
  "/auth/signin",
  "/garden",
  "/survey",
  "client:/",
  "client:/dashboard/client/favorites",
  "client:/book/{profile}",
  "client:/garden",
  "client:/garden/wallet",
  "client:/survey",
  "preview:/",
  "practitioner:/",
  "practitioner:/dashboard/practitioner/availability",
  "practitioner:/dashboard/practitioner/profile",
  "admin:/admin/survey",
  "admin:/admin/dashboard",
  "admin:/admin/garden",
];

type DemoKey = keyof typeof DEMO_ACCOUNTS;
interface Target { path: string; account: string | null }

function parseTarget(arg: string): Target {
  const split = arg.indexOf(":/");
  const account = split > 0 ? arg.slice(0, split) : (process.env.AS ?? null);
  const path = split > 0 ? arg.slice(split + 1) : arg;
  return { path, account: account && account in DEMO_ACCOUNTS ? DEMO_ACCOUNTS[account as DemoKey].email : account };
}

const targets = (process.argv.length > 2 ? process.argv.slice(2) : PAGES).map(parseTarget);

const server = await startServer();
const chrome = await launch({
  chromePath: CHROMIUM,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

const cookies = new Map<string, string>();
/** A Cookie header for a session of `email`, made by the app's own createSession (as the browser tests do). */
async function sessionCookie(email: string): Promise<string> {
  const known = cookies.get(email);
  if (known) return known;
  const { db, close } = await openDatabase(server.dbPath);
  try {
    const user = await findUserByEmail(db, email);
    if (!user) throw new Error(`no user ${email}`);
    const cookie = `${sessionCookieName(false)}=${(await createSession(db, user.id, new Date())).token}`;
    cookies.set(email, cookie);
    return cookie;
  } finally {
    close();
  }
}

const profileId = queryDb<{ id: string }>(server, "select id from practitioners order by created_at limit 1")[0]!.id;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"] as const;

type Row = { label: string; scores: number[]; metrics: string[]; failing: string[]; blocking: string; benchmarkIndex: number };
const rows: Row[] = [];
const benchmarkIndexes: number[] = [];
try {
  for (const target of targets) {
    const path = target.path.replaceAll("{profile}", profileId);
    const label = `${target.path.replaceAll("{profile}", ":id")}${target.account ? ` (${target.account.replace(/@pollinate\.example$/, "")})` : ""}`;
    const extraHeaders = target.account ? { Cookie: await sessionCookie(target.account) } : undefined;
    let best: Row | null = null;
    for (let run = 0, failures = 0; run < RUNS; run++) {
      const result = await lighthouse(server.url + path, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        formFactor: "mobile",
        extraHeaders,
      });
      if (!result) throw new Error(`no Lighthouse result for ${path}`);
      const { lhr } = result;
      // a failed trace (NO_NAVSTART and the like, seen on the loaded machine) scores 0: run again
      if (lhr.runtimeError && failures++ < 2) {
        console.error(`${label}: ${lhr.runtimeError.code}, running again`);
        run--;
        continue;
      }
      if (LHR_DIR) writeFileSync(join(LHR_DIR, `${label.replace(/[^a-z0-9]+/gi, "_")}-${run + 1}.json`), JSON.stringify(lhr));
      if (lhr.finalDisplayedUrl !== server.url + path) throw new Error(`${label} ended at ${lhr.finalDisplayedUrl} (signed out?)`);
      const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
      const metrics = METRICS.map((m) => lhr.audits[m]?.displayValue ?? "–");
      const failing = CATEGORIES.flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
          .map((ref) => `${c}: ${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`),
      );
      // what the render-blocking stylesheet costs the first paint, by Lighthouse's own estimate
      const insight = lhr.audits["render-blocking-insight"] ?? lhr.audits["render-blocking-resources"];
      const saving = insight?.metricSavings?.FCP;
      const blocking = saving === undefined ? "–" : `${Math.round(saving)} ms`;
      const benchmarkIndex = Math.round(lhr.environment.benchmarkIndex);
      benchmarkIndexes.push(benchmarkIndex);
      const row = { label, scores, metrics, failing, blocking, benchmarkIndex };
      if (!best || row.scores[0] > best.scores[0]) best = row;
    }
    rows.push(best!);
    console.error(`audited ${label}: ${best!.scores.join(" ")} (TBT ${best!.metrics[2]}, CPU benchmark index ${best!.benchmarkIndex})`);
  }
} finally {
  chrome.kill();
  await server.stop();
}

const version = (await import("lighthouse/package.json", { with: { type: "json" } })).default.version;
console.log(`\nLighthouse ${version}, mobile, ${CHROMIUM}${RUNS > 1 ? `, best of ${RUNS}` : ""}; CPU benchmark index ${Math.min(...benchmarkIndexes)}–${Math.max(...benchmarkIndexes)} over the runs\n`);
console.log("| Page (account) | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | Speed index | Render-blocking (FCP saving) | CPU index |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const r of rows) console.log(`| ${r.label} | ${r.scores.join(" | ")} | ${r.metrics.join(" | ")} | ${r.blocking} | ${r.benchmarkIndex} |`);
const below = rows.filter((r) => r.failing.length > 0);
if (below.length > 0) {
  console.log("\nAudits under 0.9 that carry weight:");
  for (const r of below) console.log(`- ${r.label}: ${r.failing.join("; ")}`);
}
