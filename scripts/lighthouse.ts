/**
 * Lighthouse (the npm package) on a phone profile against Debian's Chromium, as a visitor, on the
 * demo data: starts the production server on a temporary database, audits each page and prints
 * the table of the four categories (and the performance metrics behind the score).
 *
 *   npx vite build && npx bun scripts/lighthouse.ts [path …]
 *   CHROMIUM_PATH=/usr/bin/chromium RUNS=1 npx bun scripts/lighthouse.ts /practitioners
 *   AS=client@pollinate.example npx bun scripts/lighthouse.ts / /dashboard/client/favorites
 *
 * AS signs the audits in as that demo account (a session row and its cookie, as the browser tests do).
 */
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { Database } from "bun:sqlite";
import { SESSION_LIFETIME_MS, sessionCookieName } from "../src/auth/session";
import { generateToken, hashToken } from "../src/auth/tokens";
import { startServer } from "../web/e2e/fixtures";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.RUNS ?? 1);

const server = await startServer();
const chrome = await launch({
  chromePath: CHROMIUM,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

/** A Cookie header for a fresh session of `email` (only the token's hash is stored, as the server does). */
function sessionCookie(email: string): string {
  const db = new Database(server.dbPath);
  try {
    const user = db.query<{ id: string }, [string]>("select id from users where lower(email) = lower(?)").get(email);
    if (!user) throw new Error(`AS: no user ${email}`);
    const token = generateToken();
    const now = Date.now();
    db.query("insert into sessions (sid, sess, expire, user_id) values (?, ?, ?, ?)").run(
      hashToken(token),
      JSON.stringify({ userId: user.id, createdAt: new Date(now).toISOString() }),
      now + SESSION_LIFETIME_MS,
      user.id,
    );
    return `${sessionCookieName(false)}=${token}`;
  } finally {
    db.close();
  }
}
const extraHeaders = process.env.AS ? { Cookie: sessionCookie(process.env.AS) } : undefined;

function firstProfilePath(): string {
  const db = new Database(server.dbPath, { readonly: true });
  try {
    const row = db.query<{ id: string }, []>("select id from practitioners order by created_at limit 1").get();
    return `/practitioners/${row!.id}`;
  } finally {
    db.close();
  }
}

const args = process.argv.slice(2);
const paths = args.length > 0 ? args : ["/", "/practitioners", firstProfilePath(), "/hive", "/auth/signin"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"] as const;

type Row = { path: string; scores: number[]; metrics: string[]; failing: string[]; blocking: string };
const rows: Row[] = [];
try {
  for (const path of paths) {
    let best: Row | null = null;
    for (let run = 0; run < RUNS; run++) {
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
      const row = { path, scores, metrics, failing, blocking };
      if (!best || row.scores[0] > best.scores[0]) best = row;
    }
    rows.push(best!);
    console.error(`audited ${path}`);
  }
} finally {
  chrome.kill();
  await server.stop();
}

const short = (p: string) => (p.startsWith("/practitioners/") ? "/practitioners/:id" : p);
console.log(`\nLighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile, ${CHROMIUM}, ${process.env.AS ? `signed in as ${process.env.AS}` : "visitor"}${RUNS > 1 ? `, best of ${RUNS}` : ""}\n`);
console.log("| Page | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | Speed index | Render-blocking (FCP saving) |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const r of rows) console.log(`| ${short(r.path)} | ${r.scores.join(" | ")} | ${r.metrics.join(" | ")} | ${r.blocking} |`);
const below = rows.filter((r) => r.failing.length > 0);
if (below.length > 0) {
  console.log("\nAudits under 0.9 that carry weight:");
  for (const r of below) console.log(`- ${short(r.path)}: ${r.failing.join("; ")}`);
}
